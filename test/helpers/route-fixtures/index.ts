// The fixtures of every route, composed from one file per route group: the fixture of a route
// whose operation lives in rest-mappings/<group>.graphql is in ./<group>.ts, so a new route
// touches its group's file only (test/access-matrix.test.ts checks each is where it belongs).
import type { LightMyRequestResponse } from 'fastify';
import { routes as routeTable } from '../../../rest-mappings/routes.js';
import { loadOperations } from '../../../src/rest/documents.js';
import type { RouteDefinition } from '../../../src/rest/types.js';
import type { TestApp } from '../app.js';
import {
  catalogOf,
  fixtureAdmin,
  pathParams,
  routeKey,
  uniqueSuffix,
  urlOf,
  type Caller,
  type FixtureSpec,
  type FixtureTable,
  type RouteFixture,
  type UserTypeName,
} from './base.js';
import { analyzeFixtures } from './analyze.js';
import { articlesFixtures } from './articles.js';
import { brandsFixtures } from './brands.js';
import { breadcrumbsFixtures } from './breadcrumbs.js';
import { buyFixtures } from './buy.js';
import { censusFixtures } from './census.js';
import { compareFixtures } from './compare.js';
import { contestsFixtures } from './contests.js';
import { facetsFixtures } from './facets.js';
import { favoritesFixtures } from './favorites.js';
import { featuredFixtures } from './featured.js';
import { followingFixtures } from './following.js';
import { identityProviderFixtures } from './identity-provider.js';
import { imagesFixtures } from './images.js';
import { ingredientFeelingsFixtures } from './ingredient-feelings.js';
import { ingredientMatchersFixtures } from './ingredient-matchers.js';
import { ingredientOpinionsFixtures } from './ingredient-opinions.js';
import { ingredientsFixtures } from './ingredients.js';
import { myFixtures } from './my.js';
import { planLifeFixtures } from './plan-life.js';
import { productCategoriesFixtures } from './product-categories.js';
import { productDraftsFixtures } from './product-drafts.js';
import { productPitchesFixtures } from './product-pitches.js';
import { productSearchFixtures } from './product-search.js';
import { productTutorialsFixtures } from './product-tutorials.js';
import { productsFixtures } from './products.js';
import { routinesFixtures } from './routines.js';
import { shelfFixtures } from './shelf.js';
import { sitemapFixtures } from './sitemap.js';
import { statsFixtures } from './stats.js';
import { unitOfMeasurementsFixtures } from './unit-of-measurements.js';
import { userRelationshipsFixtures } from './user-relationships.js';
import { usersFixtures } from './users.js';
import { extensionsAlternativesFixtures } from './extensions-alternatives.js';
import { extensionsReactionsFixtures } from './extensions-reactions.js';
import { extensionsReformulationFixtures } from './extensions-reformulation.js';
import { extensionsSearchFixtures } from './extensions-search.js';
import { routinePlansFixtures } from './routine-plans.js';

/** Each group's fixtures, by the name of its rest-mappings/<group>.graphql file. */
export const fixturesByGroup: Record<string, FixtureTable> = {
  analyze: analyzeFixtures,
  'extensions-alternatives': extensionsAlternativesFixtures,
  'extensions-reactions': extensionsReactionsFixtures,
  'extensions-reformulation': extensionsReformulationFixtures,
  'extensions-search': extensionsSearchFixtures,
  'routine-plans': routinePlansFixtures,
  articles: articlesFixtures,
  brands: brandsFixtures,
  breadcrumbs: breadcrumbsFixtures,
  buy: buyFixtures,
  census: censusFixtures,
  compare: compareFixtures,
  contests: contestsFixtures,
  facets: facetsFixtures,
  favorites: favoritesFixtures,
  featured: featuredFixtures,
  following: followingFixtures,
  'identity-provider': identityProviderFixtures,
  images: imagesFixtures,
  'ingredient-feelings': ingredientFeelingsFixtures,
  'ingredient-matchers': ingredientMatchersFixtures,
  'ingredient-opinions': ingredientOpinionsFixtures,
  ingredients: ingredientsFixtures,
  my: myFixtures,
  'plan-life': planLifeFixtures,
  'product-categories': productCategoriesFixtures,
  'product-drafts': productDraftsFixtures,
  'product-pitches': productPitchesFixtures,
  'product-search': productSearchFixtures,
  'product-tutorials': productTutorialsFixtures,
  products: productsFixtures,
  routines: routinesFixtures,
  shelf: shelfFixtures,
  sitemap: sitemapFixtures,
  stats: statsFixtures,
  'unit-of-measurements': unitOfMeasurementsFixtures,
  'user-relationships': userRelationshipsFixtures,
  users: usersFixtures,
};

/** Every route's fixture, keyed "METHOD /path". */
export const routeFixtures: FixtureTable = Object.assign({}, ...Object.values(fixturesByGroup));

/**
 * Fixtures kept in another group's file than their route's operation (or in two files),
 * as "METHOD /path: in <file>, belongs in <file>".
 */
export function fixturesOutOfPlace(routes: RouteDefinition[] = routeTable): string[] {
  const operations = loadOperations(new URL('../../../rest-mappings/', import.meta.url).pathname);
  const groupOf = new Map(
    routes.map((route) => [routeKey(route), operations.get(route.operation)?.file.replace(/\.graphql$/, '')]),
  );
  const seen = new Map<string, string>();
  const problems: string[] = [];
  for (const [group, fixtures] of Object.entries(fixturesByGroup)) {
    for (const key of Object.keys(fixtures)) {
      if (seen.has(key)) problems.push(`${key}: in ${seen.get(key)}.ts and in ${group}.ts`);
      seen.set(key, group);
      const home = groupOf.get(key);
      if (home && home !== group) problems.push(`${key}: in ${group}.ts, belongs in ${home}.ts`);
    }
  }
  return problems;
}

const specOf = (key: string): FixtureSpec | undefined => {
  const entry = routeFixtures[key];
  return typeof entry === 'function' ? { build: entry } : entry;
};

/** The user type of the owner of an `owner` route's resource. */
export const ownerTypeOf = (route: RouteDefinition): UserTypeName => specOf(routeKey(route))?.ownerType ?? 'member';

/** Routes of the table without a fixture. */
export const routesWithoutFixture = (routes: RouteDefinition[] = routeTable): string[] =>
  routes.map(routeKey).filter((key) => !(key in routeFixtures));

/** Fixtures whose route is no longer in the table. */
export const fixturesWithoutRoute = (routes: RouteDefinition[] = routeTable): string[] => {
  const keys = new Set(routes.map(routeKey));
  return Object.keys(routeFixtures).filter((key) => !keys.has(key));
};

/** The fixture of a route, for `me`; throws when the route has none. */
export async function buildFixture(t: TestApp, route: RouteDefinition, me: Caller): Promise<RouteFixture> {
  const spec = specOf(routeKey(route));
  if (!spec)
    throw new Error(
      `No fixture for ${routeKey(route)}: add one to test/helpers/route-fixtures/<group>.ts, the group of its operation`,
    );
  const fixture = await spec.build({
    t,
    me,
    catalog: await catalogOf(t),
    admin: () => fixtureAdmin(t),
    unique: uniqueSuffix,
  });
  const missing = pathParams(route.path).filter((p) => !(p in fixture.params));
  if (missing.length) throw new Error(`The fixture of ${routeKey(route)} gives no value for :${missing.join(', :')}`);
  return fixture;
}

/** Sends a fixture's request as a caller (anonymous when null). */
export function sendFixture(
  t: TestApp,
  route: RouteDefinition,
  fixture: RouteFixture,
  caller: Caller | null,
): Promise<LightMyRequestResponse> {
  if (fixture.sign) {
    const text = JSON.stringify(fixture.body ?? {});
    return t.inject({
      method: route.method,
      url: urlOf(route, fixture),
      payload: text,
      headers: { 'content-type': 'application/json', ...fixture.sign(text) },
      token: caller?.token,
    });
  }
  return t.inject({
    method: route.method,
    url: urlOf(route, fixture),
    ...(fixture.body ? { payload: fixture.body } : {}),
    token: caller?.token,
  });
}
