import { Entity, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { NamedEntity } from '../shared/base.entity.js';

export interface FacetValue {
  value: string;
  label: string;
}

/** A filter the catalog offers: which product-list parameter it sets and the values to pick from. */
@Entity()
@ObjectType({ description: 'A catalog filter: the product-list parameter it sets and its values.' })
export class Facet extends NamedEntity {
  /** free_of, flags, category or brand: the GET /products parameter it sets. */
  @Property({ type: 'text' })
  @Field({ description: 'The GET /products query parameter this facet sets: free_of, flags, category or brand.' })
  parameter!: string;

  /** Fixed values; for category and brand facets the values are read live from the catalog. */
  @Property({ type: 'json' })
  values: FacetValue[] = [];

  @Property({ type: 'smallint', default: 0 })
  @Field(() => Int)
  position: number = 0;
}
