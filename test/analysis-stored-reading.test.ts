// Issue 37: reading a stored analysis back parses nothing (what the parser set aside and the list's name line are kept
// with it, and filled by a resumable backfill for rows stored before), the paste form refuses posts sent by other
// sites, and (issue 39) a kit's numbering printed inline is no entry.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { backfillAnalysisReadings } from '../src/modules/analysis/analysis-backfill.service.js';
import { parsedListCount } from '../src/modules/analysis/engine/parse.js';
import { loadWholeLabelCorpus } from '../scripts/label-recall.js';
import { startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

// A name line above the list (it decides rinse-off), a "free of" claim and marketing set aside.
const LABEL =
  'Gentle Foaming Cleanser 200 ml\nIngredients: Aqua, Sodium Laureth Sulfate, Glycerin, Niacinamide, Phenoxyethanol.\n' +
  'Free of parabens and sulfates. Made in France.';

type Answer = {
  token: string;
  set_aside: Array<{ kind: string; text: string }>;
  ingredients: Array<{ input: string; concentration_estimate: unknown; notes: string[] }>;
  part_readings: unknown[];
};

async function analyze(text: string): Promise<Answer> {
  const response = await t.inject({
    method: 'POST',
    url: '/analyze/ingredient_list',
    payload: { ingredient_list: text },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as Answer;
}

/** Every way a stored analysis is read back: REST, GraphQL, its page. */
async function readBack(token: string): Promise<{ rest: Answer; graphql: unknown; page: string }> {
  const rest = await t.inject({ method: 'GET', url: `/analyze/shared/${token}` });
  expect(rest.statusCode).toBe(200);
  const graphql = await t.inject({
    method: 'POST',
    url: '/graphql',
    payload: {
      query: 'query($t: String!) { sharedAnalysis(token: $t) { token setAside { kind text } ingredients { input } } }',
      variables: { t: token },
    },
  });
  expect(graphql.statusCode).toBe(200);
  const page = await t.inject({ method: 'GET', url: `/p/analyses/${token}` });
  expect(page.statusCode).toBe(200);
  return { rest: rest.json() as Answer, graphql: graphql.json(), page: page.body };
}

describe('a stored analysis is read back without parsing its list', () => {
  it('REST, GraphQL and the page answer what was analysed, and the parser runs for none of them', async () => {
    const answer = await analyze(LABEL);
    expect(answer.set_aside.map((s) => s.kind)).toEqual(expect.arrayContaining(['free_of']));
    const before = parsedListCount();
    const { rest, graphql, page } = await readBack(answer.token);
    expect(parsedListCount()).toBe(before);
    expect(rest).toEqual(answer);
    expect(graphql).toMatchObject({ data: { sharedAnalysis: { token: answer.token, setAside: answer.set_aside } } });
    expect(page).toContain('Made in France');
  });

  it('rows stored before the reading was kept are filled by the backfill, a batch at a time, and read the same', async () => {
    const first = await analyze(LABEL);
    const second = await analyze('Toner\nIngredients: Aqua, Glycerin, Butylene Glycol. Paraben-free.');
    // As the rows were before the migration: no reading kept.
    await t
      .em()
      .execute(`update ingredient_analysis set set_aside = null, name_line = null where token in (?, ?)`, [
        first.token,
        second.token,
      ]);
    const nulls = async () =>
      Number(
        (await t.em().execute(`select count(*) as n from ingredient_analysis where set_aside is null`))[0].n as string,
      );
    expect(await nulls()).toBe(2);
    // Batches of one: every batch is a statement of its own, so a start cut short keeps what it did.
    const parsed = parsedListCount();
    expect(await backfillAnalysisReadings(t.em(), 1)).toBe(2);
    expect(parsedListCount() - parsed).toBe(2);
    expect(await nulls()).toBe(0);
    expect(await backfillAnalysisReadings(t.em(), 1)).toBe(0);
    const before = parsedListCount();
    expect((await readBack(first.token)).rest).toEqual(first);
    expect((await readBack(second.token)).rest).toEqual(second);
    expect(parsedListCount()).toBe(before);
  });

  it('a start with nothing to fill reads an empty partial index, not the whole table', async () => {
    // 20,000 analyses, every one filled: what a restart of a long-running service finds. Copies of a stored row.
    const { token } = await analyze(LABEL);
    const columns = (
      await t.em().execute<Array<{ name: string }>>(
        `select column_name as name from information_schema.columns
           where table_name = 'ingredient_analysis' and table_schema = current_schema() order by ordinal_position`,
      )
    ).map((c) => c.name);
    const copied = columns.map((c) =>
      c === 'id' ? `(md5(a.id::text || n::text))::uuid` : c === 'token' ? `md5(a.token || n::text)` : `a."${c}"`,
    );
    await t.em().execute(
      `insert into ingredient_analysis (${columns.map((c) => `"${c}"`).join(', ')})
       select ${copied.join(', ')} from ingredient_analysis a, generate_series(1, 20000) n where a.token = ?`,
      [token],
    );
    await t.em().execute('analyze ingredient_analysis');
    // The backfill's own statement, planned on this table: the partial index of null rows, no scan of the table.
    const plan = JSON.stringify(
      await t
        .em()
        .execute(
          `explain (format json) select id, ingredient_list from ingredient_analysis where set_aside is null order by id limit 500`,
        ),
    );
    expect(plan).toContain('ingredient_analysis_unread_backfill_index');
    expect(plan).not.toContain('Seq Scan');
    expect(await backfillAnalysisReadings(t.em())).toBe(0);
    await t.em().execute(`delete from ingredient_analysis where token <> ? and ingredient_list = ?`, [token, LABEL]);
  });
});

describe('analyses stored before actives_outside_list was kept (issue 40)', () => {
  type Outside = Array<{ name: string; strength: string; analysed: boolean; part: string | null }>;
  // Every label of the whole-label corpus that names an active outside its list (bullets, claims, drug facts, kits),
  // and two that name none: each stored, then made as it was before the column, filled, and read back.
  const labels = loadWholeLabelCorpus();
  const withOutside = labels.filter((l) => (l as { outside?: unknown[] }).outside?.length);
  const without = labels.filter((l) => !(l as { outside?: unknown[] }).outside?.length).slice(0, 2);

  it('are filled at start-up with what an analysis reads now, not answered as an empty list', async () => {
    expect(withOutside.length).toBeGreaterThan(5);
    const answers: Array<Answer & { actives_outside_list: Outside }> = [];
    for (const label of [...withOutside, ...without])
      answers.push((await analyze(label.text)) as Answer & { actives_outside_list: Outside });
    const tokens = answers.map((a) => a.token);
    expect(answers.filter((a) => a.actives_outside_list.length).length).toBe(withOutside.length);
    await t
      .em()
      .execute(
        `update ingredient_analysis set actives_outside_list = null where token in (${tokens.map(() => '?').join(', ')})`,
        tokens,
      );
    expect(await backfillAnalysisReadings(t.em(), 7)).toBe(tokens.length);
    for (const a of answers) expect((await readBack(a.token)).rest).toEqual(a);
    const [{ n }] = await t
      .em()
      .execute<Array<{ n: string }>>(
        'select count(*) as n from ingredient_analysis where actives_outside_list is null',
      );
    expect(Number(n)).toBe(0);
    // Filled: a later start reads the partial index and parses nothing.
    const parsed = parsedListCount();
    expect(await backfillAnalysisReadings(t.em())).toBe(0);
    expect(parsedListCount()).toBe(parsed);
  });
});

describe('the paste form refuses posts sent by other sites', () => {
  const form = { ingredient_list: 'Aqua, Glycerin, Niacinamide' };
  const post = (headers: Record<string, string>) =>
    t.inject({
      method: 'POST',
      url: '/p/analyze',
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'skincare.test', ...headers },
      payload: new URLSearchParams(form).toString(),
    });

  it('serves its own page and clients that send neither header (curl)', async () => {
    const served: Array<Record<string, string>> = [
      {},
      { 'sec-fetch-site': 'same-origin', origin: 'http://skincare.test' },
      // What Chromium sends from our own page under Referrer-Policy: no-referrer (scripts/check-pages.ts).
      { 'sec-fetch-site': 'same-origin', origin: 'null' },
      { 'sec-fetch-site': 'none' },
      { origin: t.config.publicUrl },
    ];
    for (const headers of served) {
      const response = await post(headers);
      expect([response.statusCode, response.headers.location]).toEqual([
        303,
        expect.stringMatching(/^\/p\/analyses\//),
      ]);
    }
  });

  it('answers 403 with a page saying why to a post from another site, and stores nothing', async () => {
    const count = async () =>
      Number((await t.em().execute(`select count(*) as n from ingredient_analysis`))[0].n as string);
    const stored = await count();
    const refused: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: 'http://other.skincare.test' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'same-site', origin: 'null' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ];
    for (const headers of refused) {
      const response = await post(headers);
      expect(response.statusCode).toBe(403);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('only accepts posts from its own page');
    }
    expect(await count()).toBe(stored);
  });
});

describe('a kit numbered inline (issue 39)', () => {
  it('leaves no number as an entry', async () => {
    const answer = await analyze(
      '1. Gentle Cleanser: Aqua, Glycerin, Sodium Laureth Sulfate, Phenoxyethanol. 2. Vitamin C Night Serum: Aqua, ' +
        'Ascorbic Acid, Glycerin, Phenoxyethanol. 3. Daily Moisturizer: Aqua, Squalane, Niacinamide',
    );
    const inputs = answer.ingredients.map((e) => e.input);
    expect(inputs).not.toEqual(expect.arrayContaining(['2', '3', '2.', '3.']));
    expect(inputs.filter((i) => /^\d+\.?$/.test(i))).toEqual([]);
    expect(answer.part_readings.map((p) => (p as { part: string }).part)).toEqual([
      'Gentle Cleanser',
      'Vitamin C Night Serum',
      'Daily Moisturizer',
    ]);
  });
});
