// Fixtures of the routes whose operations live in rest-mappings/my.graphql.
import { feel, type FixtureTable, follows, none, ok } from './base.js';

export const myFixtures: FixtureTable = {
  'GET /my/products': async () => ({ params: {}, query: { limit: '5' } }),
  'GET /my/ingredient_analyses': async () => ({ params: {}, query: { limit: '5' } }),
  'GET /my/ingredient_feedback': async () => ({ params: {}, query: { limit: '5' } }),
  'GET /my/ingredient_feedback/:ingredient_id_or_alias': async () => none({ ingredient_id_or_alias: 'niacinamide' }),
  'GET /my/user': async () => none(),
  'GET /my/export': async () => none(),
  'GET /my/ingredient_feelings': async () => ({ params: {}, query: { limit: '5' } }),
  'GET /my/ingredient_feelings/positive': async () => none(),
  'GET /my/ingredient_feelings/negative': async () => none(),
  // NOT_FOUND when the caller has no feeling on it: make one.
  'GET /my/ingredient_feelings/:ingredient_id_or_alias': async ({ t, me }) => {
    await feel(t, me, 'glycerin');
    return none({ ingredient_id_or_alias: 'glycerin' });
  },
  'PATCH /my/user/supergroups': async () => ({ params: {}, body: { supergroups: ['acne', 'minimalists'] } }),
  'GET /my/followed_by': async ({ t, me, admin }) => {
    await follows(t, await admin(), me);
    return { params: {}, query: { limit: '5' } };
  },
  'GET /my/following': async ({ t, me, admin }) => {
    await follows(t, me, await admin());
    return { params: {}, query: { limit: '5' } };
  },
  'GET /my/compatibility/product/:id_or_alias': async ({ catalog }) => none({ id_or_alias: catalog.product.alias }),
  'GET /my/intake_decision': async () => none(),
  'PATCH /my/survey/active/intake_decision': async () => ({ params: {}, body: { decision: 'take' } }),
  'GET /my/survey/answered': async ({ t, me }) => {
    await ok(
      await t.inject({
        method: 'POST',
        url: '/my/survey_answers',
        payload: { answers: [{ question: 'climate', values: ['temperate'] }] },
        token: me.token,
      }),
      'POST /my/survey_answers',
      201,
    );
    return { params: {}, query: { limit: '5' } };
  },
  'GET /my/survey/unanswered': async () => ({ params: {}, query: { limit: '5' } }),
  'POST /my/survey_answers': async () => ({
    params: {},
    body: {
      answers: [
        { question: 'skin_type', values: ['oily'] },
        { question: 'concerns', values: ['acne', 'large_pores'] },
      ],
    },
  }),
  'POST /my/survey_answers/reset': async () => none(),
};
