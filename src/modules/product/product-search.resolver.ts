import type { GraphQLResolveInfo } from 'graphql';
import { Args, Ctx, FieldResolver, Info, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { Product } from './product.entity.js';
import { ProductSearchPage } from './product-search.types.js';
import { primeJoined, productReadsShown, type ProductRow } from './product-rows.js';
import { matchedWordsOf, searchReadingOf } from './product-text-search.service.js';
import { searchProducts } from './product-search.service.js';
import { ProductSearchArgs } from './product-search.input.js';

@Resolver(() => Product)
export class ProductSearchResolver {
  // Queries
  @Query(() => ProductSearchPage, {
    description:
      'Search published products by free text (by relevance, ties by popularity), brand, category, ingredients and ' +
      'free-of flags; by name when there is no text. Free-from words of the text ("fragrance free", "reef safe") ' +
      'are the free_of filter; `reading` says how the text was read.',
  })
  async searchProducts(@Args() args: ProductSearchArgs, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo) {
    const page = await searchProducts(ctx.em, args, args, productReadsShown(ctx.em, info));
    return { ...primeJoined(ctx.loaders, page), reading: searchReadingOf(page) };
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
