import type { EntityManager } from '../../db.js';
import { validationFailed } from '../../errors.js';
import { Ingredient } from '../ingredient/ingredient.entity.js';
import { Product, ProductStatus } from '../product/product.entity.js';
import { Routine, RoutineStatus } from '../routine/routine.entity.js';
import { pagePaths } from '../shared/page-paths.js';
import { MAX_URLS_PER_SITEMAP, sitemapIndex, urlSet } from './sitemap.js';

/** What one sitemap lists: how many rows, a window of them, and each row's page. */
export interface SitemapSource<Row> {
  /** The sitemap's own path, for the index's `?page=` links. */
  path: string;
  count: () => Promise<number>;
  rows: (offset: number, limit: number) => Promise<Row[]>;
  url: (row: Row) => { path: string; lastmod: Date };
}

/**
 * One sitemap of up to 50,000 URLs; beyond that the unpaged request answers a sitemap index of
 * `?page=1…n` and each page is a sitemap. URLs are the pages people open (src/pages),
 * absolute, from PUBLIC_URL.
 */
export async function sitemapPage<Row>(
  publicUrl: string,
  page: number | null | undefined,
  source: SitemapSource<Row>,
): Promise<string> {
  const pages = Math.max(1, Math.ceil((await source.count()) / MAX_URLS_PER_SITEMAP));
  if (page != null && (page < 1 || page > pages)) throw validationFailed('page', `page must be from 1 to ${pages}`);
  if (page == null && pages > 1)
    return sitemapIndex(Array.from({ length: pages }, (_, i) => `${publicUrl}${source.path}?page=${i + 1}`));
  const list = await source.rows(((page ?? 1) - 1) * MAX_URLS_PER_SITEMAP, MAX_URLS_PER_SITEMAP);
  return urlSet(
    list.map((row) => {
      const { path, lastmod } = source.url(row);
      return { loc: `${publicUrl}${path}`, lastmod };
    }),
  );
}

export function productSitemap(em: EntityManager, publicUrl: string, page: number | null | undefined): Promise<string> {
  const where = { status: ProductStatus.published };
  return sitemapPage(publicUrl, page, {
    path: '/sitemap/products',
    count: () => em.count(Product, where),
    rows: (offset, limit) =>
      em.find(Product, where, { fields: ['alias', 'updatedAt'], orderBy: { id: 'asc' }, offset, limit }),
    url: (p) => ({ path: pagePaths.product(p.alias), lastmod: p.updatedAt }),
  });
}

export function ingredientSitemap(
  em: EntityManager,
  publicUrl: string,
  page: number | null | undefined,
): Promise<string> {
  return sitemapPage(publicUrl, page, {
    path: '/sitemap/ingredients',
    count: () => em.count(Ingredient, {}),
    rows: (offset, limit) =>
      em.find(Ingredient, {}, { fields: ['alias', 'updatedAt'], orderBy: { id: 'asc' }, offset, limit }),
    url: (i) => ({ path: pagePaths.ingredient(i.alias), lastmod: i.updatedAt }),
  });
}

/** Published routines only: a private one is a 404 to anyone but its owner. */
export function routineSitemap(em: EntityManager, publicUrl: string, page: number | null | undefined): Promise<string> {
  const where = { status: RoutineStatus.published };
  return sitemapPage(publicUrl, page, {
    path: '/sitemap/routines',
    count: () => em.count(Routine, where),
    rows: (offset, limit) =>
      em.find(Routine, where, { fields: ['id', 'updatedAt'], orderBy: { id: 'asc' }, offset, limit }),
    url: (r) => ({ path: pagePaths.routine(r.id), lastmod: r.updatedAt }),
  });
}
