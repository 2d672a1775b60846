import { Arg, Ctx, FieldResolver, Int, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { Product } from '../product/product.entity.js';
import type { ProductRow } from '../product/product-rows.js';
import { matchedWordsOf } from './product-text-search.js';
import { searchSuggestions } from './suggestions.js';
import { SearchSuggestions } from './search.types.js';

@Resolver(() => Product)
export class ProductMatchResolver {
  // Field resolvers
  @FieldResolver(() => [String], { nullable: true, description: 'In a free-text search\'s results: the words of the name and brand that matched the query, as printed (to highlight); null elsewhere.' })
  matchedWords(@Root() product: Product | ProductRow): string[] | null {
    return matchedWordsOf(product);
  }
}

@Resolver()
export class SearchSuggestionResolver {
  // Queries
  @Query(() => SearchSuggestions, { description: 'As-you-type suggestions for what is typed so far: products, brands and ingredients, in one call (the last word is a prefix).' })
  searchSuggestions(
    @Arg('query', { description: 'What is typed so far (at most 200 characters).' }) query: string,
    @Ctx() ctx: Context,
    @Arg('limit', () => Int, { nullable: true, description: 'Suggestions of each kind, 1-10 (default 5).' }) limit?: number | null,
  ): Promise<SearchSuggestions> {
    return searchSuggestions(ctx.em, query, limit);
  }
}
