// Search: text with every filter, the cursor over the rank, matched words, accents and
// typos, documents kept current by writes and imports, notable ingredients (no trace), ingredient
// search and as-you-type suggestions. The relevance set is test/search-relevance.test.ts.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { importObf } from '../src/modules/obf-import/importer.js';
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
  brand: { alias: string; name: string };
  category: { alias: string } | null;
  matched_words: string[] | null;
};
type Page = { items: Item[]; next_cursor: string | null };
const search = async (payload: Record<string, unknown>) => {
  const response = await t.inject({ method: 'POST', url: '/products/search', payload });
  expect(response.statusCode).toBe(200);
  return response.json() as Page;
};
const aliases = (page: Page) => page.items.map((i) => i.alias);

describe('product search by text', () => {
  it('pages a ranked answer with a signed cursor: no overlap, the same order as one long page', async () => {
    const all = await search({ query: 'cream', limit: 100 });
    expect(all.items.length).toBeGreaterThan(20);
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await search({ query: 'cream', limit: 7, ...(cursor ? { cursor } : {}) });
      paged.push(...aliases(page));
      cursor = page.next_cursor;
    } while (cursor && paged.length < 200);
    expect(paged).toEqual(aliases(all));
    expect(new Set(paged).size).toBe(paged.length);
    // A cursor of another list, or a forged one, is a 400 naming cursor.
    const forged = Buffer.from(JSON.stringify(['s', 99, 0, '00000000-0000-4000-8000-000000000000'])).toString(
      'base64url',
    );
    expect(
      errorOf(
        await t.inject({
          method: 'POST',
          url: '/products/search',
          payload: { query: 'cream', cursor: `${forged}.AAAA` },
        }),
      ),
    ).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'cursor' } });
    const other = (await t.inject({ method: 'GET', url: '/products?limit=2' })).json() as Page;
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/products/search',
          payload: { query: 'cream', cursor: other.next_cursor },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('keeps every filter with the text: brand, category, included, excluded, free of (POST and GET)', async () => {
    const byBrand = await search({ query: 'serum', brand: 'soomdal', limit: 50 });
    expect(byBrand.items.length).toBeGreaterThan(0);
    for (const item of byBrand.items) expect(item.brand.alias).toBe('soomdal');
    const byCategory = await search({ query: 'niacinamide', category: 'serums', limit: 50 });
    expect(byCategory.items.length).toBeGreaterThan(2);
    for (const item of byCategory.items) expect(item.category?.alias).toBe('serums');
    const freeOf = await search({
      query: 'cream',
      free_of: ['fragrance'],
      include_ingredients: ['glycerin'],
      exclude_ingredients: ['dimethicone'],
      limit: 100,
    });
    expect(freeOf.items.length).toBeGreaterThan(0);
    for (const item of freeOf.items) {
      expect(item.flags).not.toContain('fragrance');
      const detail = (await t.inject({ method: 'GET', url: `/products/${item.alias}` })).json() as {
        ingredients: Array<{ ingredient: { alias: string } | null }>;
      };
      const listed = detail.ingredients.flatMap((e) => (e.ingredient ? [e.ingredient.alias] : []));
      expect(listed).toContain('glycerin');
      expect(listed).not.toContain('dimethicone');
    }
    const withFragrance = await search({ query: 'cream', limit: 100 });
    expect(withFragrance.items.length).toBeGreaterThan(freeOf.items.length);
    // Paged with filters: the pages add up to the long page.
    const first = await search({ query: 'cream', free_of: ['fragrance'], limit: 3 });
    const second = await search({ query: 'cream', free_of: ['fragrance'], limit: 3, cursor: first.next_cursor });
    expect([...aliases(first), ...aliases(second)]).toEqual(
      aliases(await search({ query: 'cream', free_of: ['fragrance'], limit: 6 })),
    );
    const get = (
      await t.inject({ method: 'GET', url: '/products?search=centella&brand=soomdal&free_of=fragrance&limit=50' })
    ).json() as Page;
    expect(get.items.length).toBeGreaterThan(0);
    for (const item of get.items) {
      expect(item.brand.alias).toBe('soomdal');
      expect(item.flags).not.toContain('fragrance');
    }
    expect(get.items[0].matched_words).toEqual(expect.arrayContaining(['Centella']));
  });

  it('says which words matched, finds words in any order, folds accents, corrects typos, reads quotes, -word and or', async () => {
    const vitamin = await search({ query: 'serum vitamin c', limit: 5 });
    expect(vitamin.items[0].matched_words).toEqual(expect.arrayContaining(['Vitamin', 'C', 'Serum']));
    expect(aliases(await search({ query: 'serum eclat', limit: 3 }))).toContain(
      'sabliere-paris-serum-eclat-vitamine-c',
    );
    expect(aliases(await search({ query: 'SÉRUM Éclat', limit: 3 }))).toContain(
      'sabliere-paris-serum-eclat-vitamine-c',
    );
    const typo = await search({ query: 'somdal cica', limit: 5 });
    expect(typo.items.length).toBe(5);
    for (const item of typo.items) expect(item.brand.alias).toBe('soomdal');
    expect((await search({ query: 'tocopheral', limit: 5 })).items.length).toBeGreaterThan(0);
    // The phrase in the name ranks first; one in a description ("huile démaquillante": a cleansing oil) after.
    const phrase = await search({ query: '"cleansing oil"', limit: 20 });
    for (const item of phrase.items.slice(0, 8)) expect(item.name.toLowerCase()).toMatch(/cleansing oil/);
    for (const item of phrase.items.slice(8)) expect(item.name.toLowerCase()).not.toMatch(/cleansing oil/);
    const without = await search({ query: 'micellar water -sensitive', limit: 20 });
    expect(without.items.length).toBeGreaterThan(2);
    for (const item of without.items) expect(item.name.toLowerCase()).not.toMatch(/sensitive/);
    expect(aliases(await search({ query: 'bakuchiol or retinal', limit: 5 }))).toEqual(
      expect.arrayContaining(['kesar-kunj-bakuchiol-night-serum', 'tallholm-gentle-retinal-serum']),
    );
    // Negations alone: what lacks the words, by name.
    const lacking = await search({ query: '-cream -serum', limit: 100 });
    expect(lacking.items.length).toBeGreaterThan(10);
    for (const item of lacking.items) expect(item.name.toLowerCase()).not.toMatch(/\b(cream|creams|serum|serums)\b/);
    expect(
      errorOf(await t.inject({ method: 'POST', url: '/products/search', payload: { query: 'x'.repeat(201) } })),
    ).toMatchObject({ details: { field: 'query' } });
    expect(errorOf(await t.inject({ method: 'GET', url: `/products?search=${'x'.repeat(201)}` }))).toMatchObject({
      details: { field: 'search' },
    });
    // Punctuation alone is no text: the filters' answer by name.
    expect((await search({ query: '!!!', limit: 3 })).items.length).toBe(3);
  });

  it('completes a short answer, weighs "for …" as a preference, corrects one typing error, reads spf30 and 0.5', async () => {
    // "fabulous" is in no product: the exact answer is empty, the first five meet the other words.
    // ("best" is now a shopping word the search drops: issue 42.)
    const best = await search({ query: 'fabulous vitamin c serum', limit: 20 });
    expect(best.items).toHaveLength(5);
    expect(best.next_cursor).toBeNull();
    for (const item of best.items) expect(item.matched_words).toEqual(expect.arrayContaining(['Serum']));
    // A long exact answer is not completed: it pages as before.
    const long = await search({ query: 'cream', limit: 3 });
    expect(long.next_cursor).not.toBeNull();
    // Quoted words are all required: nothing to complete with.
    expect((await search({ query: '"best" "vitamin" "serum"', limit: 5 })).items).toEqual([]);
    // What follows "for" ranks first, without being required.
    const oily = aliases(await search({ query: 'cleanser for oily skin', limit: 50 }));
    expect(oily.length).toBeGreaterThan(10);
    expect(oily.slice(0, 5)).toContain('laboratoires-ostrane-purifying-foaming-gel-for-oily-skin');
    // One letter swapped, dropped or changed, the first one included.
    expect(aliases(await search({ query: 'azelaic aicd', limit: 5 }))).toContain(
      'thornbury-skin-lab-azelaic-acid-10-cream-serum',
    );
    expect(aliases(await search({ query: 'xeramide cream', limit: 5 }))).toEqual(
      expect.arrayContaining(['bursztyn-lab-ceramide-moisturising-cream', 'tsuyukusa-lab-ceramide-intensive-cream']),
    );
    // Equally near two words: both ("retinl": retinal and retinol).
    const retinl = aliases(await search({ query: 'retinl serum', limit: 10 }));
    expect(retinl).toEqual(
      expect.arrayContaining(['tallholm-gentle-retinal-serum', 'bursztyn-lab-retinol-0-3-starter-serum']),
    );
    // Words run together, and the word being typed is not corrected while known words start with it.
    for (const item of (await search({ query: 'eyecream', limit: 5 })).items) expect(item.name).toMatch(/Eye .*Cream/);
    expect(aliases(await search({ query: 'rosewater toner', limit: 5 }))).toEqual(
      expect.arrayContaining(['hollyhock-hale-rosewater-toner', 'kesar-kunj-rose-water-facial-toner']),
    );
    for (const item of (await search({ query: 'ceram', limit: 3 })).items) expect(item.name).toMatch(/Ceramide/);
    // Numbers as labels print them.
    for (const item of (await search({ query: 'spf30', limit: 5 })).items) expect(item.name).toMatch(/SPF 30/);
    expect(aliases(await search({ query: 'retinol 0.5%', limit: 1 }))).toEqual([
      'plainfield-skin-retinol-0-5-in-squalane',
    ]);
    expect(aliases(await search({ query: 'ph 5,5 cleanser', limit: 1 }))).toEqual([
      'soomdal-heartleaf-ph-5-5-gel-cleanser',
    ]);
  });

  it('counts notable ingredients, never a trace: ascorbyl palmitate at the end does not make a vitamin c serum', async () => {
    const mod = await t.tokenFor('search-mod', 'moderator');
    const create = async (name: string, list: string) => {
      const created = await t.inject({
        method: 'POST',
        url: '/products/create',
        token: mod,
        payload: { name, brand: 'tallholm', category: 'serums', ingredient_list: list },
      });
      expect(created.statusCode).toBe(201);
      const alias = (created.json() as { alias: string }).alias;
      expect((await t.inject({ method: 'PATCH', url: `/products/${alias}/publish`, token: mod })).statusCode).toBe(200);
      return alias;
    };
    const trace = await create(
      'Quiet Glow Serum',
      'Aqua, Glycerin, Propanediol, Sodium Hyaluronate, Phenoxyethanol, Ethylhexylglycerin, Ascorbyl Palmitate',
    );
    const active = await create('Quiet Bright Serum', 'Aqua, Ascorbic Acid, Glycerin, Propanediol, Phenoxyethanol');
    const found = aliases(await search({ query: 'vitamin c serum', limit: 100 }));
    expect(found).toContain(active);
    expect(found).not.toContain(trace);
    expect(aliases(await search({ query: 'quiet glow', limit: 5 }))).toContain(trace);
  });

  it('keeps documents current: a product created, a brand renamed, an Open Beauty Facts import', async () => {
    const admin = await t.tokenFor('search-admin', 'admin');
    const [brand] = await t.em().getConnection().execute(`select alias from brand where alias = 'lysvik'`);
    expect((await search({ query: 'Fjellbrise', limit: 5 })).items).toEqual([]);
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: `/brands/${brand.alias}`,
          token: admin,
          payload: { name: 'Fjellbrise' },
        })
      ).statusCode,
    ).toBe(200);
    const renamed = await search({ query: 'fjellbrise', limit: 50 });
    expect(renamed.items.length).toBeGreaterThan(2);
    for (const item of renamed.items) expect(item.brand.name).toBe('Fjellbrise');
    expect((await search({ query: 'fjellbris', limit: 50 })).items.length).toBe(renamed.items.length);

    const line = JSON.stringify({
      code: '4006381333931',
      product_name: 'Wolkenmeer Nachtcreme',
      brands: 'Wolkenmeer',
      categories_tags: ['en:face-creams'],
      ingredients_text: 'Aqua, Glycerin, Niacinamide, Cetearyl Alcohol, Phenoxyethanol',
      last_modified_t: 1700000000,
    });
    const report = await importObf(t.orm, Readable.from([`${line}\n`]), { format: 'jsonl' });
    expect(report.imported).toBe(1);
    expect(aliases(await search({ query: 'wolkenmeer', limit: 5 })).length).toBe(1);
    // Quoted, every word is required: unquoted, a short answer is completed with near matches.
    expect((await search({ query: '"wolkenmeer" "niacinamide"', limit: 5 })).items.length).toBe(1);
    // Like our own: with filters, and as-you-type (its brand and the product).
    expect(
      (await search({ query: 'wolkenmeer', free_of: ['fragrance'], include_ingredients: ['niacinamide'], limit: 5 }))
        .items.length,
    ).toBe(1);
    expect(
      (await search({ query: 'wolkenmeer', free_of: ['silicones'], exclude_ingredients: ['glycerin'], limit: 5 }))
        .items,
    ).toEqual([]);
    const typed = (await t.inject({ method: 'GET', url: '/search/suggestions?query=wolkenm' })).json() as {
      products: Array<{ name: string }>;
      brands: Array<{ name: string }>;
    };
    expect(typed.products.map((p) => p.name)).toEqual(['Wolkenmeer Nachtcreme']);
    expect(typed.brands.map((b) => b.name)).toEqual(['Wolkenmeer']);
    // The import's upsert (on conflict do update) rewrites the document too.
    const changed = JSON.stringify({
      ...JSON.parse(line),
      product_name: 'Wolkenmeer Tagescreme',
      last_modified_t: 1800000000,
    });
    expect((await importObf(t.orm, Readable.from([`${changed}\n`]), { format: 'jsonl' })).updated).toBe(1);
    // Tagescreme and Nachtcreme are also read as kinds (day cream, night cream: issue 42): the
    // product printing the word comes first, and the old name no longer finds it.
    expect((await search({ query: 'tagescreme', limit: 5 })).items[0].name).toBe('Wolkenmeer Tagescreme');
    expect((await search({ query: 'nachtcreme', limit: 5 })).items.map((i) => i.name)).not.toContain(
      'Wolkenmeer Nachtcreme',
    );
  });

  it('rewrites the documents of products listing an ingredient when its name or its 1 % line changes', async () => {
    const mod = await t.tokenFor('search-ingredient-mod', 'moderator');
    const created = await t.inject({
      method: 'POST',
      url: '/products/create',
      token: mod,
      payload: {
        name: 'Stillwater Calm Fluid',
        brand: 'tallholm',
        category: 'serums',
        ingredient_list: 'Aqua, Glycerin, Bisabolol, Allantoin, Panthenol, Phenoxyethanol',
      },
    });
    expect(created.statusCode).toBe(201);
    const alias = (created.json() as { alias: string }).alias;
    expect((await t.inject({ method: 'PATCH', url: `/products/${alias}/publish`, token: mod })).statusCode).toBe(200);
    expect(aliases(await search({ query: '"stillwater" "panthenol"', limit: 5 }))).toEqual([alias]);

    // Renamed (as a knowledge-base update or an import writes it): the products listing it find it by its new name only.
    await t
      .em()
      .getConnection()
      .execute(`update ingredient set name = 'Levomenol', updated_at = now() where alias = 'bisabolol'`);
    expect(aliases(await search({ query: '"stillwater" "levomenol"', limit: 5 }))).toEqual([alias]);
    expect((await search({ query: '"stillwater" "bisabolol"', limit: 5 })).items).toEqual([]);
    expect(
      (
        (await t.inject({ method: 'GET', url: '/ingredients?search=levomenol' })).json() as {
          items: Array<{ alias: string }>;
        }
      ).items.map((i) => i.alias),
    ).toContain('bisabolol');

    // A correction accepted through the app: bisabolol (now Levomenol) a preservative, so the 1 %
    // line falls on it: allantoin and panthenol after it are at most 1 % and stop being notable.
    const feedback = (
      await t.inject({
        method: 'POST',
        url: '/ingredients/bisabolol/submit_feedback',
        token: await t.tokenFor('search-ingredient-author'),
        payload: { kind: 'correction', message: 'It preserves.' },
      })
    ).json() as { id: string };
    const accepted = (
      await t.inject({
        method: 'POST',
        url: '/graphql',
        token: mod,
        payload: {
          query:
            'mutation($id: ID!, $c: IngredientCorrectionInput!) { acceptIngredientFeedback(id: $id, correction: $c) { status } }',
          variables: { id: feedback.id, c: { functions: ['soothing', 'skin_conditioning', 'preservative'] } },
        },
      })
    ).json() as { errors?: unknown };
    expect(accepted.errors).toBeUndefined();
    expect((await search({ query: '"stillwater" "panthenol"', limit: 5 })).items).toEqual([]);
    expect(aliases(await search({ query: '"stillwater" "glycerin"', limit: 5 }))).toEqual([alias]);
  });

  it('indexes ingredients inserted in bulk, in one statement (as the EU inventory import writes them)', async () => {
    await t
      .em()
      .getConnection()
      .execute(
        `insert into ingredient (id, alias, name, other_names, description, functions, effects, flags, groups, curated, created_at, updated_at)
       select gen_random_uuid(), 'bulk-search-' || i, 'Quillothyl Ester ' || i, '{}', '', '{emollient}', '{}', '{}', '{}', false, now(), now()
       from generate_series(1, 300) as i`,
      );
    const found = (await t.inject({ method: 'GET', url: '/ingredients?search=quillothyl&limit=100' })).json() as {
      items: Array<{ alias: string }>;
    };
    expect(found.items.length).toBe(100);
    expect(found.items.every((i) => i.alias.startsWith('bulk-search-'))).toBe(true);
    const [{ n }] = await t
      .em()
      .getConnection()
      .execute(
        `select count(*)::int as n from ingredient_search s join ingredient i on i.id = s.ingredient_id where i.alias like 'bulk-search-%'`,
      );
    expect(n).toBe(300);
  });
});

describe('GET /ingredients?search=', () => {
  type Ingredients = { items: Array<{ alias: string; name: string }>; next_cursor: string | null };
  const ingredients = async (query: string) => {
    const response = await t.inject({ method: 'GET', url: `/ingredients?${query}` });
    expect(response.statusCode).toBe(200);
    return response.json() as Ingredients;
  };

  it("finds typos, other names, Korean and Japanese label names, and a group's members", async () => {
    expect((await ingredients('search=tocopheral&limit=3')).items[0].name).toBe('Tocopherol');
    expect((await ingredients('search=niacinamid&limit=3')).items[0].name).toBe('Niacinamide');
    expect((await ingredients(`search=${encodeURIComponent('정제수')}&limit=3`)).items[0].name).toBe('Water');
    expect((await ingredients(`search=${encodeURIComponent('グリセリン')}&limit=3`)).items[0].name).toBe('Glycerin');
    const group = (await t.inject({ method: 'GET', url: '/analyze/ingredient_group?group=vitamin_c' })).json() as {
      ingredient_count?: number;
      ingredientCount?: number;
    };
    const members = await ingredients('search=vitamin%20c&limit=100');
    expect(members.items.length).toBeGreaterThanOrEqual(group.ingredient_count ?? 10);
    expect(members.items.map((i) => i.alias)).toEqual(expect.arrayContaining(['ascorbic-acid', 'ascorbyl-palmitate']));
    // Paged by the signed cursor, with a filter.
    const first = await ingredients('search=vitamin%20c&group=vitamin_c&limit=5');
    const second = await ingredients(`search=vitamin%20c&group=vitamin_c&limit=5&cursor=${first.next_cursor}`);
    expect(new Set([...first.items, ...second.items].map((i) => i.alias)).size).toBe(10);
    expect((await t.inject({ method: 'GET', url: '/ingredients?search=vitamin%20c&cursor=nope' })).statusCode).toBe(
      400,
    );
  });
});

describe('as-you-type suggestions', () => {
  type Suggestions = {
    products: Array<{ alias: string; name: string; brand: string }>;
    brands: Array<{ alias: string }>;
    ingredients: Array<{ name: string }>;
  };

  it('suggests products, brands and ingredients in one call, REST and GraphQL', async () => {
    const response = await t.inject({ method: 'GET', url: '/search/suggestions?query=soom' });
    expect(response.statusCode).toBe(200);
    const soom = response.json() as Suggestions;
    expect(soom.brands.map((b) => b.alias)).toEqual(['soomdal']);
    expect(soom.products.length).toBe(5);
    for (const p of soom.products) expect(p.brand).toBe('Soomdal');
    const niacin = (
      await t.inject({ method: 'GET', url: '/search/suggestions?query=niacin&limit=3' })
    ).json() as Suggestions;
    expect(niacin.ingredients[0].name).toBe('Niacinamide');
    expect(niacin.products.length).toBe(3);
    const statements = await t.countStatements({ method: 'GET', url: '/search/suggestions?query=vitamin%20c%20se' });
    expect(statements.statements).toBe(1);
    expect(errorOf(await t.inject({ method: 'GET', url: '/search/suggestions?query=soom&limit=11' }))).toMatchObject({
      details: { field: 'limit' },
    });
    const graphql = await t.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: '{ searchSuggestions(query: "moisturi") { products { name } } }' },
    });
    const products = (graphql.json() as { data: { searchSuggestions: { products: Array<{ name: string }> } } }).data
      .searchSuggestions.products;
    expect(products.length).toBe(5);
    for (const p of products) expect(p.name.toLowerCase()).toMatch(/moisturi/);
  });
});
