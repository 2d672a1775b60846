// Every link of every e-mail we send opens a page: real SMTP deliveries (the routine
// request answer, the reformulation digest), each of their links followed as a browser would
// (no API token): 200 and HTML, never the API's JSON. Private routines stay private on the page.
// The verification, e-mail change and invite mails: test/email.test.ts and scripts/check-pages.ts.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createMailer } from '../src/modules/mail/mailer.js';
import { sendReformulationDigests } from '../src/modules/reformulation/reformulation-digest.service.js';
import { startTestApp, type TestApp } from './helpers/app.js';
import { startSmtpInbox, type SmtpInbox, type Received } from './helpers/smtp-inbox.js';

const PUBLIC_URL = 'https://skin.example';
const form = { 'content-type': 'application/x-www-form-urlencoded' };
let t: TestApp;
let smtp: SmtpInbox;

beforeAll(async () => {
  smtp = await startSmtpInbox();
  t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Every link of a message: absolute, on PUBLIC_URL. */
function linksOf(mail: Received): string[] {
  const links = mail.body.match(/https?:\/\/[^\s<>"]+/g) ?? [];
  for (const link of links) expect(link.startsWith(`${PUBLIC_URL}/`)).toBe(true);
  return links.map((link) => link.slice(PUBLIC_URL.length));
}

/** Opens each link without an API token, as a mail reader's browser does: each is an HTML page. */
async function expectPages(paths: string[]): Promise<Map<string, string>> {
  const bodies = new Map<string, string>();
  for (const path of paths) {
    const page = await t.inject({ method: 'GET', url: path });
    expect({ path, status: page.statusCode, type: page.headers['content-type'] }).toEqual({
      path,
      status: 200,
      type: 'text/html; charset=utf-8',
    });
    expect(page.body).toMatch(/^<!doctype html>/);
    bodies.set(path, page.body);
  }
  return bodies;
}

const gql = (query: string, token: string, variables: object) =>
  t.inject({ method: 'POST', url: '/graphql', token, payload: { query, variables } });
const productAlias = async () =>
  (
    (await t.inject({ method: 'GET', url: '/products?limit=1' })).json() as {
      items: Array<{ alias: string; name: string }>;
    }
  ).items[0];

describe('links in e-mails', () => {
  it("the routine request answer links to the routine's page, not its JSON", async () => {
    const requester = await t.tokenFor('links-requester');
    const me = await t.user('links-requester');
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: `/users/${me.id}/skin_profile`,
          token: requester,
          payload: { skin_type: 'oily', concerns: ['acne'] },
        })
      ).statusCode,
    ).toBe(200);
    const request = await t.inject({
      method: 'POST',
      url: '/routines/request',
      token: requester,
      payload: { message: 'Something for the evening?', time_of_day: 'evening' },
    });
    expect(request.statusCode).toBe(201);
    const expert = await t.tokenFor('links-expert', 'expert');
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: '/my/user/supergroups',
          token: expert,
          payload: { supergroups: ['acne'] },
        })
      ).statusCode,
    ).toBe(200);
    const product = await productAlias();
    const created = await t.inject({
      method: 'POST',
      url: '/routines/create',
      token: expert,
      payload: {
        name: 'Calm <b>night</b>',
        time_of_day: 'evening',
        steps: [{ step_type: 'moisturise', product: product.alias, allow_other_kind: true }],
      },
    });
    expect(created.statusCode).toBe(201);
    const routine = (created.json() as { id: string }).id;
    expect((await t.inject({ method: 'PATCH', url: `/routines/${routine}/publish`, token: expert })).statusCode).toBe(
      200,
    );
    const answered = await gql(
      'mutation($r: ID!, $routine: ID!) { answerRoutineRequest(requestId: $r, routineId: $routine) { id } }',
      expert,
      { r: (request.json() as { id: string }).id, routine },
    );
    expect(answered.json()).not.toHaveProperty('errors');

    const mail = await smtp.waitFor('links-requester@example.com');
    const links = linksOf(mail);
    expect(links).toEqual([`/p/routines/${routine}`]);
    const page = (await expectPages(links)).get(links[0])!;
    expect(page).toContain('<h1>Calm &lt;b&gt;night&lt;/b&gt;</h1>');
    expect(page).toContain(`<a href="/p/products/${product.alias}">`);
    // Published: in the routines' sitemap, which points at the same page.
    const sitemap = await t.inject({ method: 'GET', url: '/sitemap/routines' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}/p/routines/${routine}</loc>`);
  });

  it("a private routine's page is a 404 to strangers and opens for its owner; it is in no sitemap", async () => {
    const owner = await t.tokenFor('links-private-owner');
    const created = await t.inject({
      method: 'POST',
      url: '/routines/create',
      token: owner,
      payload: { name: 'My secret routine', time_of_day: 'morning' },
    });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: string }).id;
    const stranger = await t.inject({ method: 'GET', url: `/p/routines/${id}` });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.headers['content-type']).toMatch(/text\/html/);
    expect(stranger.body).not.toContain('My secret routine');
    const other = await t.inject({
      method: 'GET',
      url: `/p/routines/${id}`,
      token: await t.tokenFor('links-private-stranger'),
    });
    expect(other.statusCode).toBe(404);
    const own = await t.inject({ method: 'GET', url: `/p/routines/${id}`, token: owner });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('private: only you see it');
    expect((await t.inject({ method: 'GET', url: '/sitemap/routines' })).body).not.toContain(id);
    // The owner's browser sends no token: the page says how to open it, and is the same page for
    // a routine that does not exist (nothing tells a stranger a private one is there).
    expect(stranger.body).toContain('Is it your routine?');
    expect(stranger.body).toMatch(/publish the routine in the app/);
    const missing = await t.inject({ method: 'GET', url: '/p/routines/not-an-id' });
    expect(missing.statusCode).toBe(404);
    const unknownId = await t.inject({
      method: 'GET',
      url: `/p/routines/${id.replace(/.$/, (c) => (c === '0' ? '1' : '0'))}`,
    });
    expect(unknownId.statusCode).toBe(404);
    for (const page of [missing, unknownId, other]) expect(page.body).toBe(stranger.body);
  });

  it('the reformulation digest links to a page of what changed and an unsubscribe page that can be undone', async () => {
    const moderator = await t.tokenFor('links-moderator', 'moderator');
    const author = await t.tokenFor('links-author');
    const watcher = await t.tokenFor('links-watcher');
    const brand = (
      (await t.inject({ method: 'GET', url: '/products?limit=1' })).json() as {
        items: Array<{ brand: { alias: string } }>;
      }
    ).items[0].brand.alias;
    const made = await t.inject({
      method: 'POST',
      url: '/products/create',
      token: moderator,
      payload: {
        name: 'Links Watch Lotion',
        brand,
        ingredient_list: 'Aqua, Glycerin, Niacinamide, Squalane, Phenoxyethanol',
      },
    });
    expect(made.statusCode).toBe(201);
    const alias = (made.json() as { alias: string }).alias;
    expect((await t.inject({ method: 'PATCH', url: `/products/${alias}/publish`, token: moderator })).statusCode).toBe(
      200,
    );
    expect(
      (await t.inject({ method: 'POST', url: `/products/${alias}/favorite`, token: watcher })).statusCode,
    ).toBeLessThan(300);
    expect(
      (await t.inject({ method: 'PUT', url: '/ingredients/fragrance/feeling/negative', token: watcher })).statusCode,
    ).toBeLessThan(300);
    const draft = await t.inject({
      method: 'POST',
      url: '/product_drafts/create',
      token: author,
      payload: {
        product: alias,
        name: 'Links Watch Lotion',
        brand,
        ingredient_list: 'Aqua, Glycerin, Niacinamide, Phenoxyethanol, Parfum',
      },
    });
    expect(draft.statusCode).toBe(201);
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/product_drafts/approve',
          token: moderator,
          payload: { id: (draft.json() as { id: string }).id },
        })
      ).statusCode,
    ).toBe(200);

    const mailer = createMailer(
      { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'Skincare <no-reply@skin.example>' },
      { info() {} },
    );
    await sendReformulationDigests(t.orm, mailer, PUBLIC_URL);
    mailer.close();
    const mail = await smtp.waitFor('links-watcher@example.com');
    const links = linksOf(mail);
    const changes = `/p/products/${alias}/changes?from=1&to=2`;
    expect(links).toContain(changes);
    expect(links.some((l) => l.startsWith('/p/reformulation/unsubscribe?token='))).toBe(true);
    const pages = await expectPages(links);
    expect(pages.get(changes)).toContain('<h1>What changed in Links Watch Lotion</h1>');
    expect(pages.get(changes)).toMatch(/id="added"[\s\S]*Parfum/);
    expect(pages.get(changes)).toMatch(/id="removed"[\s\S]*Squalane/);

    // The unsubscribe page speaks to people: no API verbs, and its undo is a button too.
    const unsubscribe = links.find((l) => l.startsWith('/p/reformulation/unsubscribe'))!;
    expect(pages.get(unsubscribe)).not.toMatch(/\b(PUT|GET) \//);
    const token = new URLSearchParams(unsubscribe.split('?')[1]).get('token')!;
    const setting = async () =>
      (
        (await t.inject({ method: 'GET', url: '/my/settings/reformulation_digest', token: watcher })).json() as {
          digest_enabled: boolean;
        }
      ).digest_enabled;
    const stopped = await t.inject({
      method: 'POST',
      url: '/p/reformulation/unsubscribe',
      headers: form,
      payload: `token=${encodeURIComponent(token)}`,
    });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.body).toContain('action="/p/reformulation/resubscribe"');
    expect(await setting()).toBe(false);
    const again = await t.inject({
      method: 'POST',
      url: '/p/reformulation/resubscribe',
      headers: form,
      payload: `token=${encodeURIComponent(token)}`,
    });
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toMatch(/text\/html/);
    expect(await setting()).toBe(true);
    const forged = await t.inject({
      method: 'POST',
      url: '/p/reformulation/resubscribe',
      headers: form,
      payload: 'token=forged',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.headers['content-type']).toMatch(/text\/html/);
  });

  it('the changes page answers bad versions and unknown products with an HTML error page', async () => {
    // The seeded reformulation (scripts/check-pages.ts opens it in a browser).
    const demo = await t.inject({
      method: 'GET',
      url: '/p/products/plainfield-skin-daily-barrier-lotion/changes?from=1&to=2',
    });
    expect(demo.statusCode).toBe(200);
    expect(demo.body).toMatch(/id="crossed"[\s\S]*Panthenol[\s\S]*now above 1%/);
    const { alias } = await productAlias();
    for (const [url, status] of [
      [`/p/products/${alias}/changes?from=x&to=2`, 400],
      [`/p/products/${alias}/changes`, 400],
      ['/p/products/no-such-product/changes?from=1&to=2', 404],
    ] as const) {
      const page = await t.inject({ method: 'GET', url });
      expect({ url, status: page.statusCode }).toEqual({ url, status });
      expect(page.headers['content-type']).toMatch(/text\/html/);
    }
  });
});
