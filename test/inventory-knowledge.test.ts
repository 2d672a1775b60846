// The EU CosIng inventory as the long tail of the knowledge base, on the service as shipped: every
// inventory name matched, marked as known from the inventory alone, flagged only where its data says so;
// curated ingredients win; an ingredient write updates the base in memory without reloading it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, type TestApp } from './helpers/app.js';
import { invalidateMatcher, knowledgeBaseStats, loadKnowledgeBase } from '../src/modules/ingredient/matcher.service.js';
import { Ingredient } from '../src/modules/ingredient/ingredient.entity.js';
import { seedInventory } from '../src/seeders/inventory.js';
import { IngredientMatcher } from '../src/modules/analysis/engine/match.js';
import { flagsFromFunctions } from '../src/modules/ingredient/cosing/functions.js';
import { rejoinFunctionFlags } from '../src/modules/ingredient/cosing/function-flags-rejoin.js';

let t: TestApp;

interface Entry {
  input: string;
  match: string;
  flags: string[];
  inventory_only: boolean;
  ingredient: { alias: string; name: string; functions: string[]; flags: string[]; inventory_only: boolean } | null;
}

const analyze = async (list: string): Promise<Entry[]> => {
  const response = await t.inject({
    method: 'POST',
    url: '/analyze/ingredient_list',
    payload: { ingredient_list: list },
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as { ingredients: Entry[] }).ingredients;
};

describe('the EU inventory in the knowledge base', () => {
  // The snapshot holds 29,000 ingredients: restoring it on a loaded machine can take more than a minute.
  beforeAll(async () => {
    t = await startTestApp();
    // The test snapshot leaves the inventory out; here it is seeded as a first start seeds it.
    await t.em().transactional((tx) => seedInventory(tx));
    invalidateMatcher();
  }, 600_000);
  afterAll(async () => {
    await t?.close();
  });
  it('matches an inventory-only botanical and speciality ester, marked as such, with their CosIng functions', async () => {
    const [water, botanical, ester] = await analyze(
      'Aqua, Abelmoschus Manihot Flower Extract, C12-13 Alkyl Ethylhexanoate',
    );
    expect(water).toMatchObject({
      match: 'alias',
      inventory_only: false,
      ingredient: { name: 'Water', inventory_only: false },
    });
    expect(botanical).toMatchObject({
      match: 'exact',
      inventory_only: true,
      ingredient: {
        name: 'ABELMOSCHUS MANIHOT FLOWER EXTRACT',
        functions: ['skin_conditioning'],
        inventory_only: true,
      },
    });
    expect(ester).toMatchObject({
      match: 'exact',
      inventory_only: true,
      ingredient: { functions: ['skin_conditioning', 'emollient'], inventory_only: true },
    });
    expect(ester.flags).toEqual([]);
  });

  it('flags fragrance on an ingredient with a perfuming function, alone or beside others (issue 40)', async () => {
    const [perfume, oil] = await analyze('Abies Balsamea Balsam Extract, Abies Balsamea Bark Oil');
    expect(perfume).toMatchObject({ inventory_only: true, ingredient: { functions: ['perfuming'] } });
    expect(perfume.ingredient!.flags).toContain('fragrance');
    expect(perfume.flags).toContain('fragrance');
    expect(oil).toMatchObject({ inventory_only: true, ingredient: { functions: ['perfuming', 'skin_conditioning'] } });
    expect(oil.ingredient!.flags).toContain('fragrance');
    expect(oil.flags).toContain('fragrance');
    expect(flagsFromFunctions(['perfuming'])).toEqual(['fragrance']);
    expect(flagsFromFunctions(['perfuming', 'skin_conditioning'])).toEqual(['fragrance']);
    expect(flagsFromFunctions(['skin_conditioning'])).toEqual([]);
    expect(flagsFromFunctions([])).toEqual([]);
  });

  it('makes rows stored under the old rule agree with the one rule, once (Migration20261207223000)', async () => {
    // As seeded when only "perfuming" alone flagged fragrance: every inventory row perfuming among other functions.
    const stripped = await t.em().execute<Array<{ id: string }>>(
      `update ingredient set flags = array_remove(flags, 'fragrance')
       where curated = false and 'perfuming' = any(functions) and cardinality(functions) > 1 returning id`,
    );
    expect(stripped.length).toBeGreaterThan(0);
    expect(await rejoinFunctionFlags(t.em())).toBe(stripped.length);
    const rows = await t
      .em()
      .execute<Array<{ functions: string[]; flags: string[] }>>(
        `select functions, flags from ingredient where curated = false and cardinality(functions) > 0`,
      );
    // Every inventory row carries what the analysis's rule makes of its functions, and nothing else changed.
    const disagree = rows.filter((r) => flagsFromFunctions(r.functions).some((f) => !r.flags.includes(f)));
    expect(disagree).toEqual([]);
    expect(await rejoinFunctionFlags(t.em())).toBe(0);
    const [oil] = await t
      .em()
      .execute<Array<{ flags: string[] }>>(`select flags from ingredient where name = 'ABIES BALSAMEA BARK OIL'`);
    expect(oil.flags[0]).toBe('fragrance');
  });

  it('keeps curated ingredients: their names, other names and data win, CAS and EC filled in where they had none', async () => {
    // "AQUA" and "GLYCERIN" are inventory names too: the curated Water and Glycerin answer them.
    const [aqua, glycerin] = await analyze('AQUA, GLYCERIN');
    expect(aqua).toMatchObject({ inventory_only: false, ingredient: { name: 'Water' } });
    expect(glycerin).toMatchObject({ inventory_only: false, ingredient: { name: 'Glycerin' } });
    const detail = (await t.inject({ method: 'GET', url: '/ingredients/glycerin' })).json() as {
      cas_number: string;
      ec_number: string | null;
      inventory_only: boolean;
    };
    expect(detail).toMatchObject({ cas_number: '56-81-5', ec_number: '200-289-5', inventory_only: false });
    // Only one ingredient named Glycerin, whatever the case.
    const search = (await t.inject({ method: 'GET', url: '/ingredients?search=glycerin&limit=50' })).json() as {
      items: Array<{ name: string }>;
    };
    expect(search.items.filter((i) => i.name.toLowerCase() === 'glycerin')).toHaveLength(1);
  });

  it('finds inventory names in the ingredient search', async () => {
    const found = (
      await t.inject({ method: 'GET', url: '/ingredients?search=abelmoschus%20manihot%20flower%20extract&limit=5' })
    ).json() as { items: Array<{ name: string; inventory_only: boolean }> };
    expect(found.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'ABELMOSCHUS MANIHOT FLOWER EXTRACT', inventory_only: true }),
      ]),
    );
  });

  it("writes the search documents and words of every inventory row through the table's trigger", async () => {
    const [row] = await t.em().execute<Array<{ missing: number; words: number }>>(
      `select (select count(*)::int from ingredient i where not exists
                  (select 1 from ingredient_search s where s.ingredient_id = i.id)) as missing,
                (select count(*)::int from search_word where word in ('abelmoschus', 'manihot')) as words`,
    );
    expect(row).toEqual({ missing: 0, words: 2 });
  });

  it('holds inventory rows in memory as plain Ingredient rows, served whole', async () => {
    const { byId } = await loadKnowledgeBase(t.em());
    const inventory = [...byId.values()].filter((row) => !row.curated);
    expect(inventory.length).toBeGreaterThan(20_000);
    for (const row of inventory) {
      expect(row).toBeInstanceOf(Ingredient);
      expect(row.inventoryOnly).toBe(true);
      // Plain fields: no getter and setter pair of the ORM's per row and column.
      for (const field of ['id', 'name', 'alias', 'description', 'functions', 'flags', 'casNumber', 'createdAt'])
        expect(Object.getOwnPropertyDescriptor(row, field)).toHaveProperty('writable', true);
    }
    // Served from memory (an analysis) and from the database (the ingredient's page): the same, field for field.
    const names = [
      'ABELMOSCHUS MANIHOT FLOWER EXTRACT',
      'ABIES BALSAMEA BALSAM EXTRACT',
      'C12-13 ALKYL ETHYLHEXANOATE',
    ];
    const fields =
      'id alias name otherNames description functions effects flags groups comedogenic irritancy ratingSource ' +
      'casNumber ecNumber inventoryOnly createdAt updatedAt';
    const served = (
      await t.inject({
        method: 'POST',
        url: '/graphql',
        payload: {
          query: `mutation { analyzeIngredientList(ingredientList: ${JSON.stringify(names.join(', '))}) {
            ingredients { ingredient { ${fields} } } } }`,
        },
      })
    ).json() as { data: { analyzeIngredientList: { ingredients: Array<{ ingredient: { id: string } }> } } };
    const fromMemory = served.data.analyzeIngredientList.ingredients.map((e) => e.ingredient);
    expect(fromMemory.map((i) => (i as unknown as { name: string }).name)).toEqual(names);
    for (const ingredient of fromMemory) {
      const stored = (
        await t.inject({
          method: 'POST',
          url: '/graphql',
          payload: { query: `{ ingredient(idOrAlias: "${ingredient.id}") { ${fields} } }` },
        })
      ).json() as { data: { ingredient: unknown } };
      expect(ingredient).toEqual(stored.data.ingredient);
    }
    expect(fromMemory.filter((i) => (i as unknown as { casNumber: string | null }).casNumber).length).toBeGreaterThan(
      0,
    );
  });

  it('updates the base in memory on an ingredient write, without reading it whole again', async () => {
    await analyze('Water');
    const before = knowledgeBaseStats();
    const mod = await t.tokenFor('inventory-mod', 'moderator');
    const created = await t.inject({
      method: 'POST',
      url: '/ingredients/create',
      token: mod,
      payload: {
        name: 'Abelmoschus Testus Seed Ferment',
        other_names: ['Testus Ferment'],
        functions: ['skin_conditioning'],
      },
    });
    expect(created.statusCode).toBe(201);
    const [entry] = await analyze('Aqua, Abelmoschus Testus Seed Ferment').then((entries) => entries.slice(1));
    const [other] = await analyze('Aqua, Testus Ferment').then((entries) => entries.slice(1));
    expect(entry).toMatchObject({
      match: 'exact',
      inventory_only: false,
      ingredient: { alias: 'abelmoschus-testus-seed-ferment' },
    });
    expect(other).toMatchObject({ match: 'alias', ingredient: { alias: 'abelmoschus-testus-seed-ferment' } });
    const after = knowledgeBaseStats();
    expect(after.loads).toBe(before.loads);
    // The new row, read once or twice (on the write, and again once it has committed): not the 29,000 of the base.
    expect(after.rowsRead - before.rowsRead).toBeGreaterThanOrEqual(1);
    expect(after.rowsRead - before.rowsRead).toBeLessThanOrEqual(2);
  });
});

describe('the matcher with an inventory tier', () => {
  const matcher = new IngredientMatcher([
    { id: 'mci', name: 'Methylchloroisothiazolinone', otherNames: [] },
    { id: 'peg8', name: 'PEG-8 Dimethicone', otherNames: ['Dimethicone PEG-8'] },
    { id: 'inv-mci', name: 'METHYLCHLOROISOTHIAZOLINONES', otherNames: [], inventoryOnly: true },
    { id: 'inv-peg9', name: 'PEG-9 DIMETHICONE', otherNames: [], inventoryOnly: true },
    { id: 'inv-dmpeg8', name: 'DIMETHICONE PEG-8', otherNames: [], inventoryOnly: true },
    { id: 'inv-ester', name: 'CETEARYL ETHYLHEXANOATE', otherNames: [], inventoryOnly: true },
  ]);
  const id = (input: string) => matcher.matchEntry({ input }).ingredientId;

  it('never lets an inventory name take a name or a slip a curated ingredient answers', () => {
    expect(id('Dimethicone PEG-8')).toBe('peg8');
    // One slip from both: the curated one.
    expect(id('Methylchloroisothiazolinon')).toBe('mci');
    expect(id('PEG-8 Dimethicone')).toBe('peg8');
  });

  it('reads slips of inventory names under the same rules: no digit changed', () => {
    expect(id('Cetearyl Ethylhexanoat')).toBe('inv-ester');
    expect(matcher.matchEntry({ input: 'Cetearyl Ethylhexanoat' }).match).toBe('fuzzy');
    expect(id('PEG-10 Dimethicone')).toBeNull();
  });

  it('is updated one ingredient at a time: renamed, added, removed', () => {
    const m = new IngredientMatcher([
      { id: 'a', name: 'Sodium Hyaluronate', otherNames: [] },
      { id: 'b', name: 'SODIUM HYALURONATE CROSSPOLYMER', otherNames: [], inventoryOnly: true },
    ]);
    expect(m.matchEntry({ input: 'Sodium Hyaluronate Crosspolymer' }).ingredientId).toBe('b');
    m.upsert({ id: 'c', name: 'Sodium Hyaluronate Crosspolymer', otherNames: [] });
    expect(m.matchEntry({ input: 'Sodium Hyaluronate Crosspolymer' }).ingredientId).toBe('c');
    m.upsert({ id: 'a', name: 'Hyaluronic Acid', otherNames: ['HA'] });
    expect(m.matchEntry({ input: 'Sodium Hyaluronate' }).ingredientId).toBeNull();
    expect(m.matchEntry({ input: 'HA' }).ingredientId).toBe('a');
    m.remove('c');
    expect(m.matchEntry({ input: 'Sodium Hyaluronate Crosspolymer' }).ingredientId).toBe('b');
    expect(m.size).toBe(2);
  });
});
