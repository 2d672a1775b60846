import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';

interface Tutorial {
  id: string;
  title: string;
  description: string;
  frequency: string | null;
  time_of_day: string | null;
  media_url: string | null;
  status: string;
  instruction_count: number;
  quantity: { amount: number; unit: { alias: string } } | null;
  product: { alias: string };
  author: { username: string };
  instructions?: Array<{ id: string; position: number; text: string }>;
  warnings?: Array<{ id: string; text: string }>;
}
interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

let t: TestApp;
let products: string[];
let tia: string; // member, the author
let sam: string; // member, a stranger
let mod: string;
beforeAll(async () => {
  t = await startTestApp();
  products = (
    (await t.inject({ method: 'GET', url: '/products?limit=5' })).json() as Page<{ alias: string }>
  ).items.map((p) => p.alias);
  tia = await t.tokenFor('tia');
  sam = await t.tokenFor('sam');
  mod = await t.tokenFor('moda', 'moderator');
});
afterAll(async () => {
  await t?.close();
});

const send = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token?: string,
  payload?: Record<string, unknown>,
) => t.inject({ method, url, token, payload });
async function create(token: string, product: string, extra: Record<string, unknown> = {}): Promise<Tutorial> {
  const response = await send('POST', '/product_tutorials/create', token, {
    product,
    title: 'Evening serum routine',
    ...extra,
  });
  expect(response.statusCode).toBe(201);
  return response.json() as Tutorial;
}
async function instruct(token: string, id: string, text: string): Promise<{ id: string; position: number }> {
  const response = await send('POST', `/product_tutorials/${id}/product_tutorial_instructions/create`, token, { text });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; position: number };
}
const detail = async (id: string, token?: string): Promise<Tutorial> =>
  (await send('GET', `/product_tutorials/${id}`, token)).json() as Tutorial;

describe('creating and general info', () => {
  it('creates a draft for any signed-in user; 401 anonymous; bad input 400/404 and nothing written', async () => {
    expect(
      errorOf(await send('POST', '/product_tutorials/create', undefined, { product: products[0], title: 'x' })).code,
    ).toBe('UNAUTHENTICATED');
    const tutorial = await create(tia, products[0], {
      description: 'Apply after toner.',
      frequency: 'daily',
      time_of_day: 'pm',
    });
    expect(tutorial).toMatchObject({
      status: 'draft',
      title: 'Evening serum routine',
      description: 'Apply after toner.',
      frequency: 'daily',
      time_of_day: 'pm',
      media_url: null,
      quantity: null,
      instruction_count: 0,
      instructions: [],
      warnings: [],
      product: { alias: products[0] },
      author: { username: 'tia' },
    });

    const [{ n: before }] = await t.em().getConnection().execute('select count(*)::int as n from product_tutorial');
    expect(
      errorOf(await send('POST', '/product_tutorials/create', tia, { product: products[0], title: '  ' })).details,
    ).toMatchObject({ field: 'title' });
    expect(
      errorOf(
        await send('POST', '/product_tutorials/create', tia, { product: products[0], title: 'x', frequency: 'hourly' }),
      ).code,
    ).toBe('VALIDATION_FAILED');
    expect(
      (await send('POST', '/product_tutorials/create', tia, { product: 'no-such-product', title: 'x' })).statusCode,
    ).toBe(404);
    const [{ n: after }] = await t.em().getConnection().execute('select count(*)::int as n from product_tutorial');
    expect(after).toBe(before);
  });

  it('changes only the fields given; null clears frequency and time of day', async () => {
    const tutorial = await create(tia, products[0], { frequency: 'weekly', time_of_day: 'am', description: 'Keep me' });
    const url = `/product_tutorials/${tutorial.id}/set_general_info`;
    expect((await send('PATCH', url, tia, { title: 'Renamed' })).json()).toMatchObject({
      title: 'Renamed',
      description: 'Keep me',
      frequency: 'weekly',
      time_of_day: 'am',
    });
    expect((await send('PATCH', url, tia, { frequency: null, time_of_day: 'any' })).json()).toMatchObject({
      title: 'Renamed',
      frequency: null,
      time_of_day: 'any',
    });
    expect(errorOf(await send('PATCH', url, tia, { title: null })).details).toMatchObject({ field: 'title' });
    expect(errorOf(await send('PATCH', url, tia, { time_of_day: 'noon' })).code).toBe('VALIDATION_FAILED');
    expect((await detail(tutorial.id, tia)).title).toBe('Renamed');
  });
});

describe('media URL and quantity', () => {
  it('takes https URLs only, 400 naming media_url otherwise', async () => {
    const tutorial = await create(tia, products[0]);
    const url = `/product_tutorials/${tutorial.id}/set_media_url`;
    for (const bad of [
      'http://video.example/a',
      'javascript:alert(1)',
      'not a url',
      'https://user:pw@video.example/',
      `https://video.example/${'a'.repeat(2000)}`,
      '',
    ]) {
      expect(errorOf(await send('PATCH', url, tia, { media_url: bad })).details).toMatchObject({ field: 'media_url' });
    }
    expect((await detail(tutorial.id, tia)).media_url).toBeNull();
    expect((await send('PATCH', url, tia, { media_url: 'https://video.example/how to' })).json()).toMatchObject({
      media_url: 'https://video.example/how%20to',
    });
  });

  it('a new unit takes its alias from its name, and its name and symbol both resolve', async () => {
    const admin = await t.tokenFor('unit-admin', 'admin');
    const created = await send('POST', '/unit_of_measurements/create', admin, {
      name: 'dropper',
      symbol: 'droppers',
      kind: 'volume',
      to_base: 1,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ alias: 'dropper', symbol: 'droppers' });
    const tutorial = await create(tia, products[0]);
    const url = `/product_tutorials/${tutorial.id}/set_quantity`;
    for (const unit of ['dropper', 'droppers']) {
      const response = await send('PATCH', url, tia, { amount: 2, unit });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ quantity: { amount: 2, unit: { alias: 'dropper' } } });
    }
  });

  it('takes an amount above 0 and a known unit by id or alias', async () => {
    const tutorial = await create(tia, products[0]);
    const url = `/product_tutorials/${tutorial.id}/set_quantity`;
    const units = ((await send('GET', '/unit_of_measurements?limit=100')).json() as Page<{ id: string; alias: string }>)
      .items;
    const ml = units.find((u) => u.alias === 'ml') ?? units[0];
    expect(errorOf(await send('PATCH', url, tia, { amount: 0, unit: ml.alias })).details).toMatchObject({
      field: 'amount',
    });
    expect(errorOf(await send('PATCH', url, tia, { amount: -2, unit: ml.alias })).details).toMatchObject({
      field: 'amount',
    });
    expect(errorOf(await send('PATCH', url, tia, { amount: 1, unit: 'parsecs' })).details).toMatchObject({
      field: 'unit',
    });
    expect(
      errorOf(await send('PATCH', url, tia, { amount: 1, unit: '0190a1b2-0000-7000-8000-000000000000' })).details,
    ).toMatchObject({ field: 'unit' });
    expect(errorOf(await send('PATCH', url, tia, { amount: 'lots', unit: ml.alias })).code).toBe('VALIDATION_FAILED');
    expect((await detail(tutorial.id, tia)).quantity).toBeNull();
    expect((await send('PATCH', url, tia, { amount: 0.5, unit: ml.id })).json()).toMatchObject({
      quantity: { amount: 0.5, unit: { alias: ml.alias } },
    });
  });
});

describe('instructions and warnings', () => {
  it('appends instructions and renumbers on delete, keeping positions dense', async () => {
    const tutorial = await create(tia, products[1]);
    const steps = [];
    for (const text of ['Cleanse', 'Tone', 'Apply two drops', 'Moisturise'])
      steps.push(await instruct(tia, tutorial.id, text));
    expect(steps.map((s) => s.position)).toEqual([1, 2, 3, 4]);
    const removed = await send(
      'DELETE',
      `/product_tutorials/${tutorial.id}/product_tutorial_instructions/${steps[1].id}`,
      tia,
    );
    expect(removed.statusCode).toBe(204);
    const list = (
      await send('GET', `/product_tutorials/${tutorial.id}/product_tutorial_instructions`, tia)
    ).json() as Page<{ position: number; text: string }>;
    expect(list.items.map((s) => [s.position, s.text])).toEqual([
      [1, 'Cleanse'],
      [2, 'Apply two drops'],
      [3, 'Moisturise'],
    ]);
    expect((await instruct(tia, tutorial.id, 'Sunscreen in the morning')).position).toBe(4);
    expect((await detail(tutorial.id, tia)).instruction_count).toBe(4);

    // Unknown, non-UUID or another tutorial's instruction: 404; empty text: 400.
    const other = await create(tia, products[1]);
    const foreign = await instruct(tia, other.id, 'Elsewhere');
    for (const id of [steps[1].id, 'nope', foreign.id]) {
      expect(
        (await send('DELETE', `/product_tutorials/${tutorial.id}/product_tutorial_instructions/${id}`, tia)).statusCode,
      ).toBe(404);
    }
    expect(
      errorOf(
        await send('POST', `/product_tutorials/${tutorial.id}/product_tutorial_instructions/create`, tia, { text: '' }),
      ).details,
    ).toMatchObject({ field: 'text' });
    expect((await detail(tutorial.id, tia)).instructions!.map((s) => s.position)).toEqual([1, 2, 3, 4]);
  });

  it('keeps positions dense when appends race', async () => {
    const tutorial = await create(tia, products[1]);
    const made = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        send('POST', `/product_tutorials/${tutorial.id}/product_tutorial_instructions/create`, tia, {
          text: `Step ${i}`,
        }),
      ),
    );
    expect(made.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    expect((await detail(tutorial.id, tia)).instructions!.map((s) => s.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('adds and removes warnings', async () => {
    const tutorial = await create(tia, products[1]);
    const warning = (
      await send('POST', `/product_tutorials/${tutorial.id}/product_tutorial_warnings/create`, tia, {
        text: 'Patch test first',
      })
    ).json() as { id: string; text: string };
    expect(warning.text).toBe('Patch test first');
    expect(
      (
        (await send('GET', `/product_tutorials/${tutorial.id}/product_tutorial_warnings`, tia)).json() as Page<{
          id: string;
        }>
      ).items.map((w) => w.id),
    ).toEqual([warning.id]);
    expect(
      (await send('DELETE', `/product_tutorials/${tutorial.id}/product_tutorial_warnings/${warning.id}`, tia))
        .statusCode,
    ).toBe(204);
    expect(
      (await send('DELETE', `/product_tutorials/${tutorial.id}/product_tutorial_warnings/${warning.id}`, tia))
        .statusCode,
    ).toBe(404);
    expect(
      errorOf(
        await send('POST', `/product_tutorials/${tutorial.id}/product_tutorial_warnings/create`, tia, { text: ' ' }),
      ).details,
    ).toMatchObject({ field: 'text' });
  });
});

describe('drafts, publishing and access', () => {
  it('hides drafts from everyone but the author and moderators; publishes once', async () => {
    const tutorial = await create(tia, products[2]);
    const reads = [
      `/product_tutorials/${tutorial.id}`,
      `/product_tutorials/${tutorial.id}/product_tutorial_instructions`,
      `/product_tutorials/${tutorial.id}/product_tutorial_warnings`,
    ];
    for (const url of reads) {
      expect((await send('GET', url)).statusCode).toBe(404);
      expect((await send('GET', url, sam)).statusCode).toBe(404);
      expect((await send('GET', url, tia)).statusCode).toBe(200);
      expect((await send('GET', url, mod)).statusCode).toBe(200);
    }
    // A stranger cannot learn the draft exists: 404 on writes too.
    expect(
      (await send('PATCH', `/product_tutorials/${tutorial.id}/set_media_url`, sam, { media_url: 'https://x.example' }))
        .statusCode,
    ).toBe(404);
    expect((await send('PATCH', `/product_tutorials/${tutorial.id}/publish`, sam)).statusCode).toBe(404);
    expect((await send('PATCH', `/product_tutorials/${tutorial.id}/publish`)).statusCode).toBe(401);

    const published = await send('PATCH', `/product_tutorials/${tutorial.id}/publish`, tia);
    expect(published.json()).toMatchObject({ status: 'published' });
    expect(errorOf(await send('PATCH', `/product_tutorials/${tutorial.id}/publish`, tia)).code).toBe('CONFLICT');
    for (const url of reads) expect((await send('GET', url)).statusCode).toBe(200);
    // Published: strangers see it but may not change it.
    expect(
      errorOf(await send('PATCH', `/product_tutorials/${tutorial.id}/set_general_info`, sam, { title: 'Mine' })).code,
    ).toBe('FORBIDDEN');
    expect(
      errorOf(
        await send('POST', `/product_tutorials/${tutorial.id}/product_tutorial_warnings/create`, sam, { text: 'Mine' }),
      ).code,
    ).toBe('FORBIDDEN');
    expect(
      (await send('PATCH', `/product_tutorials/${tutorial.id}/set_general_info`, mod, { title: 'Moderated' })).json(),
    ).toMatchObject({ title: 'Moderated' });
    expect((await send('GET', '/product_tutorials/not-a-uuid')).statusCode).toBe(404);
  });

  it('publishes a tutorial only once its product is published (409 before)', async () => {
    const brand = ((await send('GET', '/brands?limit=1')).json() as Page<{ alias: string }>).items[0].alias;
    const draftProduct = await send('POST', '/products/create', mod, {
      name: 'Unreleased serum',
      brand,
      ingredient_list: 'Aqua, Glycerin, Niacinamide',
    });
    expect(draftProduct.statusCode).toBe(201);
    const { alias } = draftProduct.json() as { alias: string };
    // Others cannot even see the product.
    expect((await send('POST', '/product_tutorials/create', sam, { product: alias, title: 'x' })).statusCode).toBe(404);
    const tutorial = await create(mod, alias);
    expect(errorOf(await send('PATCH', `/product_tutorials/${tutorial.id}/publish`, mod)).code).toBe('CONFLICT');
    expect((await detail(tutorial.id, mod)).status).toBe('draft');
    expect((await send('PATCH', `/products/${alias}/publish`, mod)).statusCode).toBe(200);
    expect((await send('PATCH', `/product_tutorials/${tutorial.id}/publish`, mod)).json()).toMatchObject({
      status: 'published',
    });
  });
});

describe('lists', () => {
  it("lists a product's published tutorials and features the best one", async () => {
    const product = products[3];
    expect(errorOf(await send('GET', `/products/${product}/product_tutorials/featured`)).code).toBe('NOT_FOUND');
    const draft = await create(tia, product);
    await send('PATCH', `/product_tutorials/${draft.id}/set_media_url`, tia, {
      media_url: 'https://video.example/draft',
    });
    const publish = async (instructions: number, media: boolean) => {
      const tutorial = await create(tia, product);
      for (let i = 0; i < instructions; i++) await instruct(tia, tutorial.id, `Step ${i}`);
      if (media)
        await send('PATCH', `/product_tutorials/${tutorial.id}/set_media_url`, tia, {
          media_url: 'https://video.example/x',
        });
      await send('PATCH', `/product_tutorials/${tutorial.id}/publish`, tia);
      return tutorial.id;
    };
    const noMedia = await publish(5, false);
    const two = await publish(2, true);
    const alsoTwo = await publish(2, true);
    const one = await publish(1, true);
    const listed = (await send('GET', `/products/${product}/product_tutorials`)).json() as Page<Tutorial>;
    expect(listed.items.map((x) => x.id)).toEqual([one, alsoTwo, two, noMedia]);
    // Most instructions among those with media; ties: the newest.
    expect(((await send('GET', `/products/${product}/product_tutorials/featured`)).json() as Tutorial).id).toBe(
      alsoTwo,
    );
    expect((await send('GET', '/products/no-such-product/product_tutorials')).statusCode).toBe(404);
    expect(
      ((await send('GET', `/product_tutorials?product=${product}&limit=2`)).json() as Page<Tutorial>).items.map(
        (x) => x.id,
      ),
    ).toEqual([one, alsoTwo]);
  });

  it("lists mine with drafts, and a user's published ones (drafts for the user)", async () => {
    const una = await t.tokenFor('una');
    const draft = await create(una, products[4]);
    const done = await create(una, products[4]);
    await send('PATCH', `/product_tutorials/${done.id}/publish`, una);
    const ids = async (url: string, token?: string) =>
      ((await send('GET', url, token)).json() as Page<Tutorial>).items.map((x) => x.id);
    expect(await ids('/my/product_tutorials', una)).toEqual([done.id, draft.id]);
    expect(await ids('/users/una/product_tutorials')).toEqual([done.id]);
    expect(await ids('/users/una/product_tutorials', sam)).toEqual([done.id]);
    expect(await ids('/users/una/product_tutorials', una)).toEqual([done.id, draft.id]);
    expect((await send('GET', '/my/product_tutorials')).statusCode).toBe(401);
    // A NUL character is refused before it reaches the database: 400 naming the field.
    expect((await send('GET', '/users/una%00/product_tutorials')).statusCode).toBe(400);
    expect((await send('GET', '/product_tutorials?product=a%00b')).statusCode).toBe(400);
    expect(
      errorOf(await send('POST', '/product_tutorials/create', una, { product: products[0], title: 'a\u0000b' }))
        .details,
    ).toMatchObject({ field: 'title' });
  });

  it('lists a page in a constant number of statements, whatever its size', async () => {
    const vic = await t.tokenFor('vic');
    for (let i = 0; i < 12; i++) {
      const tutorial = await create(vic, products[i % 5]);
      await send('PATCH', `/product_tutorials/${tutorial.id}/set_quantity`, vic, { amount: 1, unit: 'ml' });
      await send('PATCH', `/product_tutorials/${tutorial.id}/publish`, vic);
    }
    const small = await t.countStatements({ method: 'GET', url: '/product_tutorials?limit=2' });
    const large = await t.countStatements({ method: 'GET', url: '/product_tutorials?limit=12' });
    expect((large.response.json() as Page<Tutorial>).items).toHaveLength(12);
    expect(large.statements).toBe(small.statements);
    // The page with its authors joined in, then products, their brands and the instructions.
    expect(large.statements).toBeLessThanOrEqual(4);
    const detailed = await t.countStatements({ method: 'GET', url: '/users/vic/product_tutorials?limit=50' });
    expect(detailed.statements).toBeLessThanOrEqual(5);
  });
});

describe('the demo tutorials', () => {
  it('are listed newest first by the date they show: published_at, never before created_at', async () => {
    const seen: Array<Tutorial & { created_at: string; published_at: string }> = [];
    let cursor: string | null = null;
    do {
      const page = (
        await t.inject({ method: 'GET', url: `/product_tutorials?limit=100${cursor ? `&cursor=${cursor}` : ''}` })
      ).json() as Page<Tutorial & { created_at: string; published_at: string }>;
      seen.push(...page.items.filter((x) => x.author.username !== 'tia'));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen.length).toBeGreaterThanOrEqual(15);
    const published = seen.map((x) => Date.parse(x.published_at));
    expect(published).toEqual([...published].sort((a, b) => b - a));
    // Dated over past weeks, not all at the seed's moment.
    expect(new Set(seen.map((x) => x.published_at.slice(0, 10))).size).toBeGreaterThan(5);
    for (const x of seen) expect(Date.parse(x.published_at)).toBeGreaterThanOrEqual(Date.parse(x.created_at));
  });
});

describe('the published list', () => {
  it('orders by the publication date: a draft written first and published last comes first', async () => {
    const older = await create(tia, products[1], { title: 'Written first, published last' });
    const newer = await create(tia, products[1], { title: 'Written last, published first' });
    for (const tutorial of [older, newer]) await instruct(tia, tutorial.id, 'Apply a pea-sized amount.');
    expect((await send('PATCH', `/product_tutorials/${newer.id}/publish`, tia)).statusCode).toBe(200);
    expect((await send('PATCH', `/product_tutorials/${older.id}/publish`, tia)).statusCode).toBe(200);
    const items = (
      (await send('GET', `/product_tutorials?product=${products[1]}&limit=100`)).json() as Page<
        Tutorial & { published_at: string }
      >
    ).items;
    const ids = items.map((x) => x.id);
    expect(ids.indexOf(older.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    const dates = items.map((x) => Date.parse(x.published_at));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });
});
