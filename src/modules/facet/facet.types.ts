// The GraphQL object types FacetResolver returns.
import { Field, ObjectType } from 'type-graphql';
import { Page } from '../shared/pagination.js';
import { Facet } from './facet.entity.js';

@ObjectType('FacetValue', { description: 'One value a facet offers.' })
export class FacetValueType {
  @Field()
  value!: string;

  @Field()
  label!: string;
}

@ObjectType()
export class FacetPage extends Page(Facet) {}
