import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context.js';
import { validationFailed } from '../../errors.js';
import { eitherText } from './parse.js';
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
    @Ctx() ctx: Context,
    @Arg('query', () => String, { nullable: true, description: 'What is typed so far (at most 200 characters).' })
    query?: string | null,
    @Arg('q', () => String, { nullable: true, description: 'Another name of `query` (not both).' })
    q?: string | null,
    @Arg('limit', () => Int, { nullable: true, description: 'Suggestions of each kind, 1-10 (default 5).' }) limit?:
      | number
      | null,
  ): Promise<SearchSuggestions> {
    const text = eitherText('query', query, q);
    if (text === null) throw validationFailed('query', 'query (or q) is required');
    return searchSuggestions(ctx.em, text, limit);
  }
}
