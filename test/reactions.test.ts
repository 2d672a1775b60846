// Reactions and the reaction detective through the app: REST routes under /my/reactions and their
// GraphQL operations, access rules, bad input, the detective on the seeded demo member, marking
// suspects negative, and the SQL statements the detective costs.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
let me: string;
let other: string;
let hana: string;
beforeAll(async () => {
  t = await startTestApp();
  me = await t.tokenFor('reaction-me');
  other = await t.tokenFor('reaction-other');
  hana = await t.auth.sign({
    sub: 'demo|hana_skinlog',
    preferred_username: 'hana_skinlog',
    email: 'hana_skinlog@example.com',
  });
});
afterAll(async () => {
  await t?.close();
});

const PRODUCT = 'lysvik-hydrating-toner';
const today = () => new Date().toISOString().slice(0, 10);

interface Reaction {
  id: string;
  outcome: string;
  reacted_on: string;
  note: string | null;
  product: { alias: string } | null;
  analysis_token: string | null;
}
interface Suspects {
  status: string;
  message: string;
  bad_products: number;
  good_products: number;
  suspects: Array<{
    kind: string;
    id: string;
    name: string;
    ingredient: { alias: string } | null;
    bad_with: number;
    good_with: number;
    confidence: string;
    p_value: number;
    adjusted_p_value: number;
    reason: string;
    evidence: Array<{ product: { alias: string } | null; outcome: string }>;
  }>;
  in_every_product: Array<{ alias: string }>;
}

const record = (payload: Record<string, unknown>, token = me) =>
  t.inject({ method: 'POST', url: '/my/reactions', payload, token });
const errorOf = (response: { json(): unknown }) =>
  (response.json() as { error: { code: string; details?: { field?: string } } }).error;

async function graphql(query: string, token?: string, variables: Record<string, unknown> = {}) {
  const response = await t.inject({ method: 'POST', url: '/graphql', payload: { query, variables }, token });
  return response.json() as {
    data?: Record<string, unknown>;
    errors?: Array<{ message: string; extensions: { code: string; details?: { field?: string } } }>;
  };
}

describe('reactions: record, list, change, delete', () => {
  it('records a reaction (today by default), lists, reads, changes and deletes it', async () => {
    const created = await record({ product: PRODUCT, outcome: 'broke_out', note: '  Two spots on the chin.  ' });
    expect(created.statusCode).toBe(201);
    const reaction = created.json() as Reaction;
    expect(reaction).toMatchObject({
      outcome: 'broke_out',
      reacted_on: today(),
      note: 'Two spots on the chin.',
      product: { alias: PRODUCT },
      analysis_token: null,
    });

    const list = (await t.inject({ method: 'GET', url: '/my/reactions?limit=10', token: me })).json() as {
      items: Reaction[];
      next_cursor: string | null;
    };
    expect(list.items.map((r) => r.id)).toContain(reaction.id);
    expect((await t.inject({ method: 'GET', url: `/my/reactions/${reaction.id}`, token: me })).json()).toMatchObject({
      id: reaction.id,
    });

    const changed = await t.inject({
      method: 'PATCH',
      url: `/my/reactions/${reaction.id}`,
      payload: { outcome: 'irritated', date: '2026-01-15', note: null },
      token: me,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      id: reaction.id,
      outcome: 'irritated',
      reacted_on: '2026-01-15',
      note: null,
    });
    // Omitted fields stay.
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: `/my/reactions/${reaction.id}`,
          payload: { note: 'Better after a week.' },
          token: me,
        })
      ).json(),
    ).toMatchObject({ outcome: 'irritated', reacted_on: '2026-01-15', note: 'Better after a week.' });

    expect((await t.inject({ method: 'DELETE', url: `/my/reactions/${reaction.id}`, token: me })).statusCode).toBe(204);
    const gone = await t.inject({ method: 'GET', url: `/my/reactions/${reaction.id}`, token: me });
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone).code).toBe('NOT_FOUND');
  });

  it('one reaction per product and day: the same day again replaces it; another day adds one', async () => {
    const first = (await record({ product: PRODUCT, outcome: 'fine', date: '2026-03-01' })).json() as Reaction;
    const again = (
      await record({ product: PRODUCT, outcome: 'loved', date: '2026-03-01', note: 'Even better.' })
    ).json() as Reaction;
    expect(again).toMatchObject({ id: first.id, outcome: 'loved', note: 'Even better.' });
    const next = (await record({ product: PRODUCT, outcome: 'itched', date: '2026-03-02' })).json() as Reaction;
    expect(next.id).not.toBe(first.id);
    // Moving one onto a day the product already has is a conflict.
    const clash = await t.inject({
      method: 'PATCH',
      url: `/my/reactions/${next.id}`,
      payload: { date: '2026-03-01' },
      token: me,
    });
    expect(clash.statusCode).toBe(409);
    expect(errorOf(clash).code).toBe('CONFLICT');
  });

  it('says what is missing when neither product nor analysis is sent, and "not both" only for both', async () => {
    const neither = await record({ outcome: 'fine' });
    expect(neither.statusCode).toBe(400);
    expect(errorOf(neither)).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'product' } });
    expect((neither.json() as { error: { message: string } }).error.message).not.toMatch(/not both/);
    const both = await record({ outcome: 'fine', product: PRODUCT, analysis: 'some-token' });
    expect(both.statusCode).toBe(400);
    expect((both.json() as { error: { message: string } }).error.message).toMatch(/not both/);
  });

  it('reacts to an analysed list by its token', async () => {
    const analysis = (
      await t.inject({
        method: 'POST',
        url: '/analyze/ingredient_list',
        payload: { ingredient_list: 'Water, Glycerin, Linalool' },
        token: me,
      })
    ).json() as { token: string };
    const created = await record({ analysis: analysis.token, outcome: 'itched', date: '2026-02-10' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ product: null, analysis_token: analysis.token, outcome: 'itched' });
  });

  it('answers the same through GraphQL', async () => {
    const result = await graphql(
      'mutation { recordReaction(product: "lysvik-hydrating-toner", outcome: fine, date: "2026-04-01") { id outcome reactedOn product { alias } } }',
      me,
    );
    expect(result.data?.recordReaction).toMatchObject({
      outcome: 'fine',
      reactedOn: '2026-04-01',
      product: { alias: PRODUCT },
    });
    const mine = await graphql('{ myReactions(outcome: fine, limit: 50) { items { id outcome } } }', me);
    expect(
      (mine.data!.myReactions as { items: Array<{ outcome: string }> }).items.every((r) => r.outcome === 'fine'),
    ).toBe(true);
  });
});

describe('reactions: access', () => {
  it('anonymous callers get 401 on every reaction route, and UNAUTHENTICATED in GraphQL', async () => {
    for (const [method, url] of [
      ['GET', '/my/reactions'],
      ['POST', '/my/reactions'],
      ['GET', '/my/reactions/suspects'],
      ['POST', '/my/reactions/suspects/mark_negative'],
    ] as const) {
      const response = await t.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 401 });
    }
    expect((await graphql('{ myReactions { items { id } } }')).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await graphql('{ reactionSuspects { status } }')).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it("another user's reactions are invisible: not listed, and NOT_FOUND to read, change or delete", async () => {
    const mine = (await record({ product: PRODUCT, outcome: 'irritated', date: '2026-05-05' })).json() as Reaction;
    const theirs = (await t.inject({ method: 'GET', url: '/my/reactions?limit=100', token: other })).json() as {
      items: Reaction[];
    };
    expect(theirs.items.map((r) => r.id)).not.toContain(mine.id);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { outcome: 'loved' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await t.inject({
        method,
        url: `/my/reactions/${mine.id}`,
        token: other,
        ...(payload ? { payload } : {}),
      });
      expect({ method, status: response.statusCode, code: errorOf(response).code }).toEqual({
        method,
        status: 404,
        code: 'NOT_FOUND',
      });
    }
    expect((await t.inject({ method: 'GET', url: `/my/reactions/${mine.id}`, token: me })).json()).toMatchObject({
      outcome: 'irritated',
    });
    // Admins included: a reaction is health data of its person's only.
    const admin = await t.tokenFor('reaction-admin', 'admin');
    expect((await t.inject({ method: 'GET', url: `/my/reactions/${mine.id}`, token: admin })).statusCode).toBe(404);
  });
});

describe('reactions: bad input', () => {
  const cases: Array<[string, Record<string, unknown>, number, string, string | null]> = [
    ['unknown outcome', { product: PRODUCT, outcome: 'exploded' }, 400, 'VALIDATION_FAILED', 'outcome'],
    ['no outcome', { product: PRODUCT }, 400, 'VALIDATION_FAILED', 'outcome'],
    [
      'a date in the future',
      { product: PRODUCT, outcome: 'fine', date: '2999-01-01' },
      400,
      'VALIDATION_FAILED',
      'date',
    ],
    [
      'not a calendar date',
      { product: PRODUCT, outcome: 'fine', date: '2026-02-30' },
      400,
      'VALIDATION_FAILED',
      'date',
    ],
    [
      'a date written otherwise',
      { product: PRODUCT, outcome: 'fine', date: '03/01/2026' },
      400,
      'VALIDATION_FAILED',
      'date',
    ],
    ['a date before 2000', { product: PRODUCT, outcome: 'fine', date: '1999-12-31' }, 400, 'VALIDATION_FAILED', 'date'],
    [
      'both product and analysis',
      { product: PRODUCT, analysis: 'abcdefghijklmnop', outcome: 'fine' },
      400,
      'VALIDATION_FAILED',
      'product',
    ],
    ['neither product nor analysis', { outcome: 'fine' }, 400, 'VALIDATION_FAILED', 'product'],
    [
      'a note too long',
      { product: PRODUCT, outcome: 'fine', note: 'x'.repeat(1001) },
      400,
      'VALIDATION_FAILED',
      'note',
    ],
    ['an unknown field', { product: PRODUCT, outcome: 'fine', mood: 'sad' }, 400, 'VALIDATION_FAILED', null],
    ['an unknown product', { product: 'no-such-product', outcome: 'fine' }, 404, 'NOT_FOUND', null],
    ['an unknown analysis', { analysis: 'abcdefghijklmnopqrstuvwx', outcome: 'fine' }, 404, 'NOT_FOUND', null],
  ];
  it.each(cases)('%s', async (_what, payload, status, code, field) => {
    const response = await record(payload);
    expect(response.statusCode).toBe(status);
    const error = errorOf(response);
    expect(error.code).toBe(code);
    if (field) expect(error.details?.field).toBe(field);
  });

  it('a NUL character in the note is refused in the same words over REST and GraphQL', async () => {
    const expected = 'note must not contain NUL characters (U+0000)';
    const rest = errorOf(await record({ product: PRODUCT, outcome: 'fine', note: 'itchy\u0000' }));
    expect(rest).toMatchObject({ code: 'VALIDATION_FAILED', message: expected, details: { field: 'note' } });
    const viaGraphql = await graphql(
      'mutation ($note: String) { recordReaction(product: "lysvik-hydrating-toner", outcome: fine, note: $note) { id } }',
      me,
      { note: 'itchy\u0000' },
    );
    expect(viaGraphql.errors?.[0]).toMatchObject({ message: expected, extensions: { code: 'VALIDATION_FAILED' } });
  });

  it('a malformed id is NOT_FOUND; a bad limit is a 400', async () => {
    expect((await t.inject({ method: 'GET', url: '/my/reactions/not-a-uuid', token: me })).statusCode).toBe(404);
    const limit = await t.inject({ method: 'GET', url: '/my/reactions/suspects?limit=0', token: me });
    expect(limit.statusCode).toBe(400);
    expect(errorOf(limit).details?.field).toBe('limit');
  });
});

describe('the reaction detective', () => {
  it("finds the demo member's culprit: linalool, in all four products that went badly and none that went well", async () => {
    const response = await t.inject({ method: 'GET', url: '/my/reactions/suspects', token: hana });
    expect(response.statusCode).toBe(200);
    const result = response.json() as Suspects;
    expect(result).toMatchObject({ status: 'ok', bad_products: 4, good_products: 4 });
    const top = result.suspects[0];
    // 1/70 alone, but every ingredient and group of her eight products was tested: not "high" on eight products.
    expect(top).toMatchObject({ kind: 'ingredient', ingredient: { alias: 'linalool' }, bad_with: 4, good_with: 0 });
    expect(top.confidence).not.toBe('high');
    expect(top.p_value).toBeLessThan(0.05);
    expect(top.adjusted_p_value).toBeGreaterThan(top.p_value);
    expect(top.evidence.map((e) => e.outcome).sort()).toEqual(['irritated', 'irritated', 'irritated', 'itched']);
    expect(top.reason).toMatch(/4 of 4 products that went badly had it, 0 of 4 that went well/);
    expect(result.message).toMatch(/Linalool/);
  });

  it('says when there is too little evidence, as a status with no ranking', async () => {
    const fresh = await t.tokenFor('reaction-fresh');
    const get = async () =>
      (await t.inject({ method: 'GET', url: '/my/reactions/suspects', token: fresh })).json() as Suspects;
    expect(await get()).toMatchObject({ status: 'nothing_rated', suspects: [] });
    await record({ product: 'duinzand-sea-moisture-ha-serum', outcome: 'irritated' }, fresh);
    expect(await get()).toMatchObject({ status: 'too_few_bad_products', suspects: [], bad_products: 1 });
    await record({ product: 'hollyhock-hale-rosewater-toner', outcome: 'itched' }, fresh);
    const noContrast = await get();
    expect(noContrast).toMatchObject({ status: 'no_good_products', suspects: [] });
    expect(noContrast.message).toMatch(/none went well/);
    await record({ product: PRODUCT, outcome: 'fine' }, fresh);
    expect((await get()).status).toBe('ok');
  });

  it('costs a fixed number of SQL statements whatever the number of rated products', async () => {
    const few = await t.tokenFor('reaction-few');
    for (const [product, outcome] of [
      ['duinzand-sea-moisture-ha-serum', 'irritated'],
      ['hollyhock-hale-rosewater-toner', 'itched'],
      [PRODUCT, 'fine'],
    ]) {
      expect((await record({ product, outcome }, few)).statusCode).toBe(201);
    }
    const url = '/my/reactions/suspects';
    await t.inject({ method: 'GET', url, token: few }); // warm the in-memory knowledge base
    const small = await t.countStatements({ method: 'GET', url, token: few });
    const large = await t.countStatements({ method: 'GET', url, token: hana });
    expect((small.response.json() as Suspects).status).toBe('ok');
    expect(large.statements).toBe(small.statements);
    expect(large.statements).toBeLessThanOrEqual(5);
  });
});

describe('marking suspects negative', () => {
  it('marks the top suspect as a negative feeling in one step, and again changes nothing', async () => {
    const before = (
      await t.inject({ method: 'GET', url: '/my/ingredient_feelings/negative?limit=100', token: hana })
    ).json() as { items: Array<{ ingredient: { alias: string } }> };
    expect(before.items.map((f) => f.ingredient.alias)).not.toContain('linalool');
    // Linalool is her top suspect, of low confidence (eight products): marked once she confirms it.
    const marked = await t.inject({
      method: 'POST',
      url: '/my/reactions/suspects/mark_negative',
      payload: { confirm_low_confidence: true },
      token: hana,
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual([
      expect.objectContaining({ sentiment: 'negative', ingredient: expect.objectContaining({ alias: 'linalool' }) }),
    ]);
    const after = (
      await t.inject({ method: 'GET', url: '/my/ingredient_feelings/negative?limit=100', token: hana })
    ).json() as { items: Array<{ ingredient: { alias: string } }> };
    expect(after.items.filter((f) => f.ingredient.alias === 'linalool')).toHaveLength(1);
    const again = await t.inject({
      method: 'POST',
      url: '/my/reactions/suspects/mark_negative',
      payload: { top: 1, confirm_low_confidence: true },
      token: hana,
    });
    expect(again.statusCode).toBe(200);
    expect(
      (
        (await t.inject({ method: 'GET', url: '/my/ingredient_feelings/negative?limit=100', token: hana })).json() as {
          items: unknown[];
        }
      ).items,
    ).toHaveLength(after.items.length);
  });

  it('marks chosen suspects by id; an id that is not a suspect is a 400 and writes nothing', async () => {
    const suspects = (await t.inject({ method: 'GET', url: '/my/reactions/suspects', token: hana })).json() as Suspects;
    const bad = await t.inject({
      method: 'POST',
      url: '/my/reactions/suspects/mark_negative',
      payload: { ids: [suspects.suspects[0].id, 'water'] },
      token: hana,
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).details?.field).toBe('ids');
    const chosen = await graphql(
      'mutation($ids: [String!]) { markReactionSuspectsNegative(ids: $ids, confirmLowConfidence: true) { sentiment ingredient { alias } } }',
      hana,
      { ids: [suspects.suspects[0].id] },
    );
    expect(chosen.data?.markReactionSuspectsNegative).toEqual([
      { sentiment: 'negative', ingredient: { alias: 'linalool' } },
    ]);
  });

  it('marks a low-confidence suspect only when the caller confirms it: a 400 saying so first, nothing written', async () => {
    const thin = await t.tokenFor('reaction-thin');
    for (const [product, outcome] of [
      ['duinzand-sea-moisture-ha-serum', 'irritated'],
      ['hollyhock-hale-rosewater-toner', 'itched'],
      [PRODUCT, 'fine'],
    ]) {
      expect((await record({ product, outcome }, thin)).statusCode).toBe(201);
    }
    const suspects = (await t.inject({ method: 'GET', url: '/my/reactions/suspects', token: thin })).json() as Suspects;
    expect(suspects.status).toBe('ok');
    const top = suspects.suspects[0];
    expect(top.confidence).toBe('low');
    const negatives = async () =>
      (
        (await t.inject({ method: 'GET', url: '/my/ingredient_feelings/negative?limit=100', token: thin })).json() as {
          items: unknown[];
        }
      ).items.length;
    const unconfirmed = await t.inject({
      method: 'POST',
      url: '/my/reactions/suspects/mark_negative',
      payload: {},
      token: thin,
    });
    expect(unconfirmed.statusCode).toBe(400);
    expect(errorOf(unconfirmed)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringMatching(/low confidence.*confirm_low_confidence: true/s),
      details: { field: 'confirm_low_confidence', low_confidence: [{ id: top.id }] },
    });
    const refusedToo = await t.inject({
      method: 'POST',
      url: '/my/reactions/suspects/mark_negative',
      payload: { ids: [top.id], confirm_low_confidence: false },
      token: thin,
    });
    expect(refusedToo.statusCode).toBe(400);
    expect(await negatives()).toBe(0);
    const viaGraphql = await graphql(
      'mutation($ids: [String!]) { markReactionSuspectsNegative(ids: $ids) { sentiment } }',
      thin,
      { ids: [top.id] },
    );
    expect(viaGraphql.errors?.[0]).toMatchObject({ extensions: { code: 'VALIDATION_FAILED' } });
    expect(await negatives()).toBe(0);
    const confirmed = await t.inject({
      method: 'POST',
      url: '/my/reactions/suspects/mark_negative',
      payload: { confirm_low_confidence: true },
      token: thin,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).not.toHaveLength(0);
    expect(await negatives()).toBe((confirmed.json() as unknown[]).length);
  });

  it('is a CONFLICT when the detective has nobody to blame', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/my/reactions/suspects/mark_negative',
      payload: {},
      token: await t.tokenFor('reaction-nobody'),
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('CONFLICT');
  });
});
