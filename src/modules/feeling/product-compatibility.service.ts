// GET /my/compatibility/product/:id_or_alias: a product's matched ingredients judged for the
// caller by the same engine as an analysis's personalisation (analysis/engine/personalize.ts).
import type { Context } from '../../context.js';
import type { Product } from '../product/product.entity.js';
import { getProduct } from '../product/product.service.js';
import type { User } from '../user/user.entity.js';
import { feelingsOn } from './feeling.service.js';
import { personalVerdict } from './personalization.js';
import type { ProductCompatibility } from './product-compatibility.types.js';
import { skinProfileOf } from './skin-profile.service.js';
import { readProductList } from '../analysis/analysis-entries.js';
import { dosedIngredients } from '../analysis/list-reading.js';
import { lookupKey } from '../shared/lookup-key.js';

export async function productCompatibility(ctx: Context, idOrAlias: string): Promise<ProductCompatibility> {
  const product = await getProduct(ctx.em, lookupKey('Product', idOrAlias), ctx.viewer);
  return compatibilityFor(ctx, product, ctx.viewer!);
}

/** A product the caller may see, judged for them (signed in). */
export async function compatibilityFor(ctx: Context, product: Product, viewer: User): Promise<ProductCompatibility> {
  // As read at their dose and in this kind of product (engine/read-list.ts).
  const { entries, reading } = await readProductList(ctx, product);
  const ids = [...new Set(entries.flatMap((e) => (e.ingredient ? [e.ingredient.id] : [])))];
  const ingredients = [...new Map(dosedIngredients(reading).map((i) => [i.id, i])).values()];
  const feelings = await feelingsOn(ctx.em, viewer.id, ids);
  const profile = skinProfileOf(viewer);
  return {
    product,
    skinProfile: profile,
    ...personalVerdict(ingredients, profile, feelings),
    unmatched: entries.filter((e) => !e.ingredient).map((e) => e.input),
  };
}
