import { Arg, Args, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { effectsOfIngredients, ingredientsOf, similarProductsOf } from './analysis-reports.service.js';
import { SimilarProductPage } from './analysis.types.js';
import { evaluateRules } from './engine/rules.js';
import { evaluateSkinTypes } from './engine/skin-types.js';
import { checkedLimit } from '../shared/pagination.js';
import { getProduct } from '../product/product.service.js';
import { readProductList } from './analysis-entries.js';
import { dosedIngredients } from './list-reading.js';
import { ProductAnalysis, ProductEffects } from './product-insights.types.js';
import { SimilarProductArgs } from './product-insights.input.js';

@Resolver(() => ProductAnalysis)
export class ProductInsightsResolver {
  // Queries
  @Query(() => ProductAnalysis, { description: "The analysis of a product's ingredient list." })
  async productAnalysis(@Arg('idOrAlias') idOrAlias: string, @Ctx() ctx: Context): Promise<ProductAnalysis> {
    const product = await getProduct(ctx.em, idOrAlias, ctx.viewer);
    // Read at their dose and in this kind of product (engine/read-list.ts), as an analysis is.
    const { entries, reading } = await readProductList(ctx, product);
    const ingredients = dosedIngredients(reading);
    return {
      product,
      unmatched: entries.filter((e) => e.match === 'none').map((e) => e.input),
      // A product without a list we could read (no entries, or one marked unread) passes no free-of rule.
      rules: evaluateRules(ingredients, { unread: entries.length === 0 || entries.some((e) => e.unread) }),
      skinTypes: evaluateSkinTypes(ingredients),
    };
  }

  @Query(() => ProductEffects, { description: 'What a product does for the skin, effect by effect.' })
  async productEffects(@Arg('idOrAlias') idOrAlias: string, @Ctx() ctx: Context): Promise<ProductEffects> {
    const product = await getProduct(ctx.em, idOrAlias, ctx.viewer);
    return { product, effects: effectsOfIngredients(await ingredientsOf(ctx, product.ingredientIds)) };
  }

  @Query(() => SimilarProductPage, { description: 'Products with the most similar ingredient lists.' })
  async similarProducts(
    @Arg('idOrAlias') idOrAlias: string,
    @Args() args: SimilarProductArgs,
    @Ctx() ctx: Context,
  ): Promise<SimilarProductPage> {
    const product = await getProduct(ctx.em, idOrAlias, ctx.viewer);
    return {
      items: await similarProductsOf(ctx, product.ingredientIds, checkedLimit(args.limit), product.id),
      nextCursor: null,
    };
  }

  // Field resolvers
  @FieldResolver(() => Boolean, { description: 'True when every free-of rule passes.' })
  passesAll(@Root() analysis: ProductAnalysis): boolean {
    return analysis.rules.every((r) => r.passes);
  }
}
