// The shelf (issue 41) as a client sees it: PUT /my/shelf/:product_id_or_alias, POST /my/shelf/analyses,
// GET /my/shelf, DELETE /my/shelf/:item_id and their GraphQL fields. Bad input is checked as families
// of shapes, each a 400 naming its field: a malformed value (format), an impossible one (a date that is
// not on the calendar), one just past a bound (the bound itself accepted), and fields that disagree with
// each other. Also: 401 signed out, 404 for an unknown or another person's thing, the 60-item limit,
// the statements a read costs (the same for 1 item and 60), the export and account erasure, and the
// demo members' shelves.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ShelfItem } from '../src/modules/shelf/shelf-item.entity.js';
import { newId } from '../src/modules/shared/ids.js';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';

interface Item {
  id: string;
  name: string;
  created?: boolean;
  product: {
    id: string;
    alias: string;
    name: string;
    brand: { alias: string; name: string };
    category: { alias: string } | null;
    size: { amount: number; unit: { alias: string } | null } | null;
  } | null;
  analysis: { token: string; name_line: string | null } | null;
  step_type: string | null;
  status: string;
  opened_on: string | null;
  finished_on: string | null;
  amount_left: number | null;
  tolerated: boolean;
  prescribed: { days: string[]; time_of_day: string } | null;
  note: string | null;
  expired: boolean | null;
  created_at: string;
  updated_at: string;
}
interface Page {
  items: Item[];
  next_cursor: string | null;
}

let t: TestApp;
let me: string;
let other: string;
beforeAll(async () => {
  t = await startTestApp();
  me = await t.tokenFor('shelf-me');
  other = await t.tokenFor('shelf-other');
});
afterAll(async () => {
  await t?.close();
});

const SERUM = 'bursztyn-lab-retinol-0-3-starter-serum';
const SUNSCREEN = 'mulbit-lab-watery-sun-gel-spf-50-pa';
const TONER = 'padolab-2-bha-pore-liquid';
const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const put = (product: string, payload: Record<string, unknown> = {}, token: string | undefined = me) =>
  t.inject({ method: 'PUT', url: `/my/shelf/${product}`, payload, token });
const addList = (payload: Record<string, unknown>, token: string | undefined = me, headers = {}) =>
  t.inject({ method: 'POST', url: '/my/shelf/analyses', payload, token, headers });
const shelf = async (token = me, query = '?limit=100') =>
  (await t.inject({ method: 'GET', url: `/my/shelf${query}`, token })).json() as Page;

async function analysed(list: string): Promise<string> {
  const response = await t.inject({
    method: 'POST',
    url: '/analyze/ingredient_list',
    payload: { ingredient_list: list },
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as { token: string }).token;
}

async function graphql(query: string, token?: string, variables: Record<string, unknown> = {}) {
  const response = await t.inject({ method: 'POST', url: '/graphql', payload: { query, variables }, token });
  return response.json() as {
    data?: Record<string, unknown> | null;
    errors?: Array<{ message: string; extensions: { code: string; details?: { field?: string } } }>;
  };
}

describe('a catalog product on the shelf', () => {
  it('is added (201), changed (200; omitted fields stay, null clears), listed with its product, and deleted (204)', async () => {
    const added = await put(SERUM, {
      status: 'in_use',
      opened_on: '2026-10-01',
      amount_left: 80,
      prescribed: { days: ['fri', 'mon', 'wed'], time_of_day: 'evening' },
      note: '  From my dermatologist.  ',
    });
    expect(added.statusCode).toBe(201);
    const item = added.json() as Item;
    expect(item).toMatchObject({
      created: true,
      name: 'Retinol 0.3% Starter Serum',
      product: { alias: SERUM, brand: { alias: 'bursztyn-lab' }, size: { amount: 30, unit: { alias: 'ml' } } },
      analysis: null,
      step_type: 'treat',
      status: 'in_use',
      opened_on: '2026-10-01',
      finished_on: null,
      amount_left: 80,
      tolerated: false,
      // Week order, whatever order they were sent in.
      prescribed: { days: ['mon', 'wed', 'fri'], time_of_day: 'evening' },
      note: 'From my dermatologist.',
      expired: null,
    });

    const changed = await put(SERUM, { amount_left: 40, tolerated: true, prescribed: null });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      id: item.id,
      created: false,
      opened_on: '2026-10-01',
      amount_left: 40,
      tolerated: true,
      prescribed: null,
      note: 'From my dermatologist.',
    });
    const finished = await put(SERUM, { status: 'finished', finished_on: '2026-11-20', note: null });
    expect(finished.json()).toMatchObject({ status: 'finished', finished_on: '2026-11-20', note: null });

    const listed = await shelf();
    expect(listed.items.filter((i) => i.id === item.id)).toEqual([
      expect.objectContaining({ id: item.id, status: 'finished', step_type: 'treat', product: expect.anything() }),
    ]);
    expect(listed.items.find((i) => i.id === item.id)).not.toHaveProperty('created');

    const deleted = await t.inject({ method: 'DELETE', url: `/my/shelf/${item.id}`, token: me });
    expect(deleted.statusCode).toBe(204);
    expect((await shelf()).items.map((i) => i.id)).not.toContain(item.id);
    const again = await t.inject({ method: 'DELETE', url: `/my/shelf/${item.id}`, token: me });
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).code).toBe('NOT_FOUND');
  });

  it('lists oldest first, in pages, and a page ends where the shelf does', async () => {
    const token = await t.tokenFor('shelf-order');
    for (const alias of [TONER, SUNSCREEN, SERUM]) expect((await put(alias, {}, token)).statusCode).toBe(201);
    // Changing the first does not move it.
    expect((await put(TONER, { note: 'Changed' }, token)).statusCode).toBe(200);
    const first = await shelf(token, '?limit=2');
    expect(first.items.map((i) => i.product?.alias)).toEqual([TONER, SUNSCREEN]);
    expect(first.next_cursor).toEqual(expect.any(String));
    const rest = await shelf(token, `?limit=2&cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect(rest).toMatchObject({ items: [{ product: { alias: SERUM } }], next_cursor: null });
    expect(first.items[1]).toMatchObject({ step_type: 'protect', status: 'in_use', tolerated: false, note: null });
  });

  it('is NOT_FOUND for an unknown product, and signed out every route is UNAUTHENTICATED', async () => {
    const unknown = await put('no-such-product-anywhere');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('NOT_FOUND');
    for (const request of [
      { method: 'GET' as const, url: '/my/shelf' },
      { method: 'PUT' as const, url: `/my/shelf/${SERUM}`, payload: {} },
      { method: 'POST' as const, url: '/my/shelf/analyses', payload: { token: 'x'.repeat(20) } },
      { method: 'DELETE' as const, url: `/my/shelf/${newId()}` },
    ]) {
      const response = await t.inject(request);
      expect({ url: request.url, status: response.statusCode }).toEqual({ url: request.url, status: 401 });
      expect(errorOf(response).code).toBe('UNAUTHENTICATED');
    }
    for (const query of [
      '{ myShelf { items { id } } }',
      `mutation { setShelfItem(product: "${SERUM}") { id } }`,
      'mutation { addShelfAnalysis(token: "xxxxxxxxxxxxxxxx") { id } }',
      `mutation { deleteShelfItem(id: "${newId()}") }`,
    ]) {
      expect((await graphql(query)).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    }
  });

  it("is another person's own: their item is NOT_FOUND to delete, and never on anyone else's shelf", async () => {
    const theirs = (await put(SUNSCREEN, { note: 'Mine' }, other)).json() as Item;
    for (const id of [theirs.id, newId(), 'not-an-id']) {
      const response = await t.inject({ method: 'DELETE', url: `/my/shelf/${id}`, token: me });
      expect({ id, status: response.statusCode }).toEqual({ id, status: 404 });
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
    expect((await shelf()).items.map((i) => i.id)).not.toContain(theirs.id);
    expect((await shelf(other)).items.map((i) => i.id)).toContain(theirs.id);
    // The same product on my shelf is my own item.
    const mine = (await put(SUNSCREEN, {}, me)).json() as Item;
    expect(mine.id).not.toBe(theirs.id);
    expect(mine).toMatchObject({ created: true, note: null });
  });
});

describe('an analysed list on the shelf', () => {
  it('is added by its token (201), named by its name line or its first entries, and the same list again changes it (200)', async () => {
    const named = await analysed('Night Repair Balm\nIngredients: Aqua, Glycerin, Squalane, Ceramide NP');
    const added = await addList({ token: named, status: 'unopened', note: 'A gift' });
    expect(added.statusCode).toBe(201);
    const item = added.json() as Item;
    expect(item).toMatchObject({
      created: true,
      product: null,
      analysis: { token: named },
      step_type: null,
      status: 'unopened',
      note: 'A gift',
    });
    expect(item).toMatchObject({ name: 'Night Repair Balm', analysis: { name_line: 'Night Repair Balm' } });

    const unnamed = await analysed(`Aqua, Glycerin, Niacinamide, Panthenol, Qwerty${Date.now()}`);
    const plain = (await addList({ token: unnamed })).json() as Item;
    expect(plain).toMatchObject({
      analysis: { token: unnamed, name_line: null },
      name: 'List: Aqua, Glycerin, Niacinamide…',
      status: 'in_use',
    });

    const again = await addList({ token: named, status: 'in_use', opened_on: dayOffset(0) });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: item.id, created: false, status: 'in_use', note: 'A gift' });
    const listed = (await shelf()).items.filter((i) => i.analysis?.token === named);
    expect(listed).toHaveLength(1);
  });

  it('is NOT_FOUND for an unknown token, and a retry with the same Idempotency-Key answers the first 201 again', async () => {
    for (const token of ['AbCdEfGhIjKlMnOp12345', 'short', '../../etc']) {
      const response = await addList({ token });
      expect({ token, status: response.statusCode }).toEqual({ token, status: 404 });
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
    const list = await analysed(`Aqua, Squalane, Tocopherol, Zxcvb${Date.now()}`);
    const key = `shelf-${Date.now()}`;
    const first = await addList({ token: list }, me, { 'idempotency-key': key });
    const retry = await addList({ token: list }, me, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
  });
});

describe('bad input: a 400 naming the field, and nothing written', () => {
  // Boundaries accepted: each bound itself.
  it('accepts each bound itself', async () => {
    const token = await t.tokenFor('shelf-bounds');
    expect(
      (
        await put(
          SERUM,
          {
            opened_on: dayOffset(0),
            amount_left: 0,
            note: 'n'.repeat(500),
            prescribed: { days: ['sun'], time_of_day: 'morning' },
          },
          token,
        )
      ).statusCode,
    ).toBe(201);
    expect((await put(SERUM, { amount_left: 100, opened_on: '2000-01-01' }, token)).statusCode).toBe(200);
    expect(
      (await put(SERUM, { status: 'finished', opened_on: '2026-03-01', finished_on: '2026-03-01' }, token)).statusCode,
    ).toBe(200);
  });

  const cases: Array<[string, Record<string, unknown>, string]> = [
    // Dates: malformed, not on the calendar, in the future, too early.
    ['a date not written YYYY-MM-DD', { opened_on: '01/10/2026' }, 'opened_on'],
    ['a month that does not exist', { opened_on: '2026-13-01' }, 'opened_on'],
    ['a day that does not exist', { opened_on: '2026-02-30' }, 'opened_on'],
    ['opened in the future', { opened_on: dayOffset(3) }, 'opened_on'],
    ['opened before 2000', { opened_on: '1999-12-31' }, 'opened_on'],
    ['a date that is not text', { opened_on: 20261001 }, 'opened_on'],
    ['finished in the future', { status: 'finished', finished_on: dayOffset(3) }, 'finished_on'],
    // Fields that disagree.
    [
      'finished before it was opened',
      { status: 'finished', opened_on: '2026-05-02', finished_on: '2026-05-01' },
      'finished_on',
    ],
    ['finished_on on an item not finished', { status: 'in_use', finished_on: '2026-05-01' }, 'finished_on'],
    ['an unopened item with opened_on', { status: 'unopened', opened_on: '2026-05-01' }, 'opened_on'],
    // Amount left: past each end, not whole, not a number.
    ['amount_left below 0', { amount_left: -1 }, 'amount_left'],
    ['amount_left above 100', { amount_left: 101 }, 'amount_left'],
    ['amount_left not whole', { amount_left: 50.5 }, 'amount_left'],
    ['amount_left as text', { amount_left: 'half' }, 'amount_left'],
    // Prescription: empty, repeated, unknown day, unknown time, a part missing.
    ['no prescribed days', { prescribed: { days: [], time_of_day: 'evening' } }, 'prescribed.days'],
    ['a prescribed day twice', { prescribed: { days: ['mon', 'mon'], time_of_day: 'evening' } }, 'prescribed.days'],
    ['an unknown weekday', { prescribed: { days: ['funday'], time_of_day: 'evening' } }, 'prescribed.days[0]'],
    ['an unknown time of day', { prescribed: { days: ['mon'], time_of_day: 'noon' } }, 'prescribed.time_of_day'],
    ['no time of day', { prescribed: { days: ['mon'] } }, 'prescribed.time_of_day'],
    ['prescribed as a list', { prescribed: ['mon'] }, 'prescribed'],
    // Note, status, tolerated, unknown fields.
    ['a note of 501 characters', { note: 'n'.repeat(501) }, 'note'],
    ['an unknown status', { status: 'opened' }, 'status'],
    ['status null', { status: null }, 'status'],
    ['tolerated null', { tolerated: null }, 'tolerated'],
    ['tolerated as text', { tolerated: 'yes' }, 'tolerated'],
    ['an unknown field', { colour: 'blue' }, 'colour'],
  ];

  it.each(cases)('PUT: %s', async (_label, payload, field) => {
    const token = await t.tokenFor('shelf-bad');
    const response = await put(TONER, payload, token);
    expect({ status: response.statusCode, body: response.json() }).toMatchObject({
      status: 400,
      body: { error: { code: 'VALIDATION_FAILED', details: { field } } },
    });
    // Nothing written: the product is not on the shelf.
    expect((await shelf(token)).items.map((i) => i.product?.alias)).not.toContain(TONER);
  });

  it('POST /my/shelf/analyses checks the same fields, and needs its token', async () => {
    const list = await analysed(`Aqua, Glycerin, Bisabolol, Asdfg${Date.now()}`);
    for (const [, payload, field] of cases.filter(([, p]) => !('colour' in p))) {
      const response = await addList({ token: list, ...payload });
      expect({ payload, status: response.statusCode, field: errorOf(response).details?.field }).toEqual({
        payload,
        status: 400,
        field,
      });
    }
    const missing = await addList({});
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).details?.field).toBe('token');
  });

  it('a change is checked against what is stored: finishing before the stored opening is refused', async () => {
    const token = await t.tokenFor('shelf-stored');
    await put(SUNSCREEN, { opened_on: '2026-06-10' }, token);
    const response = await put(SUNSCREEN, { status: 'finished', finished_on: '2026-06-01' }, token);
    expect(errorOf(response).details?.field).toBe('finished_on');
    expect((await shelf(token)).items[0]).toMatchObject({ status: 'in_use', finished_on: null });
  });
});

describe('GraphQL', () => {
  it('myShelf, setShelfItem, addShelfAnalysis and deleteShelfItem answer as the REST routes do', async () => {
    const token = await t.tokenFor('shelf-graphql');
    const fields =
      'id created name stepType status openedOn amountLeft prescribed { days timeOfDay } product { alias }';
    const set = await graphql(
      `mutation ($p: ShelfPrescriptionInput) { setShelfItem(product: "${SERUM}", openedOn: "2026-09-01", amountLeft: 70, prescribed: $p) { ${fields} } }`,
      token,
      { p: { days: ['tue', 'sat'], timeOfDay: 'evening' } },
    );
    expect(set.errors).toBeUndefined();
    expect(set.data!.setShelfItem).toMatchObject({
      created: true,
      stepType: 'treat',
      status: 'in_use',
      openedOn: '2026-09-01',
      amountLeft: 70,
      prescribed: { days: ['tue', 'sat'], timeOfDay: 'evening' },
      product: { alias: SERUM },
    });
    const again = await graphql(`mutation { setShelfItem(product: "${SERUM}", amountLeft: 60) { ${fields} } }`, token);
    expect(again.data!.setShelfItem).toMatchObject({ created: false, amountLeft: 60, openedOn: '2026-09-01' });

    const list = await analysed(`Aqua, Glycerin, Allantoin, Poiuy${Date.now()}`);
    const added = await graphql(
      `mutation { addShelfAnalysis(token: "${list}", tolerated: true) { ${fields} analysis { token } tolerated } }`,
      token,
    );
    expect(added.data!.addShelfAnalysis).toMatchObject({
      created: true,
      tolerated: true,
      analysis: { token: list },
      product: null,
    });

    const read = await graphql(
      '{ myShelf(limit: 10) { items { id name product { alias } analysis { token } } nextCursor } }',
      token,
    );
    expect(read.data!.myShelf).toMatchObject({
      items: [{ product: { alias: SERUM } }, { analysis: { token: list } }],
      nextCursor: null,
    });

    const bad = await graphql(`mutation { setShelfItem(product: "${SERUM}", amountLeft: 101) { id } }`, token);
    expect(bad.errors?.[0].extensions).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'amount_left' } });
    const id = (set.data!.setShelfItem as { id: string }).id;
    expect((await graphql(`mutation { deleteShelfItem(id: "${id}") }`, token)).data).toEqual({ deleteShelfItem: true });
    const gone = await graphql(`mutation { deleteShelfItem(id: "${id}") }`, token);
    expect(gone.errors?.[0].extensions.code).toBe('NOT_FOUND');
  });
});

/** Fills a shelf to `count` items straight in the database (the catalog's first products), as the routes would. */
async function fillShelf(username: string, count: number): Promise<void> {
  const user = await t.user(username);
  const em = t.em();
  const products = (await em.getConnection().execute(
    `select id from product where status = 'published'
          and id not in (select product_id from shelf_item where owner_id = ? and product_id is not null)
        order by alias limit ${count}`,
    [user.id],
  )) as Array<{
    id: string;
  }>;
  expect(products).toHaveLength(count);
  const start = Date.now() - count * 1000;
  await em.insertMany(
    ShelfItem,
    products.map((p, i) => ({
      id: newId(),
      owner: user.id,
      product: p.id,
      analysis: null,
      status: i % 3 === 0 ? 'unopened' : 'in_use',
      openedOn: i % 3 === 0 ? null : '2026-01-15',
      finishedOn: null,
      amountLeft: i % 5 === 0 ? 50 : null,
      tolerated: i % 2 === 0,
      prescribedDays: i === 1 ? ['mon', 'thu'] : null,
      prescribedTime: i === 1 ? 'evening' : null,
      note: '',
      createdAt: new Date(start + i * 1000),
      updatedAt: new Date(start + i * 1000),
    })) as never,
  );
}

describe('the limit and the cost of a read', () => {
  it('holds 60 items: the 61st is CONFLICT, while changing one already there still works', async () => {
    const token = await t.tokenFor('shelf-full');
    await fillShelf('shelf-full', 59);
    const list = await analysed(`Aqua, Glycerin, Urea, Lkjhg${Date.now()}`);
    expect((await addList({ token: list }, token)).statusCode).toBe(201);
    const full = await shelf(token);
    expect(full.items).toHaveLength(60);

    const another = await analysed(`Aqua, Glycerin, Lactic Acid, Mnbvc${Date.now()}`);
    for (const response of [await put(SUNSCREEN, {}, token), await addList({ token: another }, token)]) {
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toMatchObject({ code: 'CONFLICT', details: { limit: 60 } });
    }
    const held = full.items.find((i) => i.product)!;
    expect((await put(held.product!.alias, { amount_left: 10 }, token)).statusCode).toBe(200);
    expect((await addList({ token: list, note: 'still fine' }, token)).statusCode).toBe(200);
    expect((await shelf(token)).items).toHaveLength(60);
  });

  it('holds under concurrent writes: one add per product, and never a 61st item', async () => {
    const token = await t.tokenFor('shelf-race');
    const same = await Promise.all(Array.from({ length: 4 }, () => put(SUNSCREEN, { amount_left: 90 }, token)));
    expect(same.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 201]);
    await fillShelf('shelf-race', 58);
    const lists = await Promise.all([1, 2, 3, 4].map((n) => analysed(`Aqua, Glycerin, Race${n}, Qazwsx${Date.now()}`)));
    const adds = await Promise.all(lists.map((list) => addList({ token: list }, token)));
    expect(adds.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect((await shelf(token)).items).toHaveLength(60);
  });

  it('GET /my/shelf sends as many statements for 60 items as for 1', async () => {
    const small = await t.tokenFor('shelf-count-one');
    await fillShelf('shelf-count-one', 1);
    const large = await t.tokenFor('shelf-count-sixty');
    await fillShelf('shelf-count-sixty', 60);
    const read = (token: string) => t.countStatements({ method: 'GET', url: '/my/shelf?limit=100', token });
    await read(small); // the first request of a user warms what is cached per process
    const one = await read(small);
    const sixty = await read(large);
    expect((one.response.json() as Page).items).toHaveLength(1);
    const items = (sixty.response.json() as Page).items;
    expect(items).toHaveLength(60);
    expect(items.every((i) => i.product?.brand.name && i.step_type !== undefined)).toBe(true);
    expect(sixty.statements).toBe(one.statements);
    // The viewer, the rows, their products (brand, category and unit joined) and the category tree.
    expect(sixty.statements).toBeLessThanOrEqual(5);
  });
});

describe('personal data', () => {
  const SECRET = 'test-idp-secret';
  it('the export holds the shelf, and erasing the account deletes it', async () => {
    const token = await t.tokenFor('shelf-leaving');
    const item = (
      await put(SERUM, { note: 'Prescribed by Dr. K', prescribed: { days: ['mon'], time_of_day: 'evening' } }, token)
    ).json() as Item;
    const exported = (await t.inject({ method: 'GET', url: '/my/export', token })).json() as {
      sections: Array<{ entity: string; property: string; rows: Array<Record<string, unknown>> }>;
    };
    const section = exported.sections.find((s) => s.entity === 'ShelfItem' && s.property === 'owner')!;
    expect(section.rows).toEqual([
      expect.objectContaining({
        id: item.id,
        note: 'Prescribed by Dr. K',
        prescribed_days: ['mon'],
        prescribed_time: 'evening',
      }),
    ]);

    const user = await t.user('shelf-leaving');
    const text = JSON.stringify({
      id: `shelf-erase-${Date.now()}`,
      type: 'user.deleted',
      timestamp: new Date().toISOString(),
      user: { subject: user.subject },
    });
    const erased = await t.inject({
      method: 'POST',
      url: '/identity_provider',
      payload: text,
      headers: {
        'content-type': 'application/json',
        'x-signature': createHmac('sha256', SECRET).update(text).digest('hex'),
      },
    });
    expect(erased.json()).toMatchObject({ status: 'applied', user_id: user.id });
    const left = (await t
      .em()
      .getConnection()
      .execute('select count(*)::int as n from shelf_item where owner_id = ?', [user.id])) as Array<{ n: number }>;
    expect(left[0].n).toBe(0);
  });
});

describe('the demo members', () => {
  it('have shelves: their routines’ products in use, others they own in every state, one prescribed item', async () => {
    const rows = (await t
      .em()
      .getConnection()
      .execute(
        `select u.username, p.alias, s.status, s.opened_on is not null as opened, s.prescribed_days as days, s.prescribed_time as time
         from shelf_item s join app_user u on u.id = s.owner_id join product p on p.id = s.product_id
        where u.subject like 'demo|%' order by u.username, s.created_at, s.id`,
      )) as Array<{
      username: string;
      alias: string;
      status: string;
      opened: boolean;
      days: string[] | null;
      time: string | null;
    }>;
    const members = (await t
      .em()
      .getConnection()
      .execute(
        `select username from app_user where subject like 'demo|%' and user_type = 'member' order by username`,
      )) as Array<{ username: string }>;
    expect(new Set(rows.map((r) => r.username))).toEqual(new Set(members.map((m) => m.username)));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['unopened', 'in_use', 'finished', 'set_aside']));
    const prescribed = rows.filter((r) => r.days);
    expect(prescribed).toHaveLength(1);
    expect(prescribed[0].time).toMatch(/^(morning|evening)$/);
    // Every product of a member's routines is on their shelf, in use.
    const routineProducts = (await t
      .em()
      .getConnection()
      .execute(
        `select distinct u.username, p.alias from routine r join app_user u on u.id = r.owner_id
         join routine_step st on st.routine_id = r.id join product p on p.id = st.product_id
        where u.subject like 'demo|%' and u.user_type = 'member'`,
      )) as Array<{ username: string; alias: string }>;
    expect(routineProducts.length).toBeGreaterThan(20);
    for (const { username, alias } of routineProducts)
      expect({
        username,
        alias,
        status: rows.find((r) => r.username === username && r.alias === alias)?.status,
      }).toEqual({
        username,
        alias,
        status: 'in_use',
      });
    // What a member sees.
    const nina = await t.auth.sign({ sub: 'demo|retinol_rookie_nina', preferred_username: 'retinol_rookie_nina' });
    expect((await shelf(nina)).items.length).toBeGreaterThan(4);
  });
});
