import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';

interface Opinion {
  id: string;
  text: string;
  hashtags: string[];
  version: number;
  current_entry_id: string;
  endorsement_count: number;
  ingredient: { alias: string };
  author: { username: string };
}
interface Entry {
  id: string;
  version: number;
  text: string;
  hashtags: string[];
  editor: { username: string } | null;
  opinion: { id: string };
}
interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

let t: TestApp;
let ada: string; // expert
let bo: string; // expert
let mod: string; // moderator
let max: string; // member
beforeAll(async () => {
  t = await startTestApp();
  ada = await t.tokenFor('ada', 'expert');
  bo = await t.tokenFor('bo', 'expert');
  mod = await t.tokenFor('mod', 'moderator');
  max = await t.tokenFor('max', 'member');
});
afterAll(async () => {
  await t?.close();
});

const create = (token: string | undefined, payload: Record<string, unknown>) =>
  t.inject({ method: 'POST', url: '/ingredient_opinions/create', payload, token });
async function write(token: string, ingredient: string, text: string): Promise<Opinion> {
  const response = await create(token, { ingredient, text });
  expect(response.statusCode).toBe(201);
  return response.json() as Opinion;
}
const get = async <T>(url: string, token?: string): Promise<T> => {
  const response = await t.inject({ method: 'GET', url, token });
  expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
  return response.json() as T;
};
async function gql(token: string, query: string, variables: Record<string, unknown>) {
  return (await t.inject({ method: 'POST', url: '/graphql', token, payload: { query, variables } })).json() as {
    data?: Record<string, { endorsement_count?: number; endorsementCount?: number }>;
    errors?: Array<{ extensions: { code: string } }>;
  };
}
const endorse = (token: string, id: string) =>
  gql(token, 'mutation($u: String!) { endorseIngredientOpinion(opinionUuid: $u) { endorsementCount } }', { u: id });
const unendorse = (token: string, id: string) =>
  gql(token, 'mutation($u: String!) { unendorseIngredientOpinion(opinionUuid: $u) { endorsementCount } }', { u: id });
const count = async (table: string): Promise<number> =>
  (await t.em().getConnection().execute(`select count(*)::int as n from ${table}`))[0].n as number;

describe('writing opinions', () => {
  it('lets experts, moderators and admins write; 401 anonymous, 403 members and brands', async () => {
    expect(errorOf(await create(undefined, { ingredient: 'glycerin', text: 'x' })).code).toBe('UNAUTHENTICATED');
    expect((await create(max, { ingredient: 'glycerin', text: 'x' })).statusCode).toBe(403);
    expect((await create(await t.tokenFor('brandy', 'brand'), { ingredient: 'glycerin', text: 'x' })).statusCode).toBe(
      403,
    );
    const opinion = await write(
      ada,
      'glycerin',
      '  Glycerin is the #Humectant to beat, see #humectant and #dry_skin.  ',
    );
    expect(opinion).toMatchObject({
      text: 'Glycerin is the #Humectant to beat, see #humectant and #dry_skin.',
      hashtags: ['humectant', 'dry_skin'],
      version: 1,
      endorsement_count: 0,
      ingredient: { alias: 'glycerin' },
      author: { username: 'ada' },
    });
    expect((await create(mod, { ingredient: 'niacinamide', text: 'Moderators may write too.' })).statusCode).toBe(201);
  });

  it('rejects empty or too long text (400 naming text), unknown ingredients (404), unknown fields (400), and writes nothing', async () => {
    const before = [await count('ingredient_opinion'), await count('ingredient_opinion_entry')];
    expect(errorOf(await create(ada, { ingredient: 'glycerin', text: '   ' })).details).toMatchObject({
      field: 'text',
    });
    expect(errorOf(await create(ada, { ingredient: 'glycerin', text: 'x'.repeat(10_001) })).details).toMatchObject({
      field: 'text',
    });
    expect((await create(ada, { ingredient: 'no-such-ingredient', text: 'Hello' })).statusCode).toBe(404);
    expect((await create(ada, { ingredient: 'glycerin', text: 'Hello', extra: 1 })).statusCode).toBe(400);
    expect([await count('ingredient_opinion'), await count('ingredient_opinion_entry')]).toEqual(before);
  });
});

describe('versions', () => {
  it('adds an entry per edit: current is the newest, history newest first, each entry by its uuid', async () => {
    const opinion = await write(ada, 'retinol', 'Start low. #retinoid');
    const patch = (token: string | undefined, text: unknown) =>
      t.inject({ method: 'PATCH', url: `/ingredient_opinions/${opinion.id}`, payload: { text }, token });
    const edited = (await patch(ada, 'Start low, go slow. #retinoid #patience')).json() as Opinion;
    expect(edited).toMatchObject({ id: opinion.id, version: 2, hashtags: ['retinoid', 'patience'] });
    expect(edited.current_entry_id).not.toBe(opinion.current_entry_id);
    const byMod = (await patch(mod, 'Start low, go slow; use sunscreen. #Retinoid #SPF')).json() as Opinion;
    expect(byMod).toMatchObject({ version: 3, hashtags: ['retinoid', 'spf'], author: { username: 'ada' } });

    const current = await get<Entry>(`/ingredient_opinions/${opinion.id}/current`);
    expect(current).toMatchObject({
      id: byMod.current_entry_id,
      version: 3,
      editor: { username: 'mod' },
      opinion: { id: opinion.id },
    });
    const history = await get<Page<Entry>>(`/ingredient_opinions/${opinion.id}/history`);
    expect(history.items.map((e) => e.version)).toEqual([3, 2, 1]);
    expect(history.items[2]).toMatchObject({
      id: opinion.current_entry_id,
      text: 'Start low. #retinoid',
      editor: { username: 'ada' },
    });
    const paged = await get<Page<Entry>>(`/ingredient_opinions/${opinion.id}/history?limit=2`);
    expect(paged.items.map((e) => e.version)).toEqual([3, 2]);
    expect(
      (
        await get<Page<Entry>>(`/ingredient_opinions/${opinion.id}/history?limit=2&cursor=${paged.next_cursor}`)
      ).items.map((e) => e.version),
    ).toEqual([1]);
    expect(await get<Entry>(`/ingredient_opinions/entry/${opinion.current_entry_id}`)).toMatchObject({
      version: 1,
      opinion: { id: opinion.id },
    });

    // Others may not edit; bad input changes nothing.
    expect(errorOf(await patch(bo, 'Mine now')).code).toBe('FORBIDDEN');
    expect(errorOf(await patch(undefined, 'Anonymous')).code).toBe('UNAUTHENTICATED');
    expect(errorOf(await patch(ada, '')).details).toMatchObject({ field: 'text' });
    expect((await patch(ada, 42)).statusCode).toBe(400);
    expect((await get<Page<Entry>>(`/ingredient_opinions/${opinion.id}/history`)).items).toHaveLength(3);
  });

  it('keeps versions dense and unique when edits race', async () => {
    const opinion = await write(ada, 'glycerin', 'Racing. #race');
    const edits = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.inject({
          method: 'PATCH',
          url: `/ingredient_opinions/${opinion.id}`,
          payload: { text: `Edit ${i}` },
          token: ada,
        }),
      ),
    );
    expect(edits.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const history = await get<Page<Entry>>(`/ingredient_opinions/${opinion.id}/history`);
    expect(history.items.map((e) => e.version)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect((await get<Entry>(`/ingredient_opinions/${opinion.id}/current`)).id).toBe(history.items[0].id);
  });

  it('answers 404 for unknown and non-UUID ids', async () => {
    for (const url of [
      '/ingredient_opinions/not-a-uuid/current',
      '/ingredient_opinions/0190a1b2-0000-7000-8000-000000000000/history',
      '/ingredient_opinions/entry/nope',
      '/ingredient_opinions/entry/0190a1b2-0000-7000-8000-000000000000',
    ]) {
      expect({ url, status: (await t.inject({ method: 'GET', url })).statusCode }).toEqual({ url, status: 404 });
    }
    expect(
      (await t.inject({ method: 'PATCH', url: '/ingredient_opinions/nope', payload: { text: 'x' }, token: ada }))
        .statusCode,
    ).toBe(404);
    expect((await t.inject({ method: 'DELETE', url: '/ingredient_opinions/nope', token: ada })).statusCode).toBe(404);
  });
});

describe('hashtags', () => {
  it('finds current entries only, case-insensitively, with or without #', async () => {
    const opinion = await write(ada, 'squalane', 'Light and stable. #OldTag #Emollient');
    const tagged = async (tag: string) =>
      (await get<Page<Opinion>>(`/ingredient_opinions/hashtag/${encodeURIComponent(tag)}`)).items.map((o) => o.id);
    expect(await tagged('oldtag')).toEqual([opinion.id]);
    expect(await tagged('#EMOLLIENT')).toEqual([opinion.id]);
    await t.inject({
      method: 'PATCH',
      url: `/ingredient_opinions/${opinion.id}`,
      payload: { text: 'Light and stable. #emollient' },
      token: ada,
    });
    expect(await tagged('oldtag')).toEqual([]);
    expect(await tagged('emollient')).toEqual([opinion.id]);
    for (const bad of ['two words', '123', 'a'.repeat(51), 'semi;colon']) {
      expect(
        errorOf(await t.inject({ method: 'GET', url: `/ingredient_opinions/hashtag/${encodeURIComponent(bad)}` }))
          .details,
      ).toMatchObject({ field: 'hashtag' });
    }
  });

  it('lists a page in a constant number of statements, whatever its size', async () => {
    for (let i = 0; i < 12; i++)
      await write(i % 2 ? ada : bo, i % 3 ? 'glycerin' : 'niacinamide', `Opinion ${i} #bulk`);
    const small = await t.countStatements({ method: 'GET', url: '/ingredient_opinions/hashtag/bulk?limit=2' });
    const large = await t.countStatements({ method: 'GET', url: '/ingredient_opinions/hashtag/bulk?limit=12' });
    expect((large.response.json() as Page<Opinion>).items).toHaveLength(12);
    expect(large.statements).toBe(small.statements);
    // One statement: the opinions with their authors joined in (ingredients come from memory).
    expect(large.statements).toBeLessThanOrEqual(1);
    const users = await t.countStatements({ method: 'GET', url: '/users/ada/ingredient_opinions?limit=50' });
    // The user, then the page with its authors.
    expect(users.statements).toBeLessThanOrEqual(2);
  });
});

describe('endorsements', () => {
  it('ranks endorsed opinions and features the most endorsed (ties: newest)', async () => {
    expect(errorOf(await t.inject({ method: 'GET', url: '/ingredients/ceramide-ap/featured_opinion' })).code).toBe(
      'NOT_FOUND',
    );
    const first = await write(ada, 'ceramide-ap', 'Barrier lipid. #barrier');
    const second = await write(bo, 'ceramide-ap', 'Pairs with cholesterol. #barrier');
    await write(ada, 'ceramide-ap', 'Never endorsed.');
    expect((await get<Page<Opinion>>('/ingredients/ceramide-ap/endorsed_opinions')).items).toEqual([]);

    // Nobody endorses their own; members may not endorse; endorsing twice counts once.
    expect((await endorse(ada, first.id)).errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect((await endorse(max, first.id)).errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect((await endorse(bo, first.id)).data?.endorseIngredientOpinion.endorsementCount).toBe(1);
    expect((await endorse(bo, first.id)).data?.endorseIngredientOpinion.endorsementCount).toBe(1);
    expect((await endorse(ada, second.id)).data?.endorseIngredientOpinion.endorsementCount).toBe(1);
    // A tie: the newest wins.
    expect(await get<Opinion>('/ingredients/ceramide-ap/featured_opinion')).toMatchObject({
      id: second.id,
      endorsement_count: 1,
    });
    await endorse(mod, first.id);
    const ranked = await get<Page<Opinion>>('/ingredients/ceramide-ap/endorsed_opinions');
    expect(ranked.items.map((o) => [o.id, o.endorsement_count])).toEqual([
      [first.id, 2],
      [second.id, 1],
    ]);
    expect(await get<Opinion>('/ingredients/ceramide-ap/featured_opinion')).toMatchObject({ id: first.id });

    expect((await unendorse(bo, first.id)).data?.unendorseIngredientOpinion.endorsementCount).toBe(1);
    expect((await unendorse(bo, first.id)).data?.unendorseIngredientOpinion.endorsementCount).toBe(1);
    expect((await t.inject({ method: 'GET', url: '/ingredients/no-such-thing/endorsed_opinions' })).statusCode).toBe(
      404,
    );
  });
});

describe('deleting', () => {
  it('lets the author or a moderator delete, leaving nothing visible', async () => {
    const opinion = await write(ada, 'glycerin', 'Soon gone. #ephemeral');
    await endorse(bo, opinion.id);
    expect(
      errorOf(await t.inject({ method: 'DELETE', url: `/ingredient_opinions/${opinion.id}`, token: bo })).code,
    ).toBe('FORBIDDEN');
    expect(errorOf(await t.inject({ method: 'DELETE', url: `/ingredient_opinions/${opinion.id}` })).code).toBe(
      'UNAUTHENTICATED',
    );
    const gone = await t.inject({ method: 'DELETE', url: `/ingredient_opinions/${opinion.id}`, token: ada });
    expect(gone.statusCode).toBe(204);
    for (const url of [
      `/ingredient_opinions/${opinion.id}/current`,
      `/ingredient_opinions/${opinion.id}/history`,
      `/ingredient_opinions/entry/${opinion.current_entry_id}`,
    ]) {
      expect((await t.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    expect((await get<Page<Opinion>>('/ingredient_opinions/hashtag/ephemeral')).items).toEqual([]);
    const [{ n }] = await t
      .em()
      .getConnection()
      .execute('select count(*)::int as n from ingredient_opinion_endorsement where opinion_id = ?', [opinion.id]);
    expect(n).toBe(0);

    const other = await write(bo, 'glycerin', 'A moderator removes this.');
    expect((await t.inject({ method: 'DELETE', url: `/ingredient_opinions/${other.id}`, token: mod })).statusCode).toBe(
      204,
    );
  });
});

describe('lists of a user', () => {
  it("lists mine (optionally for one ingredient) and another user's, newest first", async () => {
    const cleo = await t.tokenFor('cleo', 'expert');
    const a = await write(cleo, 'glycerin', 'One');
    const b = await write(cleo, 'niacinamide', 'Two');
    const c = await write(cleo, 'glycerin', 'Three');
    expect((await get<Page<Opinion>>('/my/ingredient_opinions', cleo)).items.map((o) => o.id)).toEqual([
      c.id,
      b.id,
      a.id,
    ]);
    expect((await get<Page<Opinion>>('/my/ingredient_opinions/glycerin', cleo)).items.map((o) => o.id)).toEqual([
      c.id,
      a.id,
    ]);
    expect((await get<Page<Opinion>>('/users/cleo/ingredient_opinions?limit=2')).items.map((o) => o.id)).toEqual([
      c.id,
      b.id,
    ]);
    expect((await t.inject({ method: 'GET', url: '/my/ingredient_opinions' })).statusCode).toBe(401);
    expect(
      (await t.inject({ method: 'GET', url: '/my/ingredient_opinions/no-such-thing', token: cleo })).statusCode,
    ).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/users/nobody-at-all/ingredient_opinions' })).statusCode).toBe(404);
  });
});
