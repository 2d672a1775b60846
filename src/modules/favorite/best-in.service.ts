import type { Context } from '../../context.js';
import { ingredientsOf } from '../analysis/analysis-reports.service.js';
import { bestInScore, labelQuality } from '../analysis/engine/quality.js';
import { categoryWithDescendants, getCategory } from '../category/category.service.js';
import { Product, ProductStatus } from '../product/product.entity.js';
import type { RankedProduct } from './product-favorite.types.js';

/** Ranks a category's published products by favourites (diminishing) plus label quality. */
export async function bestInCategory(ctx: Context, idOrAlias: string, limit: number): Promise<RankedProduct[]> {
  const category = await getCategory(ctx.em, idOrAlias);
  const products = await ctx.em.find(Product, {
    status: ProductStatus.published,
    category: { $in: await categoryWithDescendants(ctx.em, category.id) },
  });
  const counts = await ctx.loaders.favoriteCountByProduct.loadMany(products.map((p) => p.id));
  const entries = await ctx.loaders.ingredientsByProduct.loadMany(products.map((p) => p.id));
  const ranked = await Promise.all(
    products.map(async (product, i) => {
      const favoriteCount = typeof counts[i] === 'number' ? (counts[i] as number) : 0;
      const entryCount = Array.isArray(entries[i]) ? (entries[i] as unknown[]).length : 0;
      const quality =
        Math.round(labelQuality(entryCount, await ingredientsOf(ctx, product.ingredientIds)) * 1000) / 1000;
      return { product, favoriteCount, quality, score: Math.round(bestInScore(favoriteCount, quality) * 1000) / 1000 };
    }),
  );
  return ranked.sort((a, b) => b.score - a.score || a.product.name.localeCompare(b.product.name)).slice(0, limit);
}
