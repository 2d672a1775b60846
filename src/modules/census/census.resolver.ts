import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import { Args, Query, Resolver } from 'type-graphql';
import { paginateList } from '../shared/pagination.js';
import { Country, CountryPage } from './census.types.js';
import { CountryListArgs } from './census.input.js';

// The English names ship as JSON inside the package; register them once.
countries.registerLocale(createRequire(import.meta.url)('i18n-iso-countries/langs/en.json'));

const ALL: Country[] = Object.entries(countries.getNames('en', { select: 'official' }))
  .map(([code, name]) => ({
    code,
    alpha3: countries.alpha2ToAlpha3(code) ?? '',
    numeric: countries.alpha2ToNumeric(code) ?? '',
    name,
  }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

@Resolver(() => Country)
export class CensusResolver {
  // Queries
  @Query(() => CountryPage, { description: 'ISO 3166 countries, by English name.' })
  countries(@Args() args: CountryListArgs): CountryPage {
    const q = args.search?.trim().toLowerCase();
    const list = q
      ? ALL.filter(
          (c) => c.name.toLowerCase().includes(q) || c.code.toLowerCase() === q || c.alpha3.toLowerCase() === q,
        )
      : ALL;
    return paginateList(list, (c) => c.code, args);
  }
}
