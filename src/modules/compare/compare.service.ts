import { randomBytes } from 'node:crypto';
import type { Context } from '../../context.js';
import type { EntityManager } from '../../db.js';
import { notFound, validationFailed } from '../../errors.js';
import { IngredientAnalysis } from '../analysis/analysis.entity.js';
import { RULES } from '../analysis/engine/rules.js';
import { readAnalysis } from '../analysis/analysis-entries.js';
import { Ingredient } from '../ingredient/ingredient.entity.js';
import { loadVocabulary } from '../ingredient/vocabulary.js';
import { Product, ProductStatus } from '../product/product.entity.js';
import { canSeeUnpublished } from '../product/product.service.js';
import { isUuid } from '../shared/ids.js';
import { pagePaths } from '../shared/page-paths.js';
import { sitemapPage } from '../sitemap/sitemap.service.js';
import { User } from '../user/user.entity.js';
import { compareItems, MAX_ITEMS, MIN_ITEMS, type SideBySide } from './engine/compare.js';
import type { Comparison, ComparisonRow } from './compare.types.js';
import { SharedComparison, type ComparedRef } from './shared-comparison.entity.js';

const TOKEN = /^[A-Za-z0-9_-]{10,64}$/;

interface Resolved {
  ref: ComparedRef;
  product: Product | null;
  ingredientIds: string[];
  /** Only for a comparison of the caller's own keys: the token they named. */
  analysisToken: string | null;
  /** The analysed list compared, when the item is one. */
  analysis?: IngredientAnalysis | null;
  removed: boolean;
}

/** An item's entries as the analysis reads them: each matched ingredient with its flags there. */
interface ReadItem {
  entries: Array<{ ingredientId: string; flags: string[] }>;
  unread: boolean;
}

/**
 * Each item's flags as the analysis reads its list (product-flags.ts): a product's as stored with its entries (one
 * statement for all of them, the ingredientsByProduct loader), an analysis's as its reading says; a product deleted
 * since it was shared keeps its ingredients' own flags (its list is gone).
 */
async function readItems(ctx: Context, items: Resolved[]): Promise<Array<ReadItem | null>> {
  const productEntries = await ctx.loaders.ingredientsByProduct.loadMany(
    items.flatMap((i) => (i.product ? [i.product.id] : [])),
  );
  let next = 0;
  return Promise.all(
    items.map(async (item): Promise<ReadItem | null> => {
      if (item.product) {
        const rows = productEntries[next++];
        if (rows instanceof Error) throw rows;
        return {
          entries: rows.flatMap((r) => (r.ingredient ? [{ ingredientId: r.ingredient.id, flags: r.flags }] : [])),
          unread: rows.length === 0 || rows.some((r) => r.unread),
        };
      }
      if (item.analysis) {
        const { reading } = await readAnalysis(ctx, item.analysis);
        return {
          entries: item.analysis.entries.flatMap((e, i) =>
            e.ingredientId ? [{ ingredientId: e.ingredientId, flags: reading.entries[i].flags }] : [],
          ),
          unread: item.analysis.entries.some((e) => e.unread),
        };
      }
      return null;
    }),
  );
}

const brandName = (p: Product) => (p.brand.isInitialized() ? p.brand.getEntity().name : null);

/** Each key as a product (id or alias) or an analysis token, in two queries; unknown: 404. */
async function resolveItems(ctx: Context, keys: string[]): Promise<Resolved[]> {
  if (!Array.isArray(keys) || keys.length < MIN_ITEMS || keys.length > MAX_ITEMS)
    throw validationFailed(
      'items',
      `items takes ${MIN_ITEMS} to ${MAX_ITEMS} products (ids or aliases) or analysis tokens`,
    );
  const clean = keys.map((k) => k.trim());
  if (clean.some((k) => !k || k.length > 200))
    throw validationFailed('items', 'items holds product ids, aliases or analysis tokens');
  const ids = clean.filter(isUuid).map((k) => k.toLowerCase());
  const aliases = clean.filter((k) => !isUuid(k)).map((k) => k.toLowerCase());
  const products = await ctx.em.find(
    Product,
    { $or: [{ id: { $in: ids } }, { alias: { $in: aliases } }] },
    { populate: ['brand'] },
  );
  const byKey = new Map(
    products.flatMap(
      (p) =>
        [
          [p.id, p],
          [p.alias, p],
        ] as Array<[string, Product]>,
    ),
  );
  const tokens = clean.filter((k) => !byKey.has(k.toLowerCase()) && TOKEN.test(k));
  const analyses = tokens.length ? await ctx.em.find(IngredientAnalysis, { token: { $in: tokens } }) : [];
  const byToken = new Map(analyses.map((a) => [a.token, a]));
  return clean.map((key) => {
    const product = byKey.get(key.toLowerCase());
    if (
      product &&
      (product.status === ProductStatus.published ||
        canSeeUnpublished(product, ctx.viewer, product.brand.getEntity().owner?.id))
    ) {
      return {
        ref: {
          kind: 'product',
          key: product.id,
          name: product.name,
          brand: brandName(product),
          ingredientIds: product.ingredientIds,
        },
        product,
        ingredientIds: product.ingredientIds,
        analysisToken: null,
        removed: false,
      };
    }
    const analysis = byToken.get(key);
    if (analysis)
      return {
        ref: { kind: 'analysis', key: analysis.id, ingredientIds: analysis.ingredientIds },
        product: null,
        ingredientIds: analysis.ingredientIds,
        analysisToken: analysis.token,
        analysis,
        removed: false,
      };
    throw notFound('Product or analysis', key);
  });
}

async function compareResolved(ctx: Context, items: Resolved[], shared: SharedComparison | null): Promise<Comparison> {
  const allIds = [...new Set(items.flatMap((i) => i.ingredientIds))];
  const loaded = await ctx.loaders.ingredientById.loadMany(allIds);
  const byId = new Map(
    loaded.flatMap((i) => (i instanceof Ingredient ? ([[i.id, i]] as Array<[string, Ingredient]>) : [])),
  );
  const read = await readItems(ctx, items);
  const result = compareItems(
    items.map((item, n) => {
      const itemRead = read[n];
      return {
        key: item.ref.key,
        unread: itemRead?.unread ?? false,
        ingredients: itemRead
          ? itemRead.entries.flatMap((e) => {
              const i = byId.get(e.ingredientId);
              return i ? [{ id: e.ingredientId, flags: e.flags, effects: i.effects }] : [];
            })
          : item.ingredientIds.flatMap((id) => {
              const i = byId.get(id);
              return i ? [{ id, flags: i.flags, effects: i.effects }] : [];
            }),
      };
    }),
  );
  const ingredients = (list: string[]) => list.map((id) => byId.get(id)!);
  const vocabulary = loadVocabulary();
  const ruleLabels = new Map(RULES.map((r) => [r.rule, r.label]));
  const rows = (sides: SideBySide[], labelOf: (name: string) => string | undefined): ComparisonRow[] =>
    sides.map((row) => ({
      name: row.name,
      label: labelOf(row.name) ?? row.name,
      items: row.present.map((present, i) => ({
        present,
        answer: row.answers?.[i] ?? null,
        ingredients: ingredients(row.ingredientIds[i]),
      })),
    }));
  return {
    token: shared?.token ?? null,
    url: shared ? `${ctx.publicUrl}/compare/shared/${shared.token}` : null,
    pageUrl: shared ? `${ctx.publicUrl}${pagePaths.comparison(shared.token)}` : null,
    sharedAt: shared?.createdAt ?? null,
    items: items.map((item, i) => ({
      kind: item.ref.kind,
      product: item.product,
      analysisToken: shared ? null : item.analysisToken,
      name: item.product ? item.product.name : (item.ref.name ?? null),
      brandName: item.product?.brand.isInitialized() ? item.product.brand.getEntity().name : (item.ref.brand ?? null),
      removed: item.removed,
      ingredientCount: new Set(item.ingredientIds).size,
      onlyHere: ingredients(result.onlyIn[i]),
    })),
    shared: ingredients(result.shared),
    overlap: result.overlap,
    flags: rows(result.flags, (name) => (vocabulary.flags as Record<string, string>)[name]),
    effects: rows(result.effects, (name) => (vocabulary.effects as Record<string, string>)[name]),
    rules: rows(result.rules, (name) => ruleLabels.get(name)),
  };
}

export async function expandComparison(ctx: Context, keys: string[]): Promise<Comparison> {
  return compareResolved(ctx, await resolveItems(ctx, keys), null);
}

/** Stores a comparison under a new token; a signed-in caller owns it. */
export async function shareComparison(ctx: Context, keys: string[]): Promise<Comparison> {
  const items = await resolveItems(ctx, keys);
  const shared = ctx.em.create(SharedComparison, {
    token: randomBytes(12).toString('base64url'),
    items: items.map((i) => i.ref),
    owner: ctx.viewer ? ctx.em.getReference(User, ctx.viewer.id) : null,
  });
  await ctx.em.flush();
  return compareResolved(ctx, items, shared);
}

/**
 * A shared comparison as its items are now; a product or analysis deleted since is shown as it was
 * shared (comparisons shared before copies were kept leave it out).
 */
export async function getSharedComparison(ctx: Context, token: string): Promise<Comparison> {
  const shared = TOKEN.test(token) ? await ctx.em.findOne(SharedComparison, { token }) : null;
  if (!shared) throw notFound('Shared comparison', token);
  const productIds = shared.items.filter((i) => i.kind === 'product').map((i) => i.key);
  const analysisIds = shared.items.filter((i) => i.kind === 'analysis' && isUuid(i.key)).map((i) => i.key);
  const products = productIds.length ? await ctx.em.find(Product, { id: { $in: productIds } }) : [];
  const analyses = analysisIds.length ? await ctx.em.find(IngredientAnalysis, { id: { $in: analysisIds } }) : [];
  const items = shared.items.flatMap((ref): Resolved[] => {
    const product = ref.kind === 'product' ? products.find((p) => p.id === ref.key) : undefined;
    if (product) return [{ ref, product, ingredientIds: product.ingredientIds, analysisToken: null, removed: false }];
    const analysis = ref.kind === 'analysis' ? analyses.find((a) => a.id === ref.key) : undefined;
    if (analysis)
      return [
        { ref, product: null, ingredientIds: analysis.ingredientIds, analysisToken: null, analysis, removed: false },
      ];
    return ref.ingredientIds
      ? [{ ref, product: null, ingredientIds: ref.ingredientIds, analysisToken: null, removed: true }]
      : [];
  });
  if (items.length < MIN_ITEMS) throw notFound('Shared comparison', token);
  return compareResolved(ctx, items, shared);
}

/**
 * Which shared comparisons the sitemap lists: those nobody owns that compare published catalog
 * products only. The contract has no way to publish a comparison, so one a signed-in person made
 * stays theirs to hand out (its link works, no search engine is told of it), and one holding a
 * pasted list (an analysis) is never listed: what a person pasted is theirs, and a list anyone can
 * paste would let a stranger fill our sitemap. A product unpublished or deleted since takes its
 * comparisons out of the listing.
 */
const LISTED_COMPARISON = `c.owner_id is null and jsonb_typeof(c.items) = 'array' and jsonb_array_length(c.items) > 0
  and not exists (
    select 1 from jsonb_array_elements(c.items) as item
    where item->>'kind' is distinct from 'product'
      or not exists (select 1 from product p where p.id::text = item->>'key' and p.status = 'published'))`;

/** The shared comparisons' sitemap, paged as /sitemap/products: the listed ones only (LISTED_COMPARISON). */
export function comparisonSitemap(
  em: EntityManager,
  publicUrl: string,
  page: number | null | undefined,
): Promise<string> {
  return sitemapPage(publicUrl, page, {
    path: '/sitemap/comparisons',
    count: async () =>
      (
        await em.execute<Array<{ n: number }>>(
          `select count(*)::int as n from shared_comparison c where ${LISTED_COMPARISON}`,
        )
      )[0].n,
    rows: (offset, limit) =>
      em.execute<Array<{ token: string; created_at: Date | string }>>(
        `select c.token, c.created_at from shared_comparison c where ${LISTED_COMPARISON} order by c.id limit ? offset ?`,
        [limit, offset],
      ),
    url: (c) => ({ path: pagePaths.comparison(c.token), lastmod: new Date(c.created_at) }),
  });
}
