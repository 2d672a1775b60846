// The GraphQL object types BrandResolver returns.
import { ObjectType } from 'type-graphql';
import { Page } from '../shared/pagination.js';
import { Brand } from './brand.entity.js';

@ObjectType()
export class BrandPage extends Page(Brand) {}
