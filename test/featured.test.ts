// GET /featured: the curated home screen (seeded from data/catalog/featured.yaml), and the
// admins' GraphQL mutations that curate it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
let admin: string;
let member: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor('featured-admin', 'admin');
  member = await t.tokenFor('featured-member');
});
afterAll(async () => {
  await t?.close();
});

interface Item {
  id: string;
  kind: string;
  position: number;
  headline: string;
  product: { alias: string } | null;
  article: { alias: string } | null;
  routine: { id: string; name: string } | null;
}
const featured = async (query = '') =>
  (await t.inject({ method: 'GET', url: `/featured${query}` })).json() as { items: Item[]; next_cursor: string | null };

const graphql = (query: string, variables: Record<string, unknown>, token?: string) =>
  t.inject({ method: 'POST', url: '/graphql', payload: { query, variables }, token });
const ADD =
  'mutation($kind: FeaturedKind!, $ref: String!, $headline: String) { addFeaturedItem(kind: $kind, ref: $ref, headline: $headline) { id kind position headline } }';
const REMOVE = 'mutation($id: String!) { removeFeaturedItem(id: $id) }';

describe('GET /featured', () => {
  it('lists the seeded products and articles in curated order, each with its target', async () => {
    const page = await featured();
    expect(page.next_cursor).toBeNull();
    expect(page.items.map((i) => i.position)).toEqual([...page.items.map((i) => i.position)].sort((a, b) => a - b));
    expect(page.items[0]).toMatchObject({
      kind: 'article',
      article: { alias: 'how-to-read-an-ingredient-list' },
      product: null,
    });
    const product = page.items.find((i) => i.kind === 'product')!;
    expect(product.product?.alias).toBe('soomdal-centella-low-ph-gel-foam');
    expect(product.article).toBeNull();
  });

  it('features a published demo routine on the demo home screen, in its place', async () => {
    const routines = (await featured('?kind=routine')).items;
    expect(routines).toHaveLength(1);
    expect(routines[0]).toMatchObject({
      kind: 'routine',
      headline: expect.stringContaining('vitamin C'),
      routine: { name: 'Morning antioxidant and sunscreen' },
      product: null,
      article: null,
    });
    const all = (await featured()).items;
    expect(all.map((i) => i.kind)).toEqual(['article', 'product', 'article', 'routine', 'product', 'article']);
    const opened = await t.inject({ method: 'GET', url: `/routines/${routines[0].routine!.id}` });
    expect(opened.statusCode).toBe(200);
    // Dated as the demo data dates it (weeks ago), not at the moment of seeding.
    const { published_at, created_at } = opened.json() as { published_at: string; created_at: string };
    expect(published_at).toBe(created_at);
  });

  it('filters by kind, and rejects an unknown kind naming the field', async () => {
    const articles = await featured('?kind=article');
    expect(articles.items.length).toBeGreaterThan(0);
    expect(articles.items.every((i) => i.kind === 'article')).toBe(true);
    const bad = await t.inject({ method: 'GET', url: '/featured?kind=banana' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'kind' } });
  });

  it('runs a constant number of SQL statements', async () => {
    const { response, statements } = await t.countStatements({ method: 'GET', url: '/featured' });
    expect(response.statusCode).toBe(200);
    expect(statements).toBeLessThanOrEqual(8);
  });
});

describe('curating (GraphQL, admins)', () => {
  it('an admin features a product at the end; it shows, then goes when removed', async () => {
    const before = await featured();
    const added = await graphql(
      ADD,
      { kind: 'product', ref: 'dayfair-deep-clean-foaming-face-wash', headline: 'x' },
      admin,
    );
    // Seeded already: a conflict.
    expect(added.json().errors[0].extensions.code).toBe('CONFLICT');
    const products = (await t.inject({ method: 'GET', url: '/products?limit=30' })).json().items as Array<{
      alias: string;
    }>;
    const shown = new Set(before.items.map((i) => i.product?.alias));
    const fresh = products.find((p) => !shown.has(p.alias))!;
    const ok = (await graphql(ADD, { kind: 'product', ref: fresh.alias, headline: 'New in' }, admin)).json();
    expect(ok.errors).toBeUndefined();
    expect(ok.data.addFeaturedItem.position).toBe(Math.max(...before.items.map((i) => i.position)) + 1);
    const after = await featured();
    expect(after.items.at(-1)).toMatchObject({ kind: 'product', headline: 'New in', product: { alias: fresh.alias } });
    expect((await graphql(REMOVE, { id: ok.data.addFeaturedItem.id }, admin)).json().data.removeFeaturedItem).toBe(
      true,
    );
    expect((await featured()).items).toHaveLength(before.items.length);
  });

  it('refuses anonymous callers, members, unknown targets and bad headlines; nothing is written', async () => {
    const before = (await featured()).items.length;
    expect((await graphql(ADD, { kind: 'article', ref: 'retinoids-explained' })).json().errors[0].extensions.code).toBe(
      'UNAUTHENTICATED',
    );
    expect(
      (await graphql(ADD, { kind: 'article', ref: 'retinoids-explained' }, member)).json().errors[0].extensions.code,
    ).toBe('FORBIDDEN');
    expect(
      (await graphql(ADD, { kind: 'article', ref: 'no-such-article' }, admin)).json().errors[0].extensions.code,
    ).toBe('NOT_FOUND');
    expect(
      (await graphql(ADD, { kind: 'product', ref: 'no-such-product' }, admin)).json().errors[0].extensions.code,
    ).toBe('NOT_FOUND');
    const long = await graphql(ADD, { kind: 'article', ref: 'retinoids-explained', headline: 'x'.repeat(201) }, admin);
    expect(long.json().errors[0].extensions).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { field: 'headline' },
    });
    expect((await graphql(REMOVE, { id: 'not-a-uuid' }, admin)).json().errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await featured()).items).toHaveLength(before);
  });

  it('features a published routine (not a private one) and leaves it out once it is private again… or gone', async () => {
    const owner = await t.tokenFor('featured-routine-owner');
    const created = (
      await t.inject({
        method: 'POST',
        url: '/routines/create',
        token: owner,
        payload: { name: 'Featured evening', time_of_day: 'evening' },
      })
    ).json() as { id: string };
    expect((await graphql(ADD, { kind: 'routine', ref: created.id }, admin)).json().errors[0].extensions.code).toBe(
      'NOT_FOUND',
    );
    expect((await t.inject({ method: 'PATCH', url: `/routines/${created.id}/publish`, token: owner })).statusCode).toBe(
      200,
    );
    const ok = (
      await graphql(ADD, { kind: 'routine', ref: created.id, headline: 'Evening, done right' }, admin)
    ).json();
    expect(ok.errors).toBeUndefined();
    const shown = (await featured('?kind=routine')).items.filter((i) => i.routine?.id === created.id);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({
      kind: 'routine',
      headline: 'Evening, done right',
      routine: { id: created.id, name: 'Featured evening' },
      product: null,
      article: null,
    });
    expect((await t.inject({ method: 'DELETE', url: `/routines/${created.id}`, token: owner })).statusCode).toBe(204);
    expect((await featured('?kind=routine')).items.filter((i) => i.routine?.id === created.id)).toHaveLength(0);
  });

  it('leaves out a featured product once it is deleted', async () => {
    const item = (await featured('?kind=product')).items[0];
    const product = (await t.inject({ method: 'GET', url: `/products/${item.product!.alias}` })).json() as {
      id: string;
    };
    const deleted = await t.inject({ method: 'DELETE', url: `/products/${product.id}`, token: admin });
    expect(deleted.statusCode).toBe(204);
    expect((await featured()).items.some((i) => i.id === item.id)).toBe(false);
  });
});
