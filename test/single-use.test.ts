// One-time actions under concurrency: many requests at once spending one
// link, approving one draft, publishing one routine or claiming one analysis; exactly one wins and
// the others get the contract's 4xx, never a 500 and never a second effect. On PostgreSQL the
// requests really run at once (a pool of connections); on PGlite they queue on its one connection.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { LightMyRequestResponse } from 'fastify';
import type { Context } from '../src/context.js';
import { issueEmailToken } from '../src/modules/user/identity.service.js';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';
import { makeCaller, type Caller } from './helpers/route-fixtures.js';

let t: TestApp;
let owner: Caller;
let moderators: Caller[];

beforeAll(async () => {
  t = await startTestApp();
  owner = await makeCaller(t, 'once-owner');
  moderators = await Promise.all(
    Array.from({ length: 10 }, (_, i) => makeCaller(t, `once-moderator-${i}`, 'moderator')),
  );
});
afterAll(async () => {
  await t?.close();
});

/** Status codes of the answers, counted. */
function tally(responses: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
}

const count = async (sql: string, params: unknown[]): Promise<number> =>
  Number((await t.em().execute<Array<{ n: string | number }>>(sql, params))[0].n);

describe('single-use actions, many requests at once', () => {
  it('an e-mailed link: twenty confirmations, one accepted', async () => {
    const em = t.em();
    const user = await t.user(owner.username);
    const { token } = await issueEmailToken(
      { em } as unknown as Pick<Context, 'em'>,
      user,
      'email_change',
      'once-owner-new@example.com',
    );
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.inject({
          method: 'PATCH',
          url: `/users/${owner.id}/identity/confirm_email_change`,
          token: owner.token,
          payload: { token },
        }),
      ),
    );
    expect(tally(responses)).toEqual({ 200: 1, 400: 19 });
    for (const r of responses.filter((x) => x.statusCode === 400))
      expect(errorOf(r)).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/already used/) });
    expect(
      await count('select count(*) as n from email_token where user_id = ? and used_at is not null', [owner.id]),
    ).toBe(1);
  });

  it('the link page too: twenty POSTs of the form, one confirms', async () => {
    const user = await t.user(owner.username);
    const { token } = await issueEmailToken(
      { em: t.em() } as unknown as Pick<Context, 'em'>,
      user,
      'email_change',
      'once-owner-page@example.com',
    );
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.inject({
          method: 'POST',
          url: '/p/email/confirm',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: `token=${encodeURIComponent(token)}`,
        }),
      ),
    );
    expect(tally(responses)).toEqual({ 200: 1, 400: 19 });
  });

  it('a product draft: ten moderators approve at once, one product, nine CONFLICTs', async () => {
    const product = (
      (await t.inject({ method: 'GET', url: '/products?limit=1' })).json() as {
        items: Array<{ brand: { alias: string } }>;
      }
    ).items[0];
    const name = `Once serum ${Date.now()}`;
    const created = await t.inject({
      method: 'POST',
      url: '/product_drafts/create',
      token: owner.token,
      payload: { name, brand: product.brand.alias, ingredient_list: 'Aqua, Glycerin, Niacinamide' },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: string };
    const responses = await Promise.all(
      moderators.map((m) =>
        t.inject({ method: 'POST', url: '/product_drafts/approve', token: m.token, payload: { id } }),
      ),
    );
    expect(tally(responses)).toEqual({ 200: 1, 409: 9 });
    for (const r of responses.filter((x) => x.statusCode === 409)) expect(errorOf(r).code).toBe('CONFLICT');
    expect(await count('select count(*) as n from product where name = ?', [name])).toBe(1);
    const winner = responses.find((r) => r.statusCode === 200)!.json() as {
      reviewer: { id: string };
      product: { name: string };
    };
    expect(winner.product.name).toBe(name);
    expect(
      await count('select count(*) as n from product_draft where id = ? and reviewer_id = ?', [id, winner.reviewer.id]),
    ).toBe(1);
  });

  it('ten drafts of one name approved at once: each a product or a CONFLICT naming the alias, never a 500', async () => {
    const product = (
      (await t.inject({ method: 'GET', url: '/products?limit=1' })).json() as {
        items: Array<{ brand: { alias: string } }>;
      }
    ).items[0];
    const name = `Twin serum ${Date.now()}`;
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const created = await t.inject({
        method: 'POST',
        url: '/product_drafts/create',
        token: owner.token,
        payload: { name, brand: product.brand.alias, ingredient_list: 'Aqua, Glycerin' },
      });
      ids.push((created.json() as { id: string }).id);
    }
    // Each approval picks the alias "<brand>-<name>" if no product has it yet: all at once, they race for it.
    const responses = await Promise.all(
      ids.map((id, i) =>
        t.inject({ method: 'POST', url: '/product_drafts/approve', token: moderators[i].token, payload: { id } }),
      ),
    );
    const counts = tally(responses);
    expect(Object.keys(counts).sort()).toEqual(expect.arrayContaining(['200']));
    expect(Object.keys(counts).every((status) => status === '200' || status === '409')).toBe(true);
    for (const r of responses.filter((x) => x.statusCode === 409))
      expect(errorOf(r)).toMatchObject({ code: 'CONFLICT', details: { field: 'alias' } });
    expect(await count('select count(*) as n from product where name = ?', [name])).toBe(counts[200]);
    // Over GraphQL the same race is a CONFLICT in extensions.code, not INTERNAL.
    const more: string[] = [];
    for (let i = 0; i < 6; i++) {
      const created = await t.inject({
        method: 'POST',
        url: '/product_drafts/create',
        token: owner.token,
        payload: { name: `${name} b`, brand: product.brand.alias, ingredient_list: 'Aqua, Glycerin' },
      });
      more.push((created.json() as { id: string }).id);
    }
    const viaGraphql = await Promise.all(
      more.map((id, i) =>
        t.inject({
          method: 'POST',
          url: '/graphql',
          token: moderators[i].token,
          payload: { query: 'mutation($id: String!) { approveProductDraft(id: $id) { id } }', variables: { id } },
        }),
      ),
    );
    for (const r of viaGraphql) {
      const errors = (r.json() as { errors?: Array<{ extensions: { code: string } }> }).errors ?? [];
      expect(errors.map((e) => e.extensions.code).filter((c) => c !== 'CONFLICT')).toEqual([]);
    }
  });

  it('a routine: ten publishes at once, one 200, nine CONFLICTs', async () => {
    const created = await t.inject({
      method: 'POST',
      url: '/routines/create',
      token: owner.token,
      payload: { name: 'Once a day', time_of_day: 'morning' },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: string };
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.inject({ method: 'PATCH', url: `/routines/${id}/publish`, token: owner.token }),
      ),
    );
    expect(tally(responses)).toEqual({ 200: 1, 409: 9 });
  });

  it('an anonymous analysis: ten people claim it at once, one owns it', async () => {
    const analysed = await t.inject({
      method: 'POST',
      url: '/analyze/ingredient_list',
      payload: { ingredient_list: 'Aqua, Glycerin' },
    });
    expect(analysed.statusCode).toBe(201);
    const { token } = analysed.json() as { token: string };
    const claimers = await Promise.all(Array.from({ length: 10 }, (_, i) => makeCaller(t, `once-claimer-${i}`)));
    const responses = await Promise.all(
      claimers.map((c) => t.inject({ method: 'PATCH', url: `/analyze/claim/${token}`, token: c.token })),
    );
    expect(tally(responses)).toEqual({ 200: 1, 409: 9 });
    const winner = claimers[responses.findIndex((r) => r.statusCode === 200)];
    expect(
      await count('select count(*) as n from ingredient_analysis where token = ? and owner_id = ?', [token, winner.id]),
    ).toBe(1);
  });
});
