import { Arg, Authorized, Ctx, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context.js';
import { productCompatibility } from './product-compatibility.service.js';
import { ProductCompatibility } from './product-compatibility.types.js';

@Resolver(() => ProductCompatibility)
export class ProductCompatibilityResolver {
  // Queries
  @Authorized()
  @Query(() => ProductCompatibility, {
    description: 'Good, neutral, caution or avoid for the caller, for a product, with the reasons.',
  })
  myProductCompatibility(@Arg('idOrAlias') idOrAlias: string, @Ctx() ctx: Context) {
    return productCompatibility(ctx, idOrAlias);
  }
}
