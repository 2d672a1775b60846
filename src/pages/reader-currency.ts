// The currency a product page converts prices into, chosen as the API chooses it (?currency=,
// else ?country=, else the signed-in reader's country: see comparisonCurrency), with one more
// step a browser allows before the API's default: the region of the reader's preferred language
// (Accept-Language "en-GB" → GB → GBP). A language without a region (plain "en") says nothing
// about where the reader shops, so it is not guessed from.
import { loadExchangeRates } from '../modules/buy/exchange-rates.js';
import { comparisonCurrency } from '../modules/buy/offer-choice.js';
import type { CurrencyView } from './catalog.views.js';

interface Reader {
  country?: string | null;
}

/** The regions of an Accept-Language header, most preferred first (q=0 excluded). */
export function acceptedRegions(header: string | undefined): Array<{ tag: string; region: string }> {
  if (!header) return [];
  return header
    .split(',')
    .flatMap((part, order) => {
      const [rawTag, ...params] = part.trim().split(';');
      const q = Number(
        params
          .map((p) => p.trim())
          .find((p) => p.startsWith('q='))
          ?.slice(2) ?? 1,
      );
      try {
        const locale = new Intl.Locale(rawTag.trim());
        return locale.region && q > 0 ? [{ tag: locale.toString(), region: locale.region, q, order }] : [];
      } catch {
        return []; // not a language tag ("*", garbage): ignored, as a browser's server would
      }
    })
    .sort((a, b) => b.q - a.q || a.order - b.order)
    .map(({ tag, region }) => ({ tag, region }));
}

/** The variables for ListProductOffers, and what the page says of the choice. */
export function readerCurrency(
  query: Record<string, string | undefined>,
  acceptLanguage: string | undefined,
  viewer: Reader | null,
): { variables: { currency?: string; country?: string }; view: CurrencyView } {
  const fx = loadExchangeRates();
  const choices = Object.keys(fx.rates).sort();
  const currency = query.currency?.trim();
  const country = query.country?.trim();
  // A code the rates do not know (a typed address, an old link) is a 400 over the API; a page
  // shows itself in the currency it would choose without it, and says the code was not known.
  if (currency && 'error' in comparisonCurrency(fx, { currency })) {
    const fallback = readerCurrency({ ...query, currency: undefined }, acceptLanguage, viewer);
    return { ...fallback, view: { ...fallback.view, notKnown: { what: 'currency', code: currency } } };
  }
  if (!currency && country && 'error' in comparisonCurrency(fx, { country })) {
    const fallback = readerCurrency({ ...query, country: undefined }, acceptLanguage, viewer);
    return { ...fallback, view: { ...fallback.view, notKnown: { what: 'country', code: country } } };
  }
  if (currency)
    return { variables: { currency }, view: { currency: currency.toUpperCase(), why: 'as chosen', choices } };
  if (country)
    return {
      variables: { country },
      view: {
        currency: fx.currencyOfCountry[country.toUpperCase()] ?? country,
        why: `the currency of ${country.toUpperCase()}`,
        choices,
      },
    };
  const own = viewer?.country ? fx.currencyOfCountry[viewer.country.toUpperCase()] : undefined;
  if (own) return { variables: {}, view: { currency: own, why: "the currency of your account's country", choices } };
  const language = acceptedRegions(acceptLanguage).find((r) => fx.currencyOfCountry[r.region]);
  if (language)
    return {
      variables: { country: language.region },
      view: {
        currency: fx.currencyOfCountry[language.region],
        why: `from your browser's language, ${language.tag}`,
        choices,
      },
    };
  return {
    variables: {},
    view: { currency: fx.base, why: `the reference rates' own currency: choose yours below`, choices },
  };
}
