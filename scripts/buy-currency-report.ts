// How many demo products with offers in several currencies send a buyer to a different shop when
// offers are compared in one currency (the shipped reference rates) instead of by the raw number.
//   npm run report:buy-currency [-- --currency EUR]
import { readYaml } from '../src/modules/knowledge/yaml-data.js';
import { loadExchangeRates } from '../src/modules/buy/exchange-rates.js';
import { cheapestByRawNumber, orderOffersInCurrency } from '../src/modules/buy/offer-choice.js';

interface Offer {
  retailer: string;
  price?: number;
  currency?: string;
}
const products = readYaml<Array<{ alias: string; offers?: Offer[] }>>('catalog/products.yaml');
const fx = loadExchangeRates();
const only =
  process.argv.indexOf('--currency') >= 0
    ? [process.argv[process.argv.indexOf('--currency') + 1].toUpperCase()]
    : ['EUR', 'USD', 'GBP', 'KRW'];

const mixed = products.filter((p) => new Set((p.offers ?? []).map((o) => o.currency)).size > 1);
console.log(`rates: ${fx.source}, ${fx.date}`);
console.log(`demo products: ${products.length}; with offers in more than one currency: ${mixed.length}`);
for (const currency of only) {
  let differs = 0;
  for (const p of mixed) {
    const offers = (p.offers ?? []).map((o) => ({
      retailer: o.retailer,
      price: o.price ?? null,
      currency: o.currency ?? null,
    }));
    const before = cheapestByRawNumber(offers)?.retailer;
    const after = orderOffersInCurrency(offers, currency, fx)[0]?.offer.retailer;
    if (before !== after) differs++;
  }
  console.log(
    `compared in ${currency}: ${differs} of ${mixed.length} redirect to a different shop than the raw-number rule`,
  );
}
