// The GraphQL arguments and inputs ProductResolver takes.
import { ArgsType, Field } from 'type-graphql';
import { PageArgs } from '../shared/pagination.js';

@ArgsType()
export class ProductListArgs extends PageArgs {
  @Field(() => String, {
    nullable: true,
    description: "Free text, ranked by relevance (as searchProducts' query; at most 200 characters).",
  })
  search?: string | null;

  @Field(() => String, { nullable: true, description: 'Another name of `search` (not both).' })
  q?: string | null;

  @Field(() => String, { nullable: true, description: 'Brand id or alias.' })
  brand?: string | null;

  @Field(() => String, { nullable: true, description: 'Category id or alias; includes its sub-categories.' })
  category?: string | null;

  @Field(() => [String], { nullable: true, description: 'Only products with all these flags.' })
  flags?: string[] | null;

  @Field(() => [String], {
    nullable: true,
    description:
      'Only products with none of these flags: fragrance, alcohol, silicones, parabens, sulfates, essential_oils, ' +
      'fungal_acne_triggers, or any flag name.',
  })
  freeOf?: string[] | null;

  @Field(() => String, { nullable: true, description: 'Only products containing this ingredient (id or alias).' })
  ingredient?: string | null;
}
