// The routine steps a product can fill (routine/engine/candidates.ts), asked of one product.
import { Arg, Ctx, Field, ObjectType, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context.js';
import { ingredientsOf } from '../analysis/analysis-reports.service.js';
import { getProduct } from '../product/product.service.js';
import { routineCandidates } from './engine/candidates.js';

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
}

@Resolver()
export class ProductRoutineCandidatesResolver {
  // Queries
  @Query(() => RoutineCandidatePage, { description: 'The routine steps a product can fill, and at what time of day.' })
  async productRoutineCandidates(@Arg('idOrAlias') idOrAlias: string, @Ctx() ctx: Context): Promise<RoutineCandidatePage> {
    const product = await getProduct(ctx.em, idOrAlias, ctx.viewer);
    const category = product.category ? await ctx.loaders.categoryById.load(product.category.id) : null;
    const ingredients = await ingredientsOf(ctx, product.ingredientIds);
    return { items: routineCandidates(category ? { stepType: category.stepType ?? null, name: category.name } : null, ingredients), nextCursor: null };
  }
}
