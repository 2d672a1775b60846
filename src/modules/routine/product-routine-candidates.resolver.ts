// The routine steps a product can fill (routine/engine/candidates.ts), asked of one product;
// for a signed-in caller, with how the product suits them (their skin profile and feelings).
import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context.js';
import { compatibilityFor } from '../feeling/product-compatibility.service.js';
import { getProduct } from '../product/product.service.js';
import { productStepCandidates } from './product-step-types.service.js';
import { RoutineCandidatePage } from './product-routine-candidates.types.js';

@Resolver()
export class ProductRoutineCandidatesResolver {
  // Queries
  @Query(() => RoutineCandidatePage, {
    description:
      "The routine steps a product can fill, and at what time of day: its category's step (from the category tree); only a product without one is placed by its ingredients.",
  })
  async productRoutineCandidates(
    @Arg('idOrAlias') idOrAlias: string,
    @Ctx() ctx: Context,
  ): Promise<RoutineCandidatePage> {
    const product = await getProduct(ctx.em, idOrAlias, ctx.viewer);
    const [items, forYou] = await Promise.all([
      productStepCandidates(ctx.em, product),
      ctx.viewer ? compatibilityFor(ctx, product, ctx.viewer) : Promise.resolve(null),
    ]);
    return { items, nextCursor: null, forYou };
  }
}
