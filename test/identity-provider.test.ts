import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { isFresh, parseEvent, signatureMatches } from '../src/modules/identity-provider/engine/event.js';
import { User } from '../src/modules/user/user.entity.js';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';
import { snapshotDb, snapshotDiff } from './helpers/route-fixtures.js';

const SECRET = 'test-idp-secret';
const sign = (text: string, secret = SECRET) => createHmac('sha256', secret).update(text, 'utf8').digest('hex');

let t: TestApp;
let counter = 0;
beforeAll(async () => {
  t = await startTestApp({ IDP_WEBHOOK_SECRET: SECRET });
});
afterAll(async () => {
  await t?.close();
});

interface EventBody {
  id?: unknown;
  type?: unknown;
  timestamp?: unknown;
  user?: Record<string, unknown>;
}
const event = (type: string, user: Record<string, unknown>, extra: Partial<EventBody> = {}): EventBody => ({
  id: `evt-${++counter}-${Date.now()}`,
  type,
  timestamp: new Date().toISOString(),
  user,
  ...extra,
});

/** Sends a body as these exact bytes, signed (or not) as given. */
function send(text: string, signature?: string | null, url = '/identity_provider') {
  return t.inject({
    method: 'POST',
    url,
    payload: text,
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-signature': signature } : {}) },
  });
}
const sendSigned = (body: EventBody) => {
  const text = JSON.stringify(body);
  return send(text, sign(text));
};
const bySubject = (subject: string) => t.em().findOne(User, { subject });

describe('the signature', () => {
  it('is checked over the exact raw bytes: unsigned, wrongly signed or re-serialised bodies get 401 and change nothing', async () => {
    const body = event('user.created', { subject: 'idp|sig', email: 'sig@example.com' });
    const spaced = JSON.stringify(body, null, 2);
    const before = await snapshotDb(t);
    for (const [signature, why] of [
      [null, /Missing X-Signature/],
      ['nothex', /does not match/],
      [sign(spaced, 'another-secret'), /does not match/],
      [sign(JSON.stringify(body)), /does not match/],
    ] as const) {
      const response = await send(spaced, signature);
      expect(response.statusCode).toBe(401);
      expect(errorOf(response)).toMatchObject({ code: 'UNAUTHENTICATED', message: expect.stringMatching(why) });
    }
    const empty = await t.inject({ method: 'POST', url: '/identity_provider' });
    expect(errorOf(empty).code).toBe('UNAUTHENTICATED');
    expect(
      errorOf(await t.inject({ method: 'POST', url: '/identity_provider', headers: { 'x-signature': sign('') } }))
        .details,
    ).toMatchObject({ field: 'body' });
    expect(snapshotDiff(before, await snapshotDb(t))).toBeNull();
    // The same bytes, rightly signed (with the sha256= prefix some providers use): applied.
    const ok = await send(spaced, `sha256=${sign(spaced)}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ event_id: body.id, status: 'applied', user_id: expect.any(String) });
  });

  it('wins over POST /:token, takes no payload in the query string, and guards the GraphQL mutation too', async () => {
    const text = JSON.stringify(event('user.created', { subject: 'idp|route' }));
    expect(errorOf(await send(text, null)).message).toMatch(/X-Signature/);
    expect(
      errorOf(await send(text, sign(text), `/identity_provider?payload=${encodeURIComponent(text)}`)).details,
    ).toMatchObject({ field: 'payload' });
    const graphql = await t.inject({
      method: 'POST',
      url: '/graphql',
      payload: {
        query:
          'mutation($p: String!, $s: String) { receiveIdentityProviderEvent(payload: $p, signature: $s) { status } }',
        variables: { p: text, s: sign(text, 'wrong') },
      },
    });
    expect((graphql.json() as { errors: Array<{ extensions: { code: string } }> }).errors[0].extensions.code).toBe(
      'UNAUTHENTICATED',
    );
    expect(await bySubject('idp|route')).toBeNull();
  });

  it('the engine on plain data', () => {
    expect(signatureMatches('k', '{"a":1}', sign('{"a":1}', 'k'))).toBe(true);
    expect(signatureMatches('k', '{"a":1}', sign('{"a": 1}', 'k'))).toBe(false);
    expect(signatureMatches('k', '{"a":1}', undefined)).toBe(false);
    expect(isFresh(new Date(Date.now() - 4 * 60_000), new Date())).toBe(true);
    expect(isFresh(new Date(Date.now() + 6 * 60_000), new Date())).toBe(false);
    expect(
      parseEvent(
        JSON.stringify({ id: 'e', type: 'user.updated', timestamp: 1_700_000_000, user: { subject: 's' } }),
      ).timestamp.toISOString(),
    ).toBe('2023-11-14T22:13:20.000Z');
    expect(() => parseEvent('{"id":"e","type":"user.exploded","timestamp":1,"user":{"subject":"s"}}')).toThrow(
      /type must be/,
    );
  });
});

describe('events', () => {
  it("user.created creates the subject's user, whose tokens then sign in as it; user.updated changes e-mail and name", async () => {
    const created = await sendSigned(
      event('user.created', {
        subject: 'idp|nora',
        email: 'nora@example.com',
        email_verified: true,
        username: 'Nora',
        name: 'Nora N.',
      }),
    );
    expect(created.statusCode).toBe(200);
    const nora = (await bySubject('idp|nora'))!;
    expect(nora).toMatchObject({ username: 'nora', email: 'nora@example.com', displayName: 'Nora N.' });
    expect(nora.emailVerifiedAt).toBeInstanceOf(Date);
    const token = await t.auth.sign({ sub: 'idp|nora' });
    expect((await t.inject({ method: 'GET', url: '/my/user', token })).json()).toMatchObject({
      id: nora.id,
      email: 'nora@example.com',
      email_verified: true,
    });

    const updated = await sendSigned(
      event('user.updated', { subject: 'idp|nora', email: 'nora@new.example', name: 'Nora New' }),
    );
    expect(updated.json()).toMatchObject({ status: 'applied', user_id: nora.id });
    expect((await t.inject({ method: 'GET', url: '/my/user', token })).json()).toMatchObject({
      email: 'nora@new.example',
      email_verified: false,
      display_name: 'Nora New',
      username: 'nora',
    });
  });

  it('a replayed event id changes nothing and answers 200 "duplicate"; a stale or future timestamp is a 400 and changes nothing', async () => {
    const first = event('user.created', { subject: 'idp|omar', name: 'Omar' });
    expect((await sendSigned(first)).json()).toMatchObject({ status: 'applied' });
    const before = await snapshotDb(t);
    const replay = await sendSigned({ ...first, type: 'user.deleted' });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ event_id: first.id, status: 'duplicate' });
    for (const timestamp of [
      new Date(Date.now() - 10 * 60_000).toISOString(),
      new Date(Date.now() + 10 * 60_000).toISOString(),
      Math.floor(Date.now() / 1000) - 600,
    ]) {
      const stale = await sendSigned(event('user.deleted', { subject: 'idp|omar' }, { timestamp }));
      expect(stale.statusCode).toBe(400);
      expect(errorOf(stale).details).toMatchObject({ field: 'timestamp' });
    }
    expect(snapshotDiff(before, await snapshotDb(t))).toBeNull();
    expect((await bySubject('idp|omar'))!.deletedAt ?? null).toBeNull();
  });

  it('rejects a malformed (but signed) event naming the field, changing nothing', async () => {
    const before = await snapshotDb(t);
    const cases: Array<[EventBody | string, string]> = [
      [event('user.exploded', { subject: 'idp|x' }), 'type'],
      [event('user.created', {}), 'user.subject'],
      [event('user.created', { subject: 'idp|x' }, { timestamp: 'yesterday' }), 'timestamp'],
      [event('user.created', { subject: 'idp|x', email_verified: 'yes' }), 'user.email_verified'],
      [{ type: 'user.created', timestamp: new Date().toISOString(), user: { subject: 'idp|x' } }, 'id'],
      ['[1,2]', 'body'],
    ];
    for (const [body, field] of cases) {
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      const response = await send(text, sign(text));
      expect({ field, status: response.statusCode, got: errorOf(response).details?.field }).toEqual({
        field,
        status: 400,
        got: field,
      });
    }
    expect(snapshotDiff(before, await snapshotDb(t))).toBeNull();
  });

  it('user.deleted anonymises personal data, keeps contributions, and leaves the subject unusable', async () => {
    await sendSigned(
      event('user.created', { subject: 'idp|pat', email: 'pat@example.com', username: 'pat', name: 'Pat Person' }),
    );
    const token = await t.auth.sign({ sub: 'idp|pat' });
    const pat = (await bySubject('idp|pat'))!;
    await t.inject({
      method: 'PATCH',
      url: `/users/${pat.id}/profile`,
      token,
      payload: { bio: 'My skin story', country: 'DE' },
    });
    await t.inject({
      method: 'POST',
      url: '/my/survey_answers',
      token,
      payload: { answers: [{ question: 'pregnancy', values: ['pregnant'] }] },
    });
    await t.inject({ method: 'PUT', url: '/ingredients/glycerin/feeling/positive', token });
    const friend = await t.tokenFor('pat-friend');
    await t.inject({ method: 'POST', url: '/users/pat/follow', token: friend });
    await t.inject({ method: 'POST', url: '/users/pat-friend/follow', token });
    const analysis = (
      await t.inject({
        method: 'POST',
        url: '/analyze/ingredient_list',
        token,
        payload: { ingredient_list: 'Aqua, Glycerin' },
      })
    ).json() as { token: string };

    const deleted = await sendSigned(event('user.deleted', { subject: 'idp|pat' }));
    expect(deleted.json()).toMatchObject({ status: 'applied', user_id: pat.id });

    const row = (await t.em().findOne(User, { id: pat.id }))!;
    expect(row).toMatchObject({
      email: null,
      displayName: null,
      bio: '',
      country: null,
      skinProfile: null,
      supergroups: [],
    });
    expect(row.username).toMatch(/^deleted-[0-9a-f]{12}$/);
    expect(row.subject).not.toBe('idp|pat');
    expect(row.deletedAt).toBeInstanceOf(Date);
    const count = async (table: string, column: string) =>
      (
        (await t
          .em()
          .getConnection()
          .execute(`select count(*)::int as n from ${table} where ${column} = ?`, [pat.id])) as Array<{ n: number }>
      )[0].n;
    expect(await count('survey_answer', 'user_id')).toBe(0);
    expect(await count('ingredient_feeling', 'user_id')).toBe(0);
    expect((await count('user_follow', 'follower_id')) + (await count('user_follow', 'followed_id'))).toBe(0);
    // Contributions stay.
    expect(await count('ingredient_analysis', 'owner_id')).toBe(1);
    expect((await t.inject({ method: 'GET', url: `/analyze/shared/${analysis.token}` })).statusCode).toBe(200);
    // The public profile shows the placeholder; lists leave the account out; it cannot be followed.
    expect((await t.inject({ method: 'GET', url: `/users/${pat.id}` })).json()).toMatchObject({
      username: row.username,
      display_name: null,
      bio: '',
      deleted_at: expect.any(String),
    });
    expect(
      ((await t.inject({ method: 'GET', url: '/users/lookup?username=deleted-' })).json() as { items: unknown[] })
        .items,
    ).toEqual([]);
    expect((await t.inject({ method: 'POST', url: `/users/${pat.id}/follow`, token: friend })).statusCode).toBe(404);
    // The old subject's tokens are refused: no new account of that name (test/account-deletion.test.ts).
    expect((await t.inject({ method: 'GET', url: '/my/user', token })).statusCode).toBe(401);

    expect((await sendSigned(event('user.deleted', { subject: 'idp|never-existed' }))).json()).toMatchObject({
      status: 'ignored',
      user_id: null,
    });
  });
});
