import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import YAML from 'yaml';
import { readFileSync } from 'node:fs';
import {
  checkAnswer,
  checkSurvey,
  clearedPatch,
  profilePatch,
  type SurveyDef,
} from '../src/modules/survey/engine/survey.js';
import { mergeReasons, SENSITIVITY_TRIGGERS, sensitivityReasons } from '../src/modules/survey/engine/sensitivities.js';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';
import { snapshotDb, snapshotDiff } from './helpers/route-fixtures.js';

const survey: SurveyDef = checkSurvey(
  YAML.parse(readFileSync(new URL('../data/survey.yaml', import.meta.url), 'utf8')),
);
const question = (id: string) => survey.questions.find((q) => q.id === id)!;

describe('the survey engine (data/survey.yaml)', () => {
  it('covers the skin profile: skin type, concerns, sensitivities, goals, pregnancy, climate, age, routine', () => {
    expect(survey.questions.map((q) => q.feeds).sort()).toEqual([
      'age_range',
      'climate',
      'concerns',
      'goals',
      'pregnant',
      'routine_experience',
      'sensitivities',
      'skin_type',
    ]);
    expect(question('skin_type').answers.map((a) => a.value)).toEqual([
      'oily',
      'dry',
      'combination',
      'normal',
      'sensitive',
    ]);
  });

  it('checks answers: single takes one, multiple one or more, exclusive answers stand alone', () => {
    expect(checkAnswer(question('skin_type'), ['oily'])).toEqual({ values: ['oily'] });
    expect(checkAnswer(question('skin_type'), ['oily', 'dry'])).toEqual({
      error: expect.stringMatching(/exactly one/),
    });
    expect(checkAnswer(question('skin_type'), ['greasy'])).toEqual({
      error: expect.stringMatching(/"greasy" is not an answer/),
    });
    expect(checkAnswer(question('concerns'), [])).toEqual({ error: expect.stringMatching(/needs an answer/) });
    expect(checkAnswer(question('concerns'), ['aging', 'acne', 'acne'])).toEqual({ values: ['acne', 'aging'] });
    expect(checkAnswer(question('sensitivities'), ['none', 'fragrance'])).toEqual({
      error: expect.stringMatching(/cannot be combined/),
    });
  });

  it('writes profile fields: values, mapped values (pregnancy), nothing for "none"', () => {
    expect(profilePatch(question('skin_type'), ['dry'])).toEqual({ skinType: 'dry' });
    expect(profilePatch(question('pregnancy'), ['breastfeeding'])).toEqual({ pregnant: true });
    expect(profilePatch(question('pregnancy'), ['prefer_not_to_say'])).toEqual({ pregnant: false });
    expect(profilePatch(question('sensitivities'), ['none'])).toEqual({ sensitivities: [] });
    expect(profilePatch(question('age_range'), ['25_34'])).toEqual({ ageRange: '25_34' });
    expect(clearedPatch(survey)).toMatchObject({ skinType: null, concerns: [], pregnant: false, climate: null });
  });

  it('has a meaning for every sensitivity answer but "none"', () => {
    expect(
      question('sensitivities')
        .answers.map((a) => a.value)
        .filter((v) => v !== 'none')
        .sort(),
    ).toEqual(Object.keys(SENSITIVITY_TRIGGERS).sort());
  });

  it('turns sensitivities into cautions, sparing ingredients marked positive, and merges them by rank and list order', () => {
    const parfum = { id: 'p', alias: 'parfum', flags: ['fragrance'], groups: [] };
    const linalool = { id: 'l', alias: 'linalool', flags: ['eu_allergen'], groups: [] };
    const glycolic = { id: 'g', alias: 'glycolic-acid', flags: [], groups: ['ahas'] };
    const water = { id: 'w', alias: 'water', flags: [], groups: [] };
    const list = [water, glycolic, parfum, linalool];
    const reasons = sensitivityReasons(list, ['fragrance', 'acids', 'unknown'], ['l']);
    expect(reasons.map((r) => [r.ingredient.alias, r.basis])).toEqual([
      ['glycolic-acid', 'acids'],
      ['parfum', 'fragrance'],
    ]);
    const merged = mergeReasons(list, [{ verdict: 'good' as const, ingredient: water }, ...reasons]);
    expect(merged.verdict).toBe('caution');
    expect(merged.reasons.map((r) => r.ingredient.id)).toEqual(['g', 'p', 'w']);
    expect(mergeReasons(list, []).verdict).toBe('neutral');
  });

  it('refuses a badly authored survey', () => {
    const twice = { ...survey, questions: [survey.questions[0], { ...survey.questions[1], feeds: 'skin_type' }] };
    expect(() => checkSurvey(structuredClone(twice))).toThrow(/fed by another question/);
    expect(() => checkSurvey({ ...survey, questions: [{ ...survey.questions[0], kind: 'some' }] })).toThrow(/kind/);
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Question = {
  id: string;
  kind: string;
  feeds: string;
  options: Array<{ value: string }>;
  answers: string[] | null;
};
type SurveyBody = { id: string; question_count: number; answered_count: number; questions: Question[] };

describe('answering the survey', () => {
  it('starts unanswered, records answers, feeds the skin profile, and lists answered and unanswered', async () => {
    const token = await t.tokenFor('iris');
    const iris = await t.user('iris');
    const blank = (
      await t.inject({ method: 'GET', url: `/users/${iris.id}/skin_profile/survey`, token })
    ).json() as SurveyBody;
    expect(blank).toMatchObject({ id: 'intake', answered_count: 0, question_count: survey.questions.length });
    expect(blank.questions[0]).toMatchObject({ id: 'skin_type', kind: 'single', feeds: 'skin_type', answers: null });

    const answered = await t.inject({
      method: 'POST',
      url: '/my/survey_answers',
      token,
      payload: {
        answers: [
          { question: 'skin_type', values: ['combination'] },
          { question: 'concerns', values: ['acne', 'hyperpigmentation'] },
          { question: 'pregnancy', values: ['pregnant'] },
          { question: 'climate', values: ['humid'] },
        ],
      },
    });
    expect(answered.statusCode).toBe(201);
    expect((answered.json() as SurveyBody).answered_count).toBe(4);

    const me = (await t.inject({ method: 'GET', url: '/my/user', token })).json() as {
      skin_profile: Record<string, unknown>;
    };
    expect(me.skin_profile).toMatchObject({
      skin_type: 'combination',
      concerns: ['acne', 'hyperpigmentation'],
      pregnant: true,
      feelings_public: true,
    });

    // A later answer replaces the earlier one.
    await t.inject({
      method: 'POST',
      url: '/my/survey_answers',
      token,
      payload: { answers: [{ question: 'skin_type', values: ['oily'] }] },
    });
    const done = (await t.inject({ method: 'GET', url: '/my/survey/answered', token })).json() as { items: Question[] };
    expect(done.items.map((q) => [q.id, q.answers])).toEqual([
      ['skin_type', ['oily']],
      ['concerns', ['acne', 'hyperpigmentation']],
      ['pregnancy', ['pregnant']],
      ['climate', ['humid']],
    ]);
    const open = (await t.inject({ method: 'GET', url: '/my/survey/unanswered', token })).json() as {
      items: Question[];
    };
    expect(open.items.map((q) => q.id)).toEqual(['sensitivities', 'goals', 'age_range', 'routine_experience']);
    const openOfUser = (
      await t.inject({ method: 'GET', url: `/users/${iris.id}/skin_profile/unanswered?limit=2`, token })
    ).json() as { items: Question[]; next_cursor: string };
    expect(openOfUser.items.map((q) => q.id)).toEqual(['sensitivities', 'goals']);
    expect(openOfUser.next_cursor).toEqual(expect.any(String));

    // Personalisation sees the answers.
    expect((await t.inject({ method: 'GET', url: '/my/intake_decision', token })).json()).toMatchObject({
      answered_count: 4,
    });
  });

  it('rejects a bad answer naming the field, and writes nothing of the batch', async () => {
    const token = await t.tokenFor('jon');
    const before = await snapshotDb(t);
    const cases: Array<[unknown, string]> = [
      [
        {
          answers: [
            { question: 'skin_type', values: ['oily'] },
            { question: 'concerns', values: ['warts'] },
          ],
        },
        'answers[1].values',
      ],
      [{ answers: [{ question: 'favourite_colour', values: ['blue'] }] }, 'answers[0].question'],
      [{ answers: [{ question: 'skin_type', values: ['oily', 'dry'] }] }, 'answers[0].values'],
      [
        {
          answers: [
            { question: 'skin_type', values: ['oily'] },
            { question: 'skin_type', values: ['dry'] },
          ],
        },
        'answers[1].question',
      ],
      [{ answers: [] }, 'answers'],
      // A required field left out of an object is named itself, as a wrong value in it is.
      [{ answers: [{ question: 'skin_type' }] }, 'answers[0].values'],
      [{}, 'answers'],
    ];
    for (const [payload, field] of cases) {
      const response = await t.inject({ method: 'POST', url: '/my/survey_answers', token, payload: payload as object });
      expect({ field, status: response.statusCode, got: errorOf(response).details?.field }).toEqual({
        field,
        status: 400,
        got: field,
      });
    }
    expect(snapshotDiff(before, await snapshotDb(t))).toBeNull();
    expect((await t.user('jon')).skinProfile ?? null).toBeNull();
  });

  it('resets answers and the fields they fed, keeping feelings visibility', async () => {
    const token = await t.tokenFor('kim');
    const kim = await t.user('kim');
    await t.inject({
      method: 'PATCH',
      url: `/users/${kim.id}/skin_profile`,
      token,
      payload: { feelings_public: false },
    });
    await t.inject({
      method: 'POST',
      url: '/my/survey_answers',
      token,
      payload: {
        answers: [
          { question: 'skin_type', values: ['dry'] },
          { question: 'goals', values: ['glow'] },
        ],
      },
    });
    // PATCH skin_profile keeps what the survey fed beyond its own fields.
    await t.inject({ method: 'PATCH', url: `/users/${kim.id}/skin_profile`, token, payload: { pregnant: false } });
    expect((await t.inject({ method: 'GET', url: '/my/user', token })).json()).toMatchObject({
      skin_profile: { skin_type: 'dry', goals: ['glow'] },
    });
    const reset = await t.inject({ method: 'POST', url: '/my/survey_answers/reset', token });
    expect(reset.statusCode).toBe(200);
    expect((reset.json() as SurveyBody).answered_count).toBe(0);
    expect((await t.inject({ method: 'GET', url: '/my/user', token })).json()).toMatchObject({
      skin_profile: { skin_type: null, concerns: [], goals: [], feelings_public: false },
    });
    expect(
      ((await t.inject({ method: 'GET', url: '/my/survey/answered', token })).json() as { items: unknown[] }).items,
    ).toEqual([]);
  });

  it('a reset resets the survey, not the skin type and concerns set through PATCH skin_profile', async () => {
    const token = await t.tokenFor('reset-keeps-profile');
    const me = await t.user('reset-keeps-profile');
    await t.inject({
      method: 'POST',
      url: '/my/survey_answers',
      token,
      payload: {
        answers: [
          { question: 'skin_type', values: ['dry'] },
          { question: 'goals', values: ['glow'] },
        ],
      },
    });
    const patched = await t.inject({
      method: 'PATCH',
      url: `/users/${me.id}/skin_profile`,
      token,
      payload: { skin_type: 'oily', concerns: ['acne'] },
    });
    expect(patched.statusCode).toBe(200);
    expect((await t.inject({ method: 'POST', url: '/my/survey_answers/reset', token })).statusCode).toBe(200);
    // The survey's own answers go (goals came from it alone); what the person set on the profile stays.
    expect((await t.inject({ method: 'GET', url: '/my/user', token })).json()).toMatchObject({
      skin_profile: { skin_type: 'oily', concerns: ['acne'], goals: [] },
    });
  });

  it("shows a user's survey to the user and admins only", async () => {
    const token = await t.tokenFor('lou');
    const lou = await t.user('lou');
    const url = `/users/${lou.id}/skin_profile/survey`;
    expect((await t.inject({ method: 'GET', url, token: await t.tokenFor('lou-stranger') })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url, token: await t.tokenFor('lou-admin', 'admin') })).statusCode).toBe(
      200,
    );
    expect((await t.inject({ method: 'GET', url: '/users/nobody-here/skin_profile/survey', token })).statusCode).toBe(
      404,
    );
    expect((await t.inject({ method: 'POST', url: '/my/survey_answers', payload: { answers: [] } })).statusCode).toBe(
      401,
    );
  });

  it('counts what the skin profile already says as answered (skin type and concerns set with PATCH skin_profile)', async () => {
    const token = await t.tokenFor('pat-profile');
    const pat = await t.user('pat-profile');
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: `/users/${pat.id}/skin_profile`,
          token,
          payload: { skin_type: 'oily', concerns: ['acne'], pregnant: false },
        })
      ).statusCode,
    ).toBe(200);
    const open = (await t.inject({ method: 'GET', url: '/my/survey/unanswered?limit=100', token })).json() as {
      items: Question[];
    };
    expect(open.items.map((q) => q.id)).not.toContain('skin_type');
    expect(open.items.map((q) => q.feeds)).toContain('pregnant');
    const answered = (await t.inject({ method: 'GET', url: '/my/survey/answered', token })).json() as {
      items: Array<Question & { from_skin_profile: boolean; answered_at: string | null }>;
    };
    const skinType = answered.items.find((q) => q.feeds === 'skin_type')!;
    expect(skinType).toMatchObject({ answers: ['oily'], from_skin_profile: true, answered_at: null });
    expect(answered.items.find((q) => q.feeds === 'concerns')).toMatchObject({
      answers: ['acne'],
      from_skin_profile: true,
    });
    expect((await t.inject({ method: 'GET', url: '/my/intake_decision', token })).json()).toMatchObject({
      answered_count: 2,
    });
    // A survey answer takes over from the profile.
    await t.inject({
      method: 'POST',
      url: '/my/survey_answers',
      token,
      payload: { answers: [{ question: 'skin_type', values: ['dry'] }] },
    });
    const after = (await t.inject({ method: 'GET', url: `/users/${pat.id}/skin_profile/survey`, token })).json() as {
      questions: Array<Question & { from_skin_profile: boolean }>;
    };
    expect(after.questions.find((q) => q.feeds === 'skin_type')).toMatchObject({
      answers: ['dry'],
      from_skin_profile: false,
    });
  });
});

describe('concurrent answers', () => {
  it('never fail with a 5xx and leave one answer per question', async () => {
    const token = await t.tokenFor('nell');
    const nell = await t.user('nell');
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.inject({
          method: 'POST',
          url: '/my/survey_answers',
          token,
          payload: { answers: [{ question: 'climate', values: [i % 2 ? 'humid' : 'cold'] }] },
        }),
      ),
    );
    expect(responses.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    expect(responses.some((r) => r.statusCode === 201)).toBe(true);
    const [{ n }] = await t
      .em()
      .getConnection()
      .execute('select count(*)::int as n from survey_answer where user_id = ?', [nell.id]);
    expect(n).toBe(1);
  });
});

describe('the intake decision', () => {
  it('is undecided until the user takes or skips the survey', async () => {
    const token = await t.tokenFor('mia');
    expect((await t.inject({ method: 'GET', url: '/my/intake_decision', token })).json()).toEqual({
      decision: 'undecided',
      decided_at: null,
      question_count: survey.questions.length,
      answered_count: 0,
    });
    const skipped = await t.inject({
      method: 'PATCH',
      url: '/my/survey/active/intake_decision',
      token,
      payload: { decision: 'skip' },
    });
    expect(skipped.json()).toMatchObject({ decision: 'skip', decided_at: expect.any(String) });
    expect((await t.inject({ method: 'GET', url: '/my/intake_decision', token })).json()).toMatchObject({
      decision: 'skip',
    });
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: '/my/survey/active/intake_decision',
          token,
          payload: { decision: 'undecided' },
        })
      ).json(),
    ).toMatchObject({ decision: 'undecided', decided_at: null });
    expect(
      errorOf(
        await t.inject({
          method: 'PATCH',
          url: '/my/survey/active/intake_decision',
          token,
          payload: { decision: 'maybe' },
        }),
      ).details,
    ).toMatchObject({ field: 'decision' });
    expect((await t.inject({ method: 'GET', url: '/my/intake_decision' })).statusCode).toBe(401);
  });
});
