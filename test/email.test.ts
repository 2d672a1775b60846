// E-mail for real: a local SMTP server (smtp-server) on a random port receives what the service
// sends; the tests read the message (recipient, subject, link) and use the link's token.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildApp } from '../src/app.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { createMailer } from '../src/modules/mail/mailer.js';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';
import { snapshotDb, snapshotDiff } from './helpers/route-fixtures.js';
import { startSmtpInbox, type Received, type SmtpInbox } from './helpers/smtp-inbox.js';

let smtp: SmtpInbox;
let inbox: Received[];

let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpInbox({ refuse: (address) => address.startsWith('bounce@') });
  inbox = smtp.inbox;
  t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: 'https://skincare.example' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** The last message sent to an address. */
function lastTo(address: string): Received {
  const found = inbox.filter((m) => m.to.includes(address)).at(-1);
  if (!found) throw new Error(`No message to ${address}; inbox: ${inbox.map((m) => m.to.join(',')).join(' | ')}`);
  return found;
}

function tokenIn(message: Received): { link: string; token: string } {
  const link = /https:\/\/skincare\.example\/p\/email\/confirm\?token=([A-Za-z0-9_-]+)/.exec(message.body);
  if (!link) throw new Error(`No link in: ${message.body}`);
  return { link: link[0], token: decodeURIComponent(link[1]) };
}

const sql = <T>(query: string, params: unknown[] = []) => t.em().getConnection().execute(query, params) as Promise<T[]>;

describe('changing the e-mail address', () => {
  it('mails a link to the new address, changes nothing until its token is used, then takes it once', async () => {
    const token = await t.tokenFor('emma');
    const emma = await t.user('emma');
    const asked = await t.inject({
      method: 'PATCH',
      url: `/users/${emma.id}/identity/email`,
      token,
      payload: { email: 'Emma.New@Example.COM' },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ sent_to: 'Emma.New@example.com', expires_at: expect.any(String) });
    const hours = (Date.parse((asked.json() as { expires_at: string }).expires_at) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const message = lastTo('Emma.New@example.com');
    expect(message.subject).toBe('Confirm your new e-mail address');
    const { link, token: emailed } = tokenIn(message);
    // Nothing changed yet, and only a hash of the token is stored.
    expect((await t.inject({ method: 'GET', url: '/my/user', token })).json()).toMatchObject({
      email: 'emma@example.com',
    });
    const rows = await sql<{ token_hash: string }>('select token_hash from email_token where user_id = ?', [emma.id]);
    expect(rows).toEqual([{ token_hash: createHash('sha256').update(emailed).digest('hex') }]);
    expect(JSON.stringify(await sql('select * from email_token'))).not.toContain(emailed);

    // The link as mailed, opened in a browser with no token in hand: a page that changes nothing
    // (link scanners fetch it too) and offers the button.
    const landing = await t.inject({ method: 'GET', url: link.replace('https://skincare.example', '') });
    expect(landing.statusCode).toBe(200);
    expect(landing.headers['content-type']).toMatch(/text\/html/);
    expect(landing.body).toContain('Emma.New@example.com');
    expect(landing.body).toContain('<form method="post" action="/p/email/confirm">');
    expect((await t.inject({ method: 'GET', url: '/my/user', token })).json()).toMatchObject({
      email: 'emma@example.com',
    });
    // The button posts the token, which alone authorises the change.
    const confirmed = await t.inject({
      method: 'POST',
      url: '/p/email/confirm',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${encodeURIComponent(emailed)}`,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('Address confirmed');
    expect((await t.inject({ method: 'GET', url: '/my/user', token })).json()).toMatchObject({
      id: emma.id,
      email: 'Emma.New@example.com',
      email_verified: true,
    });
    const again = await t.inject({
      method: 'POST',
      url: '/p/email/confirm',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${encodeURIComponent(emailed)}`,
    });
    expect(again.statusCode).toBe(400);
    expect(again.body).toMatch(/already used/);
    const usedPage = await t.inject({ method: 'GET', url: link.replace('https://skincare.example', '') });
    expect(usedPage.statusCode).toBe(410);
    // What a person does next, in words: not an API call.
    expect(usedPage.body).toMatch(/open your account settings and enter the e-mail address again/);
    expect(usedPage.body).not.toMatch(/PATCH|\/users\/:id/);

    const reused = await t.inject({
      method: 'PATCH',
      url: `/users/${emma.id}/identity/confirm_email_change`,
      token,
      payload: { token: emailed },
    });
    expect(reused.statusCode).toBe(400);
    expect(errorOf(reused)).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'token' } });
    expect(errorOf(reused).message).toMatch(/already used/);
  });

  it("refuses an expired, a replaced, a wrong or someone else's token, changing nothing", async () => {
    const token = await t.tokenFor('finn');
    const finn = await t.user('finn');
    const url = `/users/${finn.id}/identity/confirm_email_change`;
    await t.inject({
      method: 'PATCH',
      url: `/users/${finn.id}/identity/email`,
      token,
      payload: { email: 'finn-1@example.com' },
    });
    const first = tokenIn(lastTo('finn-1@example.com')).token;
    // A second request within the minute is refused; a minute later it replaces the first link.
    const tooSoon = await t.inject({
      method: 'PATCH',
      url: `/users/${finn.id}/identity/email`,
      token,
      payload: { email: 'finn-2@example.com' },
    });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.headers['retry-after']).toBeDefined();
    await sql(`update user_throttle set last_at = now() - interval '61 seconds' where user_id = ?`, [finn.id]);
    await t.inject({
      method: 'PATCH',
      url: `/users/${finn.id}/identity/email`,
      token,
      payload: { email: 'finn-2@example.com' },
    });
    const second = tokenIn(lastTo('finn-2@example.com')).token;
    expect(errorOf(await t.inject({ method: 'PATCH', url, token, payload: { token: first } })).message).toMatch(
      /not valid/,
    );

    await sql(`update email_token set expires_at = now() - interval '1 minute' where user_id = ?`, [finn.id]);
    const before = await snapshotDb(t);
    const expired = await t.inject({ method: 'PATCH', url, token, payload: { token: second } });
    expect(expired.statusCode).toBe(400);
    expect(errorOf(expired).message).toMatch(/expired/);
    expect(
      errorOf(await t.inject({ method: 'PATCH', url, token, payload: { token: 'not-a-token' } })).details,
    ).toMatchObject({ field: 'token' });
    expect(snapshotDiff(before, await snapshotDb(t))).toBeNull();
    expect((await t.user('finn')).email).toBe('finn@example.com');

    // Another user cannot use it (403 before the token is even looked at), nor an anonymous caller.
    const other = await t.tokenFor('finn-stranger');
    expect((await t.inject({ method: 'PATCH', url, token: other, payload: { token: second } })).statusCode).toBe(403);
    expect((await t.inject({ method: 'PATCH', url, payload: { token: second } })).statusCode).toBe(401);
  });

  it('rejects a malformed address naming the field, the current address as a conflict, and a refused recipient', async () => {
    const token = await t.tokenFor('gus');
    const gus = await t.user('gus');
    const url = `/users/${gus.id}/identity/email`;
    const sent = inbox.length;
    for (const bad of [
      'no-at-sign',
      'a@b',
      'two@@example.com',
      'spaces in@example.com',
      'x@example.com\r\nBcc: victim@example.com',
      `${'a'.repeat(250)}@example.com`,
    ]) {
      const response = await t.inject({ method: 'PATCH', url, token, payload: { email: bad } });
      expect({ bad, status: response.statusCode, field: errorOf(response).details?.field }).toEqual({
        bad,
        status: 400,
        field: 'email',
      });
    }
    expect(errorOf(await t.inject({ method: 'PATCH', url, token, payload: { email: 'gus@example.com' } })).code).toBe(
      'CONFLICT',
    );
    const before = await snapshotDb(t);
    const bounced = await t.inject({ method: 'PATCH', url, token, payload: { email: 'bounce@example.com' } });
    expect(bounced.statusCode).toBe(400);
    expect(errorOf(bounced).details).toMatchObject({ field: 'email' });
    expect(snapshotDiff(before, await snapshotDb(t))).toBeNull();
    expect(inbox.length).toBe(sent);
  });
});

describe('the verification e-mail', () => {
  it('sends the link again at most once a minute (429 with Retry-After, held in the database across instances)', async () => {
    const token = await t.tokenFor('hana');
    const hana = await t.user('hana');
    const url = `/users/${hana.id}/resend_verification_email`;
    const sent = await t.inject({ method: 'GET', url, token });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ sent_to: 'hana@example.com' });
    const message = lastTo('hana@example.com');
    expect(message.subject).toBe('Verify your e-mail address');

    const again = await t.inject({ method: 'GET', url, token });
    expect(again.statusCode).toBe(429);
    expect(errorOf(again).code).toBe('RATE_LIMITED');
    const retry = Number(again.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);

    // A second instance on the same database sees the same limit.
    const second = await buildApp({ config: t.config, orm: t.orm, logger: false });
    try {
      const elsewhere = await second.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect(elsewhere.statusCode).toBe(429);
    } finally {
      await second.close();
    }

    // A minute later it goes again.
    await sql(`update user_throttle set last_at = now() - interval '61 seconds' where user_id = ?`, [hana.id]);
    expect((await t.inject({ method: 'GET', url, token })).statusCode).toBe(200);
    const latest = tokenIn(lastTo('hana@example.com')).token;
    expect(tokenIn(message).token).not.toBe(latest);

    // Using the link verifies the address; then there is nothing left to verify.
    const verified = await t.inject({
      method: 'PATCH',
      url: `/users/${hana.id}/identity/confirm_email_change`,
      token,
      payload: { token: latest },
    });
    expect(verified.json()).toMatchObject({ email: 'hana@example.com', email_verified: true });
    await sql(`update user_throttle set last_at = now() - interval '61 seconds' where user_id = ?`, [hana.id]);
    expect(errorOf(await t.inject({ method: 'GET', url, token })).code).toBe('CONFLICT');
    expect((await t.inject({ method: 'GET', url, token: await t.tokenFor('hana-stranger') })).statusCode).toBe(403);
  });
});

describe('the link page (token only, no sign-in)', () => {
  const confirm = (token: string) =>
    t.inject({
      method: 'POST',
      url: '/graphql',
      payload: {
        query: 'mutation($t: String!) { confirmEmailLink(token: $t) { email state } }',
        variables: { t: token },
      },
    });

  it('refuses a made-up or an expired token and changes nothing; a GET shows and changes nothing', async () => {
    const token = await t.tokenFor('gus');
    const gus = await t.user('gus');
    await t.inject({
      method: 'PATCH',
      url: `/users/${gus.id}/identity/email`,
      token,
      payload: { email: 'gus-new@example.com' },
    });
    const { link, token: emailed } = tokenIn(lastTo('gus-new@example.com'));
    const madeUp = await confirm('not-a-token');
    expect(madeUp.json()).toMatchObject({
      errors: [{ extensions: { code: 'VALIDATION_FAILED', details: { field: 'token' } } }],
    });
    for (let i = 0; i < 3; i += 1)
      expect((await t.inject({ method: 'GET', url: link.replace('https://skincare.example', '') })).statusCode).toBe(
        200,
      );
    await sql(`update email_token set expires_at = now() - interval '1 minute' where user_id = ?`, [gus.id]);
    const expiredPage = await t.inject({ method: 'GET', url: link.replace('https://skincare.example', '') });
    expect(expiredPage.statusCode).toBe(410);
    expect(expiredPage.body).toMatch(/expired[\s\S]*open your account settings/);
    expect(expiredPage.body).not.toMatch(/PATCH|\/users\/:id/);
    expect((await confirm(emailed)).json()).toMatchObject({ errors: [{ message: expect.stringMatching(/expired/) }] });
    expect((await t.inject({ method: 'GET', url: '/my/user', token })).json()).toMatchObject({
      email: 'gus@example.com',
    });
  });
});

describe('invitations', () => {
  it('mails an invitation, records it, and limits it to one a minute', async () => {
    const token = await t.tokenFor('ines');
    const sent = await t.inject({
      method: 'POST',
      url: '/users/send_invite_link',
      token,
      payload: { email: 'friend-of-ines@example.com' },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ email: 'friend-of-ines@example.com', sent_at: expect.any(String) });
    const message = lastTo('friend-of-ines@example.com');
    expect(message.subject).toBe('An invitation to Skincare');
    expect(message.body).toContain('A Skincare member who goes by "ines" thinks you would like Skincare');
    // The link carries the inviter's id: it still names them once they rename.
    const link = /https:\/\/skincare\.example(\/p\/join\?invited_by=[^\s"<>]+)/.exec(message.body)![1];
    const ines = (await t.inject({ method: 'GET', url: '/users/ines' })).json() as { id: string };
    expect(link).toBe(`/p/join?invited_by=${ines.id}`);
    const landing = await t.inject({ method: 'GET', url: link });
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toMatch(/invited you/);
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: `/users/${ines.id}/identity/username`,
          token,
          payload: { username: 'ines-renamed' },
        })
      ).statusCode,
    ).toBe(200);
    const afterRename = await t.inject({ method: 'GET', url: link });
    expect(afterRename.body).toMatch(/invited you/);
    expect(afterRename.body).toContain('ines-renamed');
    const limited = await t.inject({
      method: 'POST',
      url: '/users/send_invite_link',
      token,
      payload: { email: 'another@example.com' },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(
      errorOf(
        await t.inject({
          method: 'POST',
          url: '/users/send_invite_link',
          token: await t.tokenFor('ines-2'),
          payload: { email: 'nope' },
        }),
      ).details,
    ).toMatchObject({ field: 'email' });
    expect(
      (await t.inject({ method: 'POST', url: '/users/send_invite_link', payload: { email: 'x@example.com' } }))
        .statusCode,
    ).toBe(401);
    const [{ n }] = await sql<{ n: number }>('select count(*)::int as n from user_invite');
    expect(n).toBe(1);
  });
});

describe('what people wrote, in our e-mails', () => {
  const attack = 'Security team: your account is locked, verify at http://evil.example/login';
  const urlish = /https?:|evil|www\.|\b[a-z0-9-]+\.[a-z]{2,}\/?/i;
  /** The body without our own links (the service's address and its paths). */
  const ownWordsOut = (body: string) => body.replace(/https:\/\/skincare\.example\/\S*/g, '<our link>');

  it('an invitation quotes the inviter as a short name, never in the subject, and leaves out a name holding a link', async () => {
    const token = await t.tokenFor('mallory');
    const mallory = await t.user('mallory');
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: `/users/${mallory.id}/profile`,
          token,
          payload: { display_name: attack },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/users/send_invite_link',
          token,
          payload: { email: 'victim@example.com' },
        })
      ).statusCode,
    ).toBe(201);
    const message = await smtp.waitFor('victim@example.com');
    expect(message.subject).toBe('An invitation to Skincare');
    expect(message.body).not.toContain('Security team');
    expect(ownWordsOut(message.body)).not.toMatch(urlish);
    // The display name held a link, so the username stands in, quoted.
    expect(message.body).toContain('A Skincare member who goes by "mallory" thinks');

    // Without a link: quoted, on one line, cut to 40 characters.
    const token2 = await t.tokenFor('mallory-2');
    const m2 = await t.user('mallory-2');
    // Letters and spaces only (a colon, a comma or a digit would keep it out: test/mail-names.test.ts).
    const long = 'Security team\nYour account is locked call us now we are waiting';
    // The identity provider's `name` claim can carry a newline (the profile route refuses one).
    await sql('update app_user set display_name = ? where id = ?', [long, m2.id]);
    await t.inject({
      method: 'POST',
      url: '/users/send_invite_link',
      token: token2,
      payload: { email: 'victim-2@example.com' },
    });
    const second = await smtp.waitFor('victim-2@example.com');
    expect(second.subject).toBe('An invitation to Skincare');
    const quoted = /who goes by "([^"]*)" thinks/.exec(second.body)![1];
    expect(quoted).toBe('Security team Your account is locked ca…');
    expect([...quoted].length).toBe(40);
  });

  it('a username that looks like a host is left out of every message, which still works', async () => {
    // Usernames allow dots: "verify.evil-example.com" passes the username rules.
    const token = await t.tokenFor('verify.evil-example.com');
    const user = await t.user('verify.evil-example.com');
    await t.inject({
      method: 'PATCH',
      url: `/users/${user.id}/identity/email`,
      token,
      payload: { email: 'victim-3@example.com' },
    });
    const change = await smtp.waitFor('victim-3@example.com');
    expect(change.body).toMatch(/^Hello,/);
    expect(change.body).toContain('for a Skincare account.');
    expect(ownWordsOut(change.body)).not.toMatch(urlish);
    expect(tokenIn(change).token).toBeTruthy();
    await t.inject({
      method: 'POST',
      url: '/users/send_invite_link',
      token,
      payload: { email: 'victim-4@example.com' },
    });
    const invite = await smtp.waitFor('victim-4@example.com');
    expect(invite.body).toContain('A Skincare member thinks');
    expect(ownWordsOut(invite.body).replace(/invited_by=\S+/, '')).not.toMatch(urlish);
  });
});

describe('mail configuration', () => {
  it('validates SMTP_URL and MAIL_FROM', () => {
    expect(() =>
      loadConfig({ SMTP_URL: 'http://mail.example', AUTH_JWT_SECRET: 'x'.repeat(32), IDP_WEBHOOK_SECRET: 's' }),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig({ SMTP_URL: 'not a url', AUTH_JWT_SECRET: 'x'.repeat(32), IDP_WEBHOOK_SECRET: 's' }),
    ).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ MAIL_FROM: 'nobody', AUTH_JWT_SECRET: 'x'.repeat(32), IDP_WEBHOOK_SECRET: 's' })).toThrow(
      /MAIL_FROM/,
    );
    expect(
      loadConfig({ SMTP_URL: 'smtps://u:p@mail.example:465', AUTH_JWT_SECRET: 'x'.repeat(32), IDP_WEBHOOK_SECRET: 's' })
        .mail.smtpUrl,
    ).toBe('smtps://u:p@mail.example:465');
  });

  it('writes messages to the log when SMTP_URL is not set', async () => {
    const logged: Array<{ object: object; message: string }> = [];
    const mailer = createMailer(
      { smtpUrl: null, from: 'Skincare <no-reply@example.com>' },
      { info: (object, message) => logged.push({ object, message }) },
    );
    await mailer.send({ to: 'someone@example.com', subject: 'Hello', text: 'Body with a link' });
    expect(logged).toEqual([
      {
        object: {
          mail: {
            from: 'Skincare <no-reply@example.com>',
            to: 'someone@example.com',
            subject: 'Hello',
            text: 'Body with a link',
          },
        },
        message: expect.stringMatching(/SMTP_URL is not set/),
      },
    ]);
  });
});
