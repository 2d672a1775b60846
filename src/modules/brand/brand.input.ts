// The GraphQL arguments and inputs BrandResolver takes.
import { ArgsType, Field, Int } from 'type-graphql';
import { PageArgs } from '../shared/pagination.js';

@ArgsType()
export class BrandListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Part of the brand name.' })
  search?: string | null;

  @Field(() => String, { nullable: true, description: 'ISO 3166-1 alpha-2 country code.' })
  country?: string | null;
}

// Flat arguments, not an input object: graphql-jit turns a missing variable inside an input
// object literal into null, and a PATCH must tell "left out" from "set to null".
@ArgsType()
export class BrandChangesArgs {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => String, { nullable: true, description: 'ISO 3166-1 alpha-2 code.' })
  country?: string | null;

  @Field(() => String, { nullable: true, description: 'An https URL.' })
  website?: string | null;

  @Field(() => Int, { nullable: true })
  founded?: number | null;
}
