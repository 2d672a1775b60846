// The demo community (data/demo/, seeded on an empty database with the demo catalog): it holds what the services
// would have written, and the engines find in it what its authors put there on purpose.
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

/**
 * What the demo seeding writes, without its ids and clock: rows per table, and digests of the tutorials' columns
 * (author, product, every field, dates relative to the tutorial's creation) with their instructions and warnings, of
 * the routines with their steps and of the opinions with their versions and endorsements. Tutorials, routines and
 * opinions were written through the services and are now inserted in bulk (issue 38): these values were taken from
 * the service-written seed, so the bulk one must write the same (bench/seed-fingerprint.ts compares every table).
 */
async function demoFingerprint(): Promise<{
  rows: Record<string, number>;
  tutorials: string;
  routines: string;
  opinions: string;
}> {
  const em = t.em();
  const tables = await em.execute<Array<{ name: string }>>(
    `select table_name as name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'mikro_orm_migrations'
     order by table_name`,
  );
  const rows: Record<string, number> = {};
  for (const { name } of tables)
    rows[name] = Number((await em.execute(`select count(*) as n from "${name}"`))[0].n as string);
  const [{ digest }] = await em.execute<Array<{ digest: string }>>(
    `select md5(string_agg(line, E'\\n' order by line)) as digest from (
       select concat_ws('|', u.username, p.alias, pt.title, pt.description, pt.frequency, pt.time_of_day, pt.media_url,
                pt.quantity_amount, un.alias, pt.instruction_count, pt.status,
                extract(epoch from pt.published_at - pt.created_at), extract(epoch from pt.updated_at - pt.created_at),
                (select string_agg(i.position || ':' || i.text, '/' order by i.position)
                   from product_tutorial_instruction i where i.tutorial_id = pt.id),
                (select string_agg(w.text, '/' order by w.text) from product_tutorial_warning w where w.tutorial_id = pt.id)
              ) as line
       from product_tutorial pt join app_user u on u.id = pt.author_id join product p on p.id = pt.product_id
       left join unit_of_measurement un on un.id = pt.quantity_unit_id
       where u.subject like 'demo|%'
     ) lines`,
  );
  const [{ routines }] = await em.execute<Array<{ routines: string }>>(
    `select md5(string_agg(line, E'\\n' order by line)) as routines from (
       select concat_ws('|', u.username, r.name, r.description, r.time_of_day, r.status, r.current,
                extract(epoch from r.created_at - min(r.created_at) over ()),
                extract(epoch from r.updated_at - r.created_at), extract(epoch from r.published_at - r.created_at),
                (select string_agg(s.position || ':' || s.step_type || ':' || coalesce(p.alias, '-') || ':' || s.note, '/'
                          order by s.position)
                   from routine_step s left join product p on p.id = s.product_id where s.routine_id = r.id)
              ) as line
       from routine r join app_user u on u.id = r.owner_id where u.subject like 'demo|%'
     ) lines`,
  );
  const [{ opinions }] = await em.execute<Array<{ opinions: string }>>(
    `select md5(string_agg(line, E'\\n' order by line)) as opinions from (
       select concat_ws('|', u.username, i.alias, o.text, o.hashtags::text, o.version, o.endorsement_count,
                o.current_entry_id = (select e.id from ingredient_opinion_entry e where e.opinion_id = o.id and e.version = o.version),
                extract(epoch from o.created_at - min(o.created_at) over ()), extract(epoch from o.updated_at - o.created_at),
                (select string_agg(e.version || ':' || e.text || ':' || e.hashtags::text || ':' || ed.username || ':' ||
                          extract(epoch from e.created_at - o.created_at), '/' order by e.version)
                   from ingredient_opinion_entry e join app_user ed on ed.id = e.editor_id where e.opinion_id = o.id),
                (select string_agg(en.username || ':' || extract(epoch from d.created_at - o.created_at), '/' order by en.username)
                   from ingredient_opinion_endorsement d join app_user en on en.id = d.user_id where d.opinion_id = o.id)
              ) as line
       from ingredient_opinion o join app_user u on u.id = o.author_id join ingredient i on i.id = o.ingredient_id
       where u.subject like 'demo|%'
     ) lines`,
  );
  return { rows, tutorials: digest, routines, opinions };
}

/** Rows the service-written demo community left (taken before the bulk inserts). */
const SERVICE_WRITTEN: Record<string, number> = {
  app_user: 24,
  featured_item: 6,
  ingredient_feeling: 129,
  ingredient_opinion: 40,
  ingredient_opinion_endorsement: 84,
  ingredient_opinion_entry: 49,
  product_tutorial: 20,
  product_tutorial_instruction: 85,
  product_tutorial_warning: 33,
  routine: 30,
  routine_favorite: 156,
  routine_step: 130,
  routine_week_score: 89,
  user_follow: 80,
};

describe('the demo data is what the services wrote', () => {
  it('has the same rows per table and the same tutorials', async () => {
    const { rows, tutorials, routines, opinions } = await demoFingerprint();
    // The tables the demo community writes (the catalog's and the knowledge base's have tests of their own).
    const community = Object.fromEntries(
      Object.entries(rows).filter(([table]) => Object.hasOwn(SERVICE_WRITTEN, table)),
    );
    expect(community).toEqual(SERVICE_WRITTEN);
    expect(tutorials).toBe('166fe727f6d965d507862dbcf7f103e6');
    // Routines with their steps, opinions with their versions and endorsements, dated relative to each other: taken
    // from the service-written seed before routines and opinions were inserted in bulk too.
    expect(routines).toBe('8cd8df66abcaa150e2787931cfba9f15');
    expect(opinions).toBe('3b04a763233a46a9607f4ee9a2a205a5');
  });
});
