// A person with something in most tables that hold a user id, made through the API as they would
// make it (the account-deletion and data-export tests start from this person).
import { expect } from '@jest/globals';
import type { LightMyRequestResponse } from 'fastify';
import { policyEntries } from '../../src/modules/account/user-data-policy.js';
import { idempotencyCaller, userCallerKey } from '../../src/platform/idempotency-caller.js';
import { newId } from '../../src/modules/shared/ids.js';
import type { TestApp } from './app.js';
import { fixtureImage } from './route-fixtures.js';
import { insertPlan, twoProductPlan } from './stored-plans.js';

export interface Person {
  id: string;
  subject: string;
  token: string;
  /** Another person whose published routine and opinion this one favours and endorses. */
  friend: { id: string; token: string; routineId: string };
  privateRoutineId: string;
  publishedRoutineId: string;
  draftId: string;
}

const ok = (response: LightMyRequestResponse, what: string): LightMyRequestResponse => {
  if (response.statusCode >= 300) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return response;
};

export async function seedPerson(t: TestApp, username: string): Promise<Person> {
  const sql = <T>(query: string, params: unknown[] = []) =>
    t.em().getConnection().execute(query, params) as Promise<T[]>;
  const token = await t.tokenFor(username, 'expert');
  const me = await t.user(username);
  const friendToken = await t.tokenFor(`${username}-friend`, 'expert');
  const friend = await t.user(`${username}-friend`);
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, as = token) =>
    ok(await t.inject({ method, url, token: as, ...(payload ? { payload } : {}) }), `${method} ${url}`);
  const gql = async (query: string, variables: object, as = token) => {
    const response = await t.inject({ method: 'POST', url: '/graphql', token: as, payload: { query, variables } });
    expect(response.json()).not.toHaveProperty('errors');
    return response.json() as { data: Record<string, { id: string }> };
  };
  const [product, other] = await sql<{ id: string; alias: string }>(
    `select p.id, p.alias from product p where p.status = 'published' and exists (select 1 from product_offer o where o.product_id = p.id) order by p.alias limit 2`,
  );
  const brand = (await sql<{ alias: string }>('select alias from brand order by alias limit 1'))[0];

  // Profile, picture, skin profile, survey, feelings, reactions.
  await call('PATCH', `/users/${me.id}/profile`, {
    display_name: 'Zoe Example',
    bio: 'Dry skin, loves oils',
    country: 'FR',
  });
  await call('PATCH', `/users/${me.id}/profile_picture`, { image: await fixtureImage() });
  await call('PATCH', `/users/${me.id}/skin_profile`, { skin_type: 'dry', pregnant: true });
  await call('POST', '/my/survey_answers', { answers: [{ question: 'skin_type', values: ['dry'] }] });
  await call('PUT', '/ingredients/glycerin/feeling/negative');
  await call('POST', '/my/reactions', {
    product: product.alias,
    outcome: 'irritated',
    note: 'Red patches on my cheeks',
  });
  await call('POST', '/ingredients/glycerin/submit_feedback', { kind: 'irritation', message: 'It stung' });

  // Routines: a private one, a published one, a request, a favourite of the friend's routine.
  const privateRoutine = (
    await call('POST', '/routines/create', { name: 'Zoe private night', time_of_day: 'evening' })
  ).json() as { id: string };
  const publishedRoutine = (
    await call('POST', '/routines/create', { name: 'Zoe public morning', time_of_day: 'morning' })
  ).json() as { id: string };
  await call('PATCH', `/routines/${publishedRoutine.id}/publish`);
  const friendRoutine = (
    await call('POST', '/routines/create', { name: 'Friend routine', time_of_day: 'evening' }, friendToken)
  ).json() as { id: string };
  await call('PATCH', `/routines/${friendRoutine.id}/publish`, undefined, friendToken);
  await call('POST', `/routines/${friendRoutine.id}/favorite`);
  await call('POST', `/routines/${publishedRoutine.id}/favorite`, undefined, friendToken);
  await call('POST', '/routines/request', { message: 'Help: dry and pregnant' });

  // A routine plan over two catalog products (its stored inputs carry pregnancy status, declared medicines and a
  // prescription), accepted: its routines get schedule rows.
  const planId = await insertPlan(t, username, twoProductPlan(product.id, other.id));
  await call('POST', `/my/routine_plans/${planId}/accept`, { replace_current: false });

  // Catalog: favourites, a draft with an image, a tutorial draft, an analysis, a shared comparison, a buy click.
  await call('POST', `/products/${product.alias}/favorite`);
  const draft = (
    await call('POST', '/product_drafts/create', {
      name: 'Zoe cream',
      brand: brand.alias,
      ingredient_list: 'Aqua, Glycerin',
    })
  ).json() as { id: string };
  await call('PATCH', `/product_drafts/${draft.id}/product_image`, { image: await fixtureImage() });
  await call('POST', '/product_tutorials/create', { product: product.alias, title: 'How Zoe uses it' });
  await call('POST', '/analyze/ingredient_list', { ingredient_list: 'Aqua, Glycerin, Niacinamide' });
  await call('POST', '/compare/share', { items: [product.alias, other.alias] });
  expect((await t.inject({ method: 'GET', url: `/buy/${product.alias}/retailer`, token })).statusCode).toBe(302);

  // Opinions: one written, one of the friend's endorsed.
  await call('POST', '/ingredient_opinions/create', {
    ingredient: 'glycerin',
    text: 'A reliable humectant #hydration',
  });
  const friendOpinion = (
    await call('POST', '/ingredient_opinions/create', { ingredient: 'niacinamide', text: 'Calms redness' }, friendToken)
  ).json() as { id: string };
  await gql('mutation($o: String!) { endorseIngredientOpinion(opinionUuid: $o) { id } }', { o: friendOpinion.id });

  // People: follows both ways, an invitation, the digest setting, an alert.
  await call('POST', `/users/${friend.id}/follow`);
  await call('POST', `/users/${me.id}/follow`, undefined, friendToken);
  await call('POST', '/users/send_invite_link', { email: `${username}-invitee@example.com` });
  await call('PUT', '/my/settings/reformulation_digest', { enabled: false });
  await sql(
    `insert into reformulation_alert (id, created_at, user_id, product_id, from_version, to_version, reasons) values (?, now(), ?, ?, 1, 2, '[]')`,
    [newId(), me.id, product.id],
  );

  return {
    id: me.id,
    subject: me.subject,
    token,
    friend: { id: friend.id, token: friendToken, routineId: friendRoutine.id },
    privateRoutineId: privateRoutine.id,
    publishedRoutineId: publishedRoutine.id,
    draftId: draft.id,
  };
}

/** Rows a policy entry finds for a person (id or subject), counted in the database. */
export async function rowsPerEntry(
  t: TestApp,
  person: { id: string; subject: string },
  subjectHash: (s: string) => string,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const em = t.em();
  for (const [entity, property, policy] of policyEntries()) {
    const value =
      policy.holds === 'subject'
        ? person.subject
        : policy.holds === 'subjectHash'
          ? subjectHash(person.subject)
          : policy.holds === 'idempotencyCaller'
            ? idempotencyCaller(userCallerKey(person.subject))
            : person.id;
    const cls = em.getMetadata().getByClassName(entity).class;
    counts.set(`${entity}.${property}`, await em.count(cls, { [property]: value, ...policy.scope } as never));
  }
  return counts;
}
