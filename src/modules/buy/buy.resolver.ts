import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context.js';
import { listProductOffers, recordBuyClick } from './buy.service.js';
import { BuyRedirect, ProductOffers } from './buy.types.js';

@Resolver()
export class BuyResolver {
  // Queries
  @Query(() => ProductOffers, {
    description:
      'Retailer offers of a product, cheapest first once converted into one currency with the shipped reference rates.',
  })
  productOffers(
    @Arg('idOrAlias') idOrAlias: string,
    @Ctx() ctx: Context,
    @Arg('currency', () => String, {
      nullable: true,
      description: 'ISO 4217 code to compare in (EUR, USD, GBP, KRW…).',
    })
    currency?: string | null,
    @Arg('country', () => String, {
      nullable: true,
      description: 'ISO 3166-1 alpha-2 code whose currency to compare in.',
    })
    country?: string | null,
  ): Promise<ProductOffers> {
    return listProductOffers(ctx, idOrAlias, { currency, country });
  }

  // Mutations
  @Mutation(() => BuyRedirect, {
    description:
      'Records a click through to a retailer and gives its URL: the cheapest offer in one currency (converted with ' +
      'the shipped reference rates) unless a retailer is named.',
  })
  recordBuyClick(
    @Arg('idOrAlias') idOrAlias: string,
    @Ctx() ctx: Context,
    @Arg('retailer', () => String, { nullable: true, description: 'Retailer name or its slug.' }) retailer?:
      | string
      | null,
    @Arg('currency', () => String, { nullable: true, description: 'ISO 4217 code to compare in.' }) currency?:
      | string
      | null,
    @Arg('country', () => String, {
      nullable: true,
      description: 'ISO 3166-1 alpha-2 code whose currency to compare in.',
    })
    country?: string | null,
  ): Promise<BuyRedirect> {
    return recordBuyClick(ctx, idOrAlias, retailer, { currency, country });
  }
}
