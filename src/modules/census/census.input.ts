// The GraphQL arguments and inputs CensusResolver takes.
import { ArgsType, Field } from 'type-graphql';
import { PageArgs } from '../shared/pagination.js';

@ArgsType()
export class CountryListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Part of the name, or a code.' })
  search?: string | null;
}
