import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context.js';
import { validationFailed } from '../../errors.js';
import { MAX_URLS_PER_SITEMAP, sitemapIndex, urlSet } from '../sitemap/sitemap.js';
import { Comparison } from './compare.types.js';
import { expandComparison, getSharedComparison, shareComparison } from './compare.service.js';
import { SharedComparison } from './shared-comparison.entity.js';
import { pagePaths } from '../shared/page-paths.js';

/** As /sitemap/products: one sitemap up to 50,000 URLs, beyond that an index of `?page=`. */
async function comparisonSitemap(ctx: Context, page: number | null | undefined): Promise<string> {
  const pages = Math.max(1, Math.ceil((await ctx.em.count(SharedComparison, {})) / MAX_URLS_PER_SITEMAP));
  if (page != null && (page < 1 || page > pages)) throw validationFailed('page', `page must be from 1 to ${pages}`);
  if (page == null && pages > 1) return sitemapIndex(Array.from({ length: pages }, (_, i) => `${ctx.publicUrl}/sitemap/comparisons?page=${i + 1}`));
  const rows = await ctx.em.find(SharedComparison, {}, { fields: ['token', 'createdAt'], orderBy: { id: 'asc' }, offset: ((page ?? 1) - 1) * MAX_URLS_PER_SITEMAP, limit: MAX_URLS_PER_SITEMAP });
  return urlSet(rows.map((c) => ({ loc: `${ctx.publicUrl}${pagePaths.comparison(c.token)}`, lastmod: c.createdAt })));
}

@Resolver(() => Comparison)
export class CompareResolver {
  // Queries
  @Query(() => Comparison, { description: 'Compare 2-5 products (ids or aliases) or analysed lists (tokens), ingredient by ingredient.' })
  compare(@Arg('items', () => [String]) items: string[], @Ctx() ctx: Context): Promise<Comparison> {
    return expandComparison(ctx, items);
  }

  @Query(() => Comparison, { description: 'A shared comparison, to anyone holding its token.' })
  sharedComparison(@Arg('token') token: string, @Ctx() ctx: Context): Promise<Comparison> {
    return getSharedComparison(ctx, token);
  }

  @Query(() => String, { description: 'sitemaps.org XML of the shared comparisons.' })
  comparisonSitemap(@Ctx() ctx: Context, @Arg('page', () => Int, { nullable: true }) page?: number | null): Promise<string> {
    return comparisonSitemap(ctx, page);
  }

  // Mutations
  @Mutation(() => Comparison, { description: 'Store a comparison under a token (anyone; a signed-in caller owns it).' })
  shareComparison(@Arg('items', () => [String]) items: string[], @Ctx() ctx: Context): Promise<Comparison> {
    return shareComparison(ctx, items);
  }
}
