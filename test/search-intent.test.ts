// What the search reads in words beyond names (issue 42): free-from constraints as the free_of
// filter, claims it cannot check, the non-comedogenic ranking, kinds in other languages and
// concerns, shopping words and sizes, honest answers when a word matches nothing; `q` as another
// name of the search text; an ingredient's other name ranked first; forgiving suggestions. Through
// the app, as a client sees them. The share of a whole set of such queries is
// test/search-relevance.test.ts (search-relevance-intent.yaml).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Reading {
  words: Array<{ word: string; matched: boolean; read_as: string | null }>;
  constraints: Array<{ typed: string; free_of: string | null; check: string; exclude_ingredient: string | null }>;
  notes: string[];
}
type Page = {
  items: Array<{ alias: string; flags: string[]; category: { alias: string } | null }>;
  next_cursor: string | null;
  reading: Reading | null;
};
const search = async (query: string, limit = 10) => {
  const response = await t.inject({ method: 'POST', url: '/products/search', payload: { query, limit } });
  expect(response.statusCode).toBe(200);
  return response.json() as Page;
};

describe('search intent', () => {
  it('reads free-from words as the free_of filter and names each constraint as checked, never "safe"', async () => {
    for (const [query, freeOf, flag] of [
      ['fragrance free body lotion', 'fragrance', 'fragrance'],
      ['toner w/o alcohol', 'alcohol', 'drying_alcohol'],
      ['cleanser without sulphates', 'sulfates', 'sulfate'],
      ['Reef-Safe sunscreen', 'reef_concerns', 'reef_concern'],
      ['serum safe during pregnancy', 'pregnancy_cautions', 'pregnancy_caution'],
    ]) {
      const page = await search(query);
      expect(page.items.length).toBeGreaterThan(0);
      for (const item of page.items) expect(item.flags).not.toContain(flag);
      expect(page.reading!.constraints.map((c) => c.free_of)).toEqual([freeOf]);
      for (const c of page.reading!.constraints) expect(c.check).not.toMatch(/\bsafe\b/i);
      // The same answer as the filter itself.
      const text = query.replace(/fragrance free |w\/o alcohol|without sulphates|Reef-Safe |safe during pregnancy/, '');
      const filtered = await t.inject({
        method: 'POST',
        url: '/products/search',
        payload: { query: text.trim(), free_of: [freeOf], limit: 10 },
      });
      expect(page.items.map((i) => i.alias).sort()).toEqual((filtered.json() as Page).items.map((i) => i.alias).sort());
    }
    // Two at once, and alone (every product meeting them, by name).
    const two = await search('fragrance and paraben free cream');
    expect(two.reading!.constraints.map((c) => c.free_of).sort()).toEqual(['fragrance', 'parabens']);
    const alone = await search('without parabens', 5);
    expect(alone.items).toHaveLength(5);
    for (const item of alone.items) expect(item.flags).not.toContain('paraben');
  });

  it('says a "free" claim it cannot check is no constraint, and ranks non-comedogenic without excluding', async () => {
    const gluten = await search('gluten free lip balm');
    expect(gluten.reading!.constraints).toEqual([]);
    expect(gluten.reading!.notes.join(' ')).toMatch(/"gluten free": not checked/);
    expect(gluten.items.every((i) => i.category?.alias === 'lip-balms')).toBe(true);
    const vegan = await search('vegan face cream');
    expect(vegan.reading!.notes.join(' ')).toMatch(/"vegan": not checked/);
    const plain = await search('moisturiser', 100);
    const ranked = await search('non-comedogenic moisturiser', 100);
    // Nothing excluded: the same products, in another order, and the answer says why.
    expect(ranked.items.map((i) => i.alias).sort()).toEqual(plain.items.map((i) => i.alias).sort());
    expect(ranked.reading!.notes.join(' ')).toMatch(/comedogenic 3 or more.*nothing excluded/);
  });

  it('reads kinds in other languages and shop words, concerns by what treats them, and drops sizes and fillers', async () => {
    const fr = await search('crème solaire', 5);
    expect(fr.items.length).toBe(5);
    expect(fr.reading!.words).toEqual([{ word: 'creme solaire', matched: true, read_as: 'kind: sunscreen' }]);
    const ko = await search('아이크림', 5);
    for (const item of ko.items) expect(item.category?.alias).toBe('eye-creams');
    const chap = await search('chapstick', 5);
    for (const item of chap.items) expect(item.category?.alias).toBe('lip-balms');
    // "visage" is a word to drop, not the brand Cinder & Sage by its letters.
    const visage = await search('sérum visage', 5);
    for (const item of visage.items) expect(item.alias).not.toMatch(/^cinder-sage/);
    // A concern: what treats it, never a word that merely shares letters ("rosacea": rose oils).
    const rosacea = await search('rosacea', 5);
    expect(rosacea.reading!.words[0].read_as).toBe('concern: redness');
    for (const item of rosacea.items) expect(item.alias).not.toMatch(/rose/);
    const sized = await search('buy padolab bha pore liquid 100 ml', 5);
    expect(sized.items[0].alias).toBe('padolab-2-bha-pore-liquid');
    expect(sized.reading!.notes.join(' ')).toMatch(/ignored: "buy", "100 ml"/);
    const joined = await search('clear vane benzoyl peroxide', 5);
    expect(joined.items.length).toBeGreaterThan(0);
    for (const item of joined.items) expect(item.alias).toMatch(/^clearvane-/);
  });

  it('says which words matched nothing, and answers nothing for words that match nothing', async () => {
    const partial = await search('cetaphil gentle cleanser', 5);
    expect(partial.reading!.words.find((w) => w.word === 'cetaphil')?.matched).toBe(false);
    expect(partial.reading!.words.find((w) => w.word === 'cleanser')?.matched).toBe(true);
    expect((await search('razor blades', 5)).items).toEqual([]);
    expect((await search('qwertyuiop', 5)).items).toEqual([]);
  });

  it('keeps the search cost bounds over the words as typed, fillers included', async () => {
    const words = Array.from({ length: 17 }, () => 'buy').join(' ');
    const response = await t.inject({ method: 'POST', url: '/products/search', payload: { query: words } });
    expect(response.statusCode).toBe(400);
  });
});

describe('search intent, second round', () => {
  /** The lowercase names of each result's ingredients, as the catalog's entries hold them. */
  const namesOf = async (aliases: string[]) =>
    new Map(
      (
        await t.em().execute<Array<{ alias: string; names: string[]; unread: boolean }>>(
          `select p.alias, array(select lower(i.name) from product_ingredient pi join ingredient i on i.id = pi.ingredient_id
             where pi.product_id = p.id) as names,
             not exists (select 1 from product_ingredient pi where pi.product_id = p.id) or
             exists (select 1 from product_ingredient pi where pi.product_id = p.id and pi.unread) as unread
           from product p where p.alias in (?)`,
          [aliases],
        )
      ).map((r) => [r.alias, r]),
    );

  it('reads "X free" and "without X" for one ingredient of the knowledge base, by any of its names or a slip', async () => {
    for (const [query, name] of [
      ['niacinamide free serum', 'niacinamide'],
      ['cream without shea butter', 'butyrospermum parkii (shea) butter'],
      ['sunscreen free of avobenzone', 'butyl methoxydibenzoylmethane'],
      ['niacinimide free toner', 'niacinamide'],
      ['sérum sans phénoxyéthanol', 'phenoxyethanol'],
      ['benzyl alcohol free cream', 'benzyl alcohol'],
    ]) {
      const page = await search(query);
      expect(page.items.length).toBeGreaterThan(0);
      const [constraint] = page.reading!.constraints;
      expect(constraint.free_of).toBeNull();
      expect(constraint.exclude_ingredient).toMatch(/^[0-9a-f-]{36}$/);
      expect(constraint.check.toLowerCase()).toBe(`no ${name} in the ingredient list`);
      const names = await namesOf(page.items.map((i) => i.alias));
      for (const item of page.items) {
        expect(names.get(item.alias)!.unread).toBe(false);
        expect(names.get(item.alias)!.names).not.toContain(name);
      }
    }
  });

  it('keeps "alcohol free" as the drying-alcohol class and "oil free" as text', async () => {
    const alcohol = await search('alcohol free toner');
    expect(alcohol.reading!.constraints.map((c) => c.free_of)).toEqual(['alcohol']);
    const oil = await search('oil free moisturiser');
    expect(oil.reading!.constraints).toEqual([]);
  });

  it("ranks a concern's actives first within the kind typed", async () => {
    const page = await search('blackhead toner', 3);
    const names = await namesOf(page.items.map((i) => i.alias));
    // The actives data/search-readings.yaml gives blackheads: BHAs, AHAs, PHAs, retinoids.
    const bha = await t
      .em()
      .execute<Array<{ name: string }>>(
        `select lower(name) as name from ingredient where groups && array['bhas', 'ahas', 'phas', 'retinoids']`,
      );
    for (const item of page.items)
      expect(names.get(item.alias)!.names.some((n) => bha.some((b) => b.name === n))).toBe(true);
  });

  it('meets a kind noun only in names, brands and categories, and inflections the table does not list', async () => {
    expect((await search('mascara')).items).toEqual([]);
    const partial = await search('waterproof mascara');
    expect(partial.reading!.words.find((w) => w.word === 'mascara')!.matched).toBe(false);
    for (const [query, kind] of [
      ['Gesichtsmasken', 'kind: mask'],
      ['protectores solares', 'kind: sunscreen'],
      ['creme idratanti', 'kind: moisturiser'],
    ]) {
      const page = await search(query);
      expect(page.reading!.words[0].read_as).toBe(kind);
      expect(page.items.length).toBeGreaterThan(0);
    }
  });
});

describe('q, ingredient ranking and suggestions', () => {
  it('takes q as another name of search and query, and refuses both at once naming both', async () => {
    const byQ = await t.inject({ method: 'GET', url: '/products?q=cleansing%20balm&limit=5' });
    const bySearch = await t.inject({ method: 'GET', url: '/products?search=cleansing%20balm&limit=5' });
    expect(byQ.statusCode).toBe(200);
    expect(byQ.json()).toEqual(bySearch.json());
    for (const url of [
      '/products?q=balm&search=balm',
      '/ingredients?q=aqua&search=aqua',
      '/search/suggestions?q=bal&query=bal',
    ]) {
      const response = await t.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toMatch(/(search|query) and q/);
    }
    expect((await t.inject({ method: 'GET', url: '/search/suggestions?q=bal' })).statusCode).toBe(200);
    const unknown = await t.inject({ method: 'GET', url: '/products?query=balm' });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).message).toMatch(/accepted: .*search.*q/);
  });

  it('ranks an ingredient whose other name is typed whole first (aqua: Water)', async () => {
    const response = await t.inject({ method: 'GET', url: '/ingredients?q=aqua&limit=5' });
    expect(response.statusCode).toBe(200);
    expect((response.json() as { items: Array<{ name: string }> }).items[0].name).toBe('Water');
  });

  it('suggests for a shop abbreviation and a typo as the search forgives them', async () => {
    const suggest = async (q: string) =>
      (await t.inject({ method: 'GET', url: `/search/suggestions?q=${encodeURIComponent(q)}` })).json() as {
        products: Array<{ name: string }>;
      };
    expect((await suggest('vit c')).products.length).toBeGreaterThan(0);
    expect((await suggest('vitamin c serum')).products.length).toBeGreaterThan(0);
    expect((await suggest('niacinamde serum')).products.length).toBeGreaterThan(0);
  });
});
