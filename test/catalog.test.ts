import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';
import { Product, ProductStatus } from '../src/modules/product/product.entity.js';
import { paginate } from '../src/modules/shared/pagination.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Page<T> = { items: T[]; next_cursor: string | null };
type ProductSummary = {
  id: string;
  alias: string;
  name: string;
  flags: string[];
  brand: { id: string; alias: string };
  category: { alias: string } | null;
  ingredients: Array<{
    position: number;
    input: string;
    match: string;
    ingredient: { id: string; alias: string; name: string } | null;
  }>;
};

describe('GET /products', () => {
  it('lists 50 products with brand, category and ingredients in 1 SQL statement', async () => {
    await t.inject({ method: 'GET', url: '/products?limit=1' }); // reads the knowledge base, once per process
    const { response, statements } = await t.countStatements({ method: 'GET', url: '/products?limit=50' });
    expect(response.statusCode).toBe(200);
    const body = response.json() as Page<ProductSummary>;
    expect(body.items).toHaveLength(50);
    expect(body.next_cursor).toEqual(expect.any(String));
    for (const p of body.items) {
      expect(p.brand.alias).toMatch(/^[a-z0-9-]+$/);
      expect(p.ingredients.length).toBeGreaterThan(3);
      for (const entry of p.ingredients) expect(entry.ingredient === null).toBe(entry.match === 'none');
    }
    expect(body.items.some((p) => p.category !== null)).toBe(true);
    // The products joined with their brands and categories; every product's entries in one more.
    expect(statements).toBe(1);
    const recent = await t.countStatements({ method: 'GET', url: '/products/recent?limit=50' });
    expect(recent.statements).toBe(1);
  });

  it('pages with next_cursor without overlap, and the last page has none', async () => {
    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await t.inject({
        method: 'GET',
        url: `/products?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json() as Page<ProductSummary>;
      for (const p of body.items) {
        expect(seen.has(p.id)).toBe(false);
        seen.add(p.id);
      }
      cursor = body.next_cursor;
      pages++;
    } while (cursor && pages < 20);
    expect(cursor).toBeNull();
    expect(seen.size).toBeGreaterThanOrEqual(300);
  });

  it('issues the cursors MikroORM keyset paging issues, and takes them (by name, and recent with null dates)', async () => {
    const em = t.em();
    // Two published products without a publication date: they sort first when newest first.
    const undated = (
      await em.find(Product, { status: ProductStatus.published }, { orderBy: { name: 'desc' }, limit: 2 })
    ).map((p) => [p.id, p.publishedAt] as const);
    await em.nativeUpdate(Product, { id: { $in: undated.map(([id]) => id) } }, { publishedAt: null });
    try {
      for (const [url, orderBy] of [
        ['/products', { name: 'asc', id: 'asc' }],
        ['/products/recent', { publishedAt: 'desc', id: 'desc' }],
      ] as const) {
        let cursor: string | null = null;
        for (let page = 0; page < 3; page++) {
          const ours = (
            await t.inject({ method: 'GET', url: `${url}?limit=1${cursor ? `&cursor=${cursor}` : ''}` })
          ).json() as Page<ProductSummary>;
          const theirs: { items: Product[]; nextCursor: string | null } = await paginate(
            t.em(),
            Product,
            { status: ProductStatus.published },
            orderBy,
            { limit: 1, cursor },
          );
          expect(ours.items.map((p) => p.id)).toEqual(theirs.items.map((p) => p.id));
          expect(ours.next_cursor).toBe(theirs.nextCursor);
          cursor = theirs.nextCursor;
        }
      }
    } finally {
      for (const [id, publishedAt] of undated) await em.nativeUpdate(Product, { id }, { publishedAt });
    }
  });

  it('names every known flag once for an unknown free_of', async () => {
    const response = await t.inject({ method: 'GET', url: '/products?free_of=sparkles' });
    expect(response.statusCode).toBe(400);
    const known = /\(known: (.*)\)/.exec(errorOf(response).message)![1].split(', ');
    expect(known).toContain('fragrance');
    expect(known.length).toBe(new Set(known).size);
  });

  it('filters: free of fragrance, by brand, by category with its sub-categories', async () => {
    const free = (
      await t.inject({ method: 'GET', url: '/products?limit=100&free_of=fragrance,silicone' })
    ).json() as Page<ProductSummary>;
    expect(free.items.length).toBeGreaterThan(10);
    for (const p of free.items) expect(p.flags).not.toEqual(expect.arrayContaining(['fragrance']));
    for (const p of free.items) expect(p.flags).not.toContain('silicone');

    const brand = free.items[0].brand.alias;
    const byBrand = (
      await t.inject({ method: 'GET', url: `/brands/${brand}/products?limit=100` })
    ).json() as Page<ProductSummary>;
    expect(byBrand.items.length).toBeGreaterThan(0);
    for (const p of byBrand.items) expect(p.brand.alias).toBe(brand);

    const tree = (
      await t.inject({ method: 'GET', url: '/product_categories?top_level=true&limit=100' })
    ).json() as Page<{ alias: string }>;
    expect(tree.items.length).toBeGreaterThan(0);
    const top = tree.items[0].alias;
    const inTop = (
      await t.inject({ method: 'GET', url: `/product_categories/${top}/products?limit=100` })
    ).json() as Page<ProductSummary>;
    for (const p of inTop.items) expect(p.category).not.toBeNull();
  });

  it('rejects bad paging and unknown parameters with 400 naming the field', async () => {
    for (const [url, field] of [
      ['/products?limit=abc', 'limit'],
      ['/products?limit=0', 'limit'],
      ['/products?limit=101', 'limit'],
      ['/products?cursor=not-a-cursor', 'cursor'],
      ['/products?colour=red', 'colour'],
      ['/products?free_of=Not%20A%20Flag', 'free_of'],
    ]) {
      const response = await t.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'VALIDATION_FAILED', details: { field } });
    }
  });
});

describe('GET /products/:id_or_alias', () => {
  it('returns a product by alias and by id, with its matched ingredient list', async () => {
    const list = (await t.inject({ method: 'GET', url: '/products?limit=1' })).json() as Page<ProductSummary>;
    const { id, alias } = list.items[0];
    const { response: byAlias, statements } = await t.countStatements({ method: 'GET', url: `/products/${alias}` });
    expect(byAlias.statusCode).toBe(200);
    // ONE statement: the product joined with brand, category, unit and image, its entries aggregated (ingredients from memory).
    expect(statements).toBe(1);
    const product = byAlias.json() as {
      id: string;
      ingredient_list: string;
      ingredients: unknown[];
      brand: { alias: string };
    };
    expect(product.id).toBe(id);
    expect(product.ingredient_list.length).toBeGreaterThan(10);
    expect(product.ingredients.length).toBeGreaterThan(3);
    const byId = await t.inject({ method: 'GET', url: `/products/${id}` });
    expect(byId.json()).toEqual(product);
  });

  it('answers If-None-Match with 304', async () => {
    const first = await t.inject({ method: 'GET', url: '/products?limit=1' });
    const alias = (first.json() as Page<ProductSummary>).items[0].alias;
    const response = await t.inject({ method: 'GET', url: `/products/${alias}` });
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await t.inject({ method: 'GET', url: `/products/${alias}`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('is 404 for an unknown product and hides drafts from everyone but moderators and admins', async () => {
    const missing = await t.inject({ method: 'GET', url: '/products/no-such-product' });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('NOT_FOUND');

    const [draft] = await t.em().getConnection().execute(`select alias from product where status = 'draft' limit 1`);
    expect(draft).toBeDefined();
    expect((await t.inject({ method: 'GET', url: `/products/${draft.alias}` })).statusCode).toBe(404);
    expect(
      (await t.inject({ method: 'GET', url: `/products/${draft.alias}`, token: await t.tokenFor('nosy') })).statusCode,
    ).toBe(404);
    expect(
      (await t.inject({ method: 'GET', url: `/products/${draft.alias}`, token: await t.tokenFor('mod', 'moderator') }))
        .statusCode,
    ).toBe(200);
  });
});

describe('brands, categories, breadcrumbs', () => {
  it('lists and gets brands; unknown is 404', async () => {
    const brands = (await t.inject({ method: 'GET', url: '/brands?limit=100' })).json() as Page<{
      alias: string;
      name: string;
    }>;
    expect(brands.items.length).toBeGreaterThanOrEqual(30);
    const names = brands.items.map((b) => b.name);
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
    const one = await t.inject({ method: 'GET', url: `/brands/${brands.items[0].alias}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ alias: brands.items[0].alias, owner: null });
    expect((await t.inject({ method: 'GET', url: '/brands/nope' })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/brands/nope/products' })).statusCode).toBe(404);
  });

  it('serves the category tree and breadcrumbs from the top', async () => {
    const all = (await t.inject({ method: 'GET', url: '/product_categories?limit=100' })).json() as Page<{
      alias: string;
      parent: { alias: string } | null;
    }>;
    expect(all.items.length).toBeGreaterThanOrEqual(25);
    const leaf = all.items.find((c) => c.parent !== null)!;
    const detail = (await t.inject({ method: 'GET', url: `/product_categories/${leaf.alias}` })).json() as {
      parent: { alias: string };
    };
    expect(detail.parent.alias).toBe(leaf.parent!.alias);
    const crumbs = (
      await t.inject({ method: 'GET', url: `/breadcrumbs/product_category/${leaf.alias}` })
    ).json() as Page<{ kind: string; alias: string; path: string }>;
    expect(crumbs.items.at(-1)!.alias).toBe(leaf.alias);
    expect(crumbs.items.at(-2)!.alias).toBe(leaf.parent!.alias);
    expect(crumbs.next_cursor).toBeNull();
    expect((await t.inject({ method: 'GET', url: '/breadcrumbs/product_category/nope' })).statusCode).toBe(404);

    const product = ((await t.inject({ method: 'GET', url: '/products?limit=1' })).json() as Page<ProductSummary>)
      .items[0];
    const trail = (await t.inject({ method: 'GET', url: `/breadcrumbs/product/${product.alias}` })).json() as Page<{
      kind: string;
      alias: string;
    }>;
    expect(trail.items.map((c) => c.kind).slice(-2)).toEqual(['brand', 'product']);
    expect(trail.items.at(-1)!.alias).toBe(product.alias);
    expect((await t.inject({ method: 'GET', url: '/breadcrumbs/product/nope' })).statusCode).toBe(404);
  });
});

describe('ingredients', () => {
  it('finds water by its other name and serves it by alias', async () => {
    const found = (await t.inject({ method: 'GET', url: '/ingredients?search=aqua' })).json() as Page<{
      alias: string;
    }>;
    expect(found.items.map((i) => i.alias)).toContain('water');
    const water = (await t.inject({ method: 'GET', url: '/ingredients/water' })).json() as {
      name: string;
      other_names: string[];
    };
    expect(water.name).toBe('Water');
    expect(water.other_names).toContain('Aqua');
    const silicones = (await t.inject({ method: 'GET', url: '/ingredients?flag=silicone&limit=100' })).json() as Page<{
      flags: string[];
    }>;
    expect(silicones.items.length).toBeGreaterThan(5);
    for (const i of silicones.items) expect(i.flags).toContain('silicone');
    expect((await t.inject({ method: 'GET', url: '/ingredients/not-an-ingredient' })).statusCode).toBe(404);
  });
});

describe('census and units', () => {
  it('lists ISO countries with paging and search', async () => {
    const page = (await t.inject({ method: 'GET', url: '/census/countries?limit=100' })).json() as Page<{
      code: string;
      alpha3: string;
      name: string;
    }>;
    expect(page.items).toHaveLength(100);
    const next = (
      await t.inject({ method: 'GET', url: `/census/countries?limit=100&cursor=${page.next_cursor}` })
    ).json() as Page<{ code: string }>;
    expect(next.items[0].code).not.toBe(page.items[0].code);
    const france = (await t.inject({ method: 'GET', url: '/census/countries?search=fra' })).json() as Page<{
      code: string;
      alpha3: string;
    }>;
    expect(france.items).toContainEqual(expect.objectContaining({ code: 'FR', alpha3: 'FRA' }));
  });

  it('lists units and lets only admins create one', async () => {
    const units = (await t.inject({ method: 'GET', url: '/unit_of_measurements?limit=100' })).json() as Page<{
      id: string;
      alias: string;
      symbol: string;
    }>;
    expect(units.items.map((u) => u.alias)).toEqual(expect.arrayContaining(['ml', 'g']));
    const ml = units.items.find((u) => u.alias === 'ml')!;
    expect((await t.inject({ method: 'GET', url: `/unit_of_measurements/${ml.id}` })).json()).toMatchObject({
      alias: 'ml',
    });
    expect((await t.inject({ method: 'GET', url: '/unit_of_measurements/furlong' })).statusCode).toBe(404);

    const body = { name: 'Drop', symbol: 'drop', kind: 'volume', to_base: 0.05 };
    const anonymous = await t.inject({ method: 'POST', url: '/unit_of_measurements/create', payload: body });
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).code).toBe('UNAUTHENTICATED');
    const member = await t.inject({
      method: 'POST',
      url: '/unit_of_measurements/create',
      payload: body,
      token: await t.tokenFor('alice'),
    });
    expect(member.statusCode).toBe(403);
    expect(errorOf(member).code).toBe('FORBIDDEN');
    const admin = await t.tokenFor('root-admin', 'admin');
    const created = await t.inject({
      method: 'POST',
      url: '/unit_of_measurements/create',
      payload: body,
      token: admin,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ alias: 'drop', base: 'ml', to_base: 0.05 });
    const again = await t.inject({ method: 'POST', url: '/unit_of_measurements/create', payload: body, token: admin });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('CONFLICT');

    for (const [payload, field] of [
      [{ ...body, alias: 'x1', kind: 'weight' }, 'kind'],
      [{ ...body, alias: 'x2', to_base: -1 }, 'to_base'],
      [{ symbol: 'x', kind: 'mass', to_base: 1 }, 'name'],
      [{ ...body, alias: 'x3', to_base: 'lots' }, 'to_base'],
      [{ ...body, alias: 'x4', colour: 'red' }, 'colour'],
    ] as const) {
      const bad = await t.inject({ method: 'POST', url: '/unit_of_measurements/create', payload, token: admin });
      expect(bad.statusCode).toBe(400);
      expect(errorOf(bad)).toMatchObject({ code: 'VALIDATION_FAILED', details: { field } });
    }
    const count = await t
      .em()
      .getConnection()
      .execute(`select count(*)::int as n from unit_of_measurement where alias like 'x%'`);
    expect(count[0].n).toBe(0);
  });
});

describe('users', () => {
  it("GET /my/user needs a valid token and shows the caller's e-mail", async () => {
    expect(errorOf(await t.inject({ method: 'GET', url: '/my/user' })).code).toBe('UNAUTHENTICATED');
    const bad = await t.inject({ method: 'GET', url: '/my/user', headers: { authorization: 'Bearer not.a.token' } });
    expect(bad.statusCode).toBe(401);
    const expired = await t.auth.sign({ sub: 'test|late' }, '-1m');
    expect(errorOf(await t.inject({ method: 'GET', url: '/my/user', token: expired })).message).toMatch(/expired/);
    const me = await t.inject({ method: 'GET', url: '/my/user', token: await t.tokenFor('bob') });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: 'bob', email: 'bob@example.com', user_type: 'member' });
  });

  it('creates the user on the first call of a new subject', async () => {
    const token = await t.auth.sign({
      sub: 'idp|new-person',
      preferred_username: 'New.Person',
      email: 'np@example.com',
    });
    const me = await t.inject({ method: 'GET', url: '/my/user', token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: 'new.person' });
  });

  it('shows public profiles without e-mail to others', async () => {
    await t.tokenFor('carol');
    const anonymous = await t.inject({ method: 'GET', url: '/users/carol' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toMatchObject({ username: 'carol', email: null });
    const other = await t.inject({ method: 'GET', url: '/users/carol', token: await t.tokenFor('dave') });
    expect(other.json()).toMatchObject({ email: null });
    const self = await t.inject({ method: 'GET', url: '/users/carol', token: await t.tokenFor('carol') });
    expect(self.json()).toMatchObject({ email: 'carol@example.com' });
    const admin = await t.inject({
      method: 'GET',
      url: '/users/carol',
      token: await t.tokenFor('root-admin', 'admin'),
    });
    expect(admin.json()).toMatchObject({ email: 'carol@example.com' });
    expect((await t.inject({ method: 'GET', url: '/users/nobody-here' })).statusCode).toBe(404);
  });
});
