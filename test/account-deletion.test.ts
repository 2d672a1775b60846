// A signed `user.deleted` removes everything private or personal in one transaction, and the
// deleted subject's tokens are refused from then on (issue 12, item 8).
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { User } from '../src/modules/user/user.entity.js';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';
import { fixtureImage } from './helpers/route-fixtures.js';

const SECRET = 'test-idp-secret';
const sign = (text: string) => createHmac('sha256', SECRET).update(text, 'utf8').digest('hex');
let t: TestApp;
let counter = 0;
beforeAll(async () => {
  t = await startTestApp({ IDP_WEBHOOK_SECRET: SECRET });
});
afterAll(async () => {
  await t?.close();
});

function sendEvent(type: string, user: Record<string, unknown>) {
  const text = JSON.stringify({ id: `del-${++counter}-${Date.now()}`, type, timestamp: new Date().toISOString(), user });
  return t.inject({ method: 'POST', url: '/identity_provider', payload: text, headers: { 'content-type': 'application/json', 'x-signature': sign(text) } });
}
const count = async (sql: string, id: string) => ((await t.em().getConnection().execute(sql, [id])) as Array<{ n: number }>)[0].n;

describe('deleting an account', () => {
  it('removes the picture, private routines, pending drafts, routine requests, feedback and favourites, and refuses the old token', async () => {
    await sendEvent('user.created', { subject: 'idp|dana', email: 'dana@example.com', username: 'dana' });
    const token = await t.auth.sign({ sub: 'idp|dana' });
    const dana = (await t.em().findOne(User, { subject: 'idp|dana' }))!;
    const image = await fixtureImage();
    const picture = await t.inject({ method: 'PATCH', url: `/users/${dana.id}/profile_picture`, token, payload: { image } });
    expect(picture.statusCode).toBe(200);
    const pictureUrl = new URL((picture.json() as { profile_picture: { large: string } }).profile_picture.large).pathname;
    expect((await t.inject({ method: 'GET', url: pictureUrl })).statusCode).toBe(200);
    await t.inject({ method: 'PATCH', url: `/users/${dana.id}/skin_profile`, token, payload: { pregnant: true, skin_type: 'dry' } });
    const routine = await t.inject({ method: 'POST', url: '/routines/create', token, payload: { name: 'Private evening', time_of_day: 'evening' } });
    expect(routine.statusCode).toBe(201);
    const request = await t.inject({ method: 'POST', url: '/routines/request', token, payload: { message: 'Help with dry skin while pregnant' } });
    expect(request.statusCode).toBe(201);
    const feedback = await t.inject({ method: 'POST', url: '/ingredients/glycerin/submit_feedback', token, payload: { kind: 'irritation', message: 'It stung on my cheeks' } });
    expect(feedback.statusCode).toBe(201);
    const brand = (await t.em().getConnection().execute('select alias from brand limit 1'))[0] as { alias: string };
    const draft = await t.inject({ method: 'POST', url: '/product_drafts/create', token, payload: { name: 'Dana cream', brand: brand.alias, ingredient_list: 'Aqua, Glycerin' } });
    expect(draft.statusCode).toBe(201);
    const draftId = (draft.json() as { id: string }).id;
    expect((await t.inject({ method: 'PATCH', url: `/product_drafts/${draftId}/product_image`, token, payload: { image } })).statusCode).toBe(200);
    const draftImages = await count("select count(*)::int as n from stored_image where owner_kind = 'draft' and owner_id = ?", draftId);
    expect(draftImages).toBe(1);

    const deleted = await sendEvent('user.deleted', { subject: 'idp|dana' });
    expect(deleted.json()).toMatchObject({ status: 'applied', user_id: dana.id });

    expect((await t.inject({ method: 'GET', url: pictureUrl })).statusCode).toBe(404);
    expect(await count("select count(*)::int as n from stored_image where owner_id = ?", dana.id)).toBe(0);
    expect(await count("select count(*)::int as n from stored_image where owner_id = ?", draftId)).toBe(0);
    expect(await count('select count(*)::int as n from routine where owner_id = ?', dana.id)).toBe(0);
    expect(await count('select count(*)::int as n from routine_request where requester_id = ?', dana.id)).toBe(0);
    expect(await count('select count(*)::int as n from ingredient_feedback where user_id = ?', dana.id)).toBe(0);
    expect(await count('select count(*)::int as n from product_draft where author_id = ?', dana.id)).toBe(0);
    expect(await count("select count(*)::int as n from routine_request where skin_profile::text like '%pregnant%' and requester_id = ?", dana.id)).toBe(0);
    const row = (await t.em().findOne(User, { id: dana.id }))!;
    expect(row).toMatchObject({ email: null, skinProfile: null });

    // The old token: refused, and no account of that name comes back.
    const again = await t.inject({ method: 'GET', url: '/my/user', token });
    expect(again.statusCode).toBe(401);
    expect(errorOf(again).message).toMatch(/deleted/);
    expect(await t.em().count(User, { username: 'dana' })).toBe(0);
    // Nor does the identity provider re-create it.
    expect((await sendEvent('user.created', { subject: 'idp|dana', username: 'dana' })).statusCode).toBe(409);
  });

  it('a deletion of a subject never seen also refuses its tokens later', async () => {
    expect((await sendEvent('user.deleted', { subject: 'idp|ghost' })).json()).toMatchObject({ status: 'ignored' });
    expect((await t.inject({ method: 'GET', url: '/my/user', token: await t.auth.sign({ sub: 'idp|ghost' }) })).statusCode).toBe(401);
  });

  it('a failure half-way leaves everything as it was (one transaction)', async () => {
    await sendEvent('user.created', { subject: 'idp|erin', username: 'erin' });
    const token = await t.auth.sign({ sub: 'idp|erin' });
    const erin = (await t.em().findOne(User, { subject: 'idp|erin' }))!;
    await t.inject({ method: 'POST', url: '/ingredients/glycerin/submit_feedback', token, payload: { kind: 'other', message: 'fine' } });
    // Make the last step (the tombstone) fail: a trigger refuses the insert.
    const conn = t.em().getConnection();
    await conn.execute(`create or replace function refuse_tombstone() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`);
    await conn.execute('create trigger refuse_tombstone before insert on deleted_subject for each row execute function refuse_tombstone()');
    try {
      expect((await sendEvent('user.deleted', { subject: 'idp|erin' })).statusCode).toBe(500);
    } finally {
      await conn.execute('drop trigger refuse_tombstone on deleted_subject');
    }
    expect(await count('select count(*)::int as n from ingredient_feedback where user_id = ?', erin.id)).toBe(1);
    expect((await t.em().findOne(User, { id: erin.id }))!.subject).toBe('idp|erin');
  });
});
