// Better alternatives through the app (GET /products/:id_or_alias/better_alternatives and the
// betterAlternatives query): similarity order for anonymous callers, an order that follows the
// caller's feelings and free-of wishes, routine clashes, bad input, and the SQL it costs.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

// A rosewater toner with linalool: of the products most like it, some carry linalool, some not.
const SERUM = 'hollyhock-hale-rosewater-toner';
const ACID = 'almendral-glycolic-10-night-renewal-serum';

interface Item {
  product: {
    id: string;
    alias: string;
    name: string;
    flags: string[];
    category: { alias: string; step_type: string | null } | null;
  };
  similarity: number;
  fit_score: number;
  compared_to_original: string;
  kind: string;
  verdict: string | null;
  routine_fit: string | null;
  reasons: Array<{ effect: string; source: string; text: string; ingredients: Array<{ alias: string }> }>;
}
interface Answer {
  product: { alias: string };
  personalised: boolean;
  routine: { id: string } | null;
  items: Item[];
}

async function alternatives(product: string, token?: string, query = 'limit=20'): Promise<Answer> {
  const response = await t.inject({ method: 'GET', url: `/products/${product}/better_alternatives?${query}`, token });
  expect({ status: response.statusCode, body: response.statusCode === 200 ? null : response.body }).toEqual({
    status: 200,
    body: null,
  });
  return response.json() as Answer;
}
const blamesLinalool = (item: Item) =>
  item.reasons.some((r) => r.effect === 'worse' && r.text.endsWith('Linalool, which you marked negative'));

describe('better alternatives: who asks decides the order', () => {
  it('anonymous callers get similarity order, and reasons that say so', async () => {
    const answer = await alternatives(SERUM);
    expect(answer).toMatchObject({ product: { alias: SERUM }, personalised: false, routine: null });
    expect(answer.items.length).toBeGreaterThanOrEqual(5);
    // The same category first, then sibling categories for the same step; by similarity within each.
    const kinds = answer.items.map((i) => i.kind);
    expect(kinds).toEqual(
      [...kinds].sort((a, b) => ['same_category', 'same_step'].indexOf(a) - ['same_category', 'same_step'].indexOf(b)),
    );
    for (const kind of new Set(kinds)) {
      const similarities = answer.items.filter((i) => i.kind === kind).map((i) => i.similarity);
      expect(similarities).toEqual([...similarities].sort((a, b) => b - a));
    }
    expect(answer.items.every((i) => i.compared_to_original === 'unknown' && i.verdict === null)).toBe(true);
    expect(answer.items[0].reasons).toEqual([
      expect.objectContaining({
        effect: 'neutral',
        source: 'similarity',
        text: expect.stringMatching(/Ranked by similarity only: sign in/),
      }),
    ]);
    expect(answer.items.map((i) => i.product.alias)).not.toContain(SERUM);
  });

  it('a negative feeling on linalool moves the linalool-free products ahead, each saying why', async () => {
    const token = await t.tokenFor('alternatives-linalool');
    const before = await alternatives(SERUM, token, 'limit=10');
    expect(before.personalised).toBe(true);
    expect(before.items.map((i) => i.compared_to_original)).toEqual(before.items.map(() => 'same'));
    expect((await t.inject({ method: 'PUT', url: '/ingredients/linalool/feeling/negative', token })).statusCode).toBe(
      200,
    );

    const after = await alternatives(SERUM, token, 'limit=10');
    // Every product shown is free of linalool and says so; those it replaced carry linalool.
    expect(
      after.items.every(
        (i) =>
          i.compared_to_original === 'better' &&
          i.reasons.some((r) => r.effect === 'better' && r.text === 'free of Linalool, which you marked negative'),
      ),
    ).toBe(true);
    expect(after.items.some(blamesLinalool)).toBe(false);
    const dropped = before.items
      .map((i) => i.product.alias)
      .filter((alias) => !after.items.some((i) => i.product.alias === alias));
    expect(dropped.length).toBeGreaterThan(0);
    for (const alias of dropped) {
      const product = (await t.inject({ method: 'GET', url: `/products/${alias}` })).json() as {
        ingredients: Array<{ ingredient: { alias: string } | null }>;
      };
      expect({ alias, linalool: product.ingredients.some((e) => e.ingredient?.alias === 'linalool') }).toEqual({
        alias,
        linalool: true,
      });
    }
  });

  it('a positive feeling names the ingredient it likes; a fragrance-free wish names fragrance', async () => {
    const token = await t.tokenFor('alternatives-wishes');
    expect(
      (await t.inject({ method: 'PUT', url: '/ingredients/niacinamide/feeling/positive', token })).statusCode,
    ).toBe(200);
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: '/my/user/supergroups',
          payload: { supergroups: ['fragrance-free'] },
          token,
        })
      ).statusCode,
    ).toBe(200);
    const answer = await alternatives(SERUM, token);
    const reasons = answer.items.flatMap((i) => i.reasons.map((r) => r.text));
    expect(reasons).toContain('free of fragrance, which you avoid (fragrance-free group)');
    const liked = answer.items.find((i) =>
      i.reasons.some((r) => r.text === 'contains Niacinamide, which you marked as good'),
    );
    expect(liked).toBeDefined();
    expect(
      answer.items
        .filter((i) => i.product.flags.includes('fragrance'))
        .every((i) => i.reasons.some((r) => r.source === 'free_of' && r.effect === 'worse')),
    ).toBe(true);
  });

  it("a routine counts: an acid alternative clashes with the retinoid in the caller's evening routine", async () => {
    const token = await t.tokenFor('alternatives-routine');
    const created = await t.inject({
      method: 'POST',
      url: '/routines/create',
      token,
      payload: {
        name: 'Retinol nights',
        time_of_day: 'evening',
        steps: [
          { step_type: 'tone', product: 'lysvik-hydrating-toner' },
          { step_type: 'treat', product: 'brightwell-derm-retinol-1-0-refining-cream' },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    const routine = (created.json() as { id: string }).id;
    const answer = await alternatives(ACID, token, `routine_id=${routine}&limit=30`);
    expect(answer.routine).toMatchObject({ id: routine });
    expect(answer.items.every((i) => i.routine_fit !== null && i.kind !== 'other')).toBe(true);
    const clash = answer.items.find((i) =>
      i.reasons.some(
        (r) =>
          r.effect === 'worse' &&
          r.source === 'routine' &&
          /with [^:]*Retinol[^:]* in your evening routine: /.test(r.text),
      ),
    );
    expect(clash?.routine_fit).not.toBe('fits');
    // Within each kind, the fit (routine included) decides the order.
    for (const kind of ['same_category', 'same_step']) {
      const scores = answer.items.filter((i) => i.kind === kind).map((i) => i.fit_score);
      expect(scores).toEqual([...scores].sort((x, y) => y - x));
    }
    // Products that fit say so (the acid original does not fit: "unlike the original").
    const fitting = answer.items.find((i) => i.routine_fit === 'fits');
    expect(fitting?.reasons).toContainEqual(
      expect.objectContaining({
        effect: 'better',
        source: 'routine',
        text: expect.stringMatching(/^fits your evening routine as an? [\w-]+ step \(\w+\), unlike the original$/),
      }),
    );
    const unrouted = (await alternatives(ACID, token, 'limit=30')).items.find(
      (i) => i.product.alias === clash!.product.alias,
    );
    expect(unrouted!.fit_score).toBeGreaterThan(clash!.fit_score);
    // Without the routine the same product ranks by similarity and feelings only.
    const plain = await alternatives(ACID, token, 'limit=30');
    expect(plain.items.every((i) => i.routine_fit === null)).toBe(true);
  });

  it('answers the same through GraphQL', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/graphql',
      payload: {
        query: `{ betterAlternatives(idOrAlias: "${SERUM}", limit: 3) { personalised items { product { alias } fitScore comparedToOriginal reasons { effect text } } } }`,
      },
    });
    const body = response.json() as { data: { betterAlternatives: { personalised: boolean; items: unknown[] } } };
    expect(body.data.betterAlternatives.personalised).toBe(false);
    expect(body.data.betterAlternatives.items).toHaveLength(3);
  });
});

describe('better alternatives: the same kind of product', () => {
  const SUNSCREEN = 'mulbit-lab-watery-sun-gel-spf-50-pa';
  const demo = (username: string) =>
    t.auth.sign({ sub: `demo|${username}`, preferred_username: username, email: `${username}@example.com` });

  it('demo members get sunscreens for a sunscreen and toners for a toner; other kinds only when asked, labelled', async () => {
    for (const username of ['dr_lena_hoffmann', 'chem_priya_nair', 'malassezia_maya']) {
      const token = await demo(username);
      const sun = await alternatives(SUNSCREEN, token);
      expect(sun.personalised).toBe(true);
      expect(sun.items.length).toBeGreaterThan(0);
      expect({ username, steps: [...new Set(sun.items.map((i) => i.product.category?.step_type))] }).toEqual({
        username,
        steps: ['protect'],
      });
      const toner = await alternatives(SERUM, token);
      expect({ username, steps: [...new Set(toner.items.map((i) => i.product.category?.step_type))] }).toEqual({
        username,
        steps: ['tone'],
      });
      expect(toner.items.every((i) => i.kind === 'same_category' || i.kind === 'same_step')).toBe(true);
    }
    const token = await demo('dr_lena_hoffmann');
    const wide = await alternatives(SUNSCREEN, token, 'limit=50&other_kinds=true');
    const firstOther = wide.items.findIndex((i) => i.kind === 'other');
    expect(firstOther).toBeGreaterThan(0);
    expect(
      wide.items
        .slice(firstOther)
        .every(
          (i) =>
            i.kind === 'other' &&
            i.reasons[0].source === 'kind' &&
            /^a different kind of product: .*, not .*\(a protect step\)$/.test(i.reasons[0].text),
        ),
    ).toBe(true);
  });

  it("replacing a routine's toner offers toners", async () => {
    const token = await t.tokenFor('alternatives-toner-routine');
    const created = await t.inject({
      method: 'POST',
      url: '/routines/create',
      token,
      payload: {
        name: 'Toner morning',
        time_of_day: 'morning',
        steps: [
          { step_type: 'tone', product: SERUM },
          { step_type: 'protect', product: SUNSCREEN },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    const answer = await alternatives(SERUM, token, `routine_id=${(created.json() as { id: string }).id}`);
    expect(answer.items.length).toBeGreaterThan(0);
    expect([...new Set(answer.items.map((i) => i.product.category?.step_type))]).toEqual(['tone']);
  });
});

describe('better alternatives: the verdict ranks first, up to 100', () => {
  it('never ranks a caution or avoid product above a good one of its kind; takes limit=100 as other lists do', async () => {
    const token = await t.tokenFor('alternatives-verdicts');
    const me = (await t.inject({ method: 'GET', url: '/my/user', token })).json() as { id: string };
    const profiled = await t.inject({
      method: 'PATCH',
      url: `/users/${me.id}/skin_profile`,
      token,
      payload: { skin_type: 'dry', concerns: ['sensitivity', 'dryness'] },
    });
    expect(profiled.statusCode).toBe(200);
    await t.inject({ method: 'PUT', url: '/ingredients/linalool/feeling/negative', token });
    const order = ['good', 'neutral', 'caution', 'avoid'];
    const seen = new Set<string>();
    for (const product of [SERUM, ACID, 'clearvane-10-benzoyl-peroxide-acne-gel']) {
      const answer = await alternatives(product, token, 'limit=100&other_kinds=true');
      expect(answer.items.length).toBeGreaterThan(50);
      // Among the same kind, and among the other kinds after them.
      for (const other of [false, true]) {
        const verdicts = answer.items.filter((i) => (i.kind === 'other') === other).map((i) => i.verdict!);
        for (const v of verdicts) seen.add(v);
        expect(verdicts.map((v) => order.indexOf(v))).toEqual(
          [...verdicts.map((v) => order.indexOf(v))].sort((a, b) => a - b),
        );
      }
      const firstOther = answer.items.findIndex((i) => i.kind === 'other');
      if (firstOther >= 0) expect(answer.items.slice(firstOther).every((i) => i.kind === 'other')).toBe(true);
    }
    // The order was tested across verdicts, not within one.
    expect(seen.has('good') && (seen.has('caution') || seen.has('avoid'))).toBe(true);
  });
});

describe('better alternatives: bad input', () => {
  it('an unknown product is NOT_FOUND; a bad limit is a 400 naming limit; a routine one cannot see is NOT_FOUND', async () => {
    const unknown = await t.inject({ method: 'GET', url: '/products/no-such-product/better_alternatives' });
    expect(unknown.statusCode).toBe(404);
    expect((unknown.json() as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    for (const limit of ['0', '101', 'many']) {
      const bad = await t.inject({ method: 'GET', url: `/products/${SERUM}/better_alternatives?limit=${limit}` });
      expect({
        limit,
        status: bad.statusCode,
        field: (bad.json() as { error: { details?: { field?: string } } }).error.details?.field,
      }).toEqual({ limit, status: 400, field: 'limit' });
    }
    const owner = await t.tokenFor('alternatives-private-owner');
    const made = await t.inject({
      method: 'POST',
      url: '/routines/create',
      token: owner,
      payload: { name: 'Private', time_of_day: 'morning' },
    });
    const hidden = await t.inject({
      method: 'GET',
      url: `/products/${SERUM}/better_alternatives?routine_id=${(made.json() as { id: string }).id}`,
      token: await t.tokenFor('alternatives-stranger'),
    });
    expect(hidden.statusCode).toBe(404);
    expect(
      (await t.inject({ method: 'GET', url: `/products/${SERUM}/better_alternatives?routine_id=nope` })).statusCode,
    ).toBe(404);
  });
});

describe('better alternatives: SQL statements', () => {
  it('a fixed number, whatever the limit, signed in or not, with a routine or not', async () => {
    const token = await t.tokenFor('alternatives-count');
    await t.inject({ method: 'PUT', url: '/ingredients/linalool/feeling/negative', token });
    const routine = (
      await t.inject({
        method: 'POST',
        url: '/routines/create',
        token,
        payload: {
          name: 'Count',
          time_of_day: 'evening',
          steps: [{ step_type: 'treat', product: 'brightwell-derm-retinol-1-0-refining-cream' }],
        },
      })
    ).json() as { id: string };
    const url = (limit: number, withRoutine = false) =>
      `/products/${SERUM}/better_alternatives?limit=${limit}${withRoutine ? `&routine_id=${routine.id}` : ''}`;
    await t.inject({ method: 'GET', url: url(1), token }); // warm the knowledge base and similarity index
    const few = await t.countStatements({ method: 'GET', url: url(3), token });
    const many = await t.countStatements({ method: 'GET', url: url(30), token });
    expect(many.statements).toBe(few.statements);
    expect(many.statements).toBeLessThanOrEqual(7);
    const routed = await t.countStatements({ method: 'GET', url: url(30, true), token });
    expect(routed.statements).toBeLessThanOrEqual(12);
    expect((await t.countStatements({ method: 'GET', url: url(3, true), token })).statements).toBe(routed.statements);
  });
});
