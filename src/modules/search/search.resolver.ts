import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context.js';
import { searchSuggestions } from './suggestions.js';
import { SearchSuggestions } from './search.types.js';

@Resolver()
export class SearchSuggestionResolver {
  // Queries
  @Query(() => SearchSuggestions, {
    description:
      'As-you-type suggestions for what is typed so far: products, brands and ingredients, in one call (the last word is a prefix).',
  })
  searchSuggestions(
    @Arg('query', { description: 'What is typed so far (at most 200 characters).' }) query: string,
    @Ctx() ctx: Context,
    @Arg('limit', () => Int, { nullable: true, description: 'Suggestions of each kind, 1-10 (default 5).' }) limit?:
      | number
      | null,
  ): Promise<SearchSuggestions> {
    return searchSuggestions(ctx.em, query, limit);
  }
}
