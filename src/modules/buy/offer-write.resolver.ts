import { Arg, Authorized, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import type { Context } from '../../context.js';
import { ProductOffer } from '../product/product.entity.js';
import { addOffer, endOffer, updateOffer } from './offer-write.service.js';
import { OfferInput } from './offer-write.input.js';

@Resolver()
export class OfferWriteResolver {
  // Mutations
  @Authorized()
  @Mutation(() => ProductOffer, {
    description: 'Adds a retailer offer to a product (the owner of its brand or an admin).',
  })
  addProductOffer(
    @Arg('productIdOrAlias') productIdOrAlias: string,
    @Arg('input') input: OfferInput,
    @Ctx() ctx: Context,
  ): Promise<ProductOffer> {
    return addOffer(ctx.em, productIdOrAlias, ctx.viewer!, input);
  }

  @Authorized()
  @Mutation(() => ProductOffer, {
    description: "Changes an offer's retailer, URL or price; fields left out stay as they are.",
  })
  updateProductOffer(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: OfferInput,
    @Ctx() ctx: Context,
  ): Promise<ProductOffer> {
    return updateOffer(ctx.em, id, ctx.viewer!, input);
  }

  @Authorized()
  @Mutation(() => ProductOffer, {
    description: 'Ends an offer: no longer listed or linked to; its buy clicks stay counted.',
  })
  endProductOffer(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<ProductOffer> {
    return endOffer(ctx.em, id, ctx.viewer!);
  }
}
