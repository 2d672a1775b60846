import type { GraphQLResolveInfo } from 'graphql';
import { Args, Ctx, FieldResolver, Info, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { Product } from './product.entity.js';
import { ProductPage } from './product.types.js';
import { primeJoined, productReadsShown, type ProductRow } from './product-rows.js';
import { matchedWordsOf } from './product-text-search.service.js';
import { searchProducts } from './product-search.service.js';
import { ProductSearchArgs } from './product-search.input.js';

@Resolver(() => Product)
export class ProductSearchResolver {
  // Queries
  @Query(() => ProductPage, {
    description:
      'Search published products by free text (by relevance, ties by popularity), brand, category, ingredients and ' +
      'free-of flags; by name when there is no text.',
  })
  async searchProducts(@Args() args: ProductSearchArgs, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo) {
    return primeJoined(ctx.loaders, await searchProducts(ctx.em, args, args, productReadsShown(ctx.em, info)));
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
