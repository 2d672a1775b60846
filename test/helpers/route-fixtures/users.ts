// Fixtures of the routes whose operations live in rest-mappings/users.graphql.
import { emailToken, feel, type FixtureTable, follows, makeCaller, none } from './base.js';

export const usersFixtures: FixtureTable = {
  'GET /users/:id_or_username': async ({ me }) => none({ id_or_username: me.username }),
  'GET /users/:id_or_username/ingredient_feelings': async ({ t, me }) => {
    await feel(t, me, 'glycerin');
    return { params: { id_or_username: me.id }, query: { sentiment: 'positive' } };
  },
  'GET /users/:id_or_username/ingredient_feelings/:ingredient_id_or_alias': async ({ t, me }) => {
    await feel(t, me, 'glycerin');
    return none({ id_or_username: me.username, ingredient_id_or_alias: 'glycerin' });
  },
  // The user exists, so a stranger learns nothing new: FORBIDDEN.
  'PATCH /users/:id/skin_profile': async ({ me }) => ({
    params: { id: me.id },
    body: { skin_type: 'oily', concerns: ['acne'], pregnant: false, feelings_public: true },
    strangerStatus: 403,
  }),
  'GET /users/:id/brands': async ({ me }) => none({ id: me.id }),
  'GET /users': async () => ({ params: {}, query: { limit: '5', user_type: 'member' } }),
  'GET /users/lookup': async ({ me }) => ({ params: {}, query: { username: me.username.slice(0, 4), limit: '5' } }),
  'GET /users/experts': async () => ({ params: {}, query: { limit: '5' } }),
  'PATCH /users/:id/identity/email': async ({ me, unique }) => ({
    params: { id: me.id },
    body: { email: `new-${unique()}@example.com` },
  }),
  // The token of a link as e-mailed, issued directly (the matrix's app logs mail instead of sending it).
  'PATCH /users/:id/identity/confirm_email_change': async ({ t, me, unique }) => ({
    params: { id: me.id },
    body: { token: await emailToken(t, me, `changed-${unique()}@example.com`) },
  }),
  // Its own name again: a valid change that keeps `me` findable by username.
  'PATCH /users/:id/identity/username': async ({ me }) => ({ params: { id: me.id }, body: { username: me.username } }),
  'GET /users/:id/skin_profile/survey': async ({ me }) => none({ id: me.id }),
  'GET /users/:id/skin_profile/unanswered': async ({ me }) => ({ params: { id: me.id }, query: { limit: '5' } }),
  'POST /users/:id/follow': async ({ admin }) => none({ id: (await admin()).username }),
  'DELETE /users/:id/unfollow': async ({ t, me, admin }) => {
    await follows(t, me, await admin());
    return none({ id: (await admin()).id });
  },
  'GET /users/:id/followed_by': async ({ t, me, admin }) => {
    await follows(t, await admin(), me);
    return { params: { id: me.id }, query: { limit: '5' } };
  },
  'GET /users/:id/following': async ({ t, me, admin }) => {
    await follows(t, me, await admin());
    return { params: { id: me.username }, query: { limit: '5' } };
  },
  'PATCH /users/:id/profile': async ({ me }) => ({
    params: { id: me.id },
    body: { display_name: 'Fixture Person', bio: 'Set by a route fixture.', country: 'FR' },
  }),
  'GET /users/:id/resend_verification_email': async ({ me }) => none({ id: me.id }),
  'PATCH /users/:id/user_type': async ({ t, unique }) => ({
    params: { id: (await makeCaller(t, `fixture-typed-${unique()}`)).id },
    body: { user_type: 'expert' },
  }),
  'POST /users/send_invite_link': async ({ unique }) => ({
    params: {},
    body: { email: `friend-${unique()}@example.com` },
  }),
};
