import type { EntityManager } from '../db.js';
import { analyzeIngredientList } from '../modules/analysis/engine/analyze.js';
import { buildMatcher, loadKnowledgeBase } from '../modules/ingredient/matcher.service.js';
import { productTypeOf, readProductFlags } from '../modules/analysis/product-flags.js';
import { Brand } from '../modules/brand/brand.entity.js';
import { ProductCategory } from '../modules/category/category.entity.js';
import { Facet } from '../modules/facet/facet.entity.js';
import { FeaturedItem, FeaturedKind } from '../modules/featured/featured-item.entity.js';
import { Product, ProductIngredient, ProductOffer, ProductStatus } from '../modules/product/product.entity.js';
import { newId } from '../modules/shared/ids.js';
import { UnitOfMeasurement } from '../modules/unit/unit.entity.js';
import { readYaml } from '../modules/knowledge/yaml-data.js';

interface CategoryRecord {
  alias: string;
  name: string;
  parent: string | null;
  description?: string;
  step_type?: string | null;
}
interface UnitRecord {
  alias: string;
  name: string;
  symbol: string;
  kind: string;
  base: string;
  to_base: number;
}
interface BrandRecord {
  alias: string;
  name: string;
  country?: string;
  website?: string;
  founded?: number;
  description?: string;
}
interface OfferRecord {
  retailer: string;
  url: string;
  price?: number;
  currency?: string;
}
interface ProductRecord {
  alias: string;
  name: string;
  brand: string;
  category: string;
  barcode?: string | number;
  size?: { amount: number; unit: string };
  description?: string;
  published?: boolean;
  ingredient_list: string;
  offers?: OfferRecord[];
}

const DAY = 86_400_000;

async function insertChunks<T extends object>(em: EntityManager, entity: new () => T, rows: object[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) await em.insertMany(entity, rows.slice(i, i + 1000) as never);
}

export async function seedUnits(em: EntityManager): Promise<Map<string, string>> {
  const rows = readYaml<UnitRecord[]>('catalog/units.yaml').map((u) => ({
    id: newId(),
    alias: u.alias,
    name: u.name,
    symbol: u.symbol,
    kind: u.kind,
    base: u.base,
    toBase: u.to_base,
  }));
  await insertChunks(em, UnitOfMeasurement, rows);
  return new Map(rows.map((r) => [r.alias, r.id]));
}

/** Loads the demo catalog: categories, units, brands and products with matched ingredient lists. */
export async function seedDemoCatalog(em: EntityManager): Promise<{ products: number }> {
  const units = await seedUnits(em);
  const categories = readYaml<CategoryRecord[]>('catalog/categories.yaml');
  const categoryIds = new Map(categories.map((c) => [c.alias, newId()]));
  const siblings = new Map<string | null, number>();
  await insertChunks(
    em,
    ProductCategory,
    categories.map((c) => {
      const position = siblings.get(c.parent) ?? 0;
      siblings.set(c.parent, position + 1);
      return {
        id: categoryIds.get(c.alias),
        alias: c.alias,
        name: c.name,
        description: c.description ?? '',
        parent: c.parent ? categoryIds.get(c.parent) : null,
        stepType: c.step_type ?? null,
        position,
      };
    }),
  );

  const now = Date.now();
  const brands = readYaml<BrandRecord[]>('catalog/brands.yaml');
  const brandIds = new Map(brands.map((b) => [b.alias, newId()]));
  await insertChunks(
    em,
    Brand,
    brands.map((b, i) => ({
      id: brandIds.get(b.alias),
      alias: b.alias,
      name: b.name,
      description: b.description ?? '',
      country: b.country ?? null,
      website: b.website ?? null,
      founded: b.founded ?? null,
      createdAt: new Date(now - (400 - i) * DAY),
      updatedAt: new Date(now),
    })),
  );

  const matcher = await buildMatcher(em);
  // The flags are the analysis's reading of each list as a product of its category (product-flags.ts).
  const { byId } = await loadKnowledgeBase(em);
  const categoryOf = new Map(categories.map((c) => [c.alias, { name: c.name, stepType: c.step_type ?? null }]));
  const products = readYaml<ProductRecord[]>('catalog/products.yaml');
  const productRows: object[] = [];
  const ingredientRows: object[] = [];
  const offerRows: object[] = [];
  products.forEach((p, i) => {
    const id = newId();
    const analysis = analyzeIngredientList(p.ingredient_list, matcher);
    const ingredientIds = analysis.entries.flatMap((e) => (e.ingredientId ? [e.ingredientId] : []));
    const read = readProductFlags(
      analysis.entries,
      (ingredientId) => byId.get(ingredientId),
      productTypeOf(categoryOf.get(p.category)),
    );
    // Spread creation over the last year so "recent" and per-day stats have a shape.
    const createdAt = new Date(now - (((products.length - i) * 37) % 365) * DAY - i * 60_000);
    const published = p.published !== false;
    productRows.push({
      id,
      alias: p.alias,
      name: p.name,
      brand: brandIds.get(p.brand),
      category: categoryIds.get(p.category) ?? null,
      description: p.description ?? '',
      barcode: p.barcode ? String(p.barcode) : null,
      sizeAmount: p.size?.amount ?? null,
      sizeUnit: p.size ? (units.get(p.size.unit) ?? null) : null,
      ingredientList: p.ingredient_list.trim(),
      ingredientIds,
      flags: read.flags,
      status: published ? ProductStatus.published : ProductStatus.draft,
      publishedAt: published ? createdAt : null,
      createdAt,
      updatedAt: createdAt,
    });
    for (const [k, e] of analysis.entries.entries()) {
      ingredientRows.push({
        id: newId(),
        product: id,
        position: e.position,
        input: e.input,
        ingredient: e.ingredientId,
        match: e.match,
        concentration: e.concentration,
        mayContain: e.mayContain,
        unread: e.unread ?? false,
        flags: read.entryFlags[k],
        active: e.active,
        part: e.part,
        nano: e.nano,
      });
    }
    for (const o of p.offers ?? []) {
      offerRows.push({
        id: newId(),
        product: id,
        retailer: o.retailer,
        url: o.url,
        price: o.price != null ? String(o.price) : null,
        currency: o.currency ?? null,
      });
    }
  });
  const facets =
    readYaml<
      Array<{ alias: string; name: string; parameter: string; values?: Array<{ value: string; label: string }> }>
    >('catalog/facets.yaml');
  await insertChunks(
    em,
    Facet,
    facets.map((f, position) => ({
      id: newId(),
      alias: f.alias,
      name: f.name,
      parameter: f.parameter,
      values: f.values ?? [],
      position,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    })),
  );
  await insertChunks(em, Product, productRows);
  await insertChunks(em, ProductIngredient, ingredientRows);
  await insertChunks(em, ProductOffer, offerRows);

  // The home screen: products by alias become ids; an unknown alias is a data error.
  const productIds = new Map(productRows.map((row) => [(row as { alias: string }).alias, (row as { id: string }).id]));
  // Routines are the demo community's: seedDemoCommunity features them, in their places.
  const featured = readFeatured();
  await insertChunks(
    em,
    FeaturedItem,
    featured.flatMap((f, position) => {
      if (f.kind === FeaturedKind.routine) return [];
      const ref = f.kind === FeaturedKind.product ? productIds.get(f.ref) : f.ref;
      if (!ref) throw new Error(`data/catalog/featured.yaml: no product "${f.ref}"`);
      return [{ id: newId(), kind: f.kind, ref, position, headline: f.headline ?? '', createdAt: new Date(now) }];
    }),
  );
  return { products: productRows.length };
}

/** The demo home screen, in its order (data/catalog/featured.yaml). */
export const readFeatured = () =>
  readYaml<Array<{ kind: FeaturedKind; ref: string; headline?: string }>>('catalog/featured.yaml');
