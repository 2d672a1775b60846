// What the import needs of our catalog, read once: brands by alias and name, the category tree
// with OBF's tags mapped onto it, units by alias. Brands the file names and we lack are created.
import type { EntityManager } from '../../db.js';
import { readYaml } from '../knowledge/yaml-data.js';
import { newId, slugify } from '../shared/ids.js';

/** A product with no brand named goes under this one. */
export const UNBRANDED = { alias: 'unbranded', name: 'Unbranded' };

export interface CategoryChoice {
  categoryId: string | null;
  /** The tags that name none of our categories, as OBF writes them. */
  tags: string[];
}

const MAX_TAGS = 30;

export class CatalogMaps {
  private constructor(
    private readonly brandIds: Map<string, string>,
    private readonly categories: Map<string, { id: string; depth: number }>,
    private readonly categoryMap: Map<string, string>,
    readonly unitIds: Map<string, string>,
    /** Each category's name and routine step by id: they say whether its products are rinsed off (product-flags.ts). */
    readonly categoryUse: Map<string, { name: string; stepType: string | null }> = new Map(),
  ) {}

  static async load(em: EntityManager): Promise<CatalogMaps> {
    const brandIds = new Map<string, string>();
    for (const b of await em.execute<Array<{ id: string; alias: string; name: string }>>(
      'select id, alias, name from brand',
    )) {
      brandIds.set(b.alias, b.id);
      brandIds.set(`name:${b.name.toLowerCase()}`, b.id);
    }
    const rows = await em.execute<
      Array<{ id: string; alias: string; name: string; step_type: string | null; parent_id: string | null }>
    >('select id, alias, name, step_type, parent_id from product_category');
    const byId = new Map(rows.map((r) => [r.id, r]));
    const depth = (id: string | null): number => {
      let d = 0;
      for (let at = id ? byId.get(id) : undefined; at && d < 20; at = at.parent_id ? byId.get(at.parent_id) : undefined)
        d++;
      return d;
    };
    const categories = new Map(rows.map((r) => [r.alias, { id: r.id, depth: depth(r.id) }]));
    const categoryMap = new Map(Object.entries(readYaml<Record<string, string>>('obf/categories.yaml')));
    const units = await em.execute<Array<{ id: string; alias: string }>>('select id, alias from unit_of_measurement');
    return new CatalogMaps(
      brandIds,
      categories,
      categoryMap,
      new Map(units.map((u) => [u.alias, u.id])),
      new Map(rows.map((r) => [r.id, { name: r.name, stepType: r.step_type }])),
    );
  }

  /** Alias and name of the brand a product goes under. */
  brandKey(name: string | null): { alias: string; name: string } {
    const alias = name ? slugify(name).slice(0, 80) : '';
    return alias ? { alias, name: name! } : UNBRANDED;
  }

  brandId(brand: { alias: string; name: string }): string | undefined {
    return this.brandIds.get(brand.alias) ?? this.brandIds.get(`name:${brand.name.toLowerCase()}`);
  }

  /**
   * Creates the brands of a batch we do not have yet (inside the batch's transaction) and
   * remembers them. A brand another writer added meanwhile is taken as it is.
   */
  async createBrands(
    em: EntityManager,
    brands: Array<{ alias: string; name: string }>,
  ): Promise<{ created: number; remembered: string[] }> {
    const missing = new Map<string, string>();
    for (const b of brands) if (!this.brandId(b) && !missing.has(b.alias)) missing.set(b.alias, b.name);
    if (!missing.size) return { created: 0, remembered: [] };
    const params: unknown[] = [];
    for (const [alias, name] of missing) params.push(newId(), alias, name);
    const created = await em.execute<Array<{ id: string; alias: string }>>(
      `insert into brand (id, alias, name, description, created_at, updated_at) values ${[...missing].map(() => `(?, ?, ?, '', now(), now())`).join(', ')}
       on conflict (alias) do nothing returning id, alias`,
      params,
    );
    const found =
      created.length < missing.size
        ? await em.execute<Array<{ id: string; alias: string }>>(
            `select id, alias from brand where alias in (${[...missing].map(() => '?').join(', ')})`,
            [...missing.keys()],
          )
        : created;
    for (const b of found) this.brandIds.set(b.alias, b.id);
    return { created: created.length, remembered: found.map((b) => b.alias) };
  }

  /** Forgets brands created in a transaction that was rolled back. */
  forgetBrands(aliases: Iterable<string>): void {
    for (const alias of aliases) this.brandIds.delete(alias);
  }

  /** The deepest of our categories the tags reach, and the tags that reach none. */
  category(tags: readonly string[]): CategoryChoice {
    let best: { id: string; depth: number } | null = null;
    const rest: string[] = [];
    for (const tag of tags) {
      const bare = tag.startsWith('en:') ? tag.slice(3) : null;
      const alias =
        bare === null ? undefined : (this.categoryMap.get(bare) ?? (this.categories.has(bare) ? bare : undefined));
      const category = alias ? this.categories.get(alias) : undefined;
      if (category) {
        if (!best || category.depth > best.depth) best = category;
      } else if (rest.length < MAX_TAGS && !rest.includes(tag)) {
        rest.push(tag.replace(/,/g, ' ').slice(0, 80));
      }
    }
    return { categoryId: best?.id ?? null, tags: rest };
  }
}
