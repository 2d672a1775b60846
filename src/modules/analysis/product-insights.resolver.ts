import { Arg, Args, ArgsType, Ctx, Field, FieldResolver, Int, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { effectsOfIngredients, ingredientsOf, similarProductsOf } from './analysis-reports.service.js';
import { EffectSummary, RuleVerdict, SimilarProductPage, SkinTypeVerdict } from './analysis.types.js';
import { evaluateRules } from './engine/rules.js';
import { evaluateSkinTypes } from './engine/skin-types.js';
import { checkedLimit } from '../shared/pagination.js';
import { Product } from '../product/product.entity.js';
import { getProduct } from '../product/product.service.js';
import { readProductList } from './analysis-entries.js';
import { dosedIngredients } from './list-reading.js';

@ObjectType({ description: "What a product's label says: entries, free-of rules and skin-type verdicts." })
export class ProductAnalysis {
  @Field(() => Product)
  product!: Product;

  @Field(() => [String], { description: 'Entries that matched no ingredient.' })
  unmatched!: string[];

  @Field(() => [RuleVerdict])
  rules!: RuleVerdict[];

  @Field(() => [SkinTypeVerdict])
  skinTypes!: SkinTypeVerdict[];
}

@ObjectType({ description: "A product's effects, effect by effect, with the ingredients that bring them." })
export class ProductEffects {
  @Field(() => Product)
  product!: Product;

  @Field(() => [EffectSummary])
  effects!: EffectSummary[];
}

@ArgsType()
class SimilarProductArgs {
  @Field(() => Int, { nullable: true, description: 'How many (1-100, default 20).' })
  limit?: number | null;
}

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
