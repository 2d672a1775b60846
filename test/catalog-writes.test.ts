import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function ownBrand(username: string): Promise<{ token: string; brand: string }> {
  const token = await t.tokenFor(username, 'brand');
  const [row] = await t
    .em()
    .getConnection()
    .execute(`select alias from brand where owner_id is null order by name limit 1`);
  await t
    .em()
    .getConnection()
    .execute(`update brand set owner_id = (select id from app_user where username = ?) where alias = ?`, [
      username,
      row.alias,
    ]);
  return { token, brand: row.alias };
}

describe('brands', () => {
  it('lets the owner or an admin change a brand, nobody else', async () => {
    const { token, brand } = await ownBrand('nora');
    expect((await t.inject({ method: 'PATCH', url: `/brands/${brand}`, payload: { founded: 2001 } })).statusCode).toBe(
      401,
    );
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: `/brands/${brand}`,
          payload: { founded: 2001 },
          token: await t.tokenFor('otto'),
        })
      ).statusCode,
    ).toBe(403);
    const changed = await t.inject({
      method: 'PATCH',
      url: `/brands/${brand}`,
      payload: { founded: 2001, website: 'https://nora.example' },
      token,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      founded: 2001,
      website: 'https://nora.example',
      owner: { username: 'nora' },
    });
    const admin = await t.inject({
      method: 'PATCH',
      url: `/brands/${brand}`,
      payload: { country: 'se' },
      token: await t.tokenFor('root-admin', 'admin'),
    });
    expect(admin.json()).toMatchObject({ country: 'SE', founded: 2001 });
    for (const [payload, field] of [
      [{ country: 'XX' }, 'country'],
      [{ website: 'http://insecure.example' }, 'website'],
      [{ founded: 1500 }, 'founded'],
      [{ name: '' }, 'name'],
    ] as const) {
      expect(errorOf(await t.inject({ method: 'PATCH', url: `/brands/${brand}`, payload, token }))).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { field },
      });
    }
    expect(
      (await t.inject({ method: 'PATCH', url: '/brands/nope', payload: { founded: 2001 }, token })).statusCode,
    ).toBe(404);
    // The list's filter takes what the write takes, and refuses what it refuses, in the same words.
    const swedish = (await t.inject({ method: 'GET', url: '/brands?country=se&limit=100' })).json() as {
      items: Array<{ alias: string; country: string }>;
    };
    expect(swedish.items.map((b) => b.alias)).toContain(brand);
    expect(swedish.items.every((b) => b.country === 'SE')).toBe(true);
    for (const country of ['XX', 'SWE', '752', 'S']) {
      const written = errorOf(
        await t.inject({ method: 'PATCH', url: `/brands/${brand}`, payload: { country }, token }),
      );
      const listed = await t.inject({ method: 'GET', url: `/brands?country=${country}` });
      expect(listed.statusCode).toBe(400);
      expect({ country, error: errorOf(listed) }).toEqual({ country, error: written });
      expect(written).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'country' } });
    }
    const gql = await t.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: '{ brands(country: "XX") { items { alias } } }' },
    });
    expect(gql.json()).toMatchObject({ errors: [{ extensions: { code: 'VALIDATION_FAILED' } }] });
  });

  it("transfers ownership to another brand user only, and lists a user's brands", async () => {
    const { token, brand } = await ownBrand('pia');
    await t.tokenFor('quinn', 'brand');
    await t.tokenFor('rosa');
    expect(
      errorOf(
        await t.inject({ method: 'PATCH', url: `/brands/${brand}/transfer_ownership`, payload: { to: 'rosa' }, token }),
      ),
    ).toMatchObject({ details: { field: 'to' } });
    expect(
      errorOf(
        await t.inject({
          method: 'PATCH',
          url: `/brands/${brand}/transfer_ownership`,
          payload: { to: 'nobody-at-all' },
          token,
        }),
      ),
    ).toMatchObject({ details: { field: 'to' } });
    const moved = await t.inject({
      method: 'PATCH',
      url: `/brands/${brand}/transfer_ownership`,
      payload: { to: 'quinn' },
      token,
    });
    expect(moved.json()).toMatchObject({ owner: { username: 'quinn' } });
    expect(
      (await t.inject({ method: 'PATCH', url: `/brands/${brand}/transfer_ownership`, payload: { to: 'pia' }, token }))
        .statusCode,
    ).toBe(403);
    const quinn = await t.user('quinn');
    const brands = (await t.inject({ method: 'GET', url: `/users/${quinn.id}/brands` })).json() as {
      items: Array<{ alias: string }>;
    };
    expect(brands.items.map((b) => b.alias)).toEqual([brand]);
  });
});

describe('product states', () => {
  it('publishes a draft once (409 after), for moderators and the brand owner only', async () => {
    const [draft] = await t
      .em()
      .getConnection()
      .execute(`select alias from product where status = 'draft' order by name limit 1`);
    expect((await t.inject({ method: 'PATCH', url: `/products/${draft.alias}/publish` })).statusCode).toBe(401);
    expect(
      (await t.inject({ method: 'PATCH', url: `/products/${draft.alias}/publish`, token: await t.tokenFor('sam') }))
        .statusCode,
    ).toBe(404);
    const mod = await t.tokenFor('mod', 'moderator');
    const published = await t.inject({ method: 'PATCH', url: `/products/${draft.alias}/publish`, token: mod });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ status: 'published', published_at: expect.any(String) });
    const again = await t.inject({ method: 'PATCH', url: `/products/${draft.alias}/publish`, token: mod });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('CONFLICT');
  });

  it('lets the brand owner attest a product, and admins delete one', async () => {
    const { token, brand } = await ownBrand('tess');
    const [product] = await t
      .em()
      .getConnection()
      .execute(
        `select p.id, p.alias from product p join brand b on b.id = p.brand_id where b.alias = ? and p.status = 'published' limit 1`,
        [brand],
      );
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: `/products/${product.alias}/attest_brand`,
          token: await t.tokenFor('ugo', 'brand'),
        })
      ).statusCode,
    ).toBe(403);
    const attested = await t.inject({ method: 'PATCH', url: `/products/${product.alias}/attest_brand`, token });
    expect(attested.json()).toMatchObject({ brand_attested_at: expect.any(String) });
    // Reads show it: the product (REST and GraphQL) and product lists.
    const read = (await t.inject({ method: 'GET', url: `/products/${product.alias}` })).json() as {
      brand_attestation: { attested_at: string; attested_by: { username: string } };
    };
    expect(read.brand_attestation).toEqual({
      attested_at: attested.json().brand_attested_at,
      attested_by: { id: expect.any(String), username: 'tess' },
    });
    const gql = (
      await t.inject({
        method: 'POST',
        url: '/graphql',
        payload: {
          query: `{ product(idOrAlias: "${product.alias}") { brandAttestedAt brandAttestation { attestedBy { username } } } }`,
        },
      })
    ).json();
    expect(gql.data.product).toEqual({
      brandAttestedAt: attested.json().brand_attested_at,
      brandAttestation: { attestedBy: { username: 'tess' } },
    });
    const listed = (await t.inject({ method: 'GET', url: `/products?brand=${brand}&limit=100` })).json() as {
      items: Array<{ alias: string; brand_attested_at: string | null }>;
    };
    expect(listed.items.find((p) => p.alias === product.alias)?.brand_attested_at).toBe(
      attested.json().brand_attested_at,
    );
    const [other] = await t
      .em()
      .getConnection()
      .execute(
        `select p.alias from product p join brand b on b.id = p.brand_id where b.alias = ? and p.status = 'published' and p.id <> ? limit 1`,
        [brand, product.id],
      );
    if (other)
      expect(
        ((await t.inject({ method: 'GET', url: `/products/${other.alias}` })).json() as { brand_attestation: unknown })
          .brand_attestation,
      ).toBeNull();

    expect((await t.inject({ method: 'DELETE', url: `/products/${product.id}`, token })).statusCode).toBe(403);
    const deleted = await t.inject({
      method: 'DELETE',
      url: `/products/${product.id}`,
      token: await t.tokenFor('root-admin', 'admin'),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await t.inject({ method: 'GET', url: `/products/${product.alias}` })).statusCode).toBe(404);
    const [{ n }] = await t
      .em()
      .getConnection()
      .execute('select count(*)::int as n from product_ingredient where product_id = ?', [product.id]);
    expect(n).toBe(0);
    expect(
      (
        await t.inject({
          method: 'DELETE',
          url: `/products/${product.id}`,
          token: await t.tokenFor('root-admin', 'admin'),
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('DELETE /products/:id', () => {
  const newProduct = async (token: string, brand: string, name: string) => {
    const created = await t.inject({
      method: 'POST',
      url: '/products/create',
      payload: { name, brand, ingredient_list: 'Aqua, Glycerin, Panthenol' },
      token,
    });
    expect(created.statusCode).toBe(201);
    const product = created.json() as { id: string; alias: string };
    expect((await t.inject({ method: 'PATCH', url: `/products/${product.alias}/publish`, token })).statusCode).toBe(
      200,
    );
    return product;
  };

  it("lets a brand's owner delete a product they added while no one else has built on it; admins any", async () => {
    const { token, brand } = await ownBrand('yara');
    const { token: otherOwner } = await ownBrand('zeno');
    const member = await t.tokenFor('abel');
    const admin = await t.tokenFor('root-admin', 'admin');
    const product = await newProduct(token, brand, 'Mistaken Entry Serum');

    // The owner of another brand and a plain member: 403, and the product stays.
    expect(
      errorOf(await t.inject({ method: 'DELETE', url: `/products/${product.id}`, token: otherOwner })),
    ).toMatchObject({ code: 'FORBIDDEN' });
    expect(errorOf(await t.inject({ method: 'DELETE', url: `/products/${product.id}`, token: member }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    // Someone else has built on it: the owner's delete is a 409 naming what, and nothing goes.
    expect(
      (await t.inject({ method: 'POST', url: `/products/${product.alias}/favorite`, token: member })).statusCode,
    ).toBeLessThan(300);
    const held = await t.inject({ method: 'DELETE', url: `/products/${product.id}`, token });
    expect(held.statusCode).toBe(409);
    expect(errorOf(held)).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('1 favourite') });
    expect((await t.inject({ method: 'GET', url: `/products/${product.alias}` })).statusCode).toBe(200);
    // Once it is theirs alone again, the owner deletes it.
    expect(
      (await t.inject({ method: 'DELETE', url: `/products/${product.alias}/favorite`, token: member })).statusCode,
    ).toBeLessThan(300);
    expect((await t.inject({ method: 'DELETE', url: `/products/${product.id}`, token })).statusCode).toBe(204);
    expect((await t.inject({ method: 'GET', url: `/products/${product.alias}` })).statusCode).toBe(404);

    // An admin deletes a product others have built on.
    const favoured = await newProduct(token, brand, 'Well Liked Serum');
    expect(
      (await t.inject({ method: 'POST', url: `/products/${favoured.alias}/favorite`, token: member })).statusCode,
    ).toBeLessThan(300);
    expect((await t.inject({ method: 'DELETE', url: `/products/${favoured.id}`, token: admin })).statusCode).toBe(204);
    expect((await t.inject({ method: 'GET', url: `/products/${favoured.alias}` })).statusCode).toBe(404);
  });

  it('says the same through GraphQL', async () => {
    const { token, brand } = await ownBrand('cleo');
    const product = await newProduct(token, brand, 'Graph Entry Serum');
    const run = async (as: string) =>
      (
        await t.inject({
          method: 'POST',
          url: '/graphql',
          payload: { query: `mutation { deleteProduct(id: "${product.id}") }` },
          token: as,
        })
      ).json() as { data: { deleteProduct: boolean } | null; errors?: Array<{ extensions: { code: string } }> };
    expect((await run(await t.tokenFor('dora'))).errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect((await run(token)).data?.deleteProduct).toBe(true);
  });
});

describe('best in category', () => {
  it("ranks a category's products by favourites and label quality", async () => {
    const [cat] = await t
      .em()
      .getConnection()
      .execute(
        `select c.alias, (select p.alias from product p where p.category_id = c.id and p.status = 'published' order by p.name desc limit 1) as last from product_category c where exists (select 1 from product p where p.category_id = c.id and p.status = 'published') order by c.alias limit 1`,
      );
    const fans = await Promise.all(['v1', 'v2', 'v3'].map((u) => t.tokenFor(u)));
    for (const token of fans) await t.inject({ method: 'POST', url: `/products/${cat.last}/favorite`, token });
    const ranked = (
      await t.inject({ method: 'GET', url: `/product_categories/${cat.alias}/best_in?limit=5` })
    ).json() as {
      items: Array<{ score: number; quality: number; favorite_count: number; product: { alias: string } }>;
    };
    expect(ranked.items[0]).toMatchObject({ favorite_count: 3, product: { alias: cat.last } });
    for (const item of ranked.items) expect(item.quality).toBeGreaterThanOrEqual(0);
    const scores = ranked.items.map((i) => i.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect((await t.inject({ method: 'GET', url: '/product_categories/nope/best_in' })).statusCode).toBe(404);
  });
});

describe('POST /products/create and /my/products', () => {
  const body = (brand: string) => ({
    name: 'Barrier Night Cream',
    brand,
    category: 'creams',
    barcode: '4006381333931',
    size_amount: 50,
    size_unit: 'ml',
    ingredient_list: 'Aqua (Water), Glycerin, Ceramide NP, Cholesterol, Squalane, Phenoxyethanol, Xyzzy Extract',
  });

  it('lets a brand user add a draft of their own brand, analysed, listed as theirs', async () => {
    const { token, brand } = await ownBrand('wren');
    expect((await t.inject({ method: 'POST', url: '/products/create', payload: body(brand) })).statusCode).toBe(401);
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/products/create',
          payload: body(brand),
          token: await t.tokenFor('xena'),
        })
      ).statusCode,
    ).toBe(403);
    const [other] = await t
      .em()
      .getConnection()
      .execute(`select alias from brand where alias <> ? and owner_id is null limit 1`, [brand]);
    expect(
      (await t.inject({ method: 'POST', url: '/products/create', payload: body(other.alias), token })).statusCode,
    ).toBe(403);

    const created = await t.inject({ method: 'POST', url: '/products/create', payload: body(brand), token });
    expect(created.statusCode).toBe(201);
    const product = created.json() as {
      alias: string;
      status: string;
      barcode: string;
      size: { amount: number; unit: { alias: string } };
      ingredients: Array<{ match: string; ingredient: { alias: string } | null }>;
    };
    expect(product).toMatchObject({
      status: 'draft',
      barcode: '4006381333931',
      size: { amount: 50, unit: { alias: 'ml' } },
    });
    expect(product.ingredients[0]).toMatchObject({ match: 'exact', ingredient: { alias: 'water' } });
    expect(product.ingredients.at(-1)).toMatchObject({ match: 'none', ingredient: null });
    const mine = (await t.inject({ method: 'GET', url: '/my/products', token })).json() as {
      items: Array<{ alias: string }>;
    };
    expect(mine.items[0].alias).toBe(product.alias);
    expect((await t.inject({ method: 'GET', url: `/products/${product.alias}` })).statusCode).toBe(404);
    expect((await t.inject({ method: 'PATCH', url: `/products/${product.alias}/publish`, token })).statusCode).toBe(
      200,
    );
    expect((await t.inject({ method: 'POST', url: '/products/create', payload: body(brand), token })).statusCode).toBe(
      409,
    );
  });

  it('rejects bad barcodes, unknown brands, categories and units with 400 naming the field, writing nothing', async () => {
    const mod = await t.tokenFor('mod', 'moderator');
    const [{ brand }] = await t.em().getConnection().execute(`select alias as brand from brand limit 1`);
    const [{ n: before }] = await t.em().getConnection().execute('select count(*)::int as n from product');
    for (const [change, field] of [
      [{ barcode: '4006381333932' }, 'barcode'],
      [{ brand: 'no-brand' }, 'brand'],
      [{ category: 'no-category' }, 'category'],
      [{ size_unit: 'furlong' }, 'size_unit'],
      [{ size_amount: -5 }, 'size_amount'],
      [{ ingredient_list: '' }, 'ingredient_list'],
      [{ name: 'x' }, 'name'],
    ] as const) {
      const response = await t.inject({
        method: 'POST',
        url: '/products/create',
        payload: Object.assign(body(brand), { barcode: null }, change),
        token: mod,
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'VALIDATION_FAILED', details: { field } });
    }
    const [{ n: after }] = await t.em().getConnection().execute('select count(*)::int as n from product');
    expect(after).toBe(before);
  });
});

describe('reads after writes', () => {
  type Detail = {
    alias: string;
    brand: { alias: string; website: string | null };
    ingredients: Array<{ ingredient: { alias: string; functions: string[] } | null }>;
  };

  it('a product read after its brand changed shows the brand as it is now, in the detail and in lists', async () => {
    const { token, brand } = await ownBrand('fresh-brand');
    const [product] = await t
      .em()
      .getConnection()
      .execute(
        `select p.alias from product p join brand b on b.id = p.brand_id where b.alias = ? and p.status = 'published' limit 1`,
        [brand],
      );
    await t.inject({ method: 'GET', url: `/products/${product.alias}` });
    const website = `https://fresh-${Date.now()}.example`;
    expect((await t.inject({ method: 'PATCH', url: `/brands/${brand}`, payload: { website }, token })).statusCode).toBe(
      200,
    );
    expect(
      ((await t.inject({ method: 'GET', url: `/products/${product.alias}` })).json() as Detail).brand.website,
    ).toBe(website);
    const gql = (
      await t.inject({
        method: 'POST',
        url: '/graphql',
        payload: { query: `{ product(idOrAlias: "${product.alias}") { brand { website } } }` },
      })
    ).json();
    expect(gql.data.product.brand.website).toBe(website);
  });

  it('a product read after one of its ingredients was corrected shows the ingredient as it is now', async () => {
    const [{ alias }] = await t
      .em()
      .getConnection()
      .execute(
        `select p.alias from product p join product_ingredient e on e.product_id = p.id join ingredient i on i.id = e.ingredient_id where i.alias = 'glycerin' and p.status = 'published' limit 1`,
      );
    const glycerinOf = (body: Detail) => body.ingredients.find((e) => e.ingredient?.alias === 'glycerin')!.ingredient!;
    const before = glycerinOf((await t.inject({ method: 'GET', url: `/products/${alias}` })).json() as Detail);
    const niacinamide = (await t.inject({ method: 'GET', url: '/ingredients/niacinamide' })).json() as {
      functions: string[];
    };
    const functions =
      niacinamide.functions.join() !== before.functions.join()
        ? niacinamide.functions
        : [...before.functions].reverse();
    expect(functions).not.toEqual(before.functions);
    const feedback = (
      await t.inject({
        method: 'POST',
        url: '/ingredients/glycerin/submit_feedback',
        token: await t.tokenFor('fresh-author'),
        payload: { kind: 'correction', message: 'Its functions are wrong.' },
      })
    ).json() as { id: string };
    const accepted = (
      await t.inject({
        method: 'POST',
        url: '/graphql',
        token: await t.tokenFor('fresh-moderator', 'moderator'),
        payload: {
          query:
            'mutation($id: ID!, $c: IngredientCorrectionInput!) { acceptIngredientFeedback(id: $id, correction: $c) { status } }',
          variables: { id: feedback.id, c: { functions } },
        },
      })
    ).json();
    expect(accepted.errors).toBeUndefined();
    expect(
      glycerinOf((await t.inject({ method: 'GET', url: `/products/${alias}` })).json() as Detail).functions,
    ).toEqual(functions);
  });
});
