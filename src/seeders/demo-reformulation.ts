// The demo's reformulated product (data/demo/reformulations.yaml): created with its first list,
// favoured by demo people, then changed to each later list through the same code as any write
// (recordListVersions), so the people it touches have an alert right after `npm start`.
import type { EntityManager } from '../db.js';
import { matchedIngredientIds } from '../modules/shared/ingredient-list.js';
import { analyzeIngredientList } from '../modules/analysis/engine/analyze.js';
import { buildMatcher } from '../modules/ingredient/matcher.service.js';
import { productFlagsFor } from '../modules/analysis/product-flags.js';
import { Brand } from '../modules/brand/brand.entity.js';
import { ProductCategory } from '../modules/category/category.entity.js';
import { ProductFavorite } from '../modules/favorite/product-favorite.entity.js';
import { Product, ProductIngredient, ProductStatus } from '../modules/product/product.entity.js';
import { recordListVersions } from '../modules/reformulation/list-version.service.js';
import { ListVersionSource, ProductListVersion } from '../modules/reformulation/product-list-version.entity.js';
import { ReformulationAlert } from '../modules/reformulation/reformulation-alert.entity.js';
import { User } from '../modules/user/user.entity.js';
import { readYaml } from '../modules/knowledge/yaml-data.js';

interface ReformulationRecord {
  alias: string;
  name: string;
  brand: string;
  category: string;
  description: string;
  favorited_by: string[];
  versions: Array<{ days_ago: number; ingredient_list: string }>;
}

const DAY = 86_400_000;

export async function seedDemoReformulations(em: EntityManager): Promise<void> {
  const matcher = await buildMatcher(em);
  for (const r of readYaml<ReformulationRecord[]>('demo/reformulations.yaml')) {
    const brand = await em.findOneOrFail(Brand, { alias: r.brand });
    const category = await em.findOneOrFail(ProductCategory, { alias: r.category });
    const [first, ...later] = r.versions;
    const made = new Date(Date.now() - first.days_ago * DAY);
    const product = em.create(Product, {
      alias: r.alias,
      name: r.name,
      brand: brand.id,
      category: category.id,
      description: r.description,
      ingredientList: '',
      ingredientIds: [],
      flags: [],
      status: ProductStatus.published,
      publishedAt: made,
      createdAt: made,
      updatedAt: made,
    } as never);
    const setList = async (list: string, source: ListVersionSource) => {
      const analysis = analyzeIngredientList(list, matcher);
      const ingredientIds = matchedIngredientIds(analysis.entries);
      const read = await productFlagsFor(em, analysis.entries, category);
      em.assign(product, { ingredientList: list, ingredientIds, flags: read.flags });
      await em.nativeDelete(ProductIngredient, { product: product.id });
      for (const [i, e] of analysis.entries.entries()) {
        em.create(ProductIngredient, {
          product: product.id,
          position: e.position,
          input: e.input,
          ingredient: e.ingredientId,
          match: e.match,
          concentration: e.concentration,
          mayContain: e.mayContain,
          unread: e.unread ?? false,
          flags: read.entryFlags[i],
          active: e.active,
          part: e.part,
          nano: e.nano,
        });
      }
      await em.flush();
      await recordListVersions(em, [
        {
          productId: product.id,
          ingredientList: list,
          ingredientIds,
          entries: analysis.entries,
          source,
          authorId: null,
        },
      ]);
    };
    await setList(first.ingredient_list, ListVersionSource.product_created);
    for (const username of r.favorited_by) {
      const user = await em.findOneOrFail(User, { username });
      em.create(ProductFavorite, {
        user: user.id,
        product: product.id,
        createdAt: new Date(made.getTime() + DAY),
      } as never);
    }
    await em.flush();
    for (const [i, v] of later.entries()) {
      await setList(v.ingredient_list, ListVersionSource.demo);
      const when = new Date(Date.now() - v.days_ago * DAY);
      await em.nativeUpdate(ProductListVersion, { product: product.id, version: i + 2 }, { createdAt: when });
      await em.nativeUpdate(ReformulationAlert, { product: product.id, toVersion: i + 2 }, { createdAt: when });
    }
    await em.nativeUpdate(ProductListVersion, { product: product.id, version: 1 }, { createdAt: made });
  }
}
