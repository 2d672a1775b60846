// A catalog product whose list was partly unreadable (words run together holding a name we do not know) keeps the
// analysis's "unread" mark on the entry, and so passes no free-of rule: not in GET /products?free_of=…, not in
// POST /products/search with free_of, not in its own verdict. Written through the app, read back through REST.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, type TestApp } from './helpers/app.js';
import { makeCaller, type Caller } from './helpers/route-fixtures.js';

let t: TestApp;
let owner: string;
let brand: string;
let moderator: Caller;
let drafter: Caller;

// "Propylene Glycol Dimethicone Xyzzy Ascorbic Acid Limonene": known names run together around one we do not know.
const UNREAD_LIST =
  'Aqua (Water), Glycerin, Squalane, Propylene Glycol Dimethicone Xyzzy Ascorbic Acid Limonene, Phenoxyethanol';
const READ_LIST =
  'Aqua (Water), Glycerin, Squalane, Propylene Glycol Dimethicone Glycerin Ascorbic Acid, Phenoxyethanol';

type Entry = { position: number; input: string; match: string; unread: boolean; ingredient: { alias: string } | null };
type Rule = { rule: string; passes: boolean; unread: boolean };

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.tokenFor('unread-owner', 'brand');
  const [row] = await t
    .em()
    .getConnection()
    .execute(`select alias from brand where owner_id is null order by name desc limit 1`);
  await t
    .em()
    .getConnection()
    .execute(`update brand set owner_id = (select id from app_user where username = ?) where alias = ?`, [
      'unread-owner',
      row.alias,
    ]);
  brand = row.alias;
  moderator = await makeCaller(t, 'unread-moderator', 'moderator');
  drafter = await makeCaller(t, 'unread-drafter');
});
afterAll(async () => {
  await t?.close();
});

async function published(name: string, list: string): Promise<string> {
  const created = await t.inject({
    method: 'POST',
    url: '/products/create',
    payload: { name, brand, category: 'serums', ingredient_list: list },
    token: owner,
  });
  expect(created.statusCode).toBe(201);
  const { alias } = created.json() as { alias: string };
  expect((await t.inject({ method: 'PATCH', url: `/products/${alias}/publish`, token: owner })).statusCode).toBe(200);
  return alias;
}

const aliases = async (url: string): Promise<string[]> => {
  const response = await t.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return (response.json() as { items: Array<{ alias: string }> }).items.map((p) => p.alias);
};
const searched = async (payload: Record<string, unknown>): Promise<string[]> => {
  const response = await t.inject({ method: 'POST', url: '/products/search', payload });
  expect(response.statusCode).toBe(200);
  return (response.json() as { items: Array<{ alias: string }> }).items.map((p) => p.alias);
};

describe('a product list with an entry we could not read', () => {
  let unread: string;
  let read: string;
  beforeAll(async () => {
    unread = await published('Run Together Serum', UNREAD_LIST);
    read = await published('Split Serum', READ_LIST);
  });

  it('keeps the mark on that entry only, in the product document', async () => {
    const entries = ((await t.inject({ method: 'GET', url: `/products/${unread}` })).json() as { ingredients: Entry[] })
      .ingredients;
    expect(entries.map((e) => [e.input, e.unread])).toEqual([
      ['Aqua (Water)', false],
      ['Glycerin', false],
      ['Squalane', false],
      ['Propylene Glycol Dimethicone Xyzzy Ascorbic Acid Limonene', true],
      ['Phenoxyethanol', false],
    ]);
    // The same words with a name we know are read into entries, none unread.
    const split = ((await t.inject({ method: 'GET', url: `/products/${read}` })).json() as { ingredients: Entry[] })
      .ingredients;
    expect(split.map((e) => e.ingredient?.alias ?? null)).toEqual([
      'water',
      'glycerin',
      'squalane',
      'propylene-glycol',
      'dimethicone',
      'ascorbic-acid',
      'phenoxyethanol',
    ]);
    expect(split.every((e) => e.unread === false)).toBe(true);
  });

  it('is in no free-of filter, listed or searched; without one it is listed', async () => {
    expect(await aliases(`/products?brand=${brand}&limit=100`)).toEqual(expect.arrayContaining([unread, read]));
    for (const flag of ['fragrance', 'silicones', 'parabens']) {
      const listed = await aliases(`/products?brand=${brand}&limit=100&free_of=${flag}`);
      expect(listed).not.toContain(unread);
      const found = await searched({ brand, free_of: [flag], limit: 100 });
      expect(found).not.toContain(unread);
    }
    // The read list holds no fragrance: it passes that filter, both ways.
    expect(await aliases(`/products?brand=${brand}&limit=100&free_of=fragrance`)).toContain(read);
    expect(await searched({ brand, free_of: ['fragrance'], limit: 100 })).toContain(read);
  });

  it('passes none of its own free-of rules, each saying the list could not be read', async () => {
    const analysis = (await t.inject({ method: 'GET', url: `/products/${unread}/analysis` })).json() as {
      passes_all: boolean;
      rules: Rule[];
      product: { ingredients: Entry[] };
    };
    expect(analysis.passes_all).toBe(false);
    expect(analysis.rules.length).toBeGreaterThan(5);
    expect(analysis.rules.every((r) => !r.passes && r.unread)).toBe(true);
    expect(analysis.product.ingredients.filter((e) => e.unread).map((e) => e.position)).toEqual([4]);
    const other = (await t.inject({ method: 'GET', url: `/products/${read}/analysis` })).json() as { rules: Rule[] };
    expect(other.rules.find((r) => r.rule === 'fragrance_free')).toMatchObject({ passes: true, unread: false });
  });

  it('reads the same through GraphQL', async () => {
    const query = `query($id: String!) { product(idOrAlias: $id) { ingredients { position unread } } productAnalysis(idOrAlias: $id) { passesAll rules { passes unread } } }`;
    const response = await t.inject({ method: 'POST', url: '/graphql', payload: { query, variables: { id: unread } } });
    const { data } = response.json() as {
      data: {
        product: { ingredients: Array<{ position: number; unread: boolean }> };
        productAnalysis: { passesAll: boolean };
      };
    };
    expect(data.product.ingredients.filter((e) => e.unread).map((e) => e.position)).toEqual([4]);
    expect(data.productAnalysis.passesAll).toBe(false);
  });

  it('a draft approved into the catalog keeps the mark', async () => {
    const created = await t.inject({
      method: 'POST',
      url: '/product_drafts/create',
      payload: { name: 'Drafted Run Together Serum', brand, category: 'serums', ingredient_list: UNREAD_LIST },
      token: drafter.token,
    });
    expect(created.statusCode).toBe(201);
    const draft = created.json() as { id: string; ingredients: Entry[] };
    expect(draft.ingredients.filter((e) => e.unread).map((e) => e.position)).toEqual([4]);
    const approved = await t.inject({
      method: 'POST',
      url: '/product_drafts/approve',
      payload: { id: draft.id },
      token: moderator.token,
    });
    expect(approved.statusCode).toBe(200);
    const { product } = approved.json() as { product: { alias: string } };
    const entries = (
      (await t.inject({ method: 'GET', url: `/products/${product.alias}` })).json() as { ingredients: Entry[] }
    ).ingredients;
    expect(entries.filter((e) => e.unread).map((e) => e.position)).toEqual([4]);
    expect(await aliases(`/products?brand=${brand}&limit=100&free_of=fragrance`)).not.toContain(product.alias);
  });

  it('better alternatives never call it free of what the person avoids; a read list is', async () => {
    const fragrant = await published('Fragrant Serum', 'Aqua (Water), Glycerin, Squalane, Parfum, Phenoxyethanol');
    const person = await makeCaller(t, 'unread-avoider');
    expect(
      (await t.inject({ method: 'PUT', url: '/ingredients/fragrance/feeling/negative', token: person.token }))
        .statusCode,
    ).toBeLessThan(300);
    const response = await t.inject({
      method: 'GET',
      url: `/products/${fragrant}/better_alternatives?limit=50`,
      token: person.token,
    });
    expect(response.statusCode).toBe(200);
    type Item = {
      product: { alias: string };
      compared_to_original: string;
      reasons: Array<{ effect: string; text: string }>;
    };
    const items = (response.json() as { items: Item[] }).items;
    const byAlias = (alias: string) => items.find((i) => i.product.alias === alias);
    expect(byAlias(read)?.reasons).toContainEqual(
      expect.objectContaining({ effect: 'better', text: expect.stringMatching(/^free of /) }),
    );
    const unreadItem = byAlias(unread);
    expect(unreadItem).toBeDefined();
    expect(unreadItem!.reasons.filter((r) => r.effect === 'better' && /free of/.test(r.text))).toEqual([]);
    expect(unreadItem!.reasons).toContainEqual(
      expect.objectContaining({
        effect: 'worse',
        text: expect.stringMatching(/could not be read, so it cannot be called free of /),
      }),
    );
    expect(unreadItem!.compared_to_original).not.toBe('better');
    expect(items.findIndex((i) => i.product.alias === unread)).toBeGreaterThan(
      items.findIndex((i) => i.product.alias === read),
    );
  });
});
