// The GraphQL arguments and inputs FacetResolver takes.
import { ArgsType, Field, InputType, Int } from 'type-graphql';

@InputType({ description: 'One value a facet offers.' })
export class FacetValueInput {
  @Field()
  value!: string;

  @Field()
  label!: string;
}

// Flat arguments: a PATCH must tell "left out" from "null" (see BrandChangesArgs).
@ArgsType()
export class FacetArgs {
  @Field(() => String, { nullable: true, description: 'Lowercase slug; defaults to one made from the name.' })
  alias?: string | null;

  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'free_of, flags, category or brand' })
  parameter?: string | null;

  @Field(() => [FacetValueInput], { nullable: true, description: 'Fixed values (free_of and flags facets).' })
  values?: FacetValueInput[] | null;

  @Field(() => Int, { nullable: true })
  position?: number | null;
}
