// A signed `user.deleted` removes everything private or personal in one transaction, and the
// deleted subject's tokens are refused from then on.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  policyEntries,
  userColumns,
  type PropertyShape,
  userDataPolicy,
  userRowPolicy,
} from '../src/modules/account/user-data-policy.js';
import { previousWeek, weekOf } from '../src/modules/routine/engine/contest-weeks.js';
import { newId } from '../src/modules/shared/ids.js';
import { subjectHash } from '../src/modules/user/deleted-subject.service.js';
import { User } from '../src/modules/user/user.entity.js';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';
import { rowsPerEntry, seedPerson } from './helpers/personal-data.js';
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
  const text = JSON.stringify({
    id: `del-${++counter}-${Date.now()}`,
    type,
    timestamp: new Date().toISOString(),
    user,
  });
  return t.inject({
    method: 'POST',
    url: '/identity_provider',
    payload: text,
    headers: { 'content-type': 'application/json', 'x-signature': sign(text) },
  });
}
const count = async (sql: string, id: string) =>
  ((await t.em().getConnection().execute(sql, [id])) as Array<{ n: number }>)[0].n;

describe('deleting an account', () => {
  it('removes the picture, private routines, pending drafts, routine requests, feedback and favourites, and refuses the old token', async () => {
    await sendEvent('user.created', { subject: 'idp|dana', email: 'dana@example.com', username: 'dana' });
    const token = await t.auth.sign({ sub: 'idp|dana' });
    const dana = (await t.em().findOne(User, { subject: 'idp|dana' }))!;
    const image = await fixtureImage();
    const picture = await t.inject({
      method: 'PATCH',
      url: `/users/${dana.id}/profile_picture`,
      token,
      payload: { image },
    });
    expect(picture.statusCode).toBe(200);
    const pictureUrl = new URL((picture.json() as { profile_picture: { large: string } }).profile_picture.large)
      .pathname;
    expect((await t.inject({ method: 'GET', url: pictureUrl })).statusCode).toBe(200);
    await t.inject({
      method: 'PATCH',
      url: `/users/${dana.id}/skin_profile`,
      token,
      payload: { pregnant: true, skin_type: 'dry' },
    });
    const routine = await t.inject({
      method: 'POST',
      url: '/routines/create',
      token,
      payload: { name: 'Private evening', time_of_day: 'evening' },
    });
    expect(routine.statusCode).toBe(201);
    const request = await t.inject({
      method: 'POST',
      url: '/routines/request',
      token,
      payload: { message: 'Help with dry skin while pregnant' },
    });
    expect(request.statusCode).toBe(201);
    const feedback = await t.inject({
      method: 'POST',
      url: '/ingredients/glycerin/submit_feedback',
      token,
      payload: { kind: 'irritation', message: 'It stung on my cheeks' },
    });
    expect(feedback.statusCode).toBe(201);
    const brand = (await t.em().getConnection().execute('select alias from brand limit 1'))[0] as { alias: string };
    const draft = await t.inject({
      method: 'POST',
      url: '/product_drafts/create',
      token,
      payload: { name: 'Dana cream', brand: brand.alias, ingredient_list: 'Aqua, Glycerin' },
    });
    expect(draft.statusCode).toBe(201);
    const draftId = (draft.json() as { id: string }).id;
    expect(
      (await t.inject({ method: 'PATCH', url: `/product_drafts/${draftId}/product_image`, token, payload: { image } }))
        .statusCode,
    ).toBe(200);
    const draftImages = await count(
      "select count(*)::int as n from stored_image where owner_kind = 'draft' and owner_id = ?",
      draftId,
    );
    expect(draftImages).toBe(1);

    const deleted = await sendEvent('user.deleted', { subject: 'idp|dana' });
    expect(deleted.json()).toMatchObject({ status: 'applied', user_id: dana.id });

    expect((await t.inject({ method: 'GET', url: pictureUrl })).statusCode).toBe(404);
    expect(await count('select count(*)::int as n from stored_image where owner_id = ?', dana.id)).toBe(0);
    expect(await count('select count(*)::int as n from stored_image where owner_id = ?', draftId)).toBe(0);
    expect(await count('select count(*)::int as n from routine where owner_id = ?', dana.id)).toBe(0);
    expect(await count('select count(*)::int as n from routine_request where requester_id = ?', dana.id)).toBe(0);
    expect(await count('select count(*)::int as n from ingredient_feedback where user_id = ?', dana.id)).toBe(0);
    expect(await count('select count(*)::int as n from product_draft where author_id = ?', dana.id)).toBe(0);
    expect(
      await count(
        "select count(*)::int as n from routine_request where skin_profile::text like '%pregnant%' and requester_id = ?",
        dana.id,
      ),
    ).toBe(0);
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
    expect(
      (await t.inject({ method: 'GET', url: '/my/user', token: await t.auth.sign({ sub: 'idp|ghost' }) })).statusCode,
    ).toBe(401);
  });

  it('a failure half-way leaves everything as it was (one transaction)', async () => {
    await sendEvent('user.created', { subject: 'idp|erin', username: 'erin' });
    const token = await t.auth.sign({ sub: 'idp|erin' });
    const erin = (await t.em().findOne(User, { subject: 'idp|erin' }))!;
    await t.inject({
      method: 'POST',
      url: '/ingredients/glycerin/submit_feedback',
      token,
      payload: { kind: 'other', message: 'fine' },
    });
    // Make the last step (the tombstone) fail: a trigger refuses the insert.
    const conn = t.em().getConnection();
    await conn.execute(
      `create or replace function refuse_tombstone() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`,
    );
    await conn.execute(
      'create trigger refuse_tombstone before insert on deleted_subject for each row execute function refuse_tombstone()',
    );
    try {
      expect((await sendEvent('user.deleted', { subject: 'idp|erin' })).statusCode).toBe(500);
    } finally {
      await conn.execute('drop trigger refuse_tombstone on deleted_subject');
    }
    expect(await count('select count(*)::int as n from ingredient_feedback where user_id = ?', erin.id)).toBe(1);
    expect((await t.em().findOne(User, { id: erin.id }))!.subject).toBe('idp|erin');
  });
});

describe('the user-data policy', () => {
  it('declares every column of every entity that refers to a person, and nothing that is not one', () => {
    const metadata = [...t.orm.getMetadata()];
    const found = userColumns(metadata as never);
    expect(found.filter((key) => !(key in userDataPolicy))).toEqual([]);
    expect(Object.keys(userDataPolicy).filter((key) => !found.includes(key))).toEqual([]);
    // Every many-to-one to User is among them (the scan is not only by name).
    const toUser = metadata.flatMap((m) =>
      Object.values(m.properties)
        .filter((p) => p.kind === 'm:1' && p.targetMeta?.className === 'User')
        .map((p) => `${m.className}.${p.name}`),
    );
    expect(toUser.length).toBeGreaterThan(30);
    expect(toUser.filter((key) => !found.includes(key))).toEqual([]);
    for (const [key, policy] of Object.entries(userDataPolicy)) {
      expect({ key, why: policy.why.length > 10 }).toEqual({ key, why: true });
      const meta = t.orm.getMetadata().getByClassName(key.split('.')[0]);
      for (const property of Object.keys({ ...policy.deleteOnly, ...policy.scope }))
        expect({ key, property, known: property in meta.properties }).toEqual({ key, property, known: true });
    }
    // The account row: every property has a rule.
    const userProperties = Object.keys(t.orm.getMetadata().getByClassName('User').properties);
    expect(userProperties.filter((p) => !(p in userRowPolicy))).toEqual([]);
    expect(Object.keys(userRowPolicy).filter((p) => !userProperties.includes(p))).toEqual([]);
  });

  it('flags a table added later whose user column has no policy', () => {
    const added: Array<{ className: string; properties: Record<string, PropertyShape> }> = [
      {
        className: 'SkinDiary',
        properties: {
          id: { name: 'id', kind: 'scalar' },
          writer: { name: 'writer', kind: 'm:1', type: 'User', targetMeta: { className: 'User' } },
        },
      },
      {
        className: 'Coupon',
        properties: {
          memberId: { name: 'memberId', kind: 'scalar', type: 'uuid' },
          code: { name: 'code', kind: 'scalar' },
        },
      },
    ];
    expect(userColumns(added).filter((key) => !(key in userDataPolicy))).toEqual([
      'SkinDiary.writer',
      'Coupon.memberId',
    ]);
  });

  it('deleting a person leaves nothing the policy deletes, clears what it clears, keeps the rest; closed contest weeks keep their scores', async () => {
    const zoe = await seedPerson(t, 'zoe');
    const sql = <T>(query: string, params: unknown[] = []) =>
      t.em().getConnection().execute(query, params) as Promise<T[]>;
    // Zoe also favoured a routine three weeks ago, in a contest now closed, with another fan.
    const closed = previousWeek(previousWeek(previousWeek(weekOf(new Date()))));
    const old = (
      await t.inject({
        method: 'POST',
        url: '/routines/create',
        token: zoe.friend.token,
        payload: { name: 'Friend classic', time_of_day: 'morning' },
      })
    ).json() as { id: string };
    expect(
      (await t.inject({ method: 'PATCH', url: `/routines/${old.id}/publish`, token: zoe.friend.token })).statusCode,
    ).toBe(200);
    await t.tokenFor('zoe-fan');
    const fan = await t.user('zoe-fan');
    const inClosedWeek = new Date(closed.startsAt.getTime() + 86_400_000);
    for (const userId of [zoe.id, fan.id]) {
      await sql('insert into routine_favorite (id, user_id, routine_id, created_at) values (?, ?, ?, ?)', [
        newId(),
        userId,
        old.id,
        inClosedWeek,
      ]);
    }
    const scoreOf = async (week: string, routineId: string) =>
      (
        (
          await t.inject({ method: 'GET', url: `/contests/most_liked_routine/leaderboard/${week}?limit=100` })
        ).json() as { items: Array<{ score: number; routine: { id: string } }> }
      ).items.find((e) => e.routine.id === routineId)?.score ?? 0;
    const now = weekOf(new Date()).weekNumber;
    expect(await scoreOf(closed.weekNumber, old.id)).toBe(2);
    const openBefore = await scoreOf(now, zoe.friend.routineId);
    expect(openBefore).toBeGreaterThanOrEqual(1);

    const before = await rowsPerEntry(t, zoe, subjectHash);
    // The seeded person has rows in (nearly) every table the policy deletes from or clears.
    const seeded = policyEntries()
      .filter(([e, p, policy]) => policy.onErase !== 'keep' && before.get(`${e}.${p}`)! > 0)
      .map(([e, p]) => `${e}.${p}`);
    expect(seeded).toEqual(
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
        'UserThrottle.user',
        'StoredImage.ownerId',
        'IngredientOpinionEndorsement.user',
        'Routine.owner',
        'ProductTutorial.author',
        'ProductDraft.author',
        'ProductBuyClick.user',
        'SharedComparison.owner',
      ]),
    );
    const kept = async () =>
      new Map<string, number>(
        await Promise.all(
          policyEntries()
            .filter(([, , p]) => p.deleteOnly)
            .map(async ([e, p, policy]) => {
              const cls = t.orm.getMetadata().getByClassName(e).class;
              return [`${e}.${p}`, await t.em().count(cls, { [p]: zoe.id, $not: policy.deleteOnly } as never)] as const;
            }),
        ),
      );
    const keptBefore = await kept();

    expect((await sendEvent('user.deleted', { subject: zoe.subject })).json()).toMatchObject({
      status: 'applied',
      user_id: zoe.id,
    });

    const after = await rowsPerEntry(t, zoe, subjectHash);
    const keptAfter = await kept();
    for (const [entity, property, policy] of policyEntries()) {
      const key = `${entity}.${property}`;
      // Erasure itself records the subject's hash (how old tokens are refused).
      const expected =
        policy.holds === 'subjectHash'
          ? 1
          : policy.onErase === 'keep'
            ? before.get(key)
            : policy.deleteOnly
              ? keptBefore.get(key)
              : 0;
      expect({ key, rows: after.get(key) }).toEqual({ key, rows: expected });
    }
    expect(keptAfter).toEqual(keptBefore);
    // Her published routine stays; the friend's favourite of it too.
    expect((await t.inject({ method: 'GET', url: `/routines/${zoe.publishedRoutineId}` })).statusCode).toBe(200);
    // favorited_by no longer lists her, and the endorsement count went down.
    const fans = (await t.inject({ method: 'GET', url: `/routines/${zoe.friend.routineId}/favorited_by` })).json() as {
      items: Array<{ id: string; username: string }>;
    };
    expect(fans.items.map((u) => u.id)).not.toContain(zoe.id);
    const [{ n: endorsements }] = await sql<{ n: number }>(
      `select coalesce(sum(endorsement_count), 0)::int as n from ingredient_opinion o join app_user u on u.id = o.author_id where u.username = 'zoe-friend'`,
    );
    expect(endorsements).toBe(0);
    // The closed week is as it was; the open week lost her favourite.
    expect(await scoreOf(closed.weekNumber, old.id)).toBe(2);
    expect(await scoreOf(now, zoe.friend.routineId)).toBe(openBefore - 1);
    // The account row is the tombstone: every rule applied.
    const [row] = await sql<Record<string, unknown>>('select * from app_user where id = ?', [zoe.id]);
    expect(row).toMatchObject({
      display_name: null,
      email: null,
      bio: '',
      country: null,
      skin_profile: null,
      supergroups: [],
      intake_decided_at: null,
      email_verified_at: null,
    });
    expect(row.username).toMatch(/^deleted-/);
    expect(row.subject).toMatch(/^deleted:/);
    expect(row.deleted_at).not.toBeNull();
  });
});
