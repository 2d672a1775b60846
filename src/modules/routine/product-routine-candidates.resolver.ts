// The routine steps a product can fill (routine/engine/candidates.ts), asked of one product;
// for a signed-in caller, with how the product suits them (their skin profile and feelings).
import { Arg, Ctx, Field, ObjectType, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context.js';
import { compatibilityFor } from '../feeling/product-compatibility.service.js';
import { ProductCompatibility } from '../feeling/product-compatibility.types.js';
import { getProduct } from '../product/product.service.js';
import { productStepCandidates } from './product-step-types.js';

@ObjectType({ description: 'A routine step a product can fill, with when and why.' })
export class RoutineCandidate {
  @Field({ description: 'cleanse, tone, exfoliate, treat, mask, eye, moisturise or protect' })
  stepType!: string;

  @Field(() => [String], { description: 'am, pm or both' })
  timesOfDay!: string[];

  @Field(() => [String])
  reasons!: string[];
}

@ObjectType()
export class RoutineCandidatePage {
  @Field(() => [RoutineCandidate])
  items!: RoutineCandidate[];

  @Field(() => String, { nullable: true })
  nextCursor!: string | null;

  @Field(() => ProductCompatibility, {
    nullable: true,
    description:
      'For a signed-in caller: how the product suits them, from their skin type, concerns, survey sensitivities and ' +
      'ingredient feelings; null when anonymous.',
  })
  forYou!: ProductCompatibility | null;
}

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
