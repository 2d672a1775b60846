// Reference exchange rates shipped in data/fx/ (dated, with their source), read once per process.
import { readYaml } from '../knowledge/yaml-data.js';

export interface ExchangeRates {
  source: string;
  /** The day the rates are of (YYYY-MM-DD). */
  date: string;
  base: string;
  /** Units of each currency for one unit of `base` (the base itself is 1). */
  rates: Record<string, number>;
  /** ISO 3166-1 alpha-2 country → ISO 4217 currency. */
  currencyOfCountry: Record<string, string>;
}

interface RatesFile {
  source: string;
  date: string;
  base: string;
  rates: Record<string, number>;
  countries: Record<string, string[]>;
}

let loaded: ExchangeRates | null = null;

export function loadExchangeRates(): ExchangeRates {
  if (loaded) return loaded;
  const file = readYaml<RatesFile>('fx/ecb-reference-rates.yaml');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(String(file.date)) || !file.source || !/^[A-Z]{3}$/.test(file.base))
    throw new Error('data/fx/ecb-reference-rates.yaml: source, date (YYYY-MM-DD) and base are required');
  const rates: Record<string, number> = { [file.base]: 1 };
  for (const [code, rate] of Object.entries(file.rates)) {
    if (!/^[A-Z]{3}$/.test(code) || !(typeof rate === 'number' && rate > 0))
      throw new Error(`data/fx/ecb-reference-rates.yaml: bad rate ${code}: ${rate}`);
    rates[code] = rate;
  }
  const currencyOfCountry: Record<string, string> = {};
  for (const [currency, countries] of Object.entries(file.countries)) {
    if (!rates[currency])
      throw new Error(`data/fx/ecb-reference-rates.yaml: countries name ${currency}, which has no rate`);
    for (const country of countries) currencyOfCountry[country] = currency;
  }
  loaded = { source: file.source, date: String(file.date), base: file.base, rates, currencyOfCountry };
  return loaded;
}
