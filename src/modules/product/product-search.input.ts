// The GraphQL arguments and inputs ProductSearchResolver takes.
import { ArgsType, Field } from 'type-graphql';
import { PageArgs } from '../shared/pagination.js';

@ArgsType()
export class ProductSearchArgs extends PageArgs {
  @Field(() => String, {
    nullable: true,
    description:
      'Free text, ranked by relevance: words in any order (name, brand, category, description, notable ingredients), ' +
      '"quoted phrases", -word, or; the last word also as a prefix; accents, British/American spellings and typos ' +
      'tolerated (at most 200 characters).',
  })
  query?: string | null;

  @Field(() => String, { nullable: true, description: 'Category id or alias; includes its sub-categories.' })
  category?: string | null;

  @Field(() => String, { nullable: true, description: 'Brand id or alias.' })
  brand?: string | null;

  @Field(() => [String], {
    nullable: true,
    description: 'Ingredient ids or aliases the product contains, all of them (at most 20).',
  })
  includeIngredients?: string[] | null;

  @Field(() => [String], {
    nullable: true,
    description: 'Ingredient ids or aliases the product contains none of (at most 20).',
  })
  excludeIngredients?: string[] | null;

  @Field(() => [String], {
    nullable: true,
    description:
      'fragrance, alcohol, silicones, parabens, sulfates, essential_oils, fungal_acne_triggers, or any flag name.',
  })
  freeOf?: string[] | null;
}
