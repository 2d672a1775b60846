import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context.js';
import { Comparison } from './compare.types.js';
import { comparisonSitemap, expandComparison, getSharedComparison, shareComparison } from './compare.service.js';

@Resolver(() => Comparison)
export class CompareResolver {
  // Queries
  @Query(() => Comparison, {
    description: 'Compare 2-5 products (ids or aliases) or analysed lists (tokens), ingredient by ingredient.',
  })
  compare(@Arg('items', () => [String]) items: string[], @Ctx() ctx: Context): Promise<Comparison> {
    return expandComparison(ctx, items);
  }

  @Query(() => Comparison, { description: 'A shared comparison, to anyone holding its token.' })
  sharedComparison(@Arg('token') token: string, @Ctx() ctx: Context): Promise<Comparison> {
    return getSharedComparison(ctx, token);
  }

  @Query(() => String, { description: 'sitemaps.org XML of the shared comparisons.' })
  comparisonSitemap(
    @Ctx() ctx: Context,
    @Arg('page', () => Int, { nullable: true }) page?: number | null,
  ): Promise<string> {
    return comparisonSitemap(ctx.em, ctx.publicUrl, page);
  }

  // Mutations
  @Mutation(() => Comparison, { description: 'Store a comparison under a token (anyone; a signed-in caller owns it).' })
  shareComparison(@Arg('items', () => [String]) items: string[], @Ctx() ctx: Context): Promise<Comparison> {
    return shareComparison(ctx, items);
  }
}
