import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import { Args, ArgsType, Field, ObjectType, Query, Resolver } from 'type-graphql';
import { Page, PageArgs, paginateList } from '../shared/pagination.js';

// The English names ship as JSON inside the package; register them once.
countries.registerLocale(createRequire(import.meta.url)('i18n-iso-countries/langs/en.json'));

@ObjectType({ description: 'A country of ISO 3166-1.' })
export class Country {
  @Field({ description: 'ISO 3166-1 alpha-2 code.' })
  code!: string;

  @Field({ description: 'ISO 3166-1 alpha-3 code.' })
  alpha3!: string;

  @Field({ description: 'ISO 3166-1 numeric code.' })
  numeric!: string;

  @Field({ description: 'English short name.' })
  name!: string;
}

@ObjectType()
export class CountryPage extends Page(Country) {}

@ArgsType()
class CountryListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Part of the name, or a code.' })
  search?: string | null;
}

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
