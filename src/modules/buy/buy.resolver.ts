import { Arg, Ctx, Field, Float, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context.js';
import { notFound, validationFailed } from '../../errors.js';
import { ProductOffer } from '../product/product.entity.js';
import { getProduct } from '../product/product.service.js';
import { slugify } from '../shared/ids.js';
import { ProductBuyClick } from './buy-click.entity.js';
import { loadExchangeRates } from './exchange-rates.js';
import { comparisonCurrency, orderOffersInCurrency } from './offer-choice.js';

@ObjectType({ description: 'Where to buy a product: its retailer offers, cheapest first in one currency.' })
export class ProductOffers {
  @Field(() => [ProductOffer])
  items!: ProductOffer[];

  @Field(() => String, { nullable: true, description: 'Always null: all offers in one page.' })
  nextCursor!: string | null;

  @Field({ description: 'The currency the offers were compared in (ISO 4217).' })
  comparedCurrency!: string;

  @Field({ description: 'The reference rates used: their source.' })
  ratesSource!: string;

  @Field({ description: 'The day of the reference rates used (YYYY-MM-DD).' })
  ratesDate!: string;
}

@ObjectType({ description: 'The retailer page a buy click leads to, and how the offer was chosen.' })
export class BuyRedirect {
  @Field()
  url!: string;

  @Field()
  retailer!: string;

  @Field(() => Float, { nullable: true, description: 'The offer\'s price in its own currency.' })
  price!: number | null;

  @Field(() => String, { nullable: true })
  currency!: string | null;

  @Field({ description: 'The currency offers were compared in (the caller\'s ?currency=, ?country=, profile country, else EUR).' })
  comparedCurrency!: string;

  @Field(() => Float, { nullable: true, description: 'The offer\'s price converted into comparedCurrency (rounded to 2 decimals).' })
  comparedPrice!: number | null;

  @Field(() => Float, { nullable: true, description: 'Units of comparedCurrency per unit of the offer\'s currency used for the comparison.' })
  exchangeRate!: number | null;

  @Field()
  ratesSource!: string;

  @Field()
  ratesDate!: string;
}

function chosenCurrency(ctx: Context, currency: string | null | undefined, country: string | null | undefined): string {
  const chosen = comparisonCurrency(loadExchangeRates(), { currency, country, viewerCountry: ctx.viewer?.country });
  if ('error' in chosen) throw validationFailed(chosen.error.field, chosen.error.message);
  return chosen.currency;
}

/** The offers cheapest first in `currency` (seeded and fed prices are numeric strings). */
function offersInCurrency(offers: ProductOffer[], currency: string): Array<{ offer: ProductOffer; comparedPrice: number | null }> {
  const priced = offers.map((offer) => ({ offer, retailer: offer.retailer, price: offer.price == null ? null : Number(offer.price), currency: offer.currency ?? null }));
  return orderOffersInCurrency(priced, currency, loadExchangeRates()).map((row) => ({ offer: row.offer.offer, comparedPrice: row.comparedPrice }));
}

const round2 = (n: number | null) => (n == null ? null : Math.round(n * 100) / 100);

@Resolver()
export class BuyResolver {
  // Queries
  @Query(() => ProductOffers, { description: 'Retailer offers of a product, cheapest first once converted into one currency with the shipped reference rates.' })
  async productOffers(
    @Arg('idOrAlias') idOrAlias: string,
    @Ctx() ctx: Context,
    @Arg('currency', () => String, { nullable: true, description: 'ISO 4217 code to compare in (EUR, USD, GBP, KRW…).' }) currency?: string | null,
    @Arg('country', () => String, { nullable: true, description: 'ISO 3166-1 alpha-2 code whose currency to compare in.' }) country?: string | null,
  ): Promise<ProductOffers> {
    const compared = chosenCurrency(ctx, currency, country);
    const product = await getProduct(ctx.em, idOrAlias, ctx.viewer);
    const fx = loadExchangeRates();
    const ordered = offersInCurrency(await ctx.loaders.offersByProduct.load(product.id), compared);
    return { items: ordered.map((row) => row.offer), nextCursor: null, comparedCurrency: compared, ratesSource: fx.source, ratesDate: fx.date };
  }

  // Mutations
  @Mutation(() => BuyRedirect, { description: 'Records a click through to a retailer and gives its URL: the cheapest offer in one currency (converted with the shipped reference rates) unless a retailer is named.' })
  async recordBuyClick(
    @Arg('idOrAlias') idOrAlias: string,
    @Ctx() ctx: Context,
    @Arg('retailer', () => String, { nullable: true, description: 'Retailer name or its slug.' }) retailer?: string | null,
    @Arg('currency', () => String, { nullable: true, description: 'ISO 4217 code to compare in.' }) currency?: string | null,
    @Arg('country', () => String, { nullable: true, description: 'ISO 3166-1 alpha-2 code whose currency to compare in.' }) country?: string | null,
  ): Promise<BuyRedirect> {
    const compared = chosenCurrency(ctx, currency, country);
    const product = await getProduct(ctx.em, idOrAlias, ctx.viewer);
    const offers = await ctx.em.find(ProductOffer, { product: product.id, endedAt: null }, { orderBy: { retailer: 'asc' } });
    if (offers.length === 0) throw notFound('Offer for product', idOrAlias);
    const ordered = offersInCurrency(offers, compared);
    const row = retailer ? ordered.find((o) => slugify(o.offer.retailer) === slugify(retailer)) : ordered[0];
    if (!row) throw validationFailed('retailer', `No offer from "${retailer}" (offers: ${offers.map((o) => o.retailer).join(', ')})`);
    const { offer } = row;
    ctx.em.create(ProductBuyClick, { offer: offer.id, user: ctx.viewer?.id ?? null });
    await ctx.em.flush();
    const fx = loadExchangeRates();
    const price = offer.price == null ? null : Number(offer.price);
    const rate = offer.currency && fx.rates[offer.currency] ? fx.rates[compared] / fx.rates[offer.currency] : null;
    return {
      url: offer.url, retailer: offer.retailer, price, currency: offer.currency ?? null,
      comparedCurrency: compared, comparedPrice: round2(row.comparedPrice), exchangeRate: rate == null ? null : Number(rate.toPrecision(6)),
      ratesSource: fx.source, ratesDate: fx.date,
    };
  }
}
