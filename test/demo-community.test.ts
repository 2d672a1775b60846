// The demo community (data/demo/, seeded on an empty database with the demo catalog): it loads
// through the services, and the engines find in it what its authors put there on purpose.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Routine {
  id: string;
  name: string;
  status: string;
  steps: unknown[];
}
const get = async <T>(url: string, token?: string): Promise<T> => {
  const response = await t.inject({ method: 'GET', url, token });
  expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
  return response.json() as T;
};
const routineOf = async (username: string, name: string): Promise<Routine> => {
  const page = await get<{ items: Routine[] }>(`/users/${username}/routines?limit=100`);
  const routine = page.items.find((r) => r.name === name);
  expect(routine).toBeDefined();
  return routine!;
};
const rulesFound = async (routine: Routine): Promise<string[]> =>
  (await get<{ findings: Array<{ rule: string }> }>(`/routines/${routine.id}/compatibility`)).findings.map(
    (f) => f.rule,
  );

describe('the demo community', () => {
  it("has public profiles, published routines and an expert's opinions", async () => {
    expect(await get('/users/dr_amara_okafor')).toMatchObject({ username: 'dr_amara_okafor', user_type: 'expert' });
    const routines = await get<{ items: Routine[]; next_cursor: string | null }>('/routines?limit=100');
    expect(routines.items.length).toBeGreaterThanOrEqual(24);
    expect(routines.items.every((r) => r.status === 'published' && r.steps.length >= 3)).toBe(true);
    const followers = await get<{ items: unknown[] }>(
      `/users/${(await get<{ id: string }>('/users/dr_kenji_mori')).id}/followed_by?limit=100`,
    );
    expect(followers.items.length).toBeGreaterThanOrEqual(5);
    const opinions = await get<{ items: Array<{ hashtags: string[] }> }>('/users/dr_amara_okafor/ingredient_opinions');
    expect(opinions.items.length).toBe(5);
    expect(opinions.items.flatMap((o) => o.hashtags)).toContain('hyperpigmentation');
  });

  it('dates its opinions and tutorials over past weeks, not all today', async () => {
    const em = t.em();
    for (const table of ['ingredient_opinion', 'product_tutorial']) {
      const [row] = await em.execute<Array<{ days: number; today: number; total: number }>>(
        `select count(distinct created_at::date)::int as days, count(*) filter (where created_at > now() - interval '1 day')::int as today, count(*)::int as total from ${table}`,
      );
      expect(row.total).toBeGreaterThan(1);
      expect(row.today).toBe(0);
      expect(row.days).toBeGreaterThan(1);
    }
  });

  it('flags the routines built to clash, each for the reason its author gave', async () => {
    expect(await rulesFound(await routineOf('teen_acne_leo', 'Max strength acne night'))).toContain(
      'benzoyl-peroxide-with-retinoid',
    );
    expect(await rulesFound(await routineOf('retinol_rookie_nina', 'Retinol plus glycolic glow night'))).toContain(
      'retinoid-with-acids',
    );
    expect(await rulesFound(await routineOf('glowup_lucas', 'Acid glow morning'))).toContain(
      'photosensitiser-in-the-morning-without-sunscreen',
    );
  });

  it("finds nothing serious in a dermatologist's morning routine", async () => {
    const findings = (
      await get<{ findings: Array<{ severity: string }> }>(
        `/routines/${(await routineOf('dr_amara_okafor', 'Morning antioxidant and sunscreen')).id}/compatibility`,
      )
    ).findings;
    expect(findings.filter((f) => f.severity === 'high')).toEqual([]);
  });

  it('has a running contest this week with a leader, and tutorials and featured opinions to read', async () => {
    const contest = await get<{ leader: { score: number } | null }>('/contests/current_week');
    expect(contest.leader?.score).toBeGreaterThanOrEqual(1);
    const tutorials = await get<{ items: unknown[] }>('/product_tutorials?limit=50');
    expect(tutorials.items.length).toBe(16);
    expect(await get('/ingredients/azelaic-acid/featured_opinion')).toMatchObject({ endorsement_count: 4 });
  });
});
