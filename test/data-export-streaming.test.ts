// Issue 37: GET /my/export streams, a page of rows at a time, whatever the account's size; GraphQL
// pages the same rows; only the caller's own data is in it, whatever their role; the answers kept
// for Idempotency-Key replays are in it while they live, and go with the account.
import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EXPORT_PAGE_BYTES } from '../src/modules/account/data-export.service.js';
import { idempotencyCaller, userCallerKey } from '../src/platform/idempotency-caller.js';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';
import { cloneRow } from './helpers/bulk-rows.js';
import { seedPerson, type Person } from './helpers/personal-data.js';

interface Section {
  entity: string;
  property: string;
  column: string;
  rows: Array<Record<string, unknown>>;
}

const ANALYSES = 50; // three pages of the REST route's 20 (ExportMyDataRows)
let t: TestApp;
/** Each SQL statement as it is logged, with the bytes the server had written to its sockets by then. */
const statements: Array<{ sql: string; written: number }> = [];
const sockets: Socket[] = [];
let mona: Person;
let base: string;

const sql = (query: string, params: unknown[] = []) =>
  t.em().getConnection().execute(query, params) as Promise<Array<Record<string, unknown>>>;

beforeAll(async () => {
  t = await startTestApp(
    { CACHE_ENABLED: 'false' },
    {
      sqlLog: (line) =>
        statements.push({ sql: line, written: sockets.reduce((sum, socket) => sum + socket.bytesWritten, 0) }),
    },
  );
  t.app.server.on('connection', (socket: Socket) => sockets.push(socket));
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  mona = await seedPerson(t, 'mona');
  const [analysis] = await sql('select id from ingredient_analysis where owner_id = ? limit 1', [mona.id]);
  // Long lists, so the analyses' rows are most of the document.
  await sql(`update ingredient_analysis set ingredient_list = repeat('Aqua, Glycerin, ', 250) where id = ?`, [
    analysis.id,
  ]);
  await cloneRow(sql, 'ingredient_analysis', String(analysis.id), ANALYSES - 1, ['token']);
});
afterAll(async () => {
  await t?.close();
});

/** GET over a real socket: the body as text. */
function get(path: string, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A GraphQL request as Mona: the JSON answer. */
const gql = async (query: string, variables?: Record<string, unknown>): Promise<unknown> =>
  (await t.inject({ method: 'POST', url: '/graphql', token: mona.token, payload: { query, variables } })).json();

const sectionOf = (body: { sections: Section[] }, entity: string, property: string) =>
  body.sections.find((s) => s.entity === entity && s.property === property)!;

describe('GET /my/export streams', () => {
  it('writes the answer in pieces: most of it is on the socket before the last page of analyses is read', async () => {
    statements.length = 0;
    const { status, body } = await get('/my/export', mona.token);
    expect(status).toBe(200);
    const document = JSON.parse(body) as { sections: Section[] };
    const analyses = sectionOf(document, 'IngredientAnalysis', 'owner').rows;
    expect(analyses).toHaveLength(ANALYSES);
    expect(new Set(analyses.map((r) => r.id)).size).toBe(ANALYSES);
    // Pages of 20: three statements on the analyses, the last one after the two first pages were written.
    const pages = statements.filter((s) => /from "ingredient_analysis" where "owner_id" = /.test(s.sql));
    expect(pages).toHaveLength(3);
    const total = Buffer.byteLength(body);
    const last = pages.at(-1)!;
    expect(last.written).toBeGreaterThan(total / 2);
    expect(last.written).toBeLessThan(total);
    expect(pages[0].written).toBeLessThan(last.written);
  });

  it('cuts a page of large rows by their bytes, so that each page is read and written in a short step', async () => {
    // Lists that do not compress (hex digits), about 48 kB stored each: 20 of them would be a page of about 1 MB.
    const lists = await sql('select id, ingredient_list from ingredient_analysis where owner_id = ?', [mona.id]);
    await sql(
      `update ingredient_analysis set ingredient_list = (select string_agg(md5(id::text || n::text), ', ')
         from generate_series(1, 1400) n) where owner_id = ?`,
      [mona.id],
    );
    try {
      const [{ row_bytes: rowBytes }] = await sql(
        'select max(pg_column_size(ingredient_analysis.*)) as row_bytes from ingredient_analysis where owner_id = ?',
        [mona.id],
      );
      statements.length = 0;
      const { status, body } = await get('/my/export', mona.token);
      expect(status).toBe(200);
      const analyses = sectionOf(JSON.parse(body) as { sections: Section[] }, 'IngredientAnalysis', 'owner').rows;
      expect(analyses).toHaveLength(ANALYSES);
      expect(new Set(analyses.map((r) => r.id)).size).toBe(ANALYSES);
      expect(analyses.every((r) => String(r.ingredient_list).length > 40_000)).toBe(true);
      // A page ends at the row that reaches EXPORT_PAGE_BYTES: at most that and one row, so at least this many pages.
      const pages = statements.filter((s) => /from "ingredient_analysis" where "owner_id" = /.test(s.sql));
      const perPage = Math.floor(EXPORT_PAGE_BYTES / Number(rowBytes)) + 1;
      expect(Number(rowBytes)).toBeGreaterThan(40_000);
      expect(pages.length).toBeGreaterThanOrEqual(Math.ceil(ANALYSES / perPage));
      expect(pages.length).toBeLessThanOrEqual(Math.ceil(ANALYSES / (perPage - 1)) + 1);
    } finally {
      for (const { id, ingredient_list } of lists)
        await sql('update ingredient_analysis set ingredient_list = ? where id = ?', [ingredient_list, id]);
    }
  });

  it('pages the same rows through GraphQL: rows(limit, cursor), then myExportRows after the cursor', async () => {
    type Rows = { items: Array<{ id: string }>; nextCursor: string | null };
    const first = (await gql('{ myExport { sections { entity property rows(limit: 30) { items nextCursor } } } }')) as {
      data: { myExport: { sections: Array<{ entity: string; property: string; rows: Rows }> } };
    };
    const section = first.data.myExport.sections.find((s) => s.entity === 'IngredientAnalysis')!;
    expect(section.rows.items).toHaveLength(30);
    const ids = section.rows.items.map((r) => r.id);
    let cursor: string | null = section.rows.nextCursor;
    while (cursor) {
      const page = (await gql(
        'query ($c: String) { myExportRows(entity: "IngredientAnalysis", property: "owner", cursor: $c, limit: 7) { items nextCursor } }',
        { c: cursor },
      )) as { data: { myExportRows: Rows } };
      ids.push(...page.data.myExportRows.items.map((r) => r.id));
      cursor = page.data.myExportRows.nextCursor;
    }
    expect(ids).toHaveLength(ANALYSES);
    expect(new Set(ids).size).toBe(ANALYSES);

    // A cursor of another section, a forged one, an unknown section: 400s naming the argument.
    const errorCode = async (entity: string, c: string | null) =>
      (
        (await gql(
          `query ($c: String) { myExportRows(entity: "${entity}", property: "owner", cursor: $c) { nextCursor } }`,
          { c },
        )) as { errors: Array<{ extensions: { code: string; details?: unknown } }> }
      ).errors[0].extensions;
    expect(await errorCode('Routine', section.rows.nextCursor)).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { field: 'cursor' },
    });
    expect(await errorCode('IngredientAnalysis', 'bm90IG91cnM.AAAA')).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await errorCode('Nothing', null)).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/graphql',
          payload: { query: '{ myExportRows(entity: "IngredientAnalysis", property: "owner") { nextCursor } }' },
        })
      ).json(),
    ).toMatchObject({ errors: [{ extensions: { code: 'UNAUTHENTICATED' } }] });
  });
});

describe("only the caller's own data", () => {
  it("a moderator's export lists their reviews, not the other person's feedback or draft", async () => {
    const moderatorToken = await t.tokenFor('mona-moderator', 'moderator');
    const moderator = await t.user('mona-moderator');
    const [feedback] = await sql('select id from ingredient_feedback where user_id = ?', [mona.id]);
    const dismissed = await t.inject({
      method: 'POST',
      url: '/graphql',
      token: moderatorToken,
      payload: {
        query: 'mutation ($id: ID!) { dismissIngredientFeedback(id: $id, reason: "Not a reaction we can use") { id } }',
        variables: { id: feedback.id },
      },
    });
    expect(dismissed.json()).not.toHaveProperty('errors');
    const approved = await t.inject({
      method: 'POST',
      url: '/product_drafts/approve',
      token: moderatorToken,
      payload: { id: mona.draftId },
    });
    expect(approved.statusCode).toBeLessThan(300);

    const { status, body } = await get('/my/export', moderatorToken);
    expect(status).toBe(200);
    const document = JSON.parse(body) as { sections: Section[] };
    const reviews = sectionOf(document, 'IngredientFeedback', 'reviewedBy').rows;
    expect(reviews).toEqual([
      expect.objectContaining({ id: feedback.id, reviewed_by_id: moderator.id, status: 'dismissed' }),
    ]);
    expect(Object.keys(reviews[0]).sort()).toEqual(
      ['applied_changes', 'id', 'ingredient_id', 'resolution', 'reviewed_at', 'reviewed_by_id', 'status'].sort(),
    );
    const drafts = sectionOf(document, 'ProductDraft', 'reviewer').rows;
    expect(drafts.map((d) => d.id)).toEqual([mona.draftId]);
    expect(Object.keys(drafts[0]).sort()).toEqual(['id', 'product_id', 'reviewed_at', 'reviewer_id', 'status']);
    // Nothing of Mona's: not her words, her draft's name or list, nor her id.
    expect(body).not.toContain('It stung');
    expect(body).not.toContain('Zoe cream');
    expect(body).not.toContain(mona.id);
  });
});

describe('answers kept for Idempotency-Key replays', () => {
  it('are in the export while they live, and are erased with the account', async () => {
    const token = await t.tokenFor('ivy-keyed');
    const ivy = await t.user('ivy-keyed');
    const [product] = await sql(`select alias from product where status = 'published' order by alias limit 1`);
    const reacted = await t.inject({
      method: 'POST',
      url: '/my/reactions',
      token,
      headers: { 'idempotency-key': 'ivy-reaction-1' },
      payload: { product: product.alias, outcome: 'irritated', note: 'rash on cheeks' },
    });
    expect(reacted.statusCode).toBe(201);
    const caller = idempotencyCaller(userCallerKey(ivy.subject));

    const { body } = await get('/my/export', token);
    const kept = sectionOf(JSON.parse(body) as { sections: Section[] }, 'IdempotencyRecord', 'caller').rows;
    expect(kept).toEqual([expect.objectContaining({ caller, idem_key: 'ivy-reaction-1', status: 201 })]);
    expect(String(kept[0].body)).toContain('rash on cheeks');
    expect(String(kept[0].expires_at)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    // Someone else's export does not have it.
    expect((await get('/my/export', await t.tokenFor('ivy-neighbour'))).body).not.toContain('rash on cheeks');

    const event = JSON.stringify({
      id: `ivy-deleted-${Date.now()}`,
      type: 'user.deleted',
      timestamp: new Date().toISOString(),
      user: { subject: ivy.subject },
    });
    const deleted = await t.inject({
      method: 'POST',
      url: '/identity_provider',
      payload: event,
      headers: {
        'content-type': 'application/json',
        'x-signature': createHmac('sha256', 'test-idp-secret').update(event, 'utf8').digest('hex'),
      },
    });
    expect(deleted.json()).toMatchObject({ status: 'applied', user_id: ivy.id });
    expect(await sql('select idem_key from idempotency_record where caller = ?', [caller])).toEqual([]);
    expect(await sql(`select idem_key from idempotency_record where body like '%rash on cheeks%'`)).toEqual([]);
    expect(errorOf(await t.inject({ method: 'GET', url: '/my/export', token })).code).toBe('UNAUTHENTICATED');
  });
});
