// The GraphQL object types ProductPitchResolver returns.
import { ObjectType } from 'type-graphql';
import { Page } from '../shared/pagination.js';
import { ProductPitch } from './product-pitch.entity.js';

@ObjectType()
export class ProductPitchPage extends Page(ProductPitch) {}
