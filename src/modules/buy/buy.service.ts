// Where to buy a product: its offers compared in one currency (shipped reference rates), and the
// click through to a retailer, recorded.
import type { Context } from '../../context.js';
import { notFound, validationFailed } from '../../errors.js';
import { ProductOffer } from '../product/product.entity.js';
import { getProduct } from '../product/product.service.js';
import { slugify } from '../shared/ids.js';
import { ProductBuyClick } from './buy-click.entity.js';
import type { BuyRedirect, ProductOffers } from './buy.types.js';
import { loadExchangeRates } from './exchange-rates.js';
import { comparisonCurrency, orderOffersInCurrency } from './offer-choice.js';
import { isPublicOfferUrl } from './offer-url.js';

/** The currency to compare in: asked, else the country's, else the viewer's country's, else EUR. */
export interface CurrencyChoice {
  currency?: string | null;
  country?: string | null;
}

function chosenCurrency(ctx: Context, { currency, country }: CurrencyChoice): string {
  const chosen = comparisonCurrency(loadExchangeRates(), { currency, country, viewerCountry: ctx.viewer?.country });
  if ('error' in chosen) throw validationFailed(chosen.error.field, chosen.error.message);
  return chosen.currency;
}

/** The offers cheapest first in `currency` (seeded and fed prices are numeric strings). */
function offersInCurrency(
  offers: ProductOffer[],
  currency: string,
): Array<{ offer: ProductOffer; comparedPrice: number | null }> {
  const priced = offers.map((offer) => ({
    offer,
    retailer: offer.retailer,
    price: offer.price == null ? null : Number(offer.price),
    currency: offer.currency ?? null,
  }));
  return orderOffersInCurrency(priced, currency, loadExchangeRates()).map((row) => ({
    offer: row.offer.offer,
    comparedPrice: row.comparedPrice,
  }));
}

const round2 = (n: number | null) => (n == null ? null : Math.round(n * 100) / 100);

/** Units of `compared` per unit of the offer's currency; null when either has no rate. */
function rateFor(currency: string | null | undefined, compared: string): number | null {
  const fx = loadExchangeRates();
  const rate = currency && fx.rates[currency] ? fx.rates[compared] / fx.rates[currency] : null;
  return rate == null ? null : Number(rate.toPrecision(6));
}

export async function listProductOffers(
  ctx: Context,
  idOrAlias: string,
  choice: CurrencyChoice,
): Promise<ProductOffers> {
  const compared = chosenCurrency(ctx, choice);
  const product = await getProduct(ctx.em, idOrAlias, ctx.viewer);
  const fx = loadExchangeRates();
  const ordered = offersInCurrency(await ctx.loaders.offersByProduct.load(product.id), compared);
  // Copies, not the loader's entities: each converted price carries the day of the rates it used.
  const items = ordered.map(({ offer, comparedPrice }): ProductOffer => {
    const converted = comparedPrice != null;
    return Object.assign(Object.create(ProductOffer.prototype) as ProductOffer, offer, {
      comparedPrice: round2(comparedPrice),
      comparedCurrency: converted ? compared : null,
      exchangeRate: converted ? rateFor(offer.currency, compared) : null,
      ratesDate: converted ? fx.date : null,
    });
  });
  return { items, nextCursor: null, comparedCurrency: compared, ratesSource: fx.source, ratesDate: fx.date };
}

/** The named retailer's offer, else the cheapest in the compared currency; the click is recorded. */
export async function recordBuyClick(
  ctx: Context,
  idOrAlias: string,
  retailer: string | null | undefined,
  choice: CurrencyChoice,
): Promise<BuyRedirect> {
  const compared = chosenCurrency(ctx, choice);
  const product = await getProduct(ctx.em, idOrAlias, ctx.viewer);
  // Checked again here: an offer written before the check (or into the table directly) sends nobody to a local address.
  const offers = (
    await ctx.em.find(ProductOffer, { product: product.id, endedAt: null }, { orderBy: { retailer: 'asc' } })
  ).filter((o) => isPublicOfferUrl(o.url));
  if (offers.length === 0) throw notFound('Offer for product', idOrAlias);
  const ordered = offersInCurrency(offers, compared);
  const row = retailer ? ordered.find((o) => slugify(o.offer.retailer) === slugify(retailer)) : ordered[0];
  if (!row)
    throw validationFailed(
      'retailer',
      `No offer from "${retailer}" (offers: ${offers.map((o) => o.retailer).join(', ')})`,
    );
  const { offer } = row;
  ctx.em.create(ProductBuyClick, { offer: offer.id, user: ctx.viewer?.id ?? null });
  await ctx.em.flush();
  const fx = loadExchangeRates();
  const price = offer.price == null ? null : Number(offer.price);
  return {
    url: offer.url,
    retailer: offer.retailer,
    price,
    currency: offer.currency ?? null,
    comparedCurrency: compared,
    comparedPrice: round2(row.comparedPrice),
    exchangeRate: rateFor(offer.currency, compared),
    ratesSource: fx.source,
    ratesDate: fx.date,
  };
}
