// What the fixtures of every route group build on (test/helpers/route-fixtures/<group>.ts):
// callers, paths, the fixture types, the seeded demo catalog and the setup steps that more than
// one group takes (an analysis, a feeling, a favourite, a draft, an opinion, a routine…).
import type { LightMyRequestResponse } from 'fastify';
import type { RouteDefinition } from '../../../src/rest/types.js';
import type { TestApp } from '../app.js';
import { User } from '../../../src/modules/user/user.entity.js';
import { issueEmailToken } from '../../../src/modules/user/identity.service.js';

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
    out +=
      encodeURIComponent(text.slice(last, m.index)) +
      [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
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

export type FixtureBuilder = (ctx: FixtureContext) => Promise<RouteFixture>;

/** The fixtures of a group of routes, keyed "METHOD /path". */
export type FixtureTable = Record<string, FixtureBuilder | FixtureSpec>;

export interface FixtureSpec {
  build: FixtureBuilder;
  /** For `owner` routes: the user type an owner of the resource has (member by default). */
  ownerType?: UserTypeName;
}

/** An ingredient list with matched entries and one that matches nothing (for proposals). */
export const FIXTURE_LIST =
  'Ingredients: Aqua (Water), Glycerin, Niacinamide 5%, Phenoxyethanol, Qwertzuiop Blossom Extract.';
export const FIXTURE_UNMATCHED = 'Qwertzuiop Blossom Extract';

export async function ok(response: LightMyRequestResponse, what: string, status = 200): Promise<unknown> {
  if (response.statusCode !== status)
    throw new Error(`Fixture setup: ${what} answered ${response.statusCode}: ${response.body.slice(0, 500)}`);
  return status === 204 ? null : response.json();
}

/** A new analysis (anonymous unless a caller is given): its token. */
export async function analyze(t: TestApp, caller?: Caller, list = FIXTURE_LIST): Promise<string> {
  const body = await ok(
    await t.inject({
      method: 'POST',
      url: '/analyze/ingredient_list',
      payload: { ingredient_list: list },
      token: caller?.token,
    }),
    'POST /analyze/ingredient_list',
    201,
  );
  return (body as { token: string }).token;
}

/** Sets the caller's feeling on an ingredient: the feeling's id. */
export async function feel(
  t: TestApp,
  caller: Caller,
  ingredient: string,
  sentiment: 'positive' | 'negative' = 'positive',
): Promise<string> {
  const body = await ok(
    await t.inject({ method: 'PUT', url: `/ingredients/${ingredient}/feeling/${sentiment}`, token: caller.token }),
    'PUT feeling',
  );
  return (body as { id: string }).id;
}

/** The caller favours a product. */
export async function favour(t: TestApp, caller: Caller, product: string): Promise<void> {
  await ok(
    await t.inject({ method: 'POST', url: `/products/${product}/favorite`, token: caller.token }),
    'POST favorite',
  );
}

/** `who` follows `whom` (idempotent). */
export async function follows(t: TestApp, who: Caller, whom: Caller): Promise<void> {
  await ok(
    await t.inject({ method: 'POST', url: `/users/${whom.id}/follow`, token: who.token }),
    'POST /users/:id/follow',
  );
}

/** The token of an e-mail-change link for `me`, as the e-mail would carry it. */
export async function emailToken(t: TestApp, me: Caller, email: string): Promise<string> {
  const em = t.em();
  const user = await em.findOneOrFail(User, { id: me.id });
  return (await issueEmailToken({ em }, user, 'email_change', email)).token;
}

/** An admin hands a brand to `me` (a brand user) through PATCH /brands/:id_or_alias/transfer_ownership. */
export async function handBrandTo(ctx: FixtureContext, brand: string): Promise<void> {
  await ok(
    await ctx.t.inject({
      method: 'PATCH',
      url: `/brands/${brand}/transfer_ownership`,
      payload: { to: ctx.me.id },
      token: (await ctx.admin()).token,
    }),
    'transfer_ownership',
  );
}

/** A small PNG, base64: what the image routes take in a JSON body. */
let fixturePng: Promise<string> | null = null;
export function fixtureImage(): Promise<string> {
  fixturePng ??= import('sharp').then(async ({ default: sharp }) =>
    (
      await sharp({ create: { width: 64, height: 48, channels: 3, background: '#d9a066' } })
        .png()
        .toBuffer()
    ).toString('base64'),
  );
  return fixturePng;
}

export const productDraftBody = (ctx: FixtureContext) => ({
  name: `Fixture cream ${ctx.unique()}`,
  brand: ctx.catalog.brand.alias,
  ingredient_list: FIXTURE_LIST,
  category: ctx.catalog.category.alias,
  description: 'Submitted by a route fixture.',
  barcode: fixtureBarcode(),
});

/** A fresh valid EAN-13 (GS1 check digit computed), so approved drafts never share one. */
let barcodeCounter = 0;
export function fixtureBarcode(): string {
  const body = `29${String(Date.now() % 1e6).padStart(6, '0')}${String(++barcodeCounter % 1e4).padStart(4, '0')}`;
  const sum = [...body].reverse().reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** A pending product draft submitted by `author`: its id. */
export async function createProductDraft(ctx: FixtureContext, author: Caller): Promise<string> {
  const body = await ok(
    await ctx.t.inject({
      method: 'POST',
      url: '/product_drafts/create',
      payload: productDraftBody(ctx),
      token: author.token,
    }),
    'POST /product_drafts/create',
    201,
  );
  return (body as { id: string }).id;
}

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
      const ingredient = (await ok(
        await t.inject({ method: 'GET', url: '/ingredients/glycerin' }),
        'GET /ingredients/glycerin',
      )) as { id: string; alias: string };
      const products = (
        await page<{ id: string; alias: string; name: string; brand: { alias: string } }>('/products?limit=100')
      ).map((p) => ({ id: p.id, alias: p.alias, name: p.name, brand: p.brand.alias }));
      let offered: string | null = null;
      for (const p of products.slice(0, 30)) {
        const offers = (await ok(
          await t.inject({ method: 'GET', url: `/buy/${p.alias}` }),
          'GET /buy/:id_or_alias',
        )) as { items: unknown[] };
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
export const fixtureAdmin = (t: TestApp): Promise<Caller> => {
  let admin = fixtureAdmins.get(t);
  if (!admin) {
    admin = makeCaller(t, 'fixture-admin', 'admin');
    fixtureAdmins.set(t, admin);
  }
  return admin;
};

let counter = 0;
export const uniqueSuffix = (): string =>
  `${(++counter).toString(36)}${Math.random().toString(36).slice(2, 8)}`.replace(/[^a-z0-9]/g, '');

/** Products (and their brands) handed out in turn to owners, from the 2nd on. */
let ownedProduct = 0;
export const nextOwnedProduct = (catalog: Catalog) =>
  catalog.products[1 + (ownedProduct++ % Math.max(1, Math.floor(catalog.products.length / 2) - 1))];

/** The brand of the next product handed out, handed to `me` (a brand user) by an admin. */
export async function handOwnedBrand(ctx: FixtureContext): Promise<string> {
  const brand = nextOwnedProduct(ctx.catalog).brand;
  await handBrandTo(ctx, brand);
  return brand;
}

/** The alias of the first item of a seeded list, e.g. `/articles`. */
export async function firstSeededAlias(t: TestApp, path: string): Promise<string> {
  const page = (await ok(await t.inject({ method: 'GET', url: `${path}?limit=1` }), `GET ${path}`)) as {
    items: Array<{ alias: string }>;
  };
  if (!page.items.length) throw new Error(`Fixture setup: GET ${path} is empty (is the demo data seeded?)`);
  return page.items[0].alias;
}

export const none = (params: Record<string, string> = {}): RouteFixture => ({ params });
export const list = (params: Record<string, string> = {}): RouteFixture => ({ params, query: { limit: '5' } });

// Content fixtures: ingredient opinions, product tutorials, product pitches.

/** A fixture user of a type, shared by the fixtures of one app (created on first use). */
const fixtureUsers = new WeakMap<TestApp, Map<string, Promise<Caller>>>();
export function fixtureUser(t: TestApp, username: string, type: UserTypeName): Promise<Caller> {
  let users = fixtureUsers.get(t);
  if (!users) fixtureUsers.set(t, (users = new Map()));
  let user = users.get(username);
  if (!user) users.set(username, (user = makeCaller(t, username, type)));
  return user;
}

/** A new opinion by `author` (an expert by default): its uuid and first entry's uuid. */
export async function writeOpinion(
  t: TestApp,
  author: Caller | null,
  ingredient = 'glycerin',
  text = 'Glycerin draws water into the skin. #humectant #fixture',
): Promise<{ id: string; current_entry_id: string }> {
  const by = author ?? (await fixtureUser(t, 'fixture-expert', 'expert'));
  return (await ok(
    await t.inject({
      method: 'POST',
      url: '/ingredient_opinions/create',
      payload: { ingredient, text },
      token: by.token,
    }),
    'POST /ingredient_opinions/create',
    201,
  )) as { id: string; current_entry_id: string };
}

/** Another expert endorses an opinion through GraphQL (no REST path is specified for it). */
export async function endorse(t: TestApp, opinion: string, by?: Caller): Promise<void> {
  const endorser = by ?? (await fixtureUser(t, 'fixture-endorser', 'expert'));
  const response = await t.inject({
    method: 'POST',
    url: '/graphql',
    token: endorser.token,
    payload: {
      query: 'mutation($u: String!) { endorseIngredientOpinion(opinionUuid: $u) { id } }',
      variables: { u: opinion },
    },
  });
  const body = response.json() as { errors?: unknown };
  if (response.statusCode !== 200 || body.errors)
    throw new Error(
      `Fixture setup: endorseIngredientOpinion answered ${response.statusCode}: ${response.body.slice(0, 300)}`,
    );
}

/** A new tutorial of a product by `author`: a draft, or published; with instructions and a media URL when asked. */
export async function writeTutorial(
  t: TestApp,
  author: Caller,
  product: string,
  options: { publish?: boolean; instructions?: number; mediaUrl?: string } = {},
): Promise<{ id: string; instructions: string[] }> {
  const created = (await ok(
    await t.inject({
      method: 'POST',
      url: '/product_tutorials/create',
      payload: { product, title: 'How to apply it', frequency: 'daily', time_of_day: 'pm' },
      token: author.token,
    }),
    'POST /product_tutorials/create',
    201,
  )) as { id: string };
  const instructions: string[] = [];
  for (let i = 1; i <= (options.instructions ?? 0); i++) {
    const made = await ok(
      await t.inject({
        method: 'POST',
        url: `/product_tutorials/${created.id}/product_tutorial_instructions/create`,
        payload: { text: `Step ${i}` },
        token: author.token,
      }),
      'POST instruction',
      201,
    );
    instructions.push((made as { id: string }).id);
  }
  if (options.mediaUrl)
    await ok(
      await t.inject({
        method: 'PATCH',
        url: `/product_tutorials/${created.id}/set_media_url`,
        payload: { media_url: options.mediaUrl },
        token: author.token,
      }),
      'PATCH set_media_url',
    );
  if (options.publish)
    await ok(
      await t.inject({ method: 'PATCH', url: `/product_tutorials/${created.id}/publish`, token: author.token }),
      'PATCH publish',
    );
  return { id: created.id, instructions };
}

// Routines

export interface Made {
  id: string;
  steps: Array<{ id: string }>;
}

/** A routine of `me` with two steps (the second with a catalog product); published unless asked. */
export async function makeRoutine(ctx: FixtureContext, publish = true, token = ctx.me.token): Promise<Made> {
  const body = {
    name: `Fixture routine ${ctx.unique()}`,
    time_of_day: 'evening',
    steps: [
      { step_type: 'cleanse' },
      { step_type: 'moisturise', product: ctx.catalog.product.alias, allow_other_kind: true },
    ],
  };
  const routine = (await ok(
    await ctx.t.inject({ method: 'POST', url: '/routines/create', payload: body, token }),
    'POST /routines/create',
    201,
  )) as Made;
  if (publish)
    await ok(
      await ctx.t.inject({ method: 'PATCH', url: `/routines/${routine.id}/publish`, token }),
      'PATCH /routines/:id/publish',
    );
  return routine;
}

/** Nobody favours their own routine (a favourite is a contest vote): favoured routines belong to another user. */
export const otherToken = (ctx: FixtureContext) => ctx.t.tokenFor('routine-fixture-other');

export async function favourRoutine(ctx: FixtureContext, id: string, token = ctx.me.token): Promise<void> {
  await ok(
    await ctx.t.inject({ method: 'POST', url: `/routines/${id}/favorite`, token }),
    'POST /routines/:id/favorite',
  );
}
