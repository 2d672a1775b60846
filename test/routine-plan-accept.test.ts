// A stored plan's life through REST and GraphQL (issue 41): accept (routines and schedule in one transaction, then
// ordinary routines), the day view with missed nights, drift, delete and bad input. Plans are the engine's answer for
// the persona (retinol serum, BHA toner, vitamin C, sunscreen, cleanser, moisturiser; 28, sensitive, shelf
// only) over real published products, inserted as the planning service stores them. The shapes: a proposed plan
// accepted with and without replacing current routines, accepted twice, superseded, broken mid-way; each day kind
// (before a product's first use, its first day, a ramp's later phase, outside the horizon) with 0, 2 and 3 missed
// nights; dates and counts malformed in each way a client can send them; the owner, a stranger, no token.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { planDay } from '../src/modules/planner/engine/day.js';
import type { PlanAnswer } from '../src/modules/planner/engine/types.js';
import { RoutinePlanStatus } from '../src/modules/planner/routine-plan.entity.js';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';
import { catalogShelf, insertPlan, personaPlan, type CatalogShelf } from './helpers/stored-plans.js';

let t: TestApp;
let shelf: CatalogShelf;
let answer: PlanAnswer;
let seq = 0;

interface AcceptedRoutine {
  id: string;
  name: string;
  time_of_day: string;
  current: boolean;
  steps: Array<{ step_type: string; product: { id: string } | null; note: string }>;
  schedule: Array<{ plan_id: string; weekdays: string[]; from_on: string; to_on: string | null }>;
}

interface DayStep {
  product: { id: string };
  reasons: unknown[];
}
interface DayBody {
  date: string;
  in_plan: boolean;
  restart: string | null;
  morning: { key: string; name: string; steps: DayStep[] };
  evening: { key: string; name: string; steps: DayStep[] };
  starts_today: Array<{ product: { id: string } }>;
  patch_tests: Array<{ product: { id: string } }>;
}

beforeAll(async () => {
  t = await startTestApp();
  shelf = await catalogShelf(t);
  answer = personaPlan(shelf);
});
afterAll(async () => {
  await t?.close();
});

/** A fresh person with a proposed plan. */
async function person(status = RoutinePlanStatus.proposed, plan = answer) {
  const username = `plan-life-${++seq}`;
  const token = await t.tokenFor(username);
  const id = await insertPlan(t, username, plan, status);
  return { username, token, id };
}

const sql = <T>(query: string, params: unknown[] = []) => t.em().getConnection().execute(query, params) as Promise<T[]>;
const gql = (token: string | undefined, query: string, variables: object) =>
  t.inject({ method: 'POST', url: '/graphql', token, payload: { query, variables } });

describe('accepting a plan', () => {
  it("writes the plan's routines, current, with a schedule per phase; the previous current routines stop being current", async () => {
    const me = await person();
    const before = await t.inject({
      method: 'POST',
      url: '/routines/create',
      token: me.token,
      payload: { name: 'My old night', time_of_day: 'evening', current: true },
    });
    expect(before.statusCode).toBe(201);
    const response = await t.inject({ method: 'POST', url: `/my/routine_plans/${me.id}/accept`, token: me.token });
    expect(response.statusCode).toBe(200);
    const body = response.json() as {
      id: string;
      status: string;
      accepted_at: string;
      accepted_routines: AcceptedRoutine[];
    };
    expect(body).toMatchObject({ id: me.id, status: 'accepted' });
    expect(Date.parse(body.accepted_at)).not.toBeNaN();
    const routines = body.accepted_routines;
    expect(routines.map((r) => r.name)).toEqual(answer.routines.map((r) => r.name));
    for (const routine of routines) {
      const planned = answer.routines.find((r) => r.name === routine.name)!;
      expect(routine.current).toBe(true);
      expect(routine.time_of_day).toBe(planned.timeOfDay);
      expect(routine.steps.map((s) => [s.step_type, s.product?.id])).toEqual(
        planned.steps.map((s) => [s.stepType, s.product.id]),
      );
      // A product with a patch test first says from when it is used in full.
      for (const [i, s] of planned.steps.entries())
        if (s.newFrom) expect(routine.steps[i].note).toContain(`From ${s.newFrom}`);
      // One schedule row per phase the routine is used in; the last phase is open-ended.
      const phases = answer.schedule.phases;
      const expected = phases.flatMap((p, k) => {
        const days = planned.timeOfDay === 'morning' ? p.mornings : p.nights;
        const weekdays = Object.entries(days)
          .filter(([, key]) => key === planned.key)
          .map(([d]) => d);
        return weekdays.length
          ? [{ plan_id: me.id, weekdays, from_on: p.from, to_on: k === phases.length - 1 ? null : p.to }]
          : [];
      });
      expect(routine.schedule).toEqual(expected);
    }
    const retinoidNight = routines.find((r) => r.name === 'Retinoid night')!;
    expect(retinoidNight.schedule[0]).toEqual({
      plan_id: me.id,
      weekdays: ['mon', 'fri'],
      from_on: '2026-12-14',
      to_on: '2026-12-27',
    });
    const current = (await t.inject({ method: 'GET', url: '/my/current_routine_ids', token: me.token })).json() as {
      items: string[];
    };
    expect(current.items.sort()).toEqual(routines.map((r) => r.id).sort());
  });

  it('keeps the other current routines with replace_current false, over GraphQL too', async () => {
    const me = await person();
    const old = (
      await t.inject({
        method: 'POST',
        url: '/routines/create',
        token: me.token,
        payload: { name: 'Kept current', time_of_day: 'morning', current: true },
      })
    ).json() as { id: string };
    const response = await gql(
      me.token,
      'mutation($id: String!) { acceptRoutinePlan(id: $id, replaceCurrent: false) { status acceptedRoutines { id name current } } }',
      { id: me.id },
    );
    const data = (response.json() as { data: { acceptRoutinePlan: { status: string; acceptedRoutines: unknown[] } } })
      .data.acceptRoutinePlan;
    expect(data.status).toBe('accepted');
    expect(data.acceptedRoutines).toHaveLength(answer.routines.length);
    const current = (await t.inject({ method: 'GET', url: '/my/current_routine_ids', token: me.token })).json() as {
      items: string[];
    };
    expect(current.items).toContain(old.id);
    expect(current.items).toHaveLength(answer.routines.length + 1);
  });

  it('refuses an accepted or a superseded plan with CONFLICT, and writes nothing more', async () => {
    const me = await person();
    expect(
      (await t.inject({ method: 'POST', url: `/my/routine_plans/${me.id}/accept`, token: me.token })).statusCode,
    ).toBe(200);
    const again = await t.inject({ method: 'POST', url: `/my/routine_plans/${me.id}/accept`, token: me.token });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({ code: 'CONFLICT', message: 'The plan is accepted already' });
    const user = await t.user(me.username);
    const [{ n }] = await sql<{ n: number }>('select count(*)::int as n from routine where owner_id = ?', [user.id]);
    expect(n).toBe(answer.routines.length);
    const old = await person(RoutinePlanStatus.superseded);
    const superseded = await t.inject({ method: 'POST', url: `/my/routine_plans/${old.id}/accept`, token: old.token });
    expect(superseded.statusCode).toBe(409);
    expect(errorOf(superseded).message).toMatch(/superseded/);
  });

  it('accepts once when two requests race: one 200, one CONFLICT, one set of routines', async () => {
    const me = await person();
    const statuses = (
      await Promise.all(
        [1, 2].map(() => t.inject({ method: 'POST', url: `/my/routine_plans/${me.id}/accept`, token: me.token })),
      )
    ).map((r) => r.statusCode);
    expect(statuses.sort()).toEqual([200, 409]);
    const user = await t.user(me.username);
    const [{ n }] = await sql<{ n: number }>('select count(*)::int as n from routine where owner_id = ?', [user.id]);
    expect(n).toBe(answer.routines.length);
  });

  it('is one transaction: a routine that cannot be written mid-way leaves no routine, no schedule and the plan proposed', async () => {
    // The third routine's step has a step type the routine module refuses: the first two routines were written.
    const broken = structuredClone(answer);
    broken.routines[2].steps[0].stepType = 'marinate';
    const me = await person(RoutinePlanStatus.proposed, broken);
    await t.inject({
      method: 'POST',
      url: '/routines/create',
      token: me.token,
      payload: { name: 'Still current', time_of_day: 'evening', current: true },
    });
    const response = await t.inject({ method: 'POST', url: `/my/routine_plans/${me.id}/accept`, token: me.token });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).details?.field).toBe('steps[0].step_type');
    const user = await t.user(me.username);
    const routines = await sql<{ name: string; current: boolean }>(
      'select name, current from routine where owner_id = ?',
      [user.id],
    );
    expect(routines).toEqual([{ name: 'Still current', current: true }]);
    expect(await sql('select id from routine_schedule where owner_id = ?', [user.id])).toEqual([]);
    const [plan] = await sql<{ status: string; accepted_at: unknown }>(
      'select status, accepted_at from routine_plan where id = ?',
      [me.id],
    );
    expect(plan).toEqual({ status: 'proposed', accepted_at: null });
  });

  it("answers 401 without a token and 404 for another person's plan or a made-up id", async () => {
    const me = await person();
    const stranger = await t.tokenFor('plan-life-stranger');
    expect((await t.inject({ method: 'POST', url: `/my/routine_plans/${me.id}/accept` })).statusCode).toBe(401);
    for (const id of [me.id, '0193f0f0-0000-7000-8000-000000000000', 'not-a-plan']) {
      const response = await t.inject({ method: 'POST', url: `/my/routine_plans/${id}/accept`, token: stranger });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
    const [plan] = await sql<{ status: string }>('select status from routine_plan where id = ?', [me.id]);
    expect(plan.status).toBe('proposed');
  });
});

describe('the accepted routines are ordinary routines', () => {
  it('get compatibility answers, and drift names a product added since with the invariant it breaks', async () => {
    const me = await person();
    const accepted = (
      await t.inject({ method: 'POST', url: `/my/routine_plans/${me.id}/accept`, token: me.token })
    ).json() as { accepted_routines: AcceptedRoutine[] };
    const night = accepted.accepted_routines.find((r) => r.name === 'Retinoid night')!;
    const before = await t.inject({ method: 'GET', url: `/routines/${night.id}/compatibility`, token: me.token });
    expect(before.statusCode).toBe(200);
    expect((before.json() as { findings: Array<{ rule: string }> }).findings.map((f) => f.rule)).not.toContain(
      'retinoid-with-acids',
    );
    const link = (
      await t.inject({ method: 'POST', url: `/my/routine_plans/${me.id}/page_link`, token: me.token })
    ).json() as { page_url: string };
    const token = link.page_url.split('/').at(-1)!;
    const driftQuery =
      'query($t: String!) { sharedRoutinePlan(token: $t) { drift { kind routineKey rule invariant text } } }';
    const driftOf = async (as?: string) =>
      (
        (await gql(as, driftQuery, { t: token })).json() as {
          data: { sharedRoutinePlan: { drift: Array<Record<string, string>> } };
        }
      ).data.sharedRoutinePlan.drift;
    expect(await driftOf(me.token)).toEqual([]);

    // The person adds a glycolic toner to their retinoid night, renames it, and deletes the morning routine.
    const added = await t.inject({
      method: 'PATCH',
      url: `/routines/${night.id}/add_routine_step`,
      token: me.token,
      payload: { step_type: 'tone', product: shelf.glycolic.alias, position: 2, allow_other_kind: true },
    });
    expect(added.statusCode).toBe(200);
    await t.inject({
      method: 'PATCH',
      url: `/routines/${night.id}/update`,
      token: me.token,
      payload: { name: 'Tuesday glow' },
    });
    const after = await t.inject({ method: 'GET', url: `/routines/${night.id}/compatibility`, token: me.token });
    expect((after.json() as { findings: Array<{ rule: string }> }).findings.map((f) => f.rule)).toContain(
      'retinoid-with-acids',
    );
    const morning = accepted.accepted_routines.find((r) => r.name === 'Morning')!;
    await t.inject({ method: 'DELETE', url: `/routines/${morning.id}`, token: me.token });

    const drift = await driftOf(me.token);
    expect(drift).toEqual(
      expect.arrayContaining([
        {
          kind: 'added',
          routineKey: 'evening_retinoid',
          rule: null,
          invariant: null,
          text: `You added ${shelf.glycolic.name} to Tuesday glow.`,
        },
        expect.objectContaining({
          kind: 'finding',
          routineKey: 'evening_retinoid',
          rule: 'retinoid-with-acids',
          invariant: 'I3',
          text: expect.stringMatching(
            new RegExp(`^You added ${shelf.glycolic.name} to Tuesday glow: .+ \\(I3, (high|medium)\\)\\.$`),
          ),
        }),
        expect.objectContaining({ kind: 'deleted', routineKey: 'morning' }),
      ]),
    );
    // Nothing else drifted: the other evenings are as planned.
    expect(drift.filter((d) => !['evening_retinoid', 'morning'].includes(d.routineKey))).toEqual([]);
    // Someone holding the page link sees the plan, not the person's routines now.
    expect(await driftOf(undefined)).toEqual([]);
  });
});

describe('a plan made by the planning service', () => {
  it('is accepted, read back with its accepted routines and drift, and its day answered', async () => {
    const token = await t.tokenFor(`plan-life-${++seq}`);
    const planned = await t.inject({
      method: 'POST',
      url: '/my/routine_plans',
      token,
      payload: {
        shelf: Object.values(shelf.products).map((p) => ({ product: p.alias })),
        steps: { morning_max: 3, evening_max: 3 },
        buy: 'shelf_only',
        start_on: '2026-12-07',
      },
    });
    expect(planned.statusCode).toBe(201);
    const { id, routines } = planned.json() as { id: string; routines: Array<{ name: string }> };
    const accepted = await t.inject({ method: 'POST', url: `/my/routine_plans/${id}/accept`, token });
    expect(accepted.statusCode).toBe(200);
    const written = (accepted.json() as { accepted_routines: AcceptedRoutine[] }).accepted_routines;
    expect(written.map((r) => r.name)).toEqual(routines.map((r) => r.name));
    const read = await gql(
      token,
      'query($id: String!) { myRoutinePlan(id: $id) { status acceptedRoutines { id } drift { kind } } }',
      { id },
    );
    expect((read.json() as { data: unknown }).data).toEqual({
      myRoutinePlan: { status: 'accepted', acceptedRoutines: written.map((r) => ({ id: r.id })), drift: [] },
    });
    expect((await t.inject({ method: 'GET', url: `/my/routine_plans/${id}/days/2026-12-20`, token })).statusCode).toBe(
      200,
    );
  });
});

describe('the day view', () => {
  const day = (id: string, token: string | undefined, date: string, query = '') =>
    t.inject({ method: 'GET', url: `/my/routine_plans/${id}/days/${date}${query}`, token });

  it("answers the engine's day: a product's first full use, the ramp's nights, the restart after missed nights", async () => {
    const me = await person();
    // Monday 14 Dec: the retinol's first night after its patch test.
    const first = (await day(me.id, me.token, '2026-12-14')).json() as DayBody;
    expect(first).toMatchObject({ date: '2026-12-14', in_plan: true, restart: null });
    expect(first.evening.key).toBe('evening_retinoid');
    expect(first.evening.name).toBe('Retinoid night');
    expect(first.evening.steps.map((s: { product: { id: string } }) => s.product.id)).toContain(
      shelf.products.retinolSerum.id,
    );
    expect(first.starts_today.map((i: { product: { id: string } }) => i.product.id)).toEqual([
      shelf.products.retinolSerum.id,
    ]);
    for (const step of [...first.morning.steps, ...first.evening.steps]) expect(step.reasons.length).toBeGreaterThan(0);
    // The day before, the retinol is still in its patch test: no retinoid night.
    const before = (await day(me.id, me.token, '2026-12-13')).json() as DayBody;
    expect(before.evening.key).toBe('evening_recovery');
    expect(before.patch_tests.map((i: { product: { id: string } }) => i.product.id)).toContain(
      shelf.products.retinolSerum.id,
    );
    // Wednesday 30 Dec is a retinoid night of the third phase; after 3 missed nights it is the second phase's Wednesday.
    const planned = (await day(me.id, me.token, '2026-12-30')).json() as DayBody;
    expect(planned.evening.key).toBe('evening_retinoid');
    const back = (await day(me.id, me.token, '2026-12-30', '?missed_nights=3')).json() as DayBody;
    expect(back.evening.key).toBe('evening_recovery');
    expect(back.restart).toMatch(
      /^You missed 3 nights: this week follows the previous phase \(2026-12-14 to 2026-12-27\)/,
    );
    expect(((await day(me.id, me.token, '2026-12-30', '?missed_nights=2')).json() as DayBody).restart).toBeNull();
    // The REST answer is the engine's day, field for field.
    const engine = planDay(answer, '2026-12-30', 3);
    expect(back.evening.steps.map((s: { product: { id: string } }) => s.product.id)).toEqual(
      engine.evening!.steps.map((s) => s.product.id),
    );
    // Outside the horizon.
    expect((await day(me.id, me.token, '2028-01-01')).json()).toMatchObject({
      in_plan: false,
      morning: null,
      evening: null,
    });
  });

  it('answers the same over GraphQL', async () => {
    const me = await person();
    const response = await gql(
      me.token,
      'query($id: String!, $d: String!) { routinePlanDay(id: $id, date: $d, missedNights: 4) { date inPlan evening { key } restart } }',
      { id: me.id, d: '2026-12-30' },
    );
    expect((response.json() as { data: unknown }).data).toEqual({
      routinePlanDay: {
        date: '2026-12-30',
        inPlan: true,
        evening: { key: 'evening_recovery' },
        restart: expect.stringMatching(/^You missed 4 nights/),
      },
    });
  });

  it('refuses a bad date or count with 400 naming the field; 401 without a token; 404 for a stranger', async () => {
    const me = await person();
    for (const date of ['2026-13-01', '2026-02-30', '14-12-2026', 'tonight', '2026-12-1'])
      expect(errorOf(await day(me.id, me.token, date))).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { field: 'date' },
      });
    for (const query of ['?missed_nights=-1', '?missed_nights=183', '?missed_nights=1.5', '?missed_nights=three']) {
      const response = await day(me.id, me.token, '2026-12-14', query);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'missed_nights' } });
    }
    expect((await day(me.id, undefined, '2026-12-14')).statusCode).toBe(401);
    const stranger = await t.tokenFor('plan-day-stranger');
    expect((await day(me.id, stranger, '2026-12-14')).statusCode).toBe(404);
  });

  it('reads the plan in a bounded number of statements, whatever its horizon', async () => {
    const me = await person();
    const long = await insertPlan(t, me.username, personaPlan(shelf, '2026-12-07'));
    const counts: number[] = [];
    for (const id of [me.id, long])
      for (const query of ['', '?missed_nights=5']) {
        const { response, statements } = await t.countStatements({
          method: 'GET',
          url: `/my/routine_plans/${id}/days/2026-12-30${query}`,
          token: me.token,
        });
        expect(response.statusCode).toBe(200);
        counts.push(statements);
      }
    // The caller's row (authentication) and the plan: nothing grows with the plan.
    expect(Math.max(...counts)).toBeLessThanOrEqual(2);
    expect(new Set(counts).size).toBe(1);
  });
});

describe('deleting a plan', () => {
  it('answers 204; the routines it wrote stay without their schedule; the plan is gone', async () => {
    const me = await person();
    const accepted = (
      await t.inject({ method: 'POST', url: `/my/routine_plans/${me.id}/accept`, token: me.token })
    ).json() as { accepted_routines: AcceptedRoutine[] };
    const stranger = await t.tokenFor('plan-delete-stranger');
    expect((await t.inject({ method: 'DELETE', url: `/my/routine_plans/${me.id}`, token: stranger })).statusCode).toBe(
      404,
    );
    expect((await t.inject({ method: 'DELETE', url: `/my/routine_plans/${me.id}` })).statusCode).toBe(401);
    const deleted = await t.inject({ method: 'DELETE', url: `/my/routine_plans/${me.id}`, token: me.token });
    expect(deleted.statusCode).toBe(204);
    for (const routine of accepted.accepted_routines) {
      const read = await t.inject({ method: 'GET', url: `/routines/${routine.id}`, token: me.token });
      expect(read.statusCode).toBe(200);
      expect((read.json() as { current: boolean }).current).toBe(true);
    }
    const user = await t.user(me.username);
    expect(await sql('select id from routine_schedule where owner_id = ?', [user.id])).toEqual([]);
    expect(
      (await t.inject({ method: 'GET', url: `/my/routine_plans/${me.id}/days/2026-12-14`, token: me.token }))
        .statusCode,
    ).toBe(404);
    expect((await t.inject({ method: 'DELETE', url: `/my/routine_plans/${me.id}`, token: me.token })).statusCode).toBe(
      404,
    );
  });

  it('over GraphQL answers true', async () => {
    const me = await person();
    const response = await gql(me.token, 'mutation($id: String!) { deleteRoutinePlan(id: $id) }', { id: me.id });
    expect(response.json()).toEqual({ data: { deleteRoutinePlan: true } });
    expect(await sql('select id from routine_plan where id = ?', [me.id])).toEqual([]);
  });
});
