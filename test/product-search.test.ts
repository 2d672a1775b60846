import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Item = {
  id: string;
  alias: string;
  name: string;
  flags: string[];
  brand: { id: string; alias: string };
  category: { alias: string } | null;
  product_image: { thumbnail: string } | null;
};
type Page = { items: Item[]; next_cursor: string | null };

const search = (payload: Record<string, unknown>) => t.inject({ method: 'POST', url: '/products/search', payload });
/** The aliases of a product's matched ingredients (search results are summaries: the list comes from GET /products/:id). */
async function aliasesOf(item: Item): Promise<Set<string>> {
  const product = (await t.inject({ method: 'GET', url: `/products/${item.id}` })).json() as {
    ingredients: Array<{ ingredient: { alias: string } | null }>;
  };
  return new Set(product.ingredients.flatMap((e) => (e.ingredient ? [e.ingredient.alias] : [])));
}

describe('POST /products/search', () => {
  it('finds products containing all included ingredients, none of the excluded, free of a flag', async () => {
    const response = await search({
      include_ingredients: ['water', 'glycerin'],
      exclude_ingredients: ['alcohol-denat', 'dimethicone'],
      free_of: ['fragrance'],
      limit: 100,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as Page;
    expect(body.items.length).toBeGreaterThan(0);
    for (const item of body.items) {
      const aliases = await aliasesOf(item);
      expect(aliases.has('water') && aliases.has('glycerin')).toBe(true);
      expect(aliases.has('alcohol-denat') || aliases.has('dimethicone')).toBe(false);
      expect(item.flags).not.toContain('fragrance');
    }
    const names = body.items.map((i) => i.name);
    expect([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(names);
  });

  it('takes ingredient ids as well as aliases', async () => {
    const glycerin = (await t.inject({ method: 'GET', url: '/ingredients/glycerin' })).json() as { id: string };
    const byAlias = (await search({ include_ingredients: ['glycerin'], limit: 50 })).json() as Page;
    const byId = (await search({ include_ingredients: [glycerin.id], limit: 50 })).json() as Page;
    expect(byId.items.map((i) => i.id)).toEqual(byAlias.items.map((i) => i.id));
  });

  it('matches part of the name, case-insensitively, within a brand and a category', async () => {
    const all = (await search({ limit: 100 })).json() as Page;
    const sample = all.items.find((i) => i.category)!;
    const word = sample.name
      .split(' ')
      .find((w) => w.length > 3)!
      .toUpperCase();
    const response = await search({ query: word, brand: sample.brand.alias, category: sample.category!.alias });
    expect(response.body).toContain('items');
    const body = response.json() as Page;
    expect(body.items.map((i) => i.id)).toContain(sample.id);
    for (const item of body.items) {
      expect(item.name.toUpperCase()).toContain(word);
      expect(item.brand.id).toBe(sample.brand.id);
    }
  });

  it('pages with a cursor without overlap', async () => {
    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const body = (
        await search({ include_ingredients: ['water'], limit: 7, ...(cursor ? { cursor } : {}) })
      ).json() as Page;
      for (const item of body.items) {
        expect(seen.has(item.id)).toBe(false);
        seen.add(item.id);
      }
      cursor = body.next_cursor;
      pages++;
    } while (cursor && pages < 50);
    expect(pages).toBeGreaterThan(1);
  });

  it('sends the same small number of SQL statements for 5 or 100 results', async () => {
    const payload = (limit: number) => ({
      method: 'POST' as const,
      url: '/products/search',
      payload: {
        include_ingredients: ['water'],
        exclude_ingredients: ['alcohol-denat'],
        free_of: ['fragrance'],
        category: undefined,
        limit,
      },
    });
    const small = await t.countStatements(payload(5));
    const large = await t.countStatements(payload(100));
    expect(small.response.statusCode).toBe(200);
    expect((large.response.json() as Page).items.length).toBeGreaterThan(5);
    expect(large.statements).toBe(small.statements);
    // The ingredients named, the products (joined with brands and categories), their images.
    expect(large.statements).toBeLessThanOrEqual(3);
  });

  it('answers contradictory filters with an empty page and no search query', async () => {
    const plain = await t.countStatements({
      method: 'POST',
      url: '/products/search',
      payload: { include_ingredients: ['fragrance'] },
    });
    expect((plain.response.json() as Page).items.length).toBeGreaterThan(0);
    for (const payload of [
      { include_ingredients: ['fragrance'], free_of: ['fragrance'] },
      { include_ingredients: ['water'], exclude_ingredients: ['water'] },
    ]) {
      const { response, statements } = await t.countStatements({ method: 'POST', url: '/products/search', payload });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ items: [], next_cursor: null, reading: null });
      expect(statements).toBe(1);
    }
  });

  it.each([
    [{ free_of: ['glitter'] }, 'free_of'],
    [{ include_ingredients: ['no-such-ingredient'] }, 'include_ingredients'],
    [{ exclude_ingredients: ['00000000-0000-7000-8000-000000000000'] }, 'exclude_ingredients'],
    [{ category: 'no-such-category' }, 'category'],
    [{ brand: 'no-such-brand' }, 'brand'],
    [{ limit: 0 }, 'limit'],
    [{ cursor: 'forged' }, 'cursor'],
  ])('answers 400 naming the field for %j', async (payload, field) => {
    const response = await search(payload);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).details?.field).toBe(field);
  });

  it('rejects unknown body fields', async () => {
    expect((await search({ colour: 'red' })).statusCode).toBe(400);
  });
});
