// The GraphQL object types CensusResolver returns.
import { Field, ObjectType } from 'type-graphql';
import { Page } from '../shared/pagination.js';

@ObjectType({ description: 'A country of ISO 3166-1.' })
export class Country {
  @Field({ description: 'ISO 3166-1 alpha-2 code.' })
  code!: string;

  @Field({ description: 'ISO 3166-1 alpha-3 code.' })
  alpha3!: string;

  @Field({ description: 'ISO 3166-1 numeric code.' })
  numeric!: string;

  @Field({ description: 'English short name.' })
  name!: string;
}

@ObjectType()
export class CountryPage extends Page(Country) {}
