// Pure: which offer is cheapest when offers are priced in different currencies.
// Prices are compared after converting each into one currency with reference rates.
import type { ExchangeRates } from './exchange-rates.js';

export interface PricedOffer {
  retailer: string;
  price: number | null;
  currency: string | null;
}

export interface OfferInCurrency<T extends PricedOffer> {
  offer: T;
  /** The offer's price in the compared currency; null when it has no price or a currency without a rate. */
  comparedPrice: number | null;
}

/** Converts an amount between two currencies of the table (through its base); null for a currency it lacks. */
export function convert(amount: number, from: string, to: string, fx: ExchangeRates): number | null {
  const a = fx.rates[from.toUpperCase()];
  const b = fx.rates[to.toUpperCase()];
  if (!a || !b) return null;
  return (amount / a) * b;
}

/**
 * The offers ordered cheapest first in `currency`: converted prices ascending, then offers whose
 * price cannot be compared (no price, or a currency without a rate), each group by retailer name.
 */
export function orderOffersInCurrency<T extends PricedOffer>(
  offers: T[],
  currency: string,
  fx: ExchangeRates,
): Array<OfferInCurrency<T>> {
  const rows = offers.map((offer) => ({
    offer,
    comparedPrice: offer.price == null || !offer.currency ? null : convert(offer.price, offer.currency, currency, fx),
  }));
  return rows.sort((x, y) => {
    if (x.comparedPrice == null || y.comparedPrice == null) {
      if (x.comparedPrice != null) return -1;
      if (y.comparedPrice != null) return 1;
    } else if (x.comparedPrice !== y.comparedPrice) return x.comparedPrice - y.comparedPrice;
    return x.offer.retailer.localeCompare(y.offer.retailer);
  });
}

/** The old rule, kept for the before/after measure: the smallest raw number, whatever its currency. */
export function cheapestByRawNumber<T extends PricedOffer>(offers: T[]): T | undefined {
  return [...offers].sort(
    (x, y) => (x.price ?? Infinity) - (y.price ?? Infinity) || x.retailer.localeCompare(y.retailer),
  )[0];
}

/** The currency to compare in: an explicit ?currency=, else ?country='s, else the caller's country's, else the table's base. */
export function comparisonCurrency(
  fx: ExchangeRates,
  input: { currency?: string | null; country?: string | null; viewerCountry?: string | null },
): { currency: string } | { error: { field: 'currency' | 'country'; message: string } } {
  if (input.currency != null) {
    const code = input.currency.trim().toUpperCase();
    if (!fx.rates[code])
      return {
        error: {
          field: 'currency',
          message: `No reference rate for currency "${input.currency}": one of ${Object.keys(fx.rates).sort().join(', ')}`,
        },
      };
    return { currency: code };
  }
  if (input.country != null) {
    const code = fx.currencyOfCountry[input.country.trim().toUpperCase()];
    if (!code)
      return {
        error: {
          field: 'country',
          message: `No currency with a reference rate for country "${input.country}" (ISO 3166-1 alpha-2, e.g. DE, GB, US, KR)`,
        },
      };
    return { currency: code };
  }
  const viewer = input.viewerCountry ? fx.currencyOfCountry[input.viewerCountry.toUpperCase()] : undefined;
  return { currency: viewer ?? fx.base };
}
