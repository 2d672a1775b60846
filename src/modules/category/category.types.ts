// The GraphQL object types CategoryResolver returns.
import { ObjectType } from 'type-graphql';
import { Page } from '../shared/pagination.js';
import { ProductCategory } from './category.entity.js';

@ObjectType()
export class ProductCategoryPage extends Page(ProductCategory) {}
