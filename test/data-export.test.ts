// GET /my/export and Query.myExport: everything we hold about a person, checked against the same
// user-data policy (and through it, MikroORM's metadata) that account deletion follows, so a table
// added later is in the export or the policy test fails (GDPR articles 15, 20).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildApp } from '../src/app.js';
import { policyEntries } from '../src/modules/account/user-data-policy.js';
import { PLAN_INPUTS } from './helpers/stored-plans.js';
import { subjectHash } from '../src/modules/user/deleted-subject.service.js';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';
import { rowsPerEntry, seedPerson, type Person } from './helpers/personal-data.js';

interface Section {
  entity: string;
  property: string;
  table: string;
  column: string;
  on_account_deletion: string;
  why: string;
  rows: Array<Record<string, unknown>>;
}
interface ExportBody {
  format: string;
  exported_at: string;
  profile: Record<string, unknown>;
  sections: Section[];
}

let t: TestApp;
let yara: Person;
beforeAll(async () => {
  t = await startTestApp();
  yara = await seedPerson(t, 'yara');
});
afterAll(async () => {
  await t?.close();
});

describe('the personal data export', () => {
  it("has a section for every column the policy lists, each with exactly the person's rows", async () => {
    const response = await t.inject({ method: 'GET', url: '/my/export', token: yara.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-type']).toMatch(/application\/json/);
    const body = response.json() as ExportBody;
    expect(body.format).toBe('skincare-personal-data/1');
    expect(body.profile).toMatchObject({
      id: yara.id,
      username: 'yara',
      email: 'yara@example.com',
      display_name: 'Zoe Example',
      country: 'FR',
      skin_profile: { skinType: 'dry', pregnant: true },
    });

    const inDatabase = await rowsPerEntry(t, yara, subjectHash);
    const entries = policyEntries();
    expect(body.sections.map((s) => `${s.entity}.${s.property}`)).toEqual(entries.map(([e, p]) => `${e}.${p}`));
    for (const section of body.sections) {
      const key = `${section.entity}.${section.property}`;
      expect({ key, rows: section.rows.length }).toEqual({ key, rows: inDatabase.get(key) });
      // Every row is the person's (the column holds their id or subject).
      const own = section.column.startsWith('subject') ? [yara.subject, subjectHash(yara.subject)] : [yara.id];
      for (const row of section.rows)
        expect({ key, own: own.includes(row[section.column] as string) }).toEqual({ key, own: true });
      expect(section.why.length).toBeGreaterThan(10);
    }
    // What the person made is there: the seeded tables are not empty.
    const filled = body.sections.filter((s) => s.rows.length).map((s) => `${s.entity}.${s.property}`);
    expect(filled).toEqual(
      expect.arrayContaining([
        'SurveyAnswer.user',
        'IngredientFeeling.user',
        'ProductReaction.user',
        'RoutineRequest.requester',
        'RoutinePlan.owner',
        'RoutineSchedule.owner',
        'IngredientFeedback.user',
        'ProductFavorite.user',
        'RoutineFavorite.user',
        'UserFollow.follower',
        'UserFollow.followed',
        'ReformulationAlert.user',
        'ReformulationSettings.user',
        'UserInvite.inviter',
        'StoredImage.ownerId',
        'IngredientOpinionEndorsement.user',
        'Routine.owner',
        'ProductTutorial.author',
        'ProductDraft.author',
        'IngredientOpinion.author',
        'IngredientAnalysis.owner',
        'ProductBuyClick.user',
        'SharedComparison.owner',
      ]),
    );
    const reactions = body.sections.find((s) => s.entity === 'ProductReaction')!;
    expect(reactions.rows[0]).toMatchObject({
      user_id: yara.id,
      outcome: 'irritated',
      note: 'Red patches on my cheeks',
    });
    expect(body.sections.find((s) => s.entity === 'Routine')!.rows.map((r) => r.id)).toEqual(
      expect.arrayContaining([yara.privateRoutineId, yara.publishedRoutineId]),
    );
    // A plan's inputs (pregnancy status, declared medicines, prescriptions) and the schedule of its routines.
    const plans = body.sections.find((s) => s.entity === 'RoutinePlan')!;
    expect(plans.rows[0]).toMatchObject({ owner_id: yara.id, status: 'accepted', inputs: PLAN_INPUTS });
    const schedules = body.sections.find((s) => s.entity === 'RoutineSchedule')!;
    expect(schedules.rows.length).toBeGreaterThan(0);
    for (const row of schedules.rows) expect(row).toMatchObject({ owner_id: yara.id, plan_id: plans.rows[0].id });
    // Our secrets are not the person's data.
    expect(response.body).not.toMatch(/token_hash/);
  });

  it('answers the same document through GraphQL, sends one statement per policy entry, and needs a signed-in caller', async () => {
    // Rows are paged (issue 37: a whole account's rows in one answer passed the 16 MB cap): { items nextCursor }.
    const query = '{ myExport { format sections { entity property rows { items nextCursor } } } }';
    const { response, statements } = await t.countStatements({
      method: 'POST',
      url: '/graphql',
      token: yara.token,
      payload: { query },
    });
    const sections = (
      response.json() as {
        data: { myExport: { sections: Array<{ entity: string; property: string; rows: { items: unknown[] } }> } };
      }
    ).data.myExport.sections;
    expect(sections).toHaveLength(policyEntries().length);
    expect(sections.find((s) => s.entity === 'IngredientFeeling')!.rows.items).toHaveLength(1);
    // One per entry, the account row, the viewer and the transaction's own statements: no N+1.
    expect(statements).toBeLessThanOrEqual(policyEntries().length + 6);

    const anonymous = await t.inject({ method: 'GET', url: '/my/export' });
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).code).toBe('UNAUTHENTICATED');
    expect((await t.inject({ method: 'POST', url: '/graphql', payload: { query } })).json()).toMatchObject({
      errors: [{ extensions: { code: 'UNAUTHENTICATED' } }],
    });
    // Another person's export holds none of this person's rows.
    const other = (
      await t.inject({ method: 'GET', url: '/my/export', token: await t.tokenFor('yara-stranger') })
    ).json() as ExportBody;
    expect(JSON.stringify(other.sections)).not.toContain(yara.id);
  });

  it('is rate-limited as uploads are, over REST and GraphQL', async () => {
    const config = { ...t.config, rateLimit: { ...t.config.rateLimit, enabled: true, uploadMax: 2 } };
    const limited = await buildApp({ config, orm: t.orm, logger: false });
    try {
      const get = () =>
        limited.inject({ method: 'GET', url: '/my/export', headers: { authorization: `Bearer ${yara.token}` } });
      expect((await get()).statusCode).toBe(200);
      expect((await get()).statusCode).toBe(200);
      const refused = await get();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      const graphql = await limited.inject({
        method: 'POST',
        url: '/graphql',
        headers: { authorization: `Bearer ${yara.token}` },
        payload: { query: '{ a: myExport { format } b: myExport { format } c: myExport { format } }' },
      });
      expect(graphql.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
