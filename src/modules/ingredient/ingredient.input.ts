// The GraphQL arguments and inputs IngredientResolver takes.
import { ArgsType, Field } from 'type-graphql';
import { PageArgs } from '../shared/pagination.js';

@ArgsType()
export class IngredientListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Part of the INCI name or of another name.' })
  search?: string | null;

  @Field(() => String, { nullable: true, description: 'Another name of `search` (not both).' })
  q?: string | null;

  @Field(() => String, { nullable: true, description: 'A CosIng function, e.g. humectant.' })
  function?: string | null;

  @Field(() => String, { nullable: true, description: 'A flag, e.g. fragrance.' })
  flag?: string | null;

  @Field(() => String, { nullable: true, description: 'A group, e.g. retinoids.' })
  group?: string | null;
}
