import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context.js';
import { validationFailed } from '../../errors.js';
import { Ingredient } from '../ingredient/ingredient.entity.js';
import { Product, ProductStatus } from '../product/product.entity.js';
import { pagePaths } from '../shared/page-paths.js';
import { MAX_URLS_PER_SITEMAP, sitemapIndex, urlSet } from './sitemap.js';

/**
 * One sitemap of up to 50,000 URLs; beyond that the unpaged request answers a sitemap index of
 * `?page=1…n` and each page is a sitemap. URLs are the pages people open (src/modules/page),
 * absolute, from PUBLIC_URL.
 */
async function sitemapOf(
  ctx: Context, path: string, page: number | null | undefined,
  count: () => Promise<number>, rows: (offset: number, limit: number) => Promise<Array<{ alias: string; updatedAt: Date }>>, pagePath: (alias: string) => string,
): Promise<string> {
  const total = await count();
  const pages = Math.max(1, Math.ceil(total / MAX_URLS_PER_SITEMAP));
  if (page != null && (page < 1 || page > pages)) throw validationFailed('page', `page must be from 1 to ${pages}`);
  if (page == null && pages > 1) return sitemapIndex(Array.from({ length: pages }, (_, i) => `${ctx.publicUrl}${path}?page=${i + 1}`));
  const list = await rows(((page ?? 1) - 1) * MAX_URLS_PER_SITEMAP, MAX_URLS_PER_SITEMAP);
  return urlSet(list.map((r) => ({ loc: `${ctx.publicUrl}${pagePath(r.alias)}`, lastmod: r.updatedAt })));
}

@Resolver()
export class SitemapResolver {
  // Queries
  @Query(() => String, { description: 'sitemaps.org XML of the published products.' })
  productSitemap(@Ctx() ctx: Context, @Arg('page', () => Int, { nullable: true }) page?: number | null): Promise<string> {
    const where = { status: ProductStatus.published };
    return sitemapOf(ctx, '/sitemap/products', page, () => ctx.em.count(Product, where),
      (offset, limit) => ctx.em.find(Product, where, { fields: ['alias', 'updatedAt'], orderBy: { id: 'asc' }, offset, limit }), pagePaths.product);
  }

  @Query(() => String, { description: 'sitemaps.org XML of the ingredients.' })
  ingredientSitemap(@Ctx() ctx: Context, @Arg('page', () => Int, { nullable: true }) page?: number | null): Promise<string> {
    return sitemapOf(ctx, '/sitemap/ingredients', page, () => ctx.em.count(Ingredient, {}),
      (offset, limit) => ctx.em.find(Ingredient, {}, { fields: ['alias', 'updatedAt'], orderBy: { id: 'asc' }, offset, limit }), pagePaths.ingredient);
  }
}
