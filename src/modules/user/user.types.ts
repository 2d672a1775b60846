// The GraphQL object types UserResolver returns.
import { ObjectType } from 'type-graphql';
import { Page } from '../shared/pagination.js';
import { User } from './user.entity.js';

@ObjectType()
export class UserPage extends Page(User) {}
