// The GraphQL object types ProductResolver returns.
import { Field, Float, ObjectType } from 'type-graphql';
import { Page } from '../shared/pagination.js';
import { UnitOfMeasurement } from '../unit/unit.entity.js';
import { Product } from './product.entity.js';

@ObjectType()
export class ProductPage extends Page(Product) {}

@ObjectType({ description: 'How much a package holds.' })
export class ProductSize {
  @Field(() => Float)
  amount!: number;

  @Field(() => UnitOfMeasurement, { nullable: true })
  unit!: UnitOfMeasurement | null;
}
