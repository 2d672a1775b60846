// Routines through the REST layer: writes by the owner, visibility, steps, pitches and
// tutorials, compatibility, summaries, favourites, requests and the product rankings.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { newId } from '../src/modules/shared/ids.js';
import { onStatement } from '../src/sql-statements.js';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
let moderator: string;
let brand: string;
let category: string;
let seq = 0;

interface Step {
  id: string;
  position: number;
  step_type: string;
  product: { id: string; alias: string } | null;
  pitch: { id: string } | null;
  tutorial: { id: string } | null;
}
interface RoutineBody {
  id: string;
  name: string;
  status: string;
  time_of_day: string;
  current: boolean;
  steps: Step[];
  favorite_count: number;
  owner: { username: string };
}

beforeAll(async () => {
  t = await startTestApp();
  moderator = await t.tokenFor('routine-mod', 'moderator');
  brand = ((await t.inject({ method: 'GET', url: '/brands?limit=1' })).json() as { items: Array<{ alias: string }> })
    .items[0].alias;
  category = (
    (await t.inject({ method: 'GET', url: '/product_categories?limit=1' })).json() as {
      items: Array<{ alias: string }>;
    }
  ).items[0].alias;
});
afterAll(async () => {
  await t?.close();
});

/** A published product with exactly this ingredient list. */
async function product(list: string, categoryAlias = category): Promise<{ id: string; alias: string }> {
  const created = await t.inject({
    method: 'POST',
    url: '/products/create',
    token: moderator,
    payload: { name: `Routine test product ${++seq}`, brand, ingredient_list: list, category: categoryAlias },
  });
  expect(created.statusCode).toBe(201);
  const body = created.json() as { id: string; alias: string };
  expect(
    (await t.inject({ method: 'PATCH', url: `/products/${body.alias}/publish`, token: moderator })).statusCode,
  ).toBe(200);
  return body;
}

const RETINOL = 'Water, Glycerin, Retinol, Squalane, Phenoxyethanol';
const GLYCOLIC = 'Water, Glycolic Acid, Sodium Hydroxide, Glycerin, Phenoxyethanol';
const PLAIN = 'Water, Glycerin, Squalane, Cetearyl Alcohol, Phenoxyethanol';
const SUNSCREEN = 'Water, Zinc Oxide, Caprylic/Capric Triglyceride, Glycerin, Phenoxyethanol';
const FRAGRANT = 'Water, Glycerin, Parfum, Linalool, Phenoxyethanol';

/**
 * Creates a routine. These tests put test products (of no category that places them) into whatever step
 * they are about: the kind check has its own tests, so steps here allow another kind unless they say.
 */
async function create(token: string, body: Record<string, unknown>): Promise<RoutineBody> {
  const steps = (body.steps as Array<Record<string, unknown>> | undefined)?.map((s) =>
    s.product ? { allow_other_kind: true, ...s } : s,
  );
  const response = await t.inject({
    method: 'POST',
    url: '/routines/create',
    token,
    payload: steps ? { ...body, steps } : body,
  });
  expect({ status: response.statusCode, body: response.body.slice(0, 300) }).toMatchObject({ status: 201 });
  return response.json() as RoutineBody;
}

const count = async (table: string): Promise<number> =>
  ((await t.em().getConnection().execute(`select count(*)::int as n from ${table}`)) as Array<{ n: number }>)[0].n;

describe('routines: create, read, update, publish, delete', () => {
  it('creates a private routine with steps, visible to its owner only', async () => {
    const ann = await t.tokenFor('ann');
    const cleanser = await product(PLAIN);
    const routine = await create(ann, {
      name: '  Morning basics ',
      time_of_day: 'morning',
      steps: [
        { step_type: 'cleanse', product: cleanser.alias },
        { step_type: 'protect', note: 'SPF 50' },
      ],
    });
    expect(routine).toMatchObject({
      name: 'Morning basics',
      status: 'private',
      time_of_day: 'morning',
      current: false,
      favorite_count: 0,
      owner: { username: 'ann' },
    });
    expect(routine.steps.map((s) => [s.position, s.step_type, s.product?.id ?? null])).toEqual([
      [1, 'cleanse', cleanser.id],
      [2, 'protect', null],
    ]);

    expect((await t.inject({ method: 'GET', url: `/routines/${routine.id}`, token: ann })).statusCode).toBe(200);
    expect(errorOf(await t.inject({ method: 'GET', url: `/routines/${routine.id}` })).code).toBe('NOT_FOUND');
    expect(
      (await t.inject({ method: 'GET', url: `/routines/${routine.id}`, token: await t.tokenFor('bob') })).statusCode,
    ).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/routines/not-a-uuid' })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/routines/${newId()}` })).statusCode).toBe(404);
    expect(
      (await t.inject({ method: 'POST', url: '/routines/create', payload: { name: 'x', time_of_day: 'morning' } }))
        .statusCode,
    ).toBe(401);
  });

  it('rejects bad input naming the field and writes nothing', async () => {
    const ann = await t.tokenFor('ann');
    const [routines, steps] = [await count('routine'), await count('routine_step')];
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '', time_of_day: 'morning' }, 'name'],
      [{ name: 'x', time_of_day: 'noon' }, 'time_of_day'],
      [
        { name: 'x', time_of_day: 'evening', steps: [{ step_type: 'cleanse' }, { step_type: 'massage' }] },
        'steps[1].step_type',
      ],
      [
        {
          name: 'x',
          time_of_day: 'evening',
          steps: [{ step_type: 'cleanse' }, { step_type: 'treat', product: 'no-such-product' }],
        },
        'steps[1].product',
      ],
      [
        { name: 'x', time_of_day: 'evening', steps: Array.from({ length: 31 }, () => ({ step_type: 'treat' })) },
        'steps',
      ],
    ];
    for (const [payload, field] of cases) {
      const response = await t.inject({ method: 'POST', url: '/routines/create', token: ann, payload });
      expect({ field, status: response.statusCode }).toEqual({ field, status: 400 });
      expect(errorOf(response).details?.field).toBe(field);
    }
    expect([await count('routine'), await count('routine_step')]).toEqual([routines, steps]);
  });

  it('updates (owner only), marks current routines and publishes once', async () => {
    const cai = await t.tokenFor('cai');
    const routine = await create(cai, { name: 'Evening', time_of_day: 'evening' });
    const updated = await t.inject({
      method: 'PATCH',
      url: `/routines/${routine.id}/update`,
      token: cai,
      payload: { description: 'Slow evenings', current: true },
    });
    expect(updated.json()).toMatchObject({
      name: 'Evening',
      description: 'Slow evenings',
      current: true,
      time_of_day: 'evening',
    });
    expect((await t.inject({ method: 'GET', url: '/my/current_routine_ids', token: cai })).json()).toEqual({
      items: [routine.id],
      next_cursor: null,
    });
    expect(
      errorOf(
        await t.inject({ method: 'PATCH', url: `/routines/${routine.id}/update`, token: cai, payload: { name: null } }),
      ).details?.field,
    ).toBe('name');
    expect(
      errorOf(
        await t.inject({
          method: 'PATCH',
          url: `/routines/${routine.id}/update`,
          token: cai,
          payload: { colour: 'red' },
        }),
      ).details?.field,
    ).toBe('colour');

    const dee = await t.tokenFor('dee');
    // Private: a stranger cannot tell it exists.
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: `/routines/${routine.id}/update`,
          token: dee,
          payload: { name: 'Mine' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.inject({ method: 'PATCH', url: `/routines/${routine.id}/publish`, token: dee })).statusCode).toBe(
      404,
    );

    const published = await t.inject({ method: 'PATCH', url: `/routines/${routine.id}/publish`, token: cai });
    expect(published.json()).toMatchObject({ status: 'published', published_at: expect.any(String) });
    expect(errorOf(await t.inject({ method: 'PATCH', url: `/routines/${routine.id}/publish`, token: cai })).code).toBe(
      'CONFLICT',
    );
    // Published: visible, but someone else's.
    expect((await t.inject({ method: 'GET', url: `/routines/${routine.id}` })).statusCode).toBe(200);
    const stolen = await t.inject({
      method: 'PATCH',
      url: `/routines/${routine.id}/update`,
      token: dee,
      payload: { name: 'Mine' },
    });
    expect(errorOf(stolen).code).toBe('FORBIDDEN');
    expect((await t.inject({ method: 'GET', url: `/routines/${routine.id}` })).json()).toMatchObject({
      name: 'Evening',
    });

    const listed = (await t.inject({ method: 'GET', url: '/routines?time_of_day=evening&limit=100' })).json() as {
      items: RoutineBody[];
    };
    expect(listed.items.map((r) => r.id)).toContain(routine.id);
    expect((await t.inject({ method: 'GET', url: '/routines?time_of_day=morning&limit=100' })).json()).toMatchObject({
      items: expect.not.arrayContaining([expect.objectContaining({ id: routine.id })]),
    });
    expect((await t.inject({ method: 'GET', url: '/users/cai/routines' })).json()).toMatchObject({
      items: [{ id: routine.id }],
    });
    expect((await t.inject({ method: 'GET', url: '/my/routines', token: cai })).json()).toMatchObject({
      items: [{ id: routine.id }],
    });
  });

  it('deletes: the owner or an admin; others 403', async () => {
    const eve = await t.tokenFor('eve');
    const routine = await create(eve, { name: 'To delete', time_of_day: 'weekly', steps: [{ step_type: 'mask' }] });
    await t.inject({ method: 'PATCH', url: `/routines/${routine.id}/publish`, token: eve });
    expect(
      errorOf(await t.inject({ method: 'DELETE', url: `/routines/${routine.id}`, token: await t.tokenFor('fay') }))
        .code,
    ).toBe('FORBIDDEN');
    const removed = await t.inject({
      method: 'DELETE',
      url: `/routines/${routine.id}`,
      token: await t.tokenFor('root-admin', 'admin'),
    });
    expect(removed.statusCode).toBe(204);
    expect((await t.inject({ method: 'GET', url: `/routines/${routine.id}` })).statusCode).toBe(404);
    const own = await create(eve, { name: 'Mine to delete', time_of_day: 'weekly' });
    expect((await t.inject({ method: 'DELETE', url: `/routines/${own.id}`, token: eve })).statusCode).toBe(204);
    expect((await t.inject({ method: 'DELETE', url: `/routines/${own.id}`, token: eve })).statusCode).toBe(404);
  });
});

describe('routine steps', () => {
  it('refuses a product at a step type it does not serve, unless asked', async () => {
    const kim = await t.tokenFor('kim');
    const routine = await create(kim, { name: 'Kinds', time_of_day: 'evening' });
    const toner = await product(
      'Aqua, Rosa Damascena Flower Water, Glycerin, Squalane, Caprylic/Capric Triglyceride, Phenoxyethanol',
      'toners',
    );
    const add = (payload: Record<string, unknown>) =>
      t.inject({ method: 'PATCH', url: `/routines/${routine.id}/add_routine_step`, token: kim, payload });
    const refused = await add({ step_type: 'moisturise', product: toner.alias });
    expect(refused.statusCode).toBe(400);
    const error = errorOf(refused);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details).toMatchObject({ field: 'step_type', step_types: ['tone'] });
    expect(error.message).toMatch(/serves tone steps, not moisturise.*allow_other_kind/);
    expect((await t.inject({ method: 'GET', url: `/routines/${routine.id}`, token: kim })).json()).toMatchObject({
      steps: [],
    });

    expect((await add({ step_type: 'tone', product: toner.alias })).statusCode).toBe(200);
    const forced = await add({ step_type: 'moisturise', product: toner.alias, allow_other_kind: true });
    expect((forced.json() as RoutineBody).steps.map((s) => [s.step_type, s.product?.id])).toEqual([
      ['tone', toner.id],
      ['moisturise', toner.id],
    ]);
  });

  it('checks the kind where a routine is created with steps, and where a product or pitch is put into a step', async () => {
    const lea = await t.tokenFor('lea');
    const toner = await product(
      'Aqua, Rosa Damascena Flower Water, Glycerin, Squalane, Caprylic/Capric Triglyceride, Phenoxyethanol',
      'toners',
    );
    const before = await count('routine');
    const refused = await t.inject({
      method: 'POST',
      url: '/routines/create',
      token: lea,
      payload: {
        name: 'Wrong kind',
        time_of_day: 'evening',
        steps: [{ step_type: 'cleanse' }, { step_type: 'moisturise', product: toner.alias }],
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { field: 'steps[1].step_type', step_types: ['tone'] },
    });
    expect(errorOf(refused).message).toMatch(/serves tone steps, not moisturise.*allow_other_kind/);
    expect(await count('routine')).toBe(before);
    const forced = await create(lea, {
      name: 'Asked for',
      time_of_day: 'evening',
      steps: [{ step_type: 'moisturise', product: toner.alias, allow_other_kind: true }],
    });
    expect(forced.steps.map((s) => [s.step_type, s.product?.id])).toEqual([['moisturise', toner.id]]);

    const routine = await create(lea, {
      name: 'Assign kinds',
      time_of_day: 'evening',
      steps: [{ step_type: 'moisturise' }, { step_type: 'tone' }],
    });
    const [moisturise, tone] = routine.steps;
    const url = (step: string, what: string) => `/routines/${routine.id}/routine_steps/${step}/${what}`;
    const wrong = await t.inject({
      method: 'PATCH',
      url: url(moisturise.id, 'assign_product'),
      token: lea,
      payload: { product: toner.alias },
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).details).toMatchObject({ field: 'product', step_types: ['tone'] });
    expect(
      (await t.inject({ method: 'GET', url: `/routines/${routine.id}/routine_steps`, token: lea })).json(),
    ).toMatchObject({ items: [{ product: null }, { product: null }] });
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: url(tone.id, 'assign_product'),
          token: lea,
          payload: { product: toner.alias },
        })
      ).json(),
    ).toMatchObject({ product: { id: toner.id } });
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: url(moisturise.id, 'assign_product'),
          token: lea,
          payload: { product: toner.alias, allow_other_kind: true },
        })
      ).json(),
    ).toMatchObject({ product: { id: toner.id } });

    const pitchId = newId();
    const now = new Date();
    await t
      .em()
      .getConnection()
      .execute(
        `insert into product_pitch (id, product_id, author_id, step_types, message, created_at, updated_at) values (?, ?, ?, '{tone}', 'Our toner', ?, ?)`,
        [pitchId, toner.id, (await t.user('routine-mod')).id, now, now],
      );
    const other = await create(lea, {
      name: 'Pitch kinds',
      time_of_day: 'morning',
      steps: [{ step_type: 'moisturise' }],
    });
    const pitchUrl = `/routines/${other.id}/routine_steps/${other.steps[0].id}/assign_pitch`;
    const pitched = await t.inject({
      method: 'PATCH',
      url: pitchUrl,
      token: lea,
      payload: { product_pitch_id: pitchId },
    });
    expect(pitched.statusCode).toBe(400);
    expect(errorOf(pitched).details).toMatchObject({ field: 'product_pitch_id', step_types: ['tone'] });
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: pitchUrl,
          token: lea,
          payload: { product_pitch_id: pitchId, allow_other_kind: true },
        })
      ).json(),
    ).toMatchObject({ pitch: { id: pitchId }, product: { id: toner.id } });
  });

  it('adds steps at a position and reorders them (a permutation, else 400)', async () => {
    const gus = await t.tokenFor('gus');
    const routine = await create(gus, {
      name: 'Steps',
      time_of_day: 'evening',
      steps: [{ step_type: 'cleanse' }, { step_type: 'moisturise' }],
    });
    const added = await t.inject({
      method: 'PATCH',
      url: `/routines/${routine.id}/add_routine_step`,
      token: gus,
      payload: { step_type: 'treat', position: 2, note: 'serum' },
    });
    const steps = (added.json() as RoutineBody).steps;
    expect(steps.map((s) => s.step_type)).toEqual(['cleanse', 'treat', 'moisturise']);
    expect(
      errorOf(
        await t.inject({
          method: 'PATCH',
          url: `/routines/${routine.id}/add_routine_step`,
          token: gus,
          payload: { step_type: 'treat', position: 9 },
        }),
      ).details?.field,
    ).toBe('position');
    expect(
      errorOf(
        await t.inject({
          method: 'PATCH',
          url: `/routines/${routine.id}/add_routine_step`,
          token: gus,
          payload: { step_type: 'treat', product: 'nope' },
        }),
      ).details?.field,
    ).toBe('product');

    const reversed = [...steps].reverse().map((s) => s.id);
    const reordered = await t.inject({
      method: 'PATCH',
      url: `/routines/${routine.id}/update_routine_step_order`,
      token: gus,
      payload: { routine_step_ids: reversed },
    });
    expect((reordered.json() as RoutineBody).steps.map((s) => [s.id, s.position])).toEqual(
      reversed.map((id, i) => [id, i + 1]),
    );
    const listed = (
      await t.inject({ method: 'GET', url: `/routines/${routine.id}/routine_steps`, token: gus })
    ).json() as { items: Step[] };
    expect(listed.items.map((s) => s.id)).toEqual(reversed);

    const other = await create(gus, { name: 'Other', time_of_day: 'morning', steps: [{ step_type: 'cleanse' }] });
    for (const ids of [
      reversed.slice(1),
      [...reversed, reversed[0]],
      [reversed[0], reversed[0], reversed[1]],
      [reversed[0], reversed[1], other.steps[0].id],
    ]) {
      const response = await t.inject({
        method: 'PATCH',
        url: `/routines/${routine.id}/update_routine_step_order`,
        token: gus,
        payload: { routine_step_ids: ids },
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).details?.field).toBe('routine_step_ids');
    }
    const unchanged = (
      await t.inject({ method: 'GET', url: `/routines/${routine.id}/routine_steps`, token: gus })
    ).json() as { items: Step[] };
    expect(unchanged.items.map((s) => s.id)).toEqual(reversed);
  });

  it('assigns products, pitches and tutorials (pitches and tutorials set the product)', async () => {
    const hal = await t.tokenFor('hal');
    const routine = await create(hal, {
      name: 'Assign',
      time_of_day: 'evening',
      steps: [{ step_type: 'treat' }, { step_type: 'moisturise' }],
    });
    const other = await create(hal, { name: 'Other', time_of_day: 'evening', steps: [{ step_type: 'treat' }] });
    const [treat, moisturise] = routine.steps;
    const serum = await product(RETINOL, 'serums');
    const cream = await product(PLAIN, 'creams');

    const url = (step: string, what: string) => `/routines/${routine.id}/routine_steps/${step}/${what}`;
    const assigned = await t.inject({
      method: 'PATCH',
      url: url(treat.id, 'assign_product'),
      token: hal,
      payload: { product: serum.alias },
    });
    expect(assigned.json()).toMatchObject({ id: treat.id, product: { id: serum.id } });
    expect(
      errorOf(
        await t.inject({
          method: 'PATCH',
          url: url(treat.id, 'assign_product'),
          token: hal,
          payload: { product: 'no-such-thing' },
        }),
      ).details?.field,
    ).toBe('product');
    expect(
      errorOf(
        await t.inject({
          method: 'PATCH',
          url: url(other.steps[0].id, 'assign_product'),
          token: hal,
          payload: { product: serum.alias },
        }),
      ).details?.field,
    ).toBe('routine_step_id');
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: url(newId(), 'assign_product'),
          token: hal,
          payload: { product: serum.alias },
        })
      ).statusCode,
    ).toBe(404);

    // Pitches and tutorials are inserted directly: their REST routes belong to another module.
    const em = t.em();
    const author = await t.user('routine-mod');
    const pitchId = newId();
    const tutorialId = newId();
    const draftTutorialId = newId();
    const now = new Date();
    await em
      .getConnection()
      .execute(
        `insert into product_pitch (id, product_id, author_id, step_types, message, created_at, updated_at) values (?, ?, ?, '{moisturise}', 'Our best cream', ?, ?)`,
        [pitchId, cream.id, author.id, now, now],
      );
    await em
      .getConnection()
      .execute(
        `insert into product_tutorial (id, product_id, author_id, title, status, published_at, created_at, updated_at) values (?, ?, ?, 'How to', 'published', ?, ?, ?), (?, ?, ?, 'Draft', 'draft', null, ?, ?)`,
        [tutorialId, serum.id, author.id, now, now, now, draftTutorialId, serum.id, author.id, now, now],
      );

    const pitched = await t.inject({
      method: 'PATCH',
      url: url(moisturise.id, 'assign_pitch'),
      token: hal,
      payload: { product_pitch_id: pitchId },
    });
    expect(pitched.json()).toMatchObject({ pitch: { id: pitchId }, product: { id: cream.id } });
    expect(
      errorOf(
        await t.inject({
          method: 'PATCH',
          url: url(moisturise.id, 'assign_pitch'),
          token: hal,
          payload: { product_pitch_id: newId() },
        }),
      ).details?.field,
    ).toBe('product_pitch_id');

    // The tutorial is of another product: refused unless asked, and then the answer says what went.
    const refused = await t.inject({
      method: 'PATCH',
      url: url(moisturise.id, 'assign_product_tutorial'),
      token: hal,
      payload: { product_tutorial_id: tutorialId },
    });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({
      code: 'CONFLICT',
      details: { field: 'replace_product', product: cream.id, tutorial_product: serum.id },
    });
    expect(
      (await t.inject({ method: 'GET', url: `/routines/${routine.id}/routine_steps`, token: hal })).json(),
    ).toMatchObject({ items: [{}, { product: { id: cream.id }, tutorial: null }] });
    const taught = await t.inject({
      method: 'PATCH',
      url: url(moisturise.id, 'assign_product_tutorial'),
      token: hal,
      payload: { product_tutorial_id: tutorialId, replace_product: true },
    });
    // The step takes the tutorial's product, the cream's pitch goes, and the answer names the cream.
    expect(taught.json()).toMatchObject({
      tutorial: { id: tutorialId },
      product: { id: serum.id },
      pitch: null,
      replaced_product: { id: cream.id },
    });
    // Same product (the treat step holds the serum): nothing replaced, nothing to ask.
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: url(treat.id, 'assign_product_tutorial'),
          token: hal,
          payload: { product_tutorial_id: tutorialId },
        })
      ).json(),
    ).toMatchObject({ product: { id: serum.id }, replaced_product: null });
    expect(
      errorOf(
        await t.inject({
          method: 'PATCH',
          url: url(moisturise.id, 'assign_product_tutorial'),
          token: hal,
          payload: { product_tutorial_id: draftTutorialId },
        }),
      ).details?.field,
    ).toBe('product_tutorial_id');

    // Someone else: the routine is private (404); once published, 403.
    const ivy = await t.tokenFor('ivy');
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: url(treat.id, 'assign_product'),
          token: ivy,
          payload: { product: cream.alias },
        })
      ).statusCode,
    ).toBe(404);
    await t.inject({ method: 'PATCH', url: `/routines/${routine.id}/publish`, token: hal });
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: url(treat.id, 'assign_product'),
          token: ivy,
          payload: { product: cream.alias },
        })
      ).statusCode,
    ).toBe(403);

    // The pitch is for moisturise steps: listed for the routine.
    const pitches = (await t.inject({ method: 'GET', url: `/routines/${routine.id}/product_pitches` })).json() as {
      items: Array<{ pitch: { id: string }; product: { id: string }; matching_step_types: string[] }>;
    };
    expect(pitches.items).toEqual([
      expect.objectContaining({
        pitch: expect.objectContaining({ id: pitchId }),
        product: expect.objectContaining({ id: cream.id }),
        matching_step_types: ['moisturise'],
      }),
    ]);
  });
});

describe('compatibility and summary', () => {
  it('finds clashes, with severities, steps, ingredients and reasons', async () => {
    const jo = await t.tokenFor('jo');
    const [retinol, glycolic, fragrant, fragrant2] = [
      await product(RETINOL),
      await product(GLYCOLIC),
      await product(FRAGRANT),
      await product(FRAGRANT),
    ];
    const routine = await create(jo, {
      name: 'Too much',
      time_of_day: 'morning',
      steps: [
        { step_type: 'exfoliate', product: glycolic.alias },
        { step_type: 'treat', product: retinol.alias },
        { step_type: 'moisturise', product: fragrant.alias },
        { step_type: 'moisturise', product: fragrant2.alias },
      ],
    });
    const body = (
      await t.inject({ method: 'GET', url: `/routines/${routine.id}/compatibility`, token: jo })
    ).json() as {
      verdict: string;
      findings: Array<{
        rule: string;
        severity: string;
        reason: string;
        reference: string;
        steps: Array<{ id: string }>;
        ingredients: Array<{ alias: string }>;
      }>;
    };
    expect(body.verdict).toBe('conflict');
    const rules = body.findings.map((f) => f.rule);
    expect(rules).toEqual(
      expect.arrayContaining([
        'retinoid-with-acids',
        'photosensitiser-in-the-morning-without-sunscreen',
        'fragrance-load',
      ]),
    );
    const clash = body.findings.find((f) => f.rule === 'retinoid-with-acids')!;
    // Alternate evenings: a medium clash, with a reference on the combination.
    expect(clash).toMatchObject({ severity: 'medium', reference: expect.any(String) });
    expect(clash.steps.map((s) => s.id)).toEqual([routine.steps[0].id, routine.steps[1].id]);
    expect(clash.ingredients.map((i) => i.alias).sort()).toEqual(['glycolic-acid', 'retinol']);
    expect(clash.reason).toMatch(/Retinol in step 2 \(treat\)/);
    expect(body.findings[0].severity).toBe('high');

    // Sunscreen in the routine clears the morning finding; a negative feeling adds one.
    const sunscreen = await product(SUNSCREEN, 'mineral-sunscreens');
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: `/routines/${routine.id}/add_routine_step`,
          token: jo,
          payload: { step_type: 'protect', product: sunscreen.alias },
        })
      ).statusCode,
    ).toBe(200);
    await t.inject({ method: 'PUT', url: '/ingredients/squalane/feeling/negative', token: jo });
    const again = (
      await t.inject({ method: 'GET', url: `/routines/${routine.id}/compatibility`, token: jo })
    ).json() as { findings: Array<{ rule: string; ingredients: Array<{ alias: string }> }> };
    expect(again.findings.map((f) => f.rule)).not.toContain('photosensitiser-in-the-morning-without-sunscreen');
    expect(again.findings.find((f) => f.rule === 'negative-feeling')?.ingredients.map((i) => i.alias)).toEqual([
      'squalane',
    ]);
  });

  it('tells whether an analysed product would fit, and where', async () => {
    const kim = await t.tokenFor('kim');
    const retinol = await product(RETINOL);
    const routine = await create(kim, {
      name: 'Night',
      time_of_day: 'evening',
      steps: [{ step_type: 'cleanse' }, { step_type: 'treat', product: retinol.alias }, { step_type: 'moisturise' }],
    });
    const analyse = async (list: string) =>
      (
        (
          await t.inject({ method: 'POST', url: '/analyze/ingredient_list', payload: { ingredient_list: list } })
        ).json() as { token: string }
      ).token;

    const acid = (
      await t.inject({
        method: 'GET',
        url: `/routines/${routine.id}/analyze/${await analyse(GLYCOLIC)}/compatibility`,
        token: kim,
      })
    ).json() as {
      verdict: string;
      findings: Array<{ rule: string; reason: string; steps: Array<{ id: string }> }>;
      placements: Array<{ step_type: string; position: number }>;
    };
    expect(acid.verdict).toBe('caution');
    expect(acid.findings.map((f) => f.rule)).toContain('retinoid-with-acids');
    expect(acid.findings[0].steps.map((s) => s.id)).toContain('candidate');
    // The product being fitted is named as such, not as a step number it does not have yet.
    const clash = acid.findings.find((f) => f.rule === 'retinoid-with-acids')!;
    expect(clash.reason).toMatch(/in the analysed product, as a new exfoliate step/);
    expect(clash.reason).not.toMatch(/step 4 \(/);
    expect(acid.placements[0]).toMatchObject({ step_type: 'exfoliate', position: 2 });

    const cream = (
      await t.inject({
        method: 'GET',
        url: `/routines/${routine.id}/analyze/${await analyse(PLAIN)}/compatibility`,
        token: kim,
      })
    ).json() as {
      verdict: string;
      findings: unknown[];
      placements: Array<{ step_type: string; position: number; replaces_step_ids: string[] }>;
    };
    expect(cream.verdict).toBe('fits');
    expect(cream.findings).toEqual([]);
    expect(cream.placements).toContainEqual(
      expect.objectContaining({ step_type: 'moisturise', position: 4, replaces_step_ids: [routine.steps[2].id] }),
    );

    expect(
      (
        await t.inject({
          method: 'GET',
          url: `/routines/${routine.id}/analyze/nosuchtoken123/compatibility`,
          token: kim,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.inject({ method: 'GET', url: `/routines/${routine.id}/analyze/${await analyse(PLAIN)}/compatibility` }))
        .statusCode,
    ).toBe(404);
  });

  it('summarises per step and in total, in a constant number of statements', async () => {
    const lou = await t.tokenFor('lou');
    const [retinol, sunscreen, plain] = [await product(RETINOL), await product(SUNSCREEN), await product(PLAIN)];
    const small = await create(lou, {
      name: 'Small',
      time_of_day: 'anytime',
      steps: [
        { step_type: 'treat', product: retinol.alias },
        { step_type: 'protect', product: sunscreen.alias },
      ],
    });
    const big = await create(lou, {
      name: 'Big',
      time_of_day: 'anytime',
      steps: [retinol, sunscreen, plain, retinol, plain, sunscreen, plain, plain].map((p, i) => ({
        step_type: i % 2 ? 'moisturise' : 'treat',
        product: p.alias,
      })),
    });
    const summary = (
      await t.inject({ method: 'GET', url: `/routines/${small.id}/detailed_summary`, token: lou })
    ).json() as {
      steps: Array<{
        step: { id: string };
        product: { id: string };
        key_actives: Array<{ ingredient: { alias: string }; groups: string[] }>;
        flags: string[];
        effects: string[];
      }>;
      totals: {
        steps: number;
        steps_with_product: number;
        distinct_ingredients: number;
        key_actives: Array<{ name: string; steps: number }>;
      };
    };
    expect(summary.steps[0]).toMatchObject({
      product: { id: retinol.id },
      key_actives: [{ ingredient: { alias: 'retinol' }, groups: ['retinoids'] }],
      flags: ['eu_restricted', 'pregnancy_caution'],
    });
    expect(summary.steps[0].effects).toContain('anti_aging');
    expect(summary.steps[1].key_actives.map((a) => a.ingredient.alias)).toEqual(['zinc-oxide']);
    expect(summary.totals).toMatchObject({
      steps: 2,
      steps_with_product: 2,
      key_actives: expect.arrayContaining([
        { name: 'retinoids', steps: 1 },
        { name: 'mineral_uv_filters', steps: 1 },
      ]),
    });
    expect(summary.totals.distinct_ingredients).toBeGreaterThanOrEqual(7);

    const one = await t.countStatements({ method: 'GET', url: `/routines/${small.id}/detailed_summary`, token: lou });
    const eight = await t.countStatements({ method: 'GET', url: `/routines/${big.id}/detailed_summary`, token: lou });
    expect(eight.response.statusCode).toBe(200);
    expect(eight.statements).toBe(one.statements);
    // The steps, their products, the products' entries (the flags the analysis reads for each: issue 40), the owner.
    expect(eight.statements).toBeLessThanOrEqual(5);
  });

  it('lists routines in a constant number of statements whatever the page holds', async () => {
    const max = await t.tokenFor('max');
    const fan = await t.tokenFor('max-fan');
    const plain = await product(PLAIN);
    for (let i = 0; i < 6; i++) {
      const r = await create(max, {
        name: `Listed ${i}`,
        time_of_day: 'weekly',
        steps: Array.from({ length: i + 1 }, () => ({ step_type: 'mask', product: plain.alias })),
      });
      await t.inject({ method: 'PATCH', url: `/routines/${r.id}/publish`, token: max });
      await t.inject({ method: 'POST', url: `/routines/${r.id}/favorite`, token: fan });
    }
    const two = await t.countStatements({ method: 'GET', url: '/routines?time_of_day=weekly&limit=2' });
    const six = await t.countStatements({ method: 'GET', url: '/routines?time_of_day=weekly&limit=6' });
    expect((six.response.json() as { items: RoutineBody[] }).items).toHaveLength(6);
    expect(six.statements).toBe(two.statements);
    // TWO statements: the page's routines with their favourite counts, owners and steps (json_agg
    // per routine), then the distinct step products with brands and categories.
    expect(six.statements).toBe(2);
    // A user's page: the owner is found in the page's statement; the next page reads the same way.
    const mine = await t.countStatements({ method: 'GET', url: '/users/max/routines?limit=3' });
    const mineBody = mine.response.json() as { items: RoutineBody[]; next_cursor: string | null };
    expect(mineBody.items).toHaveLength(3);
    expect(mine.statements).toBe(2);
    // An unknown user is still NOT_FOUND; a user without published routines an empty page (the
    // empty page asks whether the user exists: 2 statements).
    expect((await t.inject({ method: 'GET', url: '/users/no-such-user-here/routines' })).statusCode).toBe(404);
    await t.tokenFor('max-fan-3');
    const empty = await t.countStatements({ method: 'GET', url: '/users/max-fan-3/routines' });
    expect(empty.response.json()).toEqual({ items: [], next_cursor: null });
    expect(empty.statements).toBe(2);
    const next = await t.countStatements({
      method: 'GET',
      url: `/users/max/routines?limit=3&cursor=${mineBody.next_cursor}`,
    });
    expect((next.response.json() as { items: RoutineBody[] }).items.map((r) => r.id)).not.toContain(
      mineBody.items[2].id,
    );
    expect(next.statements).toBe(mine.statements);
    // Reads after writes: a new favourite, step, name and owner's name show on the next list page.
    const first = mineBody.items[0];
    await t.inject({ method: 'POST', url: `/routines/${first.id}/favorite`, token: await t.tokenFor('max-fan-2') });
    await t.inject({
      method: 'PATCH',
      url: `/routines/${first.id}/add_routine_step`,
      token: max,
      payload: { step_type: 'protect' },
    });
    await t.inject({ method: 'PATCH', url: `/routines/${first.id}/update`, token: max, payload: { name: 'Renamed' } });
    expect(
      (await t.inject({ method: 'PATCH', url: '/users/max/profile', token: max, payload: { display_name: 'Max M' } }))
        .statusCode,
    ).toBe(200);
    const fresh = (
      (await t.inject({ method: 'GET', url: '/users/max/routines?limit=3' })).json() as { items: RoutineBody[] }
    ).items[0];
    expect(fresh).toMatchObject({
      id: first.id,
      name: 'Renamed',
      favorite_count: first.favorite_count + 1,
      owner: { username: 'max', display_name: 'Max M' },
    });
    expect(fresh.steps.map((s) => s.step_type)).toEqual([...first.steps.map((s) => s.step_type), 'protect']);
    // One routine's steps: the routine, its steps, their products with their brands joined.
    const steps = await t.countStatements({ method: 'GET', url: `/routines/${mineBody.items[0].id}/routine_steps` });
    expect(steps.response.statusCode).toBe(200);
    expect(steps.statements).toBe(3);
    const filtered = (await t.inject({ method: 'GET', url: `/routines?product=${plain.alias}&limit=100` })).json() as {
      items: RoutineBody[];
    };
    expect(filtered.items).toHaveLength(6);
    expect(errorOf(await t.inject({ method: 'GET', url: '/routines?product=nope' })).details?.field).toBe('product');
  });
});

describe('routine pages read only what they show', () => {
  it('reads the columns a page shows, and whole rows when a shown field needs more', async () => {
    const sam = await t.tokenFor('sam-columns');
    const shown = await product(PLAIN);
    const r = await create(sam, {
      name: 'Columns',
      time_of_day: 'weekly',
      steps: [{ step_type: 'mask', product: shown.alias }],
    });
    expect((await t.inject({ method: 'PATCH', url: `/routines/${r.id}/publish`, token: sam })).statusCode).toBe(200);
    const statements: string[] = [];
    onStatement((sql) => statements.push(sql));
    // The REST page shows a product's id, alias, name, flags and brand summary, the owner's id and names.
    statements.length = 0;
    const page = await t.inject({ method: 'GET', url: '/users/sam-columns/routines' });
    expect(page.statusCode).toBe(200);
    const [pageSql, productSql] = statements;
    expect(pageSql).toMatch(/"o_username"/);
    expect(pageSql).not.toMatch(/"o_email"|"o_skin_profile"/);
    expect(productSql).toMatch(/"p_alias"/);
    expect(productSql).not.toMatch(/"p_ingredient_list"|"p_description"|"c_id"|"b_website"/);
    const step = (page.json() as { items: RoutineBody[] }).items[0].steps[0];
    expect(step.product).toMatchObject({ id: shown.id, alias: shown.alias });

    // A client showing more (a field resolver reading other columns, the category, brand details,
    // the owner's own e-mail) gets whole rows, and the same values as the product's own page.
    const detail = (await t.inject({ method: 'GET', url: `/products/${shown.alias}` })).json() as {
      description: string;
      ingredient_list: string;
      category: { name: string };
      brand: { name: string; website: string | null };
    };
    statements.length = 0;
    const rich = await t.inject({
      method: 'POST',
      url: '/graphql',
      token: sam,
      payload: {
        query: `{ myRoutines(limit: 1) { items { owner { username email } steps { product {
          name description ingredientList category { name } brand { name website } source { name } size { amount } } } } } }`,
      },
    });
    const body = rich.json() as {
      data: {
        myRoutines: {
          items: Array<{
            owner: { username: string; email: string | null };
            steps: Array<{ product: Record<string, unknown> }>;
          }>;
        };
      };
    };
    const item = body.data.myRoutines.items[0];
    expect(item.owner).toEqual({ username: 'sam-columns', email: expect.any(String) });
    expect(item.steps[0].product).toEqual({
      name: expect.any(String),
      description: detail.description,
      ingredientList: detail.ingredient_list,
      category: { name: detail.category.name },
      brand: { name: detail.brand.name, website: detail.brand.website },
      source: null,
      size: null,
    });
    expect(statements.find((sql) => /"p_alias"/.test(sql))).toMatch(/"p_ingredient_list"/);
  });
});

describe('routine favourites', () => {
  let routineId: string;
  beforeAll(async () => {
    const owner = await t.tokenFor('fav-owner');
    const routine = await create(owner, { name: 'Loved', time_of_day: 'evening' });
    await t.inject({ method: 'PATCH', url: `/routines/${routine.id}/publish`, token: owner });
    routineId = routine.id;
  });

  it('does not let an owner favourite their own routine (a favourite is a contest vote)', async () => {
    const owner = await t.tokenFor('fav-owner');
    const response = await t.inject({ method: 'POST', url: `/routines/${routineId}/favorite`, token: owner });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('FORBIDDEN');
    const [{ n }] = await t
      .em()
      .getConnection()
      .execute('select count(*)::int as n from routine_favorite where routine_id = ?', [routineId]);
    expect(n).toBe(0);
    const [{ s }] = await t
      .em()
      .getConnection()
      .execute('select coalesce(sum(score), 0)::int as s from routine_week_score where routine_id = ?', [routineId]);
    expect(s).toBe(0);
  });

  it("favours and unfavours idempotently, keeping the first favour's time", async () => {
    const nia = await t.tokenFor('nia');
    expect((await t.inject({ method: 'POST', url: `/routines/${routineId}/favorite` })).statusCode).toBe(401);
    expect(
      (await t.inject({ method: 'POST', url: `/routines/${routineId}/favorite`, token: nia })).json(),
    ).toMatchObject({ favorite_count: 1 });
    const [{ created_at: first }] = await t
      .em()
      .getConnection()
      .execute('select created_at from routine_favorite where routine_id = ?', [routineId]);
    expect(
      (await t.inject({ method: 'POST', url: `/routines/${routineId}/favorite`, token: nia })).json(),
    ).toMatchObject({ favorite_count: 1 });
    const [{ created_at: second }] = await t
      .em()
      .getConnection()
      .execute('select created_at from routine_favorite where routine_id = ?', [routineId]);
    expect(second).toEqual(first);
    expect((await t.inject({ method: 'GET', url: `/routines/${routineId}/favorited_by` })).json()).toMatchObject({
      items: [{ user: { username: 'nia' }, favorited_at: expect.any(String) }],
    });
    expect((await t.inject({ method: 'GET', url: '/my/favorite_routines', token: nia })).json()).toMatchObject({
      items: [{ id: routineId }],
    });
    expect((await t.inject({ method: 'GET', url: '/user/nia/favorite_routines' })).json()).toMatchObject({
      items: [{ id: routineId }],
    });
    expect((await t.inject({ method: 'DELETE', url: `/routines/${routineId}/favorite`, token: nia })).statusCode).toBe(
      204,
    );
    expect((await t.inject({ method: 'DELETE', url: `/routines/${routineId}/favorite`, token: nia })).statusCode).toBe(
      204,
    );
    expect((await t.inject({ method: 'GET', url: '/my/favorite_routines', token: nia })).json()).toMatchObject({
      items: [],
    });
    expect((await t.inject({ method: 'POST', url: `/routines/${newId()}/favorite`, token: nia })).statusCode).toBe(404);
    const hidden = await create(await t.tokenFor('fav-owner'), { name: 'Hidden', time_of_day: 'evening' });
    expect((await t.inject({ method: 'POST', url: `/routines/${hidden.id}/favorite`, token: nia })).statusCode).toBe(
      404,
    );
  });

  it('keeps the count right when 50 requests arrive at once', async () => {
    const tokens = await Promise.all(Array.from({ length: 25 }, (_, i) => t.tokenFor(`routine-fan${i}`)));
    const responses = await Promise.all(
      [...tokens, ...tokens].map((token) =>
        t.inject({ method: 'POST', url: `/routines/${routineId}/favorite`, token }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const [{ n }] = await t
      .em()
      .getConnection()
      .execute('select count(*)::int as n from routine_favorite where routine_id = ?', [routineId]);
    expect(n).toBe(25);
    expect((await t.inject({ method: 'GET', url: `/routines/${routineId}` })).json()).toMatchObject({
      favorite_count: 25,
    });
    // The week's contest score, kept by a trigger, agrees.
    const [{ score }] = await t
      .em()
      .getConnection()
      .execute('select coalesce(sum(score), 0)::int as score from routine_week_score where routine_id = ?', [
        routineId,
      ]);
    expect(score).toBe(25);
  });
});

describe('routine requests', () => {
  it('stores the skin profile of the time; only the requester withdraws', async () => {
    const oli = await t.tokenFor('oli');
    const me = await t.user('oli');
    await t.inject({
      method: 'PATCH',
      url: `/users/${me.id}/skin_profile`,
      token: oli,
      payload: { skin_type: 'oily', concerns: ['acne'] },
    });
    const created = await t.inject({
      method: 'POST',
      url: '/routines/request',
      token: oli,
      payload: { message: 'An evening routine for acne, please', time_of_day: 'evening' },
    });
    expect(created.statusCode).toBe(201);
    const request = created.json() as { id: string };
    expect(request).toMatchObject({
      message: 'An evening routine for acne, please',
      time_of_day: 'evening',
      skin_profile: { skin_type: 'oily', concerns: ['acne'], pregnant: false },
    });
    await t.inject({ method: 'PATCH', url: `/users/${me.id}/skin_profile`, token: oli, payload: { skin_type: 'dry' } });
    expect((await t.inject({ method: 'GET', url: '/my/routine_requests', token: oli })).json()).toMatchObject({
      items: [{ id: request.id, skin_profile: { skin_type: 'oily' } }],
    });
    expect(
      errorOf(await t.inject({ method: 'POST', url: '/routines/request', token: oli, payload: { message: '  ' } }))
        .details?.field,
    ).toBe('message');
    expect(
      errorOf(
        await t.inject({ method: 'DELETE', url: `/routines/request/${request.id}`, token: await t.tokenFor('pam') }),
      ).code,
    ).toBe('FORBIDDEN');
    expect((await t.inject({ method: 'DELETE', url: `/routines/request/${request.id}`, token: oli })).statusCode).toBe(
      204,
    );
    expect((await t.inject({ method: 'DELETE', url: `/routines/request/${request.id}`, token: oli })).statusCode).toBe(
      404,
    );
  });
});

describe("a product's top routines and users", () => {
  it('ranks published routines by favourites and users by routines, then favourites', async () => {
    const p = await product(PLAIN);
    const [qa, qb] = [await t.tokenFor('top-a'), await t.tokenFor('top-b')];
    const make = async (token: string, name: string, publish = true) => {
      const r = await create(token, {
        name,
        time_of_day: 'evening',
        steps: [{ step_type: 'moisturise', product: p.alias }],
      });
      if (publish) await t.inject({ method: 'PATCH', url: `/routines/${r.id}/publish`, token });
      return r.id;
    };
    const a1 = await make(qa, 'A1');
    const a2 = await make(qa, 'A2');
    const b1 = await make(qb, 'B1');
    await make(qb, 'B-private', false);
    for (const fan of ['tf1', 'tf2', 'tf3'])
      await t.inject({ method: 'POST', url: `/routines/${b1}/favorite`, token: await t.tokenFor(fan) });
    await t.inject({ method: 'POST', url: `/routines/${a2}/favorite`, token: await t.tokenFor('tf1') });

    const routines = (await t.inject({ method: 'GET', url: `/products/${p.alias}/top_routines` })).json() as {
      items: Array<{ routine: { id: string }; favorite_count: number }>;
    };
    expect(routines.items.map((r) => [r.routine.id, r.favorite_count])).toEqual([
      [b1, 3],
      [a2, 1],
      [a1, 0],
    ]);
    const page = (await t.inject({ method: 'GET', url: `/products/${p.alias}/top_routines?limit=2` })).json() as {
      items: unknown[];
      next_cursor: string;
    };
    expect(page.items).toHaveLength(2);
    expect(
      (
        await t.inject({ method: 'GET', url: `/products/${p.alias}/top_routines?limit=2&cursor=${page.next_cursor}` })
      ).json(),
    ).toMatchObject({ items: [{ routine: { id: a1 } }], next_cursor: null });

    const users = (await t.inject({ method: 'GET', url: `/products/${p.id}/top_users` })).json() as {
      items: Array<{ user: { username: string }; routine_count: number; favorite_count: number }>;
    };
    expect(users.items.map((u) => [u.user.username, u.routine_count, u.favorite_count])).toEqual([
      ['top-a', 2, 1],
      ['top-b', 1, 3],
    ]);
    expect((await t.inject({ method: 'GET', url: '/products/no-such-product/top_users' })).statusCode).toBe(404);
    expect(
      errorOf(await t.inject({ method: 'GET', url: `/products/${p.alias}/top_users?cursor=bogus` })).details?.field,
    ).toBe('cursor');
  });
});
