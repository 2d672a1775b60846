import { Arg, Authorized, Ctx, Field, Float, ID, InputType, Mutation, Resolver } from 'type-graphql';
import type { Context } from '../../context.js';
import { ProductOffer } from '../product/product.entity.js';
import { addOffer, endOffer, updateOffer } from './offer-write.service.js';

@InputType({ description: 'A retailer offer: where the product is sold and at what price.' })
export class OfferInput {
  @Field(() => String, { nullable: true, description: "The shop's name (one active offer per retailer and product)." })
  retailer?: string | null;

  @Field(() => String, { nullable: true, description: "The product's page at the retailer (http or https)." })
  url?: string | null;

  @Field(() => Float, { nullable: true, description: 'Price with at most 2 decimals; with currency, or both null.' })
  price?: number | null;

  @Field(() => String, {
    nullable: true,
    description: 'ISO 4217 code with a shipped reference rate (EUR, USD, GBP, KRW…).',
  })
  currency?: string | null;
}

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
