// The GraphQL object types FeaturedResolver returns.
import { ObjectType } from 'type-graphql';
import { Page } from '../shared/pagination.js';
import { FeaturedItem } from './featured-item.entity.js';

@ObjectType()
export class FeaturedItemPage extends Page(FeaturedItem) {}
