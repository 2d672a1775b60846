// Per-route fixtures for tests that walk the whole route table (test/access-matrix.test.ts,
// test/fuzz.test.ts, scripts/fuzz-long.ts), and the fuzzing machinery they share.
//
// A fixture turns a route of rest-mappings/routes.ts into a request that succeeds: its path
// params filled with real ids (an analysis token, a user, a product alias…), valid query
// parameters and a valid JSON body. Every route of the table needs one, keyed "METHOD /path":
// a new route without a fixture fails test/access-matrix.test.ts.
import fc from 'fast-check';
import type { GraphQLSchema } from 'graphql';
import type { LightMyRequestResponse } from 'fastify';
import { routes as routeTable } from '../../rest-mappings/routes.js';
import type { RouteDefinition } from '../../src/rest/types.js';
import type { TestApp } from './app.js';
import { routineFixtures } from './routine-fixtures.js';
import { reactionFixtures } from './reaction-fixtures.js';
import { createHmac } from 'node:crypto';
import { User } from '../../src/modules/user/user.entity.js';
import { issueEmailToken } from '../../src/modules/user/identity.service.js';

// ---------------------------------------------------------------------------------------------
// Callers

export const USER_TYPES = ['member', 'expert', 'brand', 'moderator', 'admin'] as const;
export type UserTypeName = (typeof USER_TYPES)[number];

export interface Caller {
  username: string;
  id: string;
  token: string;
  type: UserTypeName;
}

/** A signed-in user of a type (created on first use), with its id and bearer token. */
export async function makeCaller(t: TestApp, username: string, type: UserTypeName = 'member'): Promise<Caller> {
  const token = await t.tokenFor(username, type);
  const user = await t.user(username);
  return { username, id: user.id, token, type };
}

// ---------------------------------------------------------------------------------------------
// Access declarations

/** The route's access rule if it is one the router understands, else null. */
export function parseAccess(access: unknown): { kind: 'public' | 'user' | 'owner' } | { kind: 'role'; roles: UserTypeName[] } | null {
  if (access === 'public' || access === 'user' || access === 'owner') return { kind: access };
  if (typeof access !== 'string' || !access.startsWith('role:')) return null;
  const roles = access.slice(5).split(',').map((r) => r.trim());
  if (roles.length === 0 || roles.some((r) => !(USER_TYPES as readonly string[]).includes(r))) return null;
  if (new Set(roles).size !== roles.length) return null;
  return { kind: 'role', roles: roles as UserTypeName[] };
}

// ---------------------------------------------------------------------------------------------
// Paths

export const routeKey = (route: Pick<RouteDefinition, 'method' | 'path'>): string => `${route.method} ${route.path}`;

/** The names of a path's `:params`, in order. */
export const pathParams = (path: string): string[] => [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** encodeURIComponent, also for text with lone surrogates (sent as their WTF-8 bytes, which are not UTF-8). */
export function encodeText(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(LONE_SURROGATE)) {
    const c = m[0].charCodeAt(0);
    out += encodeURIComponent(text.slice(last, m.index)) + [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    last = m.index + 1;
  }
  return out + encodeURIComponent(text.slice(last));
}

/** A path with its params filled: values are URL-encoded unless marked raw. */
export function fillPath(path: string, params: Record<string, string>, raw: ReadonlySet<string> = new Set()): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    if (!(name in params)) throw new Error(`No value for :${name} of ${path}`);
    return raw.has(name) ? params[name] : encodeText(params[name]);
  });
}

export const queryString = (query: Record<string, string> | undefined): string => {
  const entries = Object.entries(query ?? {});
  return entries.length ? `?${entries.map(([k, v]) => `${encodeText(k)}=${encodeText(v)}`).join('&')}` : '';
};

// ---------------------------------------------------------------------------------------------
// Fixtures

export interface RouteFixture {
  /** Every `:param` of the path. */
  params: Record<string, string>;
  /** Valid query parameters. */
  query?: Record<string, string>;
  /** A valid JSON body (POST, PUT, PATCH). */
  body?: Record<string, unknown>;
  /**
   * For `owner` routes: what a signed-in stranger gets. 403 by default; 404 where the resource
   * is hidden from strangers altogether.
   */
  strangerStatus?: 403 | 404;
  /** Signed webhooks: the headers a request needs, computed from the exact body text sent. */
  sign?: (body: string) => Record<string, string>;
}

/** The request a fixture describes. */
export const urlOf = (route: RouteDefinition, fixture: RouteFixture): string =>
  fillPath(route.path, fixture.params) + queryString(fixture.query);

/** Ids and aliases of the seeded demo catalog, looked up once per app. */
export interface Catalog {
  brand: { id: string; alias: string };
  product: { id: string; alias: string };
  category: { id: string; alias: string };
  ingredient: { id: string; alias: string };
  unit: { id: string; alias: string };
  group: string;
  /** Published products (the first 100), with their brand. */
  products: Array<{ id: string; alias: string; name: string; brand: string }>;
  /** A product with retailer offers. */
  offered: string;
}

export interface FixtureContext {
  t: TestApp;
  /**
   * The user the fixture is for: the caller of `user` routes, the owner of the resource of
   * `owner` routes, and the user whose data `/users/...` reads show.
   */
  me: Caller;
  catalog: Catalog;
  /** An admin that fixtures use to set things up (e.g. hand a brand to `me`). */
  admin(): Promise<Caller>;
  /** A fresh suffix of lowercase letters and digits, for values that must be unique. */
  unique(): string;
}

type FixtureBuilder = (ctx: FixtureContext) => Promise<RouteFixture>;

interface FixtureSpec {
  build: FixtureBuilder;
  /** For `owner` routes: the user type an owner of the resource has (member by default). */
  ownerType?: UserTypeName;
}

/** An ingredient list with matched entries and one that matches nothing (for proposals). */
export const FIXTURE_LIST = 'Ingredients: Aqua (Water), Glycerin, Niacinamide 5%, Phenoxyethanol, Qwertzuiop Blossom Extract.';
export const FIXTURE_UNMATCHED = 'Qwertzuiop Blossom Extract';

async function ok(response: LightMyRequestResponse, what: string, status = 200): Promise<unknown> {
  if (response.statusCode !== status) throw new Error(`Fixture setup: ${what} answered ${response.statusCode}: ${response.body.slice(0, 500)}`);
  return status === 204 ? null : response.json();
}

/** A new analysis (anonymous unless a caller is given): its token. */
export async function analyze(t: TestApp, caller?: Caller, list = FIXTURE_LIST): Promise<string> {
  const body = await ok(await t.inject({ method: 'POST', url: '/analyze/ingredient_list', payload: { ingredient_list: list }, token: caller?.token }), 'POST /analyze/ingredient_list', 201);
  return (body as { token: string }).token;
}

/** Sets the caller's feeling on an ingredient: the feeling's id. */
export async function feel(t: TestApp, caller: Caller, ingredient: string, sentiment: 'positive' | 'negative' = 'positive'): Promise<string> {
  const body = await ok(await t.inject({ method: 'PUT', url: `/ingredients/${ingredient}/feeling/${sentiment}`, token: caller.token }), 'PUT feeling');
  return (body as { id: string }).id;
}

/** The caller favours a product. */
export async function favour(t: TestApp, caller: Caller, product: string): Promise<void> {
  await ok(await t.inject({ method: 'POST', url: `/products/${product}/favorite`, token: caller.token }), 'POST favorite');
}

/** `who` follows `whom` (idempotent). */
export async function follows(t: TestApp, who: Caller, whom: Caller): Promise<void> {
  await ok(await t.inject({ method: 'POST', url: `/users/${whom.id}/follow`, token: who.token }), 'POST /users/:id/follow');
}

/** The token of an e-mail-change link for `me`, as the e-mail would carry it. */
export async function emailToken(t: TestApp, me: Caller, email: string): Promise<string> {
  const em = t.em();
  const user = await em.findOneOrFail(User, { id: me.id });
  return (await issueEmailToken({ em }, user, 'email_change', email)).token;
}

/** An admin hands a brand to `me` (a brand user) through PATCH /brands/:id_or_alias/transfer_ownership. */
async function handBrandTo(ctx: FixtureContext, brand: string): Promise<void> {
  await ok(await ctx.t.inject({ method: 'PATCH', url: `/brands/${brand}/transfer_ownership`, payload: { to: ctx.me.id }, token: (await ctx.admin()).token }), 'transfer_ownership');
}

const draftBody = (ctx: FixtureContext, brand: string) => {
  const u = ctx.unique();
  return { name: `Fixture serum ${u}`, brand, ingredient_list: FIXTURE_LIST, category: ctx.catalog.category.alias, description: 'Made by a route fixture.', size_amount: 30, size_unit: 'ml' };
};

/** A new draft product of a brand, added by `author` (a moderator, an admin or the brand's owner). */
async function createDraft(ctx: FixtureContext, brand: string, author: Caller): Promise<{ id: string; alias: string }> {
  return (await ok(await ctx.t.inject({ method: 'POST', url: '/products/create', payload: draftBody(ctx, brand), token: author.token }), 'POST /products/create', 201)) as { id: string; alias: string };
}

/** A small PNG, base64: what the image routes take in a JSON body. */
let fixturePng: Promise<string> | null = null;
export function fixtureImage(): Promise<string> {
  fixturePng ??= import('sharp').then(async ({ default: sharp }) =>
    (await sharp({ create: { width: 64, height: 48, channels: 3, background: '#d9a066' } }).png().toBuffer()).toString('base64'));
  return fixturePng;
}

const productDraftBody = (ctx: FixtureContext) => ({
  name: `Fixture cream ${ctx.unique()}`, brand: ctx.catalog.brand.alias, ingredient_list: FIXTURE_LIST, category: ctx.catalog.category.alias,
  description: 'Submitted by a route fixture.', barcode: fixtureBarcode(),
});

/** A fresh valid EAN-13 (GS1 check digit computed), so approved drafts never share one. */
let barcodeCounter = 0;
function fixtureBarcode(): string {
  const body = `29${String(Date.now() % 1e6).padStart(6, '0')}${String(++barcodeCounter % 1e4).padStart(4, '0')}`;
  const sum = [...body].reverse().reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** A pending product draft submitted by `author`: its id. */
async function createProductDraft(ctx: FixtureContext, author: Caller): Promise<string> {
  const body = await ok(await ctx.t.inject({ method: 'POST', url: '/product_drafts/create', payload: productDraftBody(ctx), token: author.token }), 'POST /product_drafts/create', 201);
  return (body as { id: string }).id;
}

const facetBody = (ctx: FixtureContext) => {
  const u = ctx.unique();
  return { name: `Fixture facet ${u}`, alias: `fixture-facet-${u}`, parameter: 'free_of', values: [{ value: 'fragrance', label: 'Fragrance' }], position: 900 };
};

const statsBody = () => {
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  return { from: day(14), to: day(1), time_zone: 'Europe/Paris' };
};

const catalogs = new WeakMap<TestApp, Promise<Catalog>>();

export function catalogOf(t: TestApp): Promise<Catalog> {
  let found = catalogs.get(t);
  if (!found) {
    found = (async () => {
      const page = async <T>(url: string) => {
        const body = (await ok(await t.inject({ method: 'GET', url }), `GET ${url}`)) as { items: T[] };
        if (!body.items.length) throw new Error(`Fixture setup: GET ${url} is empty (is the demo catalog seeded?)`);
        return body.items;
      };
      const first = async (url: string) => {
        const [item] = await page<{ id: string; alias: string }>(url);
        return { id: item.id, alias: item.alias };
      };
      const ingredient = (await ok(await t.inject({ method: 'GET', url: '/ingredients/glycerin' }), 'GET /ingredients/glycerin')) as { id: string; alias: string };
      const products = (await page<{ id: string; alias: string; name: string; brand: { alias: string } }>('/products?limit=100'))
        .map((p) => ({ id: p.id, alias: p.alias, name: p.name, brand: p.brand.alias }));
      let offered: string | null = null;
      for (const p of products.slice(0, 30)) {
        const offers = (await ok(await t.inject({ method: 'GET', url: `/buy/${p.alias}` }), 'GET /buy/:id_or_alias')) as { items: unknown[] };
        if (offers.items.length) {
          offered = p.alias;
          break;
        }
      }
      if (!offered) throw new Error('Fixture setup: none of the first 30 products has retailer offers');
      return {
        brand: await first('/brands?limit=1'),
        product: { id: products[0].id, alias: products[0].alias },
        category: await first('/product_categories?limit=1'),
        unit: await first('/unit_of_measurements?limit=1'),
        ingredient: { id: ingredient.id, alias: ingredient.alias },
        group: (await first('/analyze/ingredient_groups')).alias,
        products,
        offered,
      };
    })();
    catalogs.set(t, found);
  }
  return found;
}

const fixtureAdmins = new WeakMap<TestApp, Promise<Caller>>();
const fixtureAdmin = (t: TestApp): Promise<Caller> => {
  let admin = fixtureAdmins.get(t);
  if (!admin) {
    admin = makeCaller(t, 'fixture-admin', 'admin');
    fixtureAdmins.set(t, admin);
  }
  return admin;
};

let counter = 0;
const uniqueSuffix = (): string => `${(++counter).toString(36)}${Math.random().toString(36).slice(2, 8)}`.replace(/[^a-z0-9]/g, '');

/** Products (and their brands) handed out in turn to owners, from the 2nd on. */
let ownedProduct = 0;
const nextOwnedProduct = (catalog: Catalog) => catalog.products[1 + (ownedProduct++ % Math.max(1, Math.floor(catalog.products.length / 2) - 1))];

const none = (params: Record<string, string> = {}): RouteFixture => ({ params });

// Content fixtures: ingredient opinions, product tutorials, product pitches.

/** A fixture user of a type, shared by the fixtures of one app (created on first use). */
const fixtureUsers = new WeakMap<TestApp, Map<string, Promise<Caller>>>();
function fixtureUser(t: TestApp, username: string, type: UserTypeName): Promise<Caller> {
  let users = fixtureUsers.get(t);
  if (!users) fixtureUsers.set(t, (users = new Map()));
  let user = users.get(username);
  if (!user) users.set(username, (user = makeCaller(t, username, type)));
  return user;
}

/** A new opinion by `author` (an expert by default): its uuid and first entry's uuid. */
export async function writeOpinion(t: TestApp, author: Caller | null, ingredient = 'glycerin', text = 'Glycerin draws water into the skin. #humectant #fixture'): Promise<{ id: string; current_entry_id: string }> {
  const by = author ?? (await fixtureUser(t, 'fixture-expert', 'expert'));
  return (await ok(await t.inject({ method: 'POST', url: '/ingredient_opinions/create', payload: { ingredient, text }, token: by.token }), 'POST /ingredient_opinions/create', 201)) as { id: string; current_entry_id: string };
}

/** Another expert endorses an opinion through GraphQL (no REST path is specified for it). */
export async function endorse(t: TestApp, opinion: string, by?: Caller): Promise<void> {
  const endorser = by ?? (await fixtureUser(t, 'fixture-endorser', 'expert'));
  const response = await t.inject({ method: 'POST', url: '/graphql', token: endorser.token, payload: { query: 'mutation($u: String!) { endorseIngredientOpinion(opinionUuid: $u) { id } }', variables: { u: opinion } } });
  const body = response.json() as { errors?: unknown };
  if (response.statusCode !== 200 || body.errors) throw new Error(`Fixture setup: endorseIngredientOpinion answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
}

/** A new tutorial of a product by `author`: a draft, or published; with instructions and a media URL when asked. */
export async function writeTutorial(t: TestApp, author: Caller, product: string, options: { publish?: boolean; instructions?: number; mediaUrl?: string } = {}): Promise<{ id: string; instructions: string[] }> {
  const created = (await ok(await t.inject({ method: 'POST', url: '/product_tutorials/create', payload: { product, title: 'How to apply it', frequency: 'daily', time_of_day: 'pm' }, token: author.token }), 'POST /product_tutorials/create', 201)) as { id: string };
  const instructions: string[] = [];
  for (let i = 1; i <= (options.instructions ?? 0); i++) {
    const made = await ok(await t.inject({ method: 'POST', url: `/product_tutorials/${created.id}/product_tutorial_instructions/create`, payload: { text: `Step ${i}` }, token: author.token }), 'POST instruction', 201);
    instructions.push((made as { id: string }).id);
  }
  if (options.mediaUrl) await ok(await t.inject({ method: 'PATCH', url: `/product_tutorials/${created.id}/set_media_url`, payload: { media_url: options.mediaUrl }, token: author.token }), 'PATCH set_media_url');
  if (options.publish) await ok(await t.inject({ method: 'PATCH', url: `/product_tutorials/${created.id}/publish`, token: author.token }), 'PATCH publish');
  return { id: created.id, instructions };
}

/** A product handed to `owner` (a brand user) with the id of an ingredient it contains. */
async function ownedProductFor(ctx: FixtureContext, owner: Caller): Promise<{ alias: string; ingredient: string }> {
  const product = nextOwnedProduct(ctx.catalog);
  await ok(await ctx.t.inject({ method: 'PATCH', url: `/brands/${product.brand}/transfer_ownership`, payload: { to: owner.id }, token: (await ctx.admin()).token }), 'transfer_ownership');
  const detail = (await ok(await ctx.t.inject({ method: 'GET', url: `/products/${product.alias}` }), 'GET product')) as { ingredients: Array<{ ingredient: { id: string } | null }> };
  const ingredient = detail.ingredients.find((i) => i.ingredient)?.ingredient?.id;
  if (!ingredient) throw new Error(`Fixture setup: product ${product.alias} has no matched ingredient`);
  return { alias: product.alias, ingredient };
}

/** A new pitch by `owner` (a brand user who is handed the product's brand), with an opinion it may attach. */
async function writePitch(ctx: FixtureContext, owner: Caller): Promise<{ id: string; opinion: string }> {
  const product = await ownedProductFor(ctx, owner);
  const pitch = (await ok(await ctx.t.inject({ method: 'POST', url: '/product_pitches/create', payload: { product: product.alias, step_types: ['treat', 'moisturise'] }, token: owner.token }), 'POST /product_pitches/create', 201)) as { id: string };
  return { id: pitch.id, opinion: (await writeOpinion(ctx.t, null, product.ingredient, 'Fixture opinion #pitch')).id };
}

async function attach(ctx: FixtureContext, owner: Caller, pitch: string, opinion: string): Promise<void> {
  await ok(await ctx.t.inject({ method: 'PATCH', url: `/product_pitches/${pitch}/add_ingredient_opinion`, payload: { opinion_uuid: opinion }, token: owner.token }), 'add_ingredient_opinion');
}

/** Every route of the table, keyed "METHOD /path". */
export const routeFixtures: Record<string, FixtureBuilder | FixtureSpec> = {
  // Analyze
  'POST /analyze/ingredient_list': async () => ({ params: {}, body: { ingredient_list: FIXTURE_LIST } }),
  'GET /analyze/ingredient_groups': async () => none(),
  'GET /analyze/ingredient_group': async ({ catalog }) => ({ params: {}, query: { group: catalog.group, limit: '5' } }),
  // A fresh anonymous analysis: anyone may claim it once.
  'PATCH /analyze/claim/:token': async ({ t }) => none({ token: await analyze(t) }),
  'GET /analyze/shared/:token': async ({ t }) => none({ token: await analyze(t) }),
  'GET /analyze/:token/categorize': async ({ t }) => none({ token: await analyze(t) }),
  'GET /analyze/:token/missing_ingredients': async ({ t }) => none({ token: await analyze(t) }),
  'GET /analyze/:token/skin_calc': async ({ t }) => none({ token: await analyze(t) }),
  'GET /analyze/:token/rules': async ({ t }) => none({ token: await analyze(t) }),
  'GET /analyze/:token/similar_products': async ({ t }) => ({ params: { token: await analyze(t) }, query: { limit: '3' } }),
  'POST /analyze/extract_label': async () => ({ params: {}, body: { text: `Hydrating serum 30 ml\n${FIXTURE_LIST}\nMade in France.` } }),
  'POST /analyze/effects': async () => ({ params: {}, body: { ingredient_list: FIXTURE_LIST } }),
  'GET /analyze/:token/ingredient_feelings': async ({ t, me }) => {
    await feel(t, me, 'glycerin');
    return none({ token: await analyze(t, me) });
  },
  'GET /analyze/:token/personalize': async ({ t, me }) => none({ token: await analyze(t, me) }),

  // Ingredient matchers
  'GET /:token/suggested_category': async ({ t }) => none({ token: await analyze(t) }),
  // A fresh analysis each time, so the proposal is never a duplicate (409).
  'POST /:token': async ({ t }) => ({ params: { token: await analyze(t) }, body: { input: FIXTURE_UNMATCHED, ingredient: 'glycerin' } }),

  // Ingredients
  'GET /ingredients': async () => ({ params: {}, query: { search: 'glycer', limit: '5' } }),
  'POST /ingredients/create': async ({ unique }) => {
    const u = unique();
    return { params: {}, body: { name: `Fixturamide ${u}`, alias: `fixturamide-${u}`, functions: ['humectant'], description: 'Made by a route fixture.' } };
  },
  'POST /ingredients/:id_or_alias/submit_feedback': async () => ({ params: { id_or_alias: 'niacinamide' }, body: { kind: 'other', message: 'Feedback from a route fixture' } }),
  'GET /ingredients/:id_or_alias/products': async ({ catalog }) => ({ params: { id_or_alias: catalog.ingredient.alias }, query: { limit: '3' } }),
  'GET /ingredients/:id_or_alias': async ({ catalog }) => none({ id_or_alias: catalog.ingredient.id }),

  // Ingredient feelings
  'PUT /ingredients/:id_or_alias/feeling/positive': async () => none({ id_or_alias: 'glycerin' }),
  'PUT /ingredients/:id_or_alias/feeling/negative': async () => none({ id_or_alias: 'niacinamide' }),
  'DELETE /ingredients/:id_or_alias/feeling': async ({ t, me }) => {
    await feel(t, me, 'water');
    return none({ id_or_alias: 'water' });
  },
  'GET /ingredient_feelings/:id': async ({ t, me }) => none({ id: await feel(t, me, 'glycerin') }),

  // Brands
  'GET /brands': async () => ({ params: {}, query: { limit: '5' } }),
  'GET /brands/:id_or_alias': async ({ catalog }) => none({ id_or_alias: catalog.brand.alias }),
  'GET /brands/:id_or_alias/products': async ({ catalog }) => ({ params: { id_or_alias: catalog.brand.id }, query: { limit: '3' } }),
  // The brand of a product is handed to `me` (a brand user) by an admin.
  'PATCH /brands/:id_or_alias': {
    ownerType: 'brand',
    build: async (ctx) => {
      const brand = nextOwnedProduct(ctx.catalog).brand;
      await handBrandTo(ctx, brand);
      return { params: { id_or_alias: brand }, body: { description: 'Changed by a route fixture.', website: 'https://brand.example', founded: 2001, country: 'FR' }, strangerStatus: 403 };
    },
  },
  'PATCH /brands/:id_or_alias/transfer_ownership': {
    ownerType: 'brand',
    build: async (ctx) => {
      const brand = nextOwnedProduct(ctx.catalog).brand;
      await handBrandTo(ctx, brand);
      const heir = await makeCaller(ctx.t, 'fixture-brand-heir', 'brand');
      return { params: { id_or_alias: brand }, body: { to: heir.username }, strangerStatus: 403 };
    },
  },

  // Product categories
  'GET /product_categories': async () => ({ params: {}, query: { limit: '5' } }),
  'GET /product_categories/:id_or_alias': async ({ catalog }) => none({ id_or_alias: catalog.category.alias }),
  'GET /product_categories/:id_or_alias/products': async ({ catalog }) => ({ params: { id_or_alias: catalog.category.alias }, query: { limit: '3' } }),
  'GET /product_categories/:id_or_alias/best_in': async ({ catalog }) => none({ id_or_alias: catalog.category.alias }),

  // Breadcrumbs
  'GET /breadcrumbs/product_category/:id_or_alias': async ({ catalog }) => none({ id_or_alias: catalog.category.id }),
  'GET /breadcrumbs/product/:id_or_alias': async ({ catalog }) => none({ id_or_alias: catalog.product.alias }),

  // Census
  'GET /census/countries': async () => ({ params: {}, query: { search: 'fra', limit: '5' } }),

  // Products
  'GET /products': async () => ({ params: {}, query: { limit: '3', free_of: 'fragrance' } }),
  'GET /products/recent': async () => ({ params: {}, query: { limit: '3' } }),
  'GET /products/lookup': async ({ catalog }) => ({ params: {}, query: { brand: catalog.products[0].brand, name: catalog.products[0].name } }),
  'GET /products/:id_or_alias': async ({ catalog }) => none({ id_or_alias: catalog.product.alias }),
  'GET /products/:id_or_alias/analysis': async ({ catalog }) => none({ id_or_alias: catalog.product.alias }),
  'GET /products/:id_or_alias/effects': async ({ catalog }) => none({ id_or_alias: catalog.product.id }),
  'GET /products/:id_or_alias/similar': async ({ catalog }) => ({ params: { id_or_alias: catalog.product.alias }, query: { limit: '3' } }),
  // A new draft of a brand `me` owns; drafts are hidden from strangers: NOT_FOUND.
  'PATCH /products/:id_or_alias/publish': {
    ownerType: 'brand',
    build: async (ctx) => {
      const brand = nextOwnedProduct(ctx.catalog).brand;
      await handBrandTo(ctx, brand);
      return { params: { id_or_alias: (await createDraft(ctx, brand, ctx.me)).alias }, strangerStatus: 404 };
    },
  },
  'PATCH /products/:id_or_alias/attest_brand': {
    ownerType: 'brand',
    build: async (ctx) => {
      const product = nextOwnedProduct(ctx.catalog);
      await handBrandTo(ctx, product.brand);
      return { params: { id_or_alias: product.alias }, strangerStatus: 403 };
    },
  },
  // A draft made for the purpose by an admin.
  'DELETE /products/:id': async (ctx) => none({ id: (await createDraft(ctx, ctx.catalog.brand.alias, await ctx.admin())).id }),
  // Brand users add products of their own brands: `me` is handed one when a brand user.
  'POST /products/create': async (ctx) => {
    const brand = nextOwnedProduct(ctx.catalog).brand;
    if (ctx.me.type === 'brand') await handBrandTo(ctx, brand);
    return { params: {}, body: draftBody(ctx, brand) };
  },
  'GET /products/:id_or_alias/routine_candidates': async ({ catalog }) => none({ id_or_alias: catalog.product.alias }),
  'GET /my/products': async () => ({ params: {}, query: { limit: '5' } }),

  // Favourites
  'GET /products/favorite_lookup': async ({ t, me, catalog }) => {
    await favour(t, me, catalog.product.alias);
    return { params: {}, query: { ids: `${catalog.product.alias},${catalog.products[1].id}` } };
  },
  'POST /products/:id_or_alias/favorite': async ({ catalog }) => none({ id_or_alias: catalog.product.alias }),
  'DELETE /products/:id_or_alias/favorite': async ({ t, me, catalog }) => {
    await favour(t, me, catalog.products[1].alias);
    return none({ id_or_alias: catalog.products[1].id });
  },
  'GET /my/favorite_products': async ({ t, me, catalog }) => {
    await favour(t, me, catalog.product.alias);
    return { params: {}, query: { limit: '5' } };
  },
  'GET /user/:id_or_username/favorite_products': async ({ t, me, catalog }) => {
    await favour(t, me, catalog.product.alias);
    return { params: { id_or_username: me.username }, query: { limit: '5' } };
  },

  // Buy
  'GET /buy/:id_or_alias': async ({ catalog }) => none({ id_or_alias: catalog.offered }),
  'GET /buy/:id_or_alias/retailer': async ({ catalog }) => none({ id_or_alias: catalog.offered }),

  // Sitemaps
  'GET /sitemap/products': async () => none(),
  'GET /sitemap/ingredients': async () => none(),

  // My
  'GET /my/ingredient_analyses': async () => ({ params: {}, query: { limit: '5' } }),
  'GET /my/ingredient_feedback': async () => ({ params: {}, query: { limit: '5' } }),
  'GET /my/ingredient_feedback/:ingredient_id_or_alias': async () => none({ ingredient_id_or_alias: 'niacinamide' }),
  'GET /my/user': async () => none(),
  'GET /my/ingredient_feelings': async () => ({ params: {}, query: { limit: '5' } }),
  'GET /my/ingredient_feelings/positive': async () => none(),
  'GET /my/ingredient_feelings/negative': async () => none(),
  // NOT_FOUND when the caller has no feeling on it: make one.
  'GET /my/ingredient_feelings/:ingredient_id_or_alias': async ({ t, me }) => {
    await feel(t, me, 'glycerin');
    return none({ ingredient_id_or_alias: 'glycerin' });
  },

  // Users
  'GET /users/:id_or_username': async ({ me }) => none({ id_or_username: me.username }),
  'GET /users/:id_or_username/ingredient_feelings': async ({ t, me }) => {
    await feel(t, me, 'glycerin');
    return { params: { id_or_username: me.id }, query: { sentiment: 'positive' } };
  },
  'GET /users/:id_or_username/ingredient_feelings/:ingredient_id_or_alias': async ({ t, me }) => {
    await feel(t, me, 'glycerin');
    return none({ id_or_username: me.username, ingredient_id_or_alias: 'glycerin' });
  },
  // The user exists, so a stranger learns nothing new: FORBIDDEN.
  'PATCH /users/:id/skin_profile': async ({ me }) => ({ params: { id: me.id }, body: { skin_type: 'oily', concerns: ['acne'], pregnant: false, feelings_public: true }, strangerStatus: 403 }),
  'GET /users/:id/brands': async ({ me }) => none({ id: me.id }),

  // Articles
  'GET /articles': async () => ({ params: {}, query: { limit: '5' } }),
  'GET /articles/:id_or_alias': async ({ t }) => {
    const page = (await ok(await t.inject({ method: 'GET', url: '/articles?limit=1' }), 'GET /articles')) as { items: Array<{ alias: string }> };
    if (!page.items.length) throw new Error('Fixture setup: no article is seeded');
    return none({ id_or_alias: page.items[0].alias });
  },

  // Featured
  'GET /featured': async () => none(),

  // Facets
  'GET /facets': async () => ({ params: {}, query: { limit: '5' } }),
  'GET /facets/:id': async ({ t }) => {
    const page = (await ok(await t.inject({ method: 'GET', url: '/facets?limit=1' }), 'GET /facets')) as { items: Array<{ alias: string }> };
    if (!page.items.length) throw new Error('Fixture setup: no facet is seeded');
    return none({ id: page.items[0].alias });
  },
  // A facet made for the purpose, so the seeded ones stay as they are.
  'PATCH /facets/update/:id': async (ctx) => {
    const created = (await ok(await ctx.t.inject({ method: 'POST', url: '/facets/create', payload: facetBody(ctx), token: (await ctx.admin()).token }), 'POST /facets/create', 201)) as { id: string };
    return { params: { id: created.id }, body: { name: `Renamed facet ${ctx.unique()}`, position: 901, values: [{ value: 'parabens', label: 'Parabens' }] } };
  },
  'POST /facets/create': async (ctx) => ({ params: {}, body: facetBody(ctx) }),

  // Stats (queries sent as POST with a JSON body)
  'POST /stats/analyze/created_per_day': async () => ({ params: {}, body: statsBody() }),
  'POST /stats/product_buy_clicks/created_per_day': async () => ({ params: {}, body: statsBody() }),
  'POST /stats/products/created_per_day': async () => ({ params: {}, body: statsBody() }),
  'POST /stats/product_tutorials/created_per_day': async () => ({ params: {}, body: statsBody() }),
  'POST /stats/ingredient_opinions/created_per_day': async () => ({ params: {}, body: statsBody() }),
  'POST /stats/routines/created_per_day': async () => ({ params: {}, body: statsBody() }),
  'POST /stats/users/created_per_day': async () => ({ params: {}, body: statsBody() }),

  // Unit of measurements
  'GET /unit_of_measurements': async () => ({ params: {}, query: { limit: '5' } }),
  'POST /unit_of_measurements/create': async ({ unique }) => {
    const u = unique();
    return { params: {}, body: { alias: `fx-${u}`, name: `Fixture drop ${u}`, symbol: `fx${u}`.slice(0, 20), kind: 'volume', to_base: 0.05 } };
  },
  'GET /unit_of_measurements/:id': async ({ catalog }) => none({ id: catalog.unit.id }),

  // ==== Catalog: product drafts, product images, search, compare (catalog helper)
  'POST /products/search': async () => ({ params: {}, body: { query: 'e', include_ingredients: ['water'], exclude_ingredients: ['alcohol-denat'], free_of: ['fragrance'], limit: 5 } }),
  // The product's brand is handed to `me` (a brand user) by an admin.
  'PATCH /products/:id_or_alias/product_image': {
    ownerType: 'brand',
    build: async (ctx) => {
      const product = nextOwnedProduct(ctx.catalog);
      await handBrandTo(ctx, product.brand);
      return { params: { id_or_alias: product.alias }, body: { image: await fixtureImage() }, strangerStatus: 403 };
    },
  },
  'DELETE /products/:id_or_alias/product_image': {
    ownerType: 'brand',
    build: async (ctx) => {
      const product = nextOwnedProduct(ctx.catalog);
      await handBrandTo(ctx, product.brand);
      await ok(await ctx.t.inject({ method: 'PATCH', url: `/products/${product.alias}/product_image`, payload: { image: await fixtureImage() }, token: (await ctx.admin()).token }), 'PATCH product_image');
      return { params: { id_or_alias: product.alias }, strangerStatus: 403 };
    },
  },
  'PATCH /users/:id/profile_picture': async ({ me }) => ({ params: { id: me.id }, body: { image: await fixtureImage() }, strangerStatus: 403 }),
  'DELETE /users/:id/profile_picture': async ({ t, me }) => {
    await ok(await t.inject({ method: 'PATCH', url: `/users/${me.id}/profile_picture`, payload: { image: await fixtureImage() }, token: me.token }), 'PATCH profile_picture');
    return { params: { id: me.id }, strangerStatus: 403 };
  },
  'GET /product_drafts': async () => ({ params: {}, query: { status: 'pending', limit: '5' } }),
  'POST /product_drafts/create': async (ctx) => ({ params: {}, body: productDraftBody(ctx) }),
  'POST /product_drafts/update': async (ctx) => ({ params: {}, body: { id: await createProductDraft(ctx, ctx.me), name: `Renamed draft ${ctx.unique()}`, barcode: fixtureBarcode() } }),
  'POST /product_drafts/auto_classify': async ({ catalog }) => ({ params: {}, body: { name: `${catalog.products[0].brand} ${catalog.products[0].name}`, ingredient_list: FIXTURE_LIST } }),
  // `me` is a moderator or an admin; the draft is another user's.
  'POST /product_drafts/approve': async (ctx) => ({ params: {}, body: { id: await createProductDraft(ctx, await makeCaller(ctx.t, 'fixture-draft-author')) } }),
  'GET /product_drafts/:id': async (ctx) => ({ params: { id: await createProductDraft(ctx, ctx.me) }, strangerStatus: 404 }),
  'DELETE /product_drafts/:id': async (ctx) => ({ params: { id: await createProductDraft(ctx, ctx.me) }, strangerStatus: 404 }),
  'PATCH /product_drafts/:id/product_image': async (ctx) => ({ params: { id: await createProductDraft(ctx, ctx.me) }, body: { image: await fixtureImage() }, strangerStatus: 404 }),
  'GET /my/product_drafts/authored': async (ctx) => {
    await createProductDraft(ctx, ctx.me);
    return { params: {}, query: { limit: '5' } };
  },
  'GET /my/product_drafts/reviewed': async () => ({ params: {}, query: { limit: '5' } }),
  'POST /compare/expand': async ({ t, catalog }) => ({ params: {}, body: { items: [catalog.products[0].alias, catalog.products[2].id, await analyze(t)] } }),
  'POST /compare/share': async ({ catalog }) => ({ params: {}, body: { items: [catalog.products[0].alias, catalog.products[3].alias] } }),
  'GET /compare/shared/:token': async ({ t, catalog }) => {
    const shared = (await ok(await t.inject({ method: 'POST', url: '/compare/share', payload: { items: [catalog.products[0].alias, catalog.products[4].alias] } }), 'POST /compare/share', 201)) as { token: string };
    return none({ token: shared.token });
  },
  'GET /sitemap/comparisons': async () => none(),


  // ==== Content: ingredient opinions, product tutorials, product pitches (content helper)
  // Ingredient opinions (written by experts; the fixture expert where `me` may be a member)
  'POST /ingredient_opinions/create': async () => ({ params: {}, body: { ingredient: 'glycerin', text: 'A humectant that suits every skin type. #humectant' } }),
  'PATCH /ingredient_opinions/:opinion_uuid': { ownerType: 'expert', build: async ({ t, me }) => ({ params: { opinion_uuid: (await writeOpinion(t, me)).id }, body: { text: 'Edited by a route fixture. #edited' }, strangerStatus: 403 }) },
  'DELETE /ingredient_opinions/:opinion_uuid': { ownerType: 'expert', build: async ({ t, me }) => ({ params: { opinion_uuid: (await writeOpinion(t, me)).id }, strangerStatus: 403 }) },
  'GET /ingredient_opinions/:opinion_uuid/current': async ({ t }) => none({ opinion_uuid: (await writeOpinion(t, null)).id }),
  'GET /ingredient_opinions/:opinion_uuid/history': async ({ t }) => ({ params: { opinion_uuid: (await writeOpinion(t, null)).id }, query: { limit: '5' } }),
  'GET /ingredient_opinions/entry/:entry_uuid': async ({ t }) => none({ entry_uuid: (await writeOpinion(t, null)).current_entry_id }),
  'GET /ingredient_opinions/hashtag/:hashtag': async ({ t }) => {
    await writeOpinion(t, null);
    return { params: { hashtag: 'Humectant' }, query: { limit: '5' } };
  },
  'GET /ingredients/:id_or_alias/endorsed_opinions': async ({ t }) => {
    await endorse(t, (await writeOpinion(t, null, 'niacinamide', 'Niacinamide calms redness. #niacinamide')).id);
    return { params: { id_or_alias: 'niacinamide' }, query: { limit: '5' } };
  },
  'GET /ingredients/:id_or_alias/featured_opinion': async ({ t }) => {
    await endorse(t, (await writeOpinion(t, null, 'niacinamide', 'Niacinamide calms redness. #niacinamide')).id);
    return none({ id_or_alias: 'niacinamide' });
  },
  'GET /my/ingredient_opinions': async () => ({ params: {}, query: { limit: '5' } }),
  'GET /my/ingredient_opinions/:ingredient_id_or_alias': async () => ({ params: { ingredient_id_or_alias: 'glycerin' }, query: { limit: '5' } }),
  'GET /users/:id_or_username/ingredient_opinions': async ({ t }) => ({ params: { id_or_username: (await fixtureUser(t, 'fixture-expert', 'expert')).username }, query: { limit: '5' } }),

  // Product tutorials (drafts are hidden from strangers: NOT_FOUND)
  'GET /product_tutorials': async () => ({ params: {}, query: { limit: '5' } }),
  'POST /product_tutorials/create': async ({ catalog }) => ({ params: {}, body: { product: catalog.product.alias, title: 'Fixture tutorial', description: 'Made by a route fixture.', frequency: 'daily', time_of_day: 'am' } }),
  'GET /product_tutorials/:id': async ({ t, me, catalog }) => none({ id: (await writeTutorial(t, me, catalog.product.alias, { publish: true, instructions: 1 })).id }),
  'GET /product_tutorials/:id/product_tutorial_instructions': async ({ t, me, catalog }) => ({ params: { id: (await writeTutorial(t, me, catalog.product.alias, { publish: true, instructions: 2 })).id }, query: { limit: '5' } }),
  'POST /product_tutorials/:id/product_tutorial_instructions/create': async ({ t, me, catalog }) => ({ params: { id: (await writeTutorial(t, me, catalog.product.alias)).id }, body: { text: 'Apply two drops.' }, strangerStatus: 404 }),
  'DELETE /product_tutorials/:id/product_tutorial_instructions/:instruction_id': async ({ t, me, catalog }) => {
    const tutorial = await writeTutorial(t, me, catalog.product.alias, { instructions: 2 });
    return { params: { id: tutorial.id, instruction_id: tutorial.instructions[0] }, strangerStatus: 404 };
  },
  'GET /product_tutorials/:id/product_tutorial_warnings': async ({ t, me, catalog }) => ({ params: { id: (await writeTutorial(t, me, catalog.product.alias, { publish: true })).id }, query: { limit: '5' } }),
  'POST /product_tutorials/:id/product_tutorial_warnings/create': async ({ t, me, catalog }) => ({ params: { id: (await writeTutorial(t, me, catalog.product.alias)).id }, body: { text: 'Patch test first.' }, strangerStatus: 404 }),
  'DELETE /product_tutorials/:id/product_tutorial_warnings/:warning_id': async ({ t, me, catalog }) => {
    const tutorial = await writeTutorial(t, me, catalog.product.alias);
    const warning = (await ok(await t.inject({ method: 'POST', url: `/product_tutorials/${tutorial.id}/product_tutorial_warnings/create`, payload: { text: 'Avoid the eyes.' }, token: me.token }), 'POST warning', 201)) as { id: string };
    return { params: { id: tutorial.id, warning_id: warning.id }, strangerStatus: 404 };
  },
  'PATCH /product_tutorials/:id/publish': async ({ t, me, catalog }) => ({ params: { id: (await writeTutorial(t, me, catalog.product.alias, { instructions: 1 })).id }, strangerStatus: 404 }),
  'PATCH /product_tutorials/:id/set_general_info': async ({ t, me, catalog }) => ({ params: { id: (await writeTutorial(t, me, catalog.product.alias)).id }, body: { title: 'Renamed', description: 'Changed by a route fixture.', frequency: 'weekly', time_of_day: 'any' }, strangerStatus: 404 }),
  'PATCH /product_tutorials/:id/set_media_url': async ({ t, me, catalog }) => ({ params: { id: (await writeTutorial(t, me, catalog.product.alias)).id }, body: { media_url: 'https://video.example/how-to' }, strangerStatus: 404 }),
  'PATCH /product_tutorials/:id/set_quantity': async ({ t, me, catalog }) => ({ params: { id: (await writeTutorial(t, me, catalog.product.alias)).id }, body: { amount: 2, unit: catalog.unit.alias }, strangerStatus: 404 }),
  'GET /products/:id_or_alias/product_tutorials': async ({ catalog }) => ({ params: { id_or_alias: catalog.product.alias }, query: { limit: '5' } }),
  'GET /products/:id_or_alias/product_tutorials/featured': async ({ t, me, catalog }) => {
    await writeTutorial(t, me, catalog.products[2].alias, { publish: true, instructions: 1, mediaUrl: 'https://video.example/featured' });
    return none({ id_or_alias: catalog.products[2].alias });
  },
  'GET /my/product_tutorials': async () => ({ params: {}, query: { limit: '5' } }),
  'GET /users/:id_or_username/product_tutorials': async ({ me }) => ({ params: { id_or_username: me.username }, query: { limit: '5' } }),

  // Product pitches (by brand users who own the product's brand)
  'POST /product_pitches/create': async (ctx) => {
    const product = ctx.me.type === 'brand' ? (await ownedProductFor(ctx, ctx.me)).alias : ctx.catalog.product.alias;
    return { params: {}, body: { product, step_types: ['treat'], message: 'Made by a route fixture.' } };
  },
  'PATCH /product_pitches/:id/assign_affiliate': { ownerType: 'brand', build: async (ctx) => ({ params: { id: (await writePitch(ctx, ctx.me)).id }, body: { affiliate_url: 'https://shop.example/ref/fixture', affiliate_user: ctx.me.username }, strangerStatus: 403 }) },
  'PATCH /product_pitches/:id/add_ingredient_opinion': {
    ownerType: 'brand',
    build: async (ctx) => {
      const pitch = await writePitch(ctx, ctx.me);
      return { params: { id: pitch.id }, body: { opinion_uuid: pitch.opinion }, strangerStatus: 403 };
    },
  },
  'PATCH /product_pitches/:id/remove_ingredient_opinion': {
    ownerType: 'brand',
    build: async (ctx) => {
      const pitch = await writePitch(ctx, ctx.me);
      await attach(ctx, ctx.me, pitch.id, pitch.opinion);
      return { params: { id: pitch.id }, body: { opinion_uuid: pitch.opinion }, strangerStatus: 403 };
    },
  },
  'GET /product_pitches/:id/ingredient_opinions': async (ctx) => {
    const pitcher = await fixtureUser(ctx.t, 'fixture-pitcher', 'brand');
    const pitch = await writePitch(ctx, pitcher);
    await attach(ctx, pitcher, pitch.id, pitch.opinion);
    return { params: { id: pitch.id }, query: { limit: '5' } };
  },
  'GET /my/product_pitches': async () => ({ params: {}, query: { limit: '5' } }),

  // ==== People: users, following, survey, identity provider, e-mail (people helper)
  // Users
  'GET /users': async () => ({ params: {}, query: { limit: '5', user_type: 'member' } }),
  'GET /users/lookup': async ({ me }) => ({ params: {}, query: { username: me.username.slice(0, 4), limit: '5' } }),
  'GET /users/experts': async () => ({ params: {}, query: { limit: '5' } }),
  'PATCH /users/:id/identity/email': async ({ me, unique }) => ({ params: { id: me.id }, body: { email: `new-${unique()}@example.com` } }),
  // The token of a link as e-mailed, issued directly (the matrix's app logs mail instead of sending it).
  'PATCH /users/:id/identity/confirm_email_change': async ({ t, me, unique }) => ({ params: { id: me.id }, body: { token: await emailToken(t, me, `changed-${unique()}@example.com`) } }),
  // Its own name again: a valid change that keeps `me` findable by username.
  'PATCH /users/:id/identity/username': async ({ me }) => ({ params: { id: me.id }, body: { username: me.username } }),
  'GET /users/:id/skin_profile/survey': async ({ me }) => none({ id: me.id }),
  'GET /users/:id/skin_profile/unanswered': async ({ me }) => ({ params: { id: me.id }, query: { limit: '5' } }),
  'POST /users/:id/follow': async ({ admin }) => none({ id: (await admin()).username }),
  'DELETE /users/:id/unfollow': async ({ t, me, admin }) => {
    await follows(t, me, await admin());
    return none({ id: (await admin()).id });
  },
  'GET /users/:id/followed_by': async ({ t, me, admin }) => {
    await follows(t, await admin(), me);
    return { params: { id: me.id }, query: { limit: '5' } };
  },
  'GET /users/:id/following': async ({ t, me, admin }) => {
    await follows(t, me, await admin());
    return { params: { id: me.username }, query: { limit: '5' } };
  },
  'PATCH /users/:id/profile': async ({ me }) => ({ params: { id: me.id }, body: { display_name: 'Fixture Person', bio: 'Set by a route fixture.', country: 'FR' } }),
  'GET /users/:id/resend_verification_email': async ({ me }) => none({ id: me.id }),
  'PATCH /users/:id/user_type': async ({ t, unique }) => ({ params: { id: (await makeCaller(t, `fixture-typed-${unique()}`)).id }, body: { user_type: 'expert' } }),
  'POST /users/send_invite_link': async ({ unique }) => ({ params: {}, body: { email: `friend-${unique()}@example.com` } }),

  // My (people)
  'PATCH /my/user/supergroups': async () => ({ params: {}, body: { supergroups: ['acne', 'minimalists'] } }),
  'GET /my/followed_by': async ({ t, me, admin }) => {
    await follows(t, await admin(), me);
    return { params: {}, query: { limit: '5' } };
  },
  'GET /my/following': async ({ t, me, admin }) => {
    await follows(t, me, await admin());
    return { params: {}, query: { limit: '5' } };
  },
  'GET /my/compatibility/product/:id_or_alias': async ({ catalog }) => none({ id_or_alias: catalog.product.alias }),
  'GET /my/intake_decision': async () => none(),
  'PATCH /my/survey/active/intake_decision': async () => ({ params: {}, body: { decision: 'take' } }),
  'GET /my/survey/answered': async ({ t, me }) => {
    await ok(await t.inject({ method: 'POST', url: '/my/survey_answers', payload: { answers: [{ question: 'climate', values: ['temperate'] }] }, token: me.token }), 'POST /my/survey_answers', 201);
    return { params: {}, query: { limit: '5' } };
  },
  'GET /my/survey/unanswered': async () => ({ params: {}, query: { limit: '5' } }),
  'POST /my/survey_answers': async () => ({ params: {}, body: { answers: [{ question: 'skin_type', values: ['oily'] }, { question: 'concerns', values: ['acne', 'large_pores'] }] } }),
  'POST /my/survey_answers/reset': async () => none(),

  // Following: `me` follows the fixture admin, who likes glycerin.
  'GET /following/ingredient_feelings/positive': async ({ t, me, admin }) => {
    await follows(t, me, await admin());
    await feel(t, await admin(), 'glycerin', 'positive');
    return { params: {}, query: { limit: '5' } };
  },
  'GET /following/ingredient_feelings/negative': async ({ t, me, admin }) => {
    await follows(t, me, await admin());
    await feel(t, await admin(), 'niacinamide', 'negative');
    return { params: {}, query: { limit: '5' } };
  },

  // User relationships
  'GET /user_relationships/lookup': async ({ admin }) => ({ params: {}, query: { ids: `${(await admin()).id},${(await admin()).username},nobody-here` } }),

  // Identity-provider hook: a fresh, signed user.updated event (creates the subject's user).
  'POST /identity_provider': async ({ t, unique }) => {
    const u = unique();
    const secret = t.config.auth.idpWebhookSecret;
    return {
      params: {},
      body: { id: `evt-fixture-${u}`, type: 'user.updated', timestamp: new Date().toISOString(), user: { subject: `fixture-idp|${u}`, email: `idp-${u}@example.com`, email_verified: true, name: `Idp ${u}` } },
      sign: (text: string) => ({ 'x-signature': createHmac('sha256', secret).update(text, 'utf8').digest('hex') }),
    };
  },

  // ==== Routines and contests (routines helper)
  ...routineFixtures,

  // ==== Reaction detective and better alternatives (issue 18)
  ...reactionFixtures,
};

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
  if (!spec) throw new Error(`No fixture for ${routeKey(route)}: add one to test/helpers/route-fixtures.ts`);
  const fixture = await spec.build({ t, me, catalog: await catalogOf(t), admin: () => fixtureAdmin(t), unique: uniqueSuffix });
  const missing = pathParams(route.path).filter((p) => !(p in fixture.params));
  if (missing.length) throw new Error(`The fixture of ${routeKey(route)} gives no value for :${missing.join(', :')}`);
  return fixture;
}

/** Sends a fixture's request as a caller (anonymous when null). */
export function sendFixture(t: TestApp, route: RouteDefinition, fixture: RouteFixture, caller: Caller | null): Promise<LightMyRequestResponse> {
  if (fixture.sign) {
    const text = JSON.stringify(fixture.body ?? {});
    return t.inject({ method: route.method, url: urlOf(route, fixture), payload: text, headers: { 'content-type': 'application/json', ...fixture.sign(text) }, token: caller?.token });
  }
  return t.inject({ method: route.method, url: urlOf(route, fixture), ...(fixture.body ? { payload: fixture.body } : {}), token: caller?.token });
}

// ---------------------------------------------------------------------------------------------
// The contract's errors (../shared/spec/CONTRACT.md), independent of src/errors.ts

export const CONTRACT_ERRORS: Record<string, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
};

/** Why an error response is not in the contract's format, or null when it is. */
export function contractErrorProblem(response: LightMyRequestResponse): string | null {
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `the body is not JSON: ${abbreviate(response.body)}`;
  }
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (!error || typeof error !== 'object') return `no "error" object: ${abbreviate(response.body)}`;
  if (typeof error.code !== 'string' || !(error.code in CONTRACT_ERRORS)) return `"${String(error.code)}" is not a code of the contract`;
  if (typeof error.message !== 'string' || error.message === '') return 'error.message is not a non-empty string';
  if (CONTRACT_ERRORS[error.code] !== response.statusCode) return `${error.code} should be ${CONTRACT_ERRORS[error.code]}, not ${response.statusCode}`;
  if (/\n\s+at .+:\d+:\d+/.test(response.body)) return 'the body contains a stack trace';
  if (!/application\/json/.test(String(response.headers['content-type']))) return `content-type is ${response.headers['content-type']}`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Database snapshots: row counts of every table, by count(*) (n_live_tup lags behind)

export type DbSnapshot = Record<string, number>;

export async function snapshotDb(t: TestApp): Promise<DbSnapshot> {
  const connection = t.em().getConnection();
  const tables = (await connection.execute(`select tablename from pg_tables where schemaname = 'public' order by tablename`)) as Array<{ tablename: string }>;
  if (!tables.length) return {};
  const rows = (await connection.execute(
    tables.map((r) => `select '${r.tablename.replace(/'/g, "''")}' as name, count(*)::bigint::text as n from "${r.tablename.replace(/"/g, '""')}"`).join(' union all '),
  )) as Array<{ name: string; n: string }>;
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
}

export function snapshotDiff(before: DbSnapshot, after: DbSnapshot): string | null {
  const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((name) => before[name] !== after[name])
    .map((name) => `${name} ${before[name] ?? '-'} -> ${after[name] ?? '-'}`);
  return changed.length ? changed.join(', ') : null;
}

// ---------------------------------------------------------------------------------------------
// Fuzzing

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const takesBody = (route: RouteDefinition): boolean => route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';

/** A value written into the JSON body as is (numbers JSON.stringify cannot produce: 1e999, -0…). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a value that may contain RawJson parts. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `\u0000raw${raws.length - 1}\u0000`;
    }
    return v;
  });
  return text === undefined ? 'null' : text.replace(/"\\u0000raw(\d+)\\u0000"/g, (_m, i: string) => raws[Number(i)]);
}

export function abbreviate(text: string, max = 300): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;
}

function nested(depth: number, kind: 'object' | 'array' | 'mixed', leaf: unknown = 'x'): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = kind === 'array' || (kind === 'mixed' && i % 2) ? [value] : { a: value };
  return value;
}

const SQLISH = [
  `' OR '1'='1`, `'; DROP TABLE app_user; --`, `1; select pg_sleep(10)--`, `" OR ""="`, `\\'; --`, `%' --`, `$$; select 1; $$`,
  `1' UNION SELECT null, version()--`, `glycerin' --`, `water%`, `_`, `%`, `E'\\x00'`, `);--`,
];
const HTMLISH = [
  '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"><svg/onload=alert(1)>', '&lt;b&gt;&amp;&#0;', '<!--', ']]>',
  '{{7*7}}', '${7*7}', '<b>Aqua</b>, <i>Glycerin</i>', 'javascript:alert(1)',
];
const NUMBERISH = [
  'NaN', '-NaN', 'Infinity', '-Infinity', '-0', '0', '-1', '1e308', '1e309', '-1e308', '1e-400', '9007199254740993',
  '2147483648', '-2147483649', '0x1F', '1_000', ' 1', '1.', '.5', '+1', '١٢', '１２', '1,5', '1e3', 'true', 'false', 'null', 'undefined',
  '[]', '{}', '[1]', '{"a":1}', '',
];
const WEIRD = [
  ' ', '\u0000', 'a\u0000b', '\u202e', '\ufeff', '\ud800', '\udfff', '🧴🧪', 'Aqua\u0301', '\r\n', '\t', '../../etc/passwd', '%00', '%', '%zz',
  '\\', '/', '?', '#', '&', '=', ',', ',,,', '__proto__', 'constructor', 'glycerin', 'water', 'admin', 'positive', 'oily', 'humectant',
];
const CONTROL = fc.integer({ min: 0, max: 31 }).map((c) => String.fromCharCode(c));
const HUGE = fc.constantFrom('a', 'é', '\u0000', '🧴', ' ', ',', 'Glycerin, ', '<b>').map((s) => s.repeat(Math.ceil(100_000 / s.length)));

/** Text that should never break anything. */
export const nastyText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string(), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 60 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }), weight: 1 },
  { arbitrary: fc.string({ unit: CONTROL, minLength: 1, maxLength: 10 }), weight: 1 },
  { arbitrary: fc.constantFrom(...SQLISH, ...HTMLISH), weight: 2 },
  { arbitrary: fc.constantFrom(...NUMBERISH), weight: 2 },
  { arbitrary: fc.constantFrom(...WEIRD), weight: 2 },
  { arbitrary: fc.uuid().map(String), weight: 1 },
  { arbitrary: HUGE, weight: 1 },
);

const nastyNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(1e308, -1e308, -0, 0, -1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, 5e-324, 0.1, 1.5),
  fc.constantFrom('1e999', '-1e999', '123456789012345678901234567890', '-0', '1e-400', '0.0000000000000000000000001').map((s) => new RawJson(s)),
);

/** Any JSON value a client could send in place of a field. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: nastyText, weight: 4 },
  { arbitrary: nastyNumber, weight: 3 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
  { arbitrary: fc.array(fc.oneof(nastyText, nastyNumber, fc.boolean(), fc.constant(null)), { maxLength: 5 }), weight: 2 },
  { arbitrary: fc.constantFrom([], {}, [[]], [{}], ['glycerin'], [null], { items: [] }), weight: 1 },
  { arbitrary: fc.object({ maxDepth: 2, maxKeys: 4 }), weight: 1 },
  { arbitrary: fc.constantFrom('object', 'array', 'mixed').map((kind) => nested(200, kind as 'object' | 'array' | 'mixed')), weight: 1 },
);

/** A value in a path segment: to be URL-encoded unless `raw`. */
export const nastyPathValue = (extraIds: string[]): fc.Arbitrary<{ value: string; raw: boolean }> => oneOfApplicable(
  { arbitrary: () => nastyText.filter((s) => s.length > 0).map((value) => ({ value, raw: false as boolean })), weight: 4 },
  { arbitrary: () => fc.uuid().map((value) => ({ value, raw: false })), weight: 2 },
  { arbitrary: () => fc.stringMatching(/^[0-9a-f]{8,40}$/).map((value) => ({ value, raw: false })), weight: 1 },
  { arbitrary: () => fc.integer({ min: 101, max: 5000 }).map((n) => ({ value: 'a'.repeat(n), raw: false })), weight: 1 },
  { arbitrary: () => fc.constantFrom('%00', '%', '%zz', '%C0%AF', '%E0%A4%A', '%ff', '..', '.', '%2e%2e', '%2F', 'a%00b', '%u0000', '~', '-', '_', '0', '-1').map((value) => ({ value, raw: true })), weight: 2 },
  { arbitrary: () => fc.constantFrom(...extraIds).map((value) => ({ value, raw: false })), weight: extraIds.length ? 1 : 0 },
);

/** A query-string value: URL-encoded text, or raw bytes the parser must cope with. */
const nastyQueryValue: fc.Arbitrary<{ value: string; raw: boolean }> = fc.oneof(
  { arbitrary: nastyText.map((value) => ({ value, raw: false })), weight: 6 },
  { arbitrary: nastyNumber.map((n) => ({ value: n instanceof RawJson ? n.text : String(n), raw: false })), weight: 2 },
  { arbitrary: fc.constantFrom('%00', '%', '%zz', '%C0%AF', '%ff', 'a+b', '+', '%2C%2C', ',', ';').map((value) => ({ value, raw: true })), weight: 1 },
);

/** fc.oneof over the choices that apply (weight > 0). */
function oneOfApplicable<T>(...choices: Array<{ arbitrary: () => fc.Arbitrary<T>; weight: number }>): fc.Arbitrary<T> {
  const applicable = choices.filter((c) => c.weight > 0).map((c) => ({ arbitrary: c.arbitrary(), weight: c.weight }));
  if (!applicable.length) throw new Error('No applicable choice');
  return fc.oneof(...applicable);
}

function queryText(parts: Array<{ key: string; value: string; raw?: boolean }>): string {
  return parts.length ? `?${parts.map((p) => `${encodeText(p.key)}=${p.raw ? p.value : encodeText(p.value)}`).join('&')}` : '';
}

function multipartBody(parts: Array<{ name: string; filename?: string; type?: string; data: Buffer | string }>): { payload: Buffer; contentType: string } {
  const boundary = '----fuzz-boundary-7d9a';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** One fuzz request. Printed abbreviated in counterexamples. */
export interface FuzzRequest {
  method: RouteDefinition['method'];
  url: string;
  /** JSON text, or raw bytes with their content type. */
  payload?: string | Buffer;
  headers: Record<string, string>;
  /** What was done to the valid request. */
  note: string;
}

function fuzzRequest(request: Omit<FuzzRequest, 'headers'> & { headers?: Record<string, string> }): FuzzRequest {
  const r: FuzzRequest = { headers: {}, ...request };
  Object.defineProperty(r, fc.toStringMethod, {
    enumerable: false,
    value: () => `${r.method} ${abbreviate(r.url, 200)} [${r.note}] ${r.headers['content-type'] ?? ''} ${r.payload === undefined ? '' : abbreviate(r.payload.toString(), 300)}`,
  });
  return r;
}

export type FuzzKind = 'fields' | 'shape' | 'path';

/** The input of a route: path params, and the operation's other variables (body or query). */
export interface FuzzTarget {
  route: RouteDefinition;
  key: string;
  /** Who sends the requests: the caller that gets past the access check (null: anonymous). */
  caller: Caller | null;
  fixture: RouteFixture;
  params: string[];
  /** A write method or a mutation (GET /buy/:id_or_alias/retailer records a click): the database must not change when rejected. */
  writes: boolean;
  /** Variables of the operation besides path params: JSON body fields (POST/PUT/PATCH) or query parameters. */
  fields: string[];
  /** Real ids of other kinds (a product id where a user id is expected…). */
  otherIds: string[];
}

export interface FuzzEnv {
  t: TestApp;
  callers: Record<UserTypeName, Caller>;
  /** Whose data the fixtures of public routes show (a user no fuzz request may change). */
  subject: Caller;
  operations: Map<string, { variables: string[]; mutation: boolean }>;
  catalog: Catalog;
  stats: { cases: number; byRoute: Map<string, number>; byStatus: Map<number, number>; knownBugs: Map<string, number> };
}

/**
 * Bugs of src/ found by this fuzzing and reported, not yet fixed: a response that matches one is
 * counted (stats.knownBugs) instead of failing the property, so the properties keep finding
 * other problems. test/fuzz.test.ts reproduces each with an it.failing test: when that starts to
 * fail, the bug is fixed and its entry here goes.
 */
export interface KnownBug {
  id: string;
  description: string;
  matches(request: FuzzRequest, response: LightMyRequestResponse, route: RouteDefinition): boolean;
}

export const KNOWN_BUGS: KnownBug[] = [];

/** The variables of each route's operation and whether it is a mutation, from the schema and rest-mappings/. */
export async function operationsOf(routes: RouteDefinition[]): Promise<Map<string, { variables: string[]; mutation: boolean }>> {
  const [{ buildAppSchema }, { prepareRoutes }, { mappingsDir }] = await Promise.all([
    import('../../src/schema.js'), import('../../src/rest/router.js'), import('../../src/rest/describe.js'),
  ]);
  const schema: GraphQLSchema = await buildAppSchema();
  return new Map(prepareRoutes(schema, routes, mappingsDir).map((p) => [
    routeKey(p.route), { variables: p.specs.map((s) => s.name), mutation: p.operation.definition.operation === 'mutation' },
  ]));
}

export type Operations = Map<string, { variables: string[]; mutation: boolean }>;

export async function prepareFuzz(t: TestApp, routes: RouteDefinition[] = routeTable, operations?: Operations): Promise<FuzzEnv> {
  const callers = {} as Record<UserTypeName, Caller>;
  for (const type of USER_TYPES) callers[type] = await makeCaller(t, `fuzz-${type}`, type);
  return {
    t, callers, subject: await makeCaller(t, 'fuzz-subject'), operations: operations ?? await operationsOf(routes), catalog: await catalogOf(t),
    stats: { cases: 0, byRoute: new Map(), byStatus: new Map(), knownBugs: new Map() },
  };
}

/** The caller that gets past a route's access check: anonymous for public routes. */
export function callerFor(env: FuzzEnv, route: RouteDefinition): Caller | null {
  const access = parseAccess(route.access);
  if (!access) throw new Error(`${routeKey(route)} has no valid access declaration`);
  if (access.kind === 'public') return null;
  if (access.kind === 'role') return env.callers[access.roles.find((r) => r !== 'admin') ?? 'admin'];
  return access.kind === 'owner' ? env.callers[ownerTypeOf(route)] : env.callers.member;
}

export async function fuzzTarget(env: FuzzEnv, route: RouteDefinition): Promise<FuzzTarget> {
  const caller = callerFor(env, route);
  const fixture = await buildFixture(env.t, route, caller ?? env.subject);
  const params = pathParams(route.path);
  const operation = env.operations.get(routeKey(route));
  if (!operation) throw new Error(`No operation for ${routeKey(route)}`);
  const c = env.catalog;
  return {
    route, key: routeKey(route), caller, fixture, params,
    writes: WRITE_METHODS.has(route.method) || operation.mutation,
    fields: operation.variables.filter((v) => !params.includes(v)),
    // Not the products fixtures use: DELETE /products/:id may delete this one.
    otherIds: [c.brand.id, c.brand.alias, c.products.at(-1)!.id, c.products.at(-1)!.alias, c.category.id, c.unit.id, c.ingredient.id, env.callers.admin.id, env.callers.admin.username, c.group],
  };
}

/** The kinds of bad input a route takes: wrong field values (if it has fields), bad shapes, bad path values (if it has params). */
export function kindsFor(route: RouteDefinition, operations: Operations): FuzzKind[] {
  const params = pathParams(route.path);
  const fields = (operations.get(routeKey(route))?.variables ?? []).filter((v) => !params.includes(v));
  return [...(fields.length ? ['fields' as const] : []), 'shape' as const, ...(params.length ? ['path' as const] : [])];
}

const validUrl = (target: FuzzTarget, query: Record<string, string> | undefined = target.fixture.query): string =>
  fillPath(target.route.path, target.fixture.params) + queryString(query);

const jsonRequest = (target: FuzzTarget, body: unknown, note: string, url = validUrl(target)): FuzzRequest =>
  fuzzRequest({ method: target.route.method, url, payload: toJsonText(body), headers: { 'content-type': 'application/json' }, note });

/** The valid request (fixture) with its body, if any. */
const baseRequest = (target: FuzzTarget, url: string, note: string): FuzzRequest =>
  target.fixture.body ? jsonRequest(target, target.fixture.body, note, url) : fuzzRequest({ method: target.route.method, url, note });

/** Wrong values for some of the operation's fields, in the body or the query string. */
function fieldsArbitrary(target: FuzzTarget): fc.Arbitrary<FuzzRequest> {
  const fieldSubset = fc.uniqueArray(fc.constantFrom(...target.fields), { minLength: 1, maxLength: Math.min(3, target.fields.length) });
  const query = fc.tuple(fieldSubset, fc.array(nastyQueryValue, { minLength: 3, maxLength: 3 }), fc.boolean()).map(([names, values, repeat]) => {
    const kept = Object.entries(target.fixture.query ?? {}).filter(([k]) => !names.includes(k)).map(([key, value]) => ({ key, value }));
    const bad = names.flatMap((key, i) => (repeat ? [{ key, ...values[i] }, { key, ...values[(i + 1) % 3] }] : [{ key, ...values[i] }]));
    return baseRequest(target, fillPath(target.route.path, target.fixture.params) + queryText([...kept, ...bad]), `query ${names.join(', ')}${repeat ? ' (repeated)' : ''}`);
  });
  if (!takesBody(target.route)) return query;
  const body = fc.tuple(fieldSubset, fc.array(nastyValue, { minLength: 3, maxLength: 3 })).map(([names, values]) => {
    const b: Record<string, unknown> = { ...(target.fixture.body ?? {}) };
    names.forEach((n, i) => { b[n] = values[i]; });
    return jsonRequest(target, b, `body ${names.join(', ')}`);
  });
  return fc.oneof({ arbitrary: body, weight: 4 }, { arbitrary: query, weight: 1 });
}

const extraKey: fc.Arbitrary<string> = fc.oneof(
  fc.string({ minLength: 1, maxLength: 20 }),
  fc.constantFrom('id', 'user_id', 'owner', 'user_type', 'admin', 'role', 'status', 'token', 'created_at', 'ingredientList', 'limit', 'cursor', 'a'.repeat(10_000), '', ' ', '\u0000', 'constructor', 'prototype'),
);

/** Missing and extra fields, bodies that are not objects, bad JSON, wrong content types, huge and deep bodies. */
function shapeArbitrary(target: FuzzTarget): fc.Arbitrary<FuzzRequest> {
  const { route, fixture } = target;
  const url = validUrl(target);
  const extraQuery = fc.array(fc.tuple(extraKey, nastyQueryValue), { minLength: 1, maxLength: 3 }).map((extra) => baseRequest(
    target,
    fillPath(route.path, fixture.params) + queryText([...Object.entries(fixture.query ?? {}).map(([key, value]) => ({ key, value })), ...extra.map(([key, v]) => ({ key, ...v }))]),
    `extra query ${extra.map(([k]) => JSON.stringify(abbreviate(k, 20))).join(', ')}`,
  ));
  const droppedQuery = () => fc.subarray(Object.keys(fixture.query ?? {}), { minLength: 1 }).map((drop) => baseRequest(
    target, fillPath(route.path, fixture.params) + queryString(Object.fromEntries(Object.entries(fixture.query ?? {}).filter(([k]) => !drop.includes(k)))), `without query ${drop.join(', ')}`,
  ));
  const anyBody = fc.oneof(
    fc.constantFrom('[]', '[{}]', '0', '-1', '1e999', '"text"', 'true', 'false', 'null', '""', '{}', '[null]').map((text) => ({ text, note: `body ${text}` })),
    fc.constantFrom('{', '{"a":', '{"a":1,}', "{'a':1}", '{"a":1}{"b":2}', '\u0000', '{"a":"\\u0000"}', '{"a":"\\ud800"}', '\ufeff{}', 'NaN', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}', '{"a":1e999}')
      .map((text) => ({ text, note: `JSON text ${JSON.stringify(text)}` })),
    fc.string({ unit: 'binary', maxLength: 40 }).map((text) => ({ text, note: 'random text as JSON' })),
    fc.constantFrom('object', 'array', 'mixed').map((kind) => ({ text: toJsonText(nested(200, kind as 'object')), note: `${kind} nested 200 deep` })),
    fc.constant({ text: toJsonText({ ...(fixture.body ?? {}), padding: 'x'.repeat(1_100_000) }), note: 'body over 1 MB' }),
  ).map(({ text, note }) => fuzzRequest({ method: route.method, url, payload: text, headers: { 'content-type': 'application/json' }, note }));
  const contentTypes = fc.constantFrom(
    'text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'application/octet-stream', 'application/json; charset=utf-16',
    'application/json-patch+json', 'image/png', 'application/jsonx', '', 'multipart/form-data',
  ).map((type) => fuzzRequest({ method: route.method, url, payload: toJsonText(fixture.body ?? { a: 1 }), headers: type ? { 'content-type': type } : {}, note: `content-type ${JSON.stringify(type)}` }));
  const multipart = fc.tuple(
    fc.constantFrom(...(route.uploads ?? []), 'image', 'file', 'photo', 'ingredient_list'),
    fc.constantFrom<'jpeg-ish' | 'empty' | 'text' | 'png-header'>('jpeg-ish', 'empty', 'text', 'png-header'),
    fc.option(fc.tuple(fc.constantFrom(...target.fields, 'extra'), nastyText.map((s) => s.slice(0, 2000)))),
  ).map(([field, content, textPart]) => {
    const data = content === 'empty' ? Buffer.alloc(0) : content === 'text' ? Buffer.from('Ingredients: Water, Glycerin')
      : content === 'png-header' ? Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]) : Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const parts = [{ name: field, filename: 'label.jpg', type: 'image/jpeg', data }, ...(textPart ? [{ name: textPart[0], data: textPart[1] }] : [])];
    const { payload, contentType } = multipartBody(parts);
    return fuzzRequest({ method: route.method, url, payload, headers: { 'content-type': contentType }, note: `multipart ${field}=${content}${textPart ? ` + ${textPart[0]}` : ''}` });
  });

  const brokenMultipart = fc.constantFrom(
    { type: 'multipart/form-data', body: toJsonText(fixture.body ?? {}), note: 'multipart without a boundary' },
    { type: 'multipart/form-data; boundary=xyz', body: toJsonText(fixture.body ?? {}), note: 'multipart boundary not in the body' },
    { type: 'multipart/form-data; boundary=xyz', body: '--xyz\r\nContent-Disposition: form-data; name="text"\r\n\r\nWater, Glycerin', note: 'multipart cut short' },
    { type: 'multipart/form-data; boundary=xyz', body: '--xyz\r\nContent-Disposition: form-data\r\n\r\nabc\r\n--xyz--\r\n', note: 'multipart part without a name' },
    { type: 'multipart/form-data; boundary=xyz', body: '--xyz--\r\n', note: 'multipart without parts' },
    { type: 'multipart/form-data; boundary=xyz', body: '', note: 'multipart with an empty body' },
  ).map(({ type, body, note }) => fuzzRequest({ method: route.method, url, payload: body, headers: { 'content-type': type }, note }));

  if (!takesBody(route)) {
    // GET and DELETE: unknown query parameters, dropped ones, and a body where none belongs.
    const withBody = fc.oneof(
      fc.dictionary(extraKey, nastyValue, { minKeys: 1, maxKeys: 3 }).map((b) => jsonRequest(target, b, 'a JSON body where none belongs')),
      fc.constant(jsonRequest(target, Object.fromEntries(target.fields.map((f) => [f, fixture.query?.[f] ?? 'x'])), 'the query fields as a JSON body')),
    );
    return oneOfApplicable(
      { arbitrary: () => extraQuery, weight: 3 },
      { arbitrary: droppedQuery, weight: Object.keys(fixture.query ?? {}).length ? 1 : 0 },
      { arbitrary: () => withBody, weight: route.method === 'DELETE' ? 3 : 1 },
    );
  }
  const body = fixture.body ?? {};
  const missing = () => fc.subarray(Object.keys(body), { minLength: 1 }).map((drop) =>
    jsonRequest(target, Object.fromEntries(Object.entries(body).filter(([k]) => !drop.includes(k))), `without ${drop.join(', ')}`));
  const extra = fc.dictionary(extraKey, nastyValue, { minKeys: 1, maxKeys: 3 }).map((more) =>
    jsonRequest(target, { ...body, ...more }, `extra ${Object.keys(more).map((k) => JSON.stringify(abbreviate(k, 20))).join(', ')}`));
  return oneOfApplicable(
    { arbitrary: missing, weight: Object.keys(body).length ? 3 : 0 },
    { arbitrary: () => extra, weight: 3 },
    { arbitrary: () => anyBody, weight: 3 },
    { arbitrary: () => contentTypes, weight: 1 },
    { arbitrary: () => multipart, weight: route.uploads?.length ? 2 : 1 },
    { arbitrary: () => brokenMultipart, weight: route.uploads?.length ? 2 : 0 },
    { arbitrary: () => extraQuery, weight: 1 },
  );
}

/** Bad ids and tokens in the path. */
function pathArbitrary(target: FuzzTarget): fc.Arbitrary<FuzzRequest> {
  return fc.tuple(fc.uniqueArray(fc.constantFrom(...target.params), { minLength: 1, maxLength: target.params.length }), fc.array(nastyPathValue(target.otherIds), { minLength: 2, maxLength: 2 }))
    .map(([names, values]) => {
      const params = { ...target.fixture.params };
      const raw = new Set<string>();
      names.forEach((n, i) => {
        params[n] = values[i].value;
        if (values[i].raw) raw.add(n);
      });
      const url = fillPath(target.route.path, params, raw) + queryString(target.fixture.query);
      return baseRequest(target, url, `path ${names.map((n) => `:${n}`).join(', ')}`);
    });
}

export function requestArbitrary(target: FuzzTarget, kind: FuzzKind): fc.Arbitrary<FuzzRequest> {
  if (kind === 'fields') return fieldsArbitrary(target);
  if (kind === 'path') return pathArbitrary(target);
  return shapeArbitrary(target);
}

/** Sends one fuzz request and checks the properties: the problem found, or null. */
export async function runFuzzCase(env: FuzzEnv, target: FuzzTarget, request: FuzzRequest, kind: FuzzKind): Promise<string | null> {
  const write = target.writes || WRITE_METHODS.has(request.method);
  const before = write ? await snapshotDb(env.t) : null;
  const response = await env.t.inject({
    method: request.method, url: request.url, token: target.caller?.token,
    // Signed webhooks: sign what is sent, so bad input reaches validation rather than stopping at 401.
    headers: { ...request.headers, ...(target.fixture.sign && request.payload !== undefined ? target.fixture.sign(request.payload.toString()) : {}) },
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });
  env.stats.cases++;
  env.stats.byRoute.set(target.key, (env.stats.byRoute.get(target.key) ?? 0) + 1);
  env.stats.byStatus.set(response.statusCode, (env.stats.byStatus.get(response.statusCode) ?? 0) + 1);
  const status = response.statusCode;
  const bug = KNOWN_BUGS.find((b) => b.matches(request, response, target.route));
  if (bug) {
    env.stats.knownBugs.set(bug.id, (env.stats.knownBugs.get(bug.id) ?? 0) + 1);
    return null;
  }
  const access = parseAccess(target.route.access)?.kind;
  const problem = ((): string | null => {
    if (status >= 500) return `${status}: ${abbreviate(response.body)}`;
    if (status < 200 || (status >= 300 && status < 400 && status !== 304 && status !== 302)) return `unexpected status ${status}: ${abbreviate(response.body)}`;
    if (status >= 400) {
      const format = contractErrorProblem(response);
      if (format) return `${status} not in the contract's format: ${format}`;
      // The caller is one the route lets in: bad input must not look like an auth problem. (Role
      // and owner routes may answer 403 for a resource named in the input that is someone else's.)
      if (status === 401) return `401 for a caller the route lets in (${target.caller ? 'a valid token' : 'anonymous, public route'}): ${abbreviate(response.body)}`;
      if (status === 403 && kind !== 'path' && (access === 'public' || access === 'user')) return `403 for a caller that may call this route: ${abbreviate(response.body)}`;
    }
    return null;
  })();
  if (problem) return problem;
  if (write && status >= 400) {
    const diff = snapshotDiff(before!, await snapshotDb(env.t));
    if (diff) return `rejected with ${status} but the database changed: ${diff} (${abbreviate(response.body)})`;
  }
  return null;
}

export function fuzzProperty(env: FuzzEnv, target: FuzzTarget, kind: FuzzKind): fc.IAsyncPropertyWithHooks<[FuzzRequest]> {
  return fc.asyncProperty(requestArbitrary(target, kind), async (request) => {
    const problem = await runFuzzCase(env, target, request, kind);
    if (problem) throw new Error(`${target.key}: ${problem}`);
  });
}
