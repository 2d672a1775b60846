import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Entry = {
  position: number;
  input: string;
  match: string;
  concentration: string | null;
  may_contain: boolean;
  ingredient: { id: string; alias: string; name: string; flags: string[] } | null;
};
type Analysis = { token: string; ingredients: Entry[]; unmatched: string[]; duplicates: string[]; footnotes: string[] };

const SERUM =
  'Ingredients: Aqua (Water), Glycerin, Niacinamide 10%, Butylene Glycol, Sodium Hyaluronate, Phenoxyethanol, Parfum, Limonene, Xyzzy Plugh Extract, Glycerin.';
const analyze = async (ingredient_list: unknown, token?: string) =>
  t.inject({ method: 'POST', url: '/analyze/ingredient_list', payload: { ingredient_list }, token });

describe('POST /analyze/ingredient_list', () => {
  it('answers 201 in the contract shape, matching exact names, aliases and noting the rest', async () => {
    const response = await analyze(SERUM);
    expect(response.statusCode).toBe(201);
    const a = response.json() as Analysis;
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(a.ingredients[0]).toMatchObject({
      position: 1,
      input: 'Aqua (Water)',
      match: 'exact',
      ingredient: { alias: 'water', name: 'Water' },
    });
    const niacinamide = a.ingredients.find((e) => e.input === 'Niacinamide')!;
    expect(niacinamide).toMatchObject({ match: 'exact', concentration: '10%' });
    expect(a.unmatched).toEqual(['Xyzzy Plugh Extract']);
    expect(a.duplicates).toEqual(['Glycerin']);
    for (const e of a.ingredients) expect(e.ingredient === null).toBe(e.match === 'none');
    expect(a.ingredients.map((e) => e.position)).toEqual(a.ingredients.map((_, i) => i + 1));
  });

  it('turns junk into an analysis with everything unmatched', async () => {
    const response = await analyze('lorem ipsum dolor, sit amet, 12345, !!!');
    expect(response.statusCode).toBe(201);
    const a = response.json() as Analysis;
    expect(a.ingredients.every((e) => e.match === 'none')).toBe(true);
  });

  it('rejects empty (400) and oversized (413) lists, and wrong types, writing nothing', async () => {
    const [{ n: before }] = await t.em().getConnection().execute('select count(*)::int as n from ingredient_analysis');
    for (const body of ['', '   \n ']) {
      const response = await analyze(body);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'ingredient_list' } });
    }
    const huge = await analyze('Water, '.repeat(3000));
    expect(huge.statusCode).toBe(413);
    expect(errorOf(huge).code).toBe('PAYLOAD_TOO_LARGE');
    expect((await analyze(42)).statusCode).toBe(400);
    expect((await analyze(['Water'])).statusCode).toBe(400);
    const missing = await t.inject({ method: 'POST', url: '/analyze/ingredient_list', payload: {} });
    expect(errorOf(missing)).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'ingredient_list' } });
    const [{ n: after }] = await t.em().getConnection().execute('select count(*)::int as n from ingredient_analysis');
    expect(after).toBe(before);
  });
});

describe('what the parser sets aside, and kits', () => {
  type Answer = Omit<Analysis, 'ingredients'> & {
    ingredients: Array<Entry & { part: string | null; active: boolean }>;
    set_aside: Array<{ kind: string; text: string }>;
    parts: string[];
  };

  it('answers which text it set aside, with its kind, and never turns a "free of" block into entries', async () => {
    const list =
      '<p>Key ingredients: Niacinamide, Zinc PCA.</p><p><b>Ingredients:</b> Water, Niacinamide, Glycerin, Phenoxyethanol <b>Clean at Luma products are formulated without:</b> Parabens, Mineral Oil, Oxybenzone, Retinyl Palmitate.</p><p>Please be aware that ingredient lists may change or vary from time to time.</p>';
    const response = await analyze(list);
    expect(response.statusCode).toBe(201);
    const a = response.json() as Answer;
    expect(a.ingredients.map((e) => [e.input, e.ingredient?.alias ?? null, e.part])).toEqual([
      ['Water', 'water', null],
      ['Niacinamide', 'niacinamide', null],
      ['Glycerin', 'glycerin', null],
      ['Phenoxyethanol', 'phenoxyethanol', null],
    ]);
    expect(a.set_aside).toEqual([
      {
        kind: 'free_of',
        text: 'Clean at Luma products are formulated without: Parabens, Mineral Oil, Oxybenzone, Retinyl Palmitate.',
      },
      { kind: 'marketing', text: 'Key ingredients: Niacinamide, Zinc PCA.' },
      { kind: 'disclaimer', text: 'Please be aware that ingredient lists may change or vary from time to time.' },
    ]);
    expect(a.parts).toEqual([]);
    // The shared analysis says the same (set-aside text is found again from the stored list).
    expect((await t.inject({ method: 'GET', url: `/analyze/shared/${a.token}` })).json()).toEqual(a);
  });

  it('names the part of a kit each entry belongs to and keeps an ingredient that two parts hold', async () => {
    const a = (
      await analyze(
        'Cleanser: Water, Glycerin, Sodium Cocoyl Glutamate, Citric Acid. Toner: Water, Glycerin, Niacinamide, Panthenol.',
      )
    ).json() as Answer;
    expect(a.parts).toEqual(['Cleanser', 'Toner']);
    expect(a.ingredients.map((e) => [e.position, e.input, e.part])).toEqual([
      [1, 'Water', 'Cleanser'],
      [2, 'Glycerin', 'Cleanser'],
      [3, 'Sodium Cocoyl Glutamate', 'Cleanser'],
      [4, 'Citric Acid', 'Cleanser'],
      [5, 'Water', 'Toner'],
      [6, 'Glycerin', 'Toner'],
      [7, 'Niacinamide', 'Toner'],
      [8, 'Panthenol', 'Toner'],
    ]);
    expect(a.duplicates).toEqual([]);
    const row = (
      await t
        .em()
        .getConnection()
        .execute('select entries::text as entries from ingredient_analysis where token = ?', [a.token])
    )[0] as { entries: string };
    expect((JSON.parse(row.entries) as Array<Record<string, unknown>>)[4]).toMatchObject({
      input: 'Water',
      part: 'Toner',
    });
    expect((await t.inject({ method: 'GET', url: `/analyze/shared/${a.token}` })).json()).toEqual(a);
    // The reports count each ingredient once.
    expect((await t.inject({ method: 'GET', url: `/analyze/${a.token}/rules` })).statusCode).toBe(200);
  });

  it('reads actives printed with their strength outside the list, and says which it could not read (issue 40)', async () => {
    const response = await analyze(
      'Clear Pore Acne Gel\n-5% Benzoyl Peroxide: Has acne-fighting ingredients.\n-4% Lumiplex Complex: evens tone.\n-Niacinamide 2%: calms.\nInactive Ingredients: Water, Niacinamide, Carbomer, Sodium Hydroxide, Glycerin',
    );
    expect(response.statusCode).toBe(201);
    const a = response.json() as Omit<Answer, 'ingredients'> & {
      actives_outside_list: Array<{ name: string; strength: string; analysed: boolean; part: string | null }>;
      ingredients: Array<Entry & { active: boolean; outside_list: boolean }>;
    };
    expect(a.ingredients.map((e) => [e.input, e.active, e.concentration, e.outside_list])).toEqual([
      ['Benzoyl Peroxide', true, '5%', true],
      ['Water', false, null, false],
      ['Niacinamide', false, '2%', false],
      ['Carbomer', false, null, false],
      ['Sodium Hydroxide', false, null, false],
      ['Glycerin', false, null, false],
    ]);
    expect(a.ingredients[0].ingredient?.alias).toBe('benzoyl-peroxide');
    expect(a.actives_outside_list).toEqual([
      { name: 'Benzoyl Peroxide', strength: '5%', analysed: true, part: null },
      { name: 'Lumiplex Complex', strength: '4%', analysed: false, part: null },
      { name: 'Niacinamide', strength: '2%', analysed: true, part: null },
    ]);
    // Kept with the analysis: read back as it was answered.
    expect((await t.inject({ method: 'GET', url: `/analyze/shared/${a.token}` })).json()).toEqual(a);
  });

  it('keeps Korean and Japanese entries (unmatched when the base lacks their names) instead of answering an empty list', async () => {
    const a = (await analyze('전성분: 정제수, 글리세린, 나이아신아마이드(Niacinamide)')).json() as Answer;
    expect(a.ingredients.map((e) => e.input)).toEqual(['정제수', '글리세린', '나이아신아마이드(Niacinamide)']);
    expect(a.ingredients[2].ingredient?.alias).toBe('niacinamide');
    const j = (await analyze('成分：水、グリセリン、BG、ナイアシンアミド')).json() as Answer;
    expect(j.ingredients.map((e) => e.input)).toEqual(['水', 'グリセリン', 'BG', 'ナイアシンアミド']);
  });
});

describe('storing analyses', () => {
  const rowOf = async (token: string) =>
    (
      await t
        .em()
        .getConnection()
        .execute('select entries::text as entries, owner_id from ingredient_analysis where token = ?', [token])
    )[0] as { entries: string; owner_id: string | null };

  it('answers concurrent analyses each once its own row is stored (one group-committed INSERT)', async () => {
    const lists = Array.from({ length: 30 }, (_, i) => `Aqua, Glycerin, Test Extract ${i}`);
    const { response: first, statements } = await t.countStatements({
      method: 'POST',
      url: '/analyze/ingredient_list',
      payload: { ingredient_list: 'Aqua, Niacinamide' },
    });
    expect(first.statusCode).toBe(201);
    expect(statements).toBe(1);
    const answers = await Promise.all(lists.map((list) => analyze(list)));
    const tokens = answers.map((r) => (r.json() as Analysis).token);
    expect(answers.every((r) => r.statusCode === 201)).toBe(true);
    expect(new Set(tokens).size).toBe(30);
    for (const [i, token] of tokens.entries()) {
      const shared = (await t.inject({ method: 'GET', url: `/analyze/shared/${token}` })).json() as Analysis;
      expect(shared.unmatched).toEqual([`Test Extract ${i}`]);
    }
  });

  it('stores entries without the fields at their usual value and reads them back whole', async () => {
    const a = (
      await analyze('Zinc Oxide 20% [Nano], Glycerin, Xyzzy Root, May contain: CI 77491')
    ).json() as Analysis & { ingredients: Array<Entry & { nano: boolean; active: boolean }> };
    const stored = JSON.parse((await rowOf(a.token)).entries) as Array<Record<string, unknown>>;
    expect(stored[0]).toEqual({
      position: 1,
      input: a.ingredients[0].input,
      match: 'exact',
      ingredientId: a.ingredients[0].ingredient!.id,
      concentration: '20%',
      nano: true,
    });
    expect(stored[1]).toEqual({
      position: 2,
      input: 'Glycerin',
      match: 'exact',
      ingredientId: a.ingredients[1].ingredient!.id,
    });
    expect(stored[2]).toEqual({ position: 3, input: 'Xyzzy Root', match: 'none' });
    expect(stored[3]).toMatchObject({ mayContain: true });
    const shared = (await t.inject({ method: 'GET', url: `/analyze/shared/${a.token}` })).json() as typeof a;
    expect(shared).toEqual(a);
    expect(shared.ingredients[1]).toMatchObject({
      concentration: null,
      may_contain: false,
      nano: false,
      active: false,
    });
    expect(shared.ingredients[2]).toMatchObject({ ingredient: null, concentration: null, may_contain: false });
    expect(shared.ingredients[3]).toMatchObject({ may_contain: true });
  });

  it('reads rows stored with every field (before the compact form) the same way', async () => {
    const a = (await analyze(SERUM)).json() as Analysis;
    const { entries } = await rowOf(a.token);
    const full = (JSON.parse(entries) as Array<Record<string, unknown>>).map((e) => ({
      ingredientId: null,
      concentration: null,
      mayContain: false,
      nano: false,
      active: false,
      ...e,
    }));
    await t
      .em()
      .getConnection()
      .execute('update ingredient_analysis set entries = ?::json where token = ?', [JSON.stringify(full), a.token]);
    expect((await t.inject({ method: 'GET', url: `/analyze/shared/${a.token}` })).json()).toEqual(a);
    const rules = await t.inject({ method: 'GET', url: `/analyze/${a.token}/rules` });
    expect(rules.statusCode).toBe(200);
    expect(
      (rules.json() as { rules: Array<{ rule: string; passes: boolean }> }).rules.find(
        (r) => r.rule === 'fragrance_free',
      ),
    ).toMatchObject({ passes: false });
  });
});

describe('shared analyses and claiming', () => {
  it('returns the same analysis to anyone with the token; unknown tokens are 404', async () => {
    const a = (await analyze(SERUM)).json() as Analysis;
    const shared = await t.inject({ method: 'GET', url: `/analyze/shared/${a.token}` });
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toEqual(a);
    expect((await t.inject({ method: 'GET', url: '/analyze/shared/AAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/analyze/shared/x' })).statusCode).toBe(404);
  });

  it('lets a signed-in user claim an anonymous analysis once, and lists it as theirs', async () => {
    const a = (await analyze(SERUM)).json() as Analysis;
    expect((await t.inject({ method: 'PATCH', url: `/analyze/claim/${a.token}` })).statusCode).toBe(401);
    const erin = await t.tokenFor('erin');
    expect((await t.inject({ method: 'PATCH', url: `/analyze/claim/${a.token}`, token: erin })).statusCode).toBe(200);
    expect((await t.inject({ method: 'PATCH', url: `/analyze/claim/${a.token}`, token: erin })).statusCode).toBe(200);
    const other = await t.inject({
      method: 'PATCH',
      url: `/analyze/claim/${a.token}`,
      token: await t.tokenFor('frank'),
    });
    expect(other.statusCode).toBe(409);
    expect(errorOf(other).code).toBe('CONFLICT');
    const mine = (await t.inject({ method: 'GET', url: '/my/ingredient_analyses', token: erin })).json() as {
      items: Array<{ token: string }>;
    };
    expect(mine.items.map((i) => i.token)).toContain(a.token);
    expect((await t.inject({ method: 'GET', url: '/my/ingredient_analyses' })).statusCode).toBe(401);
    expect(
      (await t.inject({ method: 'PATCH', url: '/analyze/claim/AAAAAAAAAAAAAAAAAAAAAA', token: erin })).statusCode,
    ).toBe(404);
  });

  it('owns an analysis made by a signed-in caller at once', async () => {
    const gina = await t.tokenFor('gina');
    const a = (await analyze('Water, Glycerin', gina)).json() as Analysis;
    const mine = (await t.inject({ method: 'GET', url: '/my/ingredient_analyses', token: gina })).json() as {
      items: Array<{ token: string }>;
    };
    expect(mine.items[0].token).toBe(a.token);
  });
});

describe('reports on an analysis', () => {
  let token: string;
  beforeAll(async () => {
    token = ((await analyze(SERUM)).json() as Analysis).token;
  });

  it('lists missing ingredients', async () => {
    const missing = (await t.inject({ method: 'GET', url: `/analyze/${token}/missing_ingredients` })).json();
    expect(missing).toEqual({
      items: [{ position: expect.any(Number), input: 'Xyzzy Plugh Extract' }],
      next_cursor: null,
    });
  });

  it('checks the free-of rules and names what breaks them', async () => {
    const rules = (await t.inject({ method: 'GET', url: `/analyze/${token}/rules` })).json() as {
      passes_all: boolean;
      rules: Array<{ rule: string; passes: boolean; ingredients: Array<{ alias: string }> }>;
    };
    expect(rules.passes_all).toBe(false);
    const fragrance = rules.rules.find((r) => r.rule === 'fragrance_free')!;
    expect(fragrance.passes).toBe(false);
    expect(fragrance.ingredients.length).toBeGreaterThan(0);
    expect(rules.rules.find((r) => r.rule === 'silicone_free')!.passes).toBe(true);
    expect(rules.rules.map((r) => r.rule)).toEqual(
      expect.arrayContaining([
        'alcohol_free',
        'paraben_free',
        'sulfate_free',
        'essential_oil_free',
        'fungal_acne_safe',
        'eu_allergen_free',
        'pregnancy_safe',
        'reef_safe',
      ]),
    );
  });

  it('rates each skin type with the deciding ingredients', async () => {
    const calc = (await t.inject({ method: 'GET', url: `/analyze/${token}/skin_calc` })).json() as {
      skin_types: Array<{ skin_type: string; verdict: string; caution: Array<{ reason: string }>; good: unknown[] }>;
    };
    expect(calc.skin_types.map((s) => s.skin_type)).toEqual([
      'oily',
      'dry',
      'combination',
      'sensitive',
      'acne_prone',
      'fungal_acne_prone',
      'rosacea_prone',
    ]);
    const sensitive = calc.skin_types.find((s) => s.skin_type === 'sensitive')!;
    expect(sensitive.verdict).toBe('caution');
    expect(sensitive.caution.map((c) => c.reason)).toContain('fragrance or essential oil');
    expect(calc.skin_types.find((s) => s.skin_type === 'dry')!.verdict).toBe('good');
  });

  it('finds similar catalog products, best first, and guesses a category', async () => {
    const similar = (await t.inject({ method: 'GET', url: `/analyze/${token}/similar_products?limit=5` })).json() as {
      items: Array<{ score: number; product: { alias: string } }>;
    };
    expect(similar.items).toHaveLength(5);
    const scores = similar.items.map((i) => i.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(scores[0]).toBeGreaterThan(0);
    const guess = (await t.inject({ method: 'GET', url: `/analyze/${token}/categorize` })).json() as {
      best: { confidence: number; category: { alias: string } };
    };
    expect(guess.best.category.alias).toMatch(/^[a-z0-9-]+$/);
    expect(guess.best.confidence).toBeGreaterThan(0);
    expect(guess.best.confidence).toBeLessThanOrEqual(1);
    expect((await t.inject({ method: 'GET', url: `/analyze/${token}/similar_products?limit=500` })).statusCode).toBe(
      400,
    );
    expect((await t.inject({ method: 'GET', url: '/analyze/AAAAAAAAAAAAAAAAAAAAAA/rules' })).statusCode).toBe(404);
  });
});

describe('effects, groups and ingredient products', () => {
  it('summarises effects of a list or of ingredients, and wants exactly one of them', async () => {
    const byList = await t.inject({
      method: 'POST',
      url: '/analyze/effects',
      payload: { ingredient_list: 'Water, Glycerin, Niacinamide, Sodium Hyaluronate' },
    });
    expect(byList.statusCode).toBe(200);
    const effects = byList.json() as { effects: Array<{ effect: string; ingredients: Array<{ alias: string }> }> };
    expect(effects.effects.find((e) => e.effect === 'hydrating')!.ingredients.length).toBeGreaterThan(0);
    const byAlias = (
      await t.inject({
        method: 'POST',
        url: '/analyze/effects',
        payload: { ingredients: ['niacinamide', 'not-a-thing'] },
      })
    ).json() as { unmatched: string[] };
    expect(byAlias.unmatched).toEqual(['not-a-thing']);
    expect((await t.inject({ method: 'POST', url: '/analyze/effects', payload: {} })).statusCode).toBe(400);
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/analyze/effects',
          payload: { ingredient_list: 'Water', ingredients: ['water'] },
        })
      ).statusCode,
    ).toBe(400);
  });

  it("serves ingredient groups and one group's members", async () => {
    const groups = (await t.inject({ method: 'GET', url: '/analyze/ingredient_groups' })).json() as {
      items: Array<{ alias: string; ingredient_count: number }>;
    };
    expect(groups.items.find((g) => g.alias === 'retinoids')!.ingredient_count).toBeGreaterThan(3);
    const retinoids = (
      await t.inject({ method: 'GET', url: '/analyze/ingredient_group?group=retinoids&limit=100' })
    ).json() as { ingredients: { items: Array<{ alias: string }> } };
    expect(retinoids.ingredients.items.map((i) => i.alias)).toContain('retinol');
    expect((await t.inject({ method: 'GET', url: '/analyze/ingredient_group?group=nope' })).statusCode).toBe(404);
    expect(errorOf(await t.inject({ method: 'GET', url: '/analyze/ingredient_group' }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { field: 'group' },
    });
  });

  it('lists the products that contain an ingredient', async () => {
    const response = await t.inject({ method: 'GET', url: '/ingredients/niacinamide/products?limit=100' });
    expect(response.statusCode).toBe(200);
    const page = response.json() as { items: Array<{ ingredients: Array<{ ingredient: { alias: string } | null }> }> };
    expect(page.items.length).toBeGreaterThan(5);
    for (const p of page.items) expect(p.ingredients.map((e) => e.ingredient?.alias)).toContain('niacinamide');
    expect((await t.inject({ method: 'GET', url: '/ingredients/nope/products' })).statusCode).toBe(404);
  });
});

describe('ingredient matchers', () => {
  it('takes a proposal for an unmatched input; a moderator accepts it and the matcher knows it from then on', async () => {
    const a = (await analyze('Water, Glycerin, Aquaxyl Plus')).json() as Analysis;
    expect(a.unmatched).toEqual(['Aquaxyl Plus']);
    const url = `/${a.token}`;
    const body = { input: 'Aquaxyl Plus', ingredient: 'glycerin' };
    expect((await t.inject({ method: 'POST', url, payload: body })).statusCode).toBe(401);
    const hana = await t.tokenFor('hana');
    const proposed = await t.inject({ method: 'POST', url, payload: body, token: hana });
    expect(proposed.statusCode).toBe(201);
    const proposal = proposed.json() as { id: string; status: string; ingredient: { alias: string } };
    expect(proposal).toMatchObject({ status: 'pending', ingredient: { alias: 'glycerin' } });
    expect((await t.inject({ method: 'POST', url, payload: body, token: hana })).statusCode).toBe(409);
    expect(
      errorOf(await t.inject({ method: 'POST', url, payload: { ...body, input: 'Not On The Label' }, token: hana })),
    ).toMatchObject({ details: { field: 'input' } });
    expect(
      errorOf(await t.inject({ method: 'POST', url, payload: { ...body, ingredient: 'no-such-thing' }, token: hana })),
    ).toMatchObject({ details: { field: 'ingredient' } });
    expect(
      (await t.inject({ method: 'POST', url: '/AAAAAAAAAAAAAAAAAAAAAA', payload: body, token: hana })).statusCode,
    ).toBe(404);

    const review = (token: string) =>
      t.inject({
        method: 'POST',
        url: '/graphql',
        token,
        payload: { query: `mutation { reviewIngredientMatch(id: "${proposal.id}", accept: true) { status } }` },
      });
    const denied = (await review(hana)).json() as { errors: Array<{ extensions: { code: string } }> };
    expect(denied.errors[0].extensions.code).toBe('FORBIDDEN');
    const accepted = (await review(await t.tokenFor('mod', 'moderator'))).json() as {
      data: { reviewIngredientMatch: { status: string } };
    };
    expect(accepted.data.reviewIngredientMatch.status).toBe('accepted');
    const again = (await analyze('Aquaxyl Plus')).json() as Analysis;
    expect(again.ingredients[0]).toMatchObject({ match: 'alias', ingredient: { alias: 'glycerin' } });
  });

  it('suggests a category for an analysis', async () => {
    const a = (
      await analyze(
        'Water, Sodium Laureth Sulfate, Cocamidopropyl Betaine, Glycerin, Sodium Chloride, Citric Acid, Parfum',
      )
    ).json() as Analysis;
    const response = await t.inject({ method: 'GET', url: `/${a.token}/suggested_category` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ token: a.token, best: { category: { alias: expect.any(String) } } });
  });
});
