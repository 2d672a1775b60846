import type { GraphQLResolveInfo } from 'graphql';
import { Args, ArgsType, Ctx, Field, FieldResolver, Info, Query, Resolver, Root } from 'type-graphql';
import { selectsPath } from '../shared/selection.js';
import type { Context } from '../../context.js';
import { PageArgs } from '../shared/pagination.js';
import { Product } from './product.entity.js';
import { ProductPage } from './product.resolver.js';
import { primeJoined, type ProductRow } from './product-rows.js';
import { matchedWordsOf } from './product-text-search.js';
import { searchProducts } from './product-search.service.js';

@ArgsType()
class ProductSearchArgs extends PageArgs {
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

@Resolver(() => Product)
export class ProductSearchResolver {
  // Queries
  @Query(() => ProductPage, {
    description:
      'Search published products by free text (by relevance, ties by popularity), brand, category, ingredients and ' +
      'free-of flags; by name when there is no text.',
  })
  async searchProducts(@Args() args: ProductSearchArgs, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo) {
    return primeJoined(
      ctx.loaders,
      await searchProducts(ctx.em, args, args, selectsPath(info, 'items', 'ingredients')),
    );
  }

  // Field resolvers
  @FieldResolver(() => [String], {
    nullable: true,
    description:
      "In a free-text search's results: the words of the name and brand that matched the query, as printed (to highlight); null elsewhere.",
  })
  matchedWords(@Root() product: Product | ProductRow): string[] | null {
    return matchedWordsOf(product);
  }
}
