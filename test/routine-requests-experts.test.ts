// Experts see and answer routine requests in the groups they cover; the requester reads the
// answers under /my and gets an e-mail (a real SMTP server on a random port receives it).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { startTestApp, type TestApp } from './helpers/app.js';

const inbox: Array<{ to: string[]; raw: string }> = [];
/** The last message to an address, its quoted-printable soft line breaks joined. */
const lastMailText = (address: string) =>
  (inbox.filter((m) => m.to.includes(address)).at(-1)?.raw ?? '').replace(/=\r?\n/g, '');
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
      callback();
    });
  },
});

let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'https://skincare.example' });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const gql = (query: string, token?: string, variables?: object) =>
  t.inject({ method: 'POST', url: '/graphql', token, payload: { query, variables } });
const forMe = `query($g: String, $all: Boolean) { routineRequestsForMe(supergroup: $g, includeAnswered: $all, limit: 50) { items { id message topics answeredAt skinProfile { skinType concerns } } } }`;
const answer = `mutation($r: ID!, $routine: ID!, $note: String) { answerRoutineRequest(requestId: $r, routineId: $routine, note: $note) { id note expert { username } routine { id name } } }`;

async function ask(username: string, profile: object, message: string): Promise<{ token: string; id: string }> {
  const token = await t.tokenFor(username);
  const user = await t.user(username);
  expect(
    (await t.inject({ method: 'PATCH', url: `/users/${user.id}/skin_profile`, token, payload: profile })).statusCode,
  ).toBe(200);
  const response = await t.inject({
    method: 'POST',
    url: '/routines/request',
    token,
    payload: { message, time_of_day: 'evening' },
  });
  expect(response.statusCode).toBe(201);
  return { token, id: (response.json() as { id: string }).id };
}

async function publishedRoutine(token: string, name: string): Promise<string> {
  const created = await t.inject({
    method: 'POST',
    url: '/routines/create',
    token,
    payload: { name, time_of_day: 'evening' },
  });
  expect(created.statusCode).toBe(201);
  const { id } = created.json() as { id: string };
  expect((await t.inject({ method: 'PATCH', url: `/routines/${id}/publish`, token })).statusCode).toBe(200);
  return id;
}

describe('routine requests for experts', () => {
  it('lists open requests in the groups an expert covers, and answers reach the requester', async () => {
    const oily = await ask(
      'rq-oily',
      { skin_type: 'oily', concerns: ['acne'] },
      'Breakouts on my chin, what should I use at night?',
    );
    const dry = await ask('rq-dry', { skin_type: 'dry', concerns: ['dryness'] }, 'My cheeks flake every winter.');
    const acneExpert = await t.tokenFor('rq-dr-acne', 'expert');
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: '/my/user/supergroups',
          token: acneExpert,
          payload: { supergroups: ['acne'] },
        })
      ).statusCode,
    ).toBe(200);

    const seen = (await gql(forMe, acneExpert)).json().data.routineRequestsForMe.items as Array<{
      id: string;
      topics: string[];
    }>;
    expect(seen.map((r) => r.id)).toContain(oily.id);
    expect(seen.map((r) => r.id)).not.toContain(dry.id);
    expect(seen.find((r) => r.id === oily.id)!.topics).toEqual(['acne', 'oily-skin']);

    const routine = await publishedRoutine(acneExpert, 'Calm night for breakouts');
    const answered = (
      await gql(answer, acneExpert, { r: oily.id, routine, note: 'Start with this, three nights a week.' })
    ).json();
    expect(answered.errors).toBeUndefined();
    expect(answered.data.answerRoutineRequest).toMatchObject({
      expert: { username: 'rq-dr-acne' },
      routine: { id: routine },
    });

    // The requester reads it under /my (REST and GraphQL) and got an e-mail with the routine's link.
    const mine = (await t.inject({ method: 'GET', url: '/my/routine_requests', token: oily.token })).json() as {
      items: Array<{
        id: string;
        answered_at: string | null;
        answers: Array<{ note: string; expert: { username: string }; routine: { id: string } }>;
      }>;
    };
    expect(mine.items.find((r) => r.id === oily.id)).toMatchObject({
      answered_at: expect.any(String),
      answers: [
        { note: 'Start with this, three nights a week.', expert: { username: 'rq-dr-acne' }, routine: { id: routine } },
      ],
    });
    const mail = inbox.filter((m) => m.to.includes('rq-oily@example.com')).at(-1);
    expect(mail?.raw).toContain('Subject: An expert answered your routine request');
    expect(mail?.raw.replace(/=\r?\n/g, '')).toContain(
      'The expert "rq-dr-acne" answered your request for a routine with the routine "Calm night for breakouts"',
    );
    expect(mail?.raw.replace(/=\r?\n/g, '')).toContain(`https://skincare.example/p/routines/${routine}`);
    // The expert's note, quoted.
    expect(mail?.raw.replace(/=\r?\n/g, '')).toContain('Their note:\r\n\r\n> Start with this, three nights a week.');

    // Answered: off the open list; answering twice is a conflict.
    expect(
      ((await gql(forMe, acneExpert)).json().data.routineRequestsForMe.items as Array<{ id: string }>).map((r) => r.id),
    ).not.toContain(oily.id);
    expect((await gql(answer, acneExpert, { r: oily.id, routine })).json().errors[0].extensions.code).toBe('CONFLICT');
    // Another acne expert still finds it with includeAnswered.
    const second = await t.tokenFor('rq-dr-acne-2', 'expert');
    await t.inject({
      method: 'PATCH',
      url: '/my/user/supergroups',
      token: second,
      payload: { supergroups: ['acne', 'dry-skin'] },
    });
    expect(
      ((await gql(forMe, second, { all: true })).json().data.routineRequestsForMe.items as Array<{ id: string }>).map(
        (r) => r.id,
      ),
    ).toEqual(expect.arrayContaining([oily.id, dry.id]));
    expect(
      (
        (await gql(forMe, second, { g: 'dry-skin' })).json().data.routineRequestsForMe.items as Array<{ id: string }>
      ).map((r) => r.id),
    ).not.toContain(oily.id);

    // A second answer's note: its lines quoted, invisible characters out; one with a link is left
    // out whole, with where to read it.
    const secondRoutine = await publishedRoutine(second, 'Second opinion');
    await gql(answer, second, {
      r: oily.id,
      routine: secondRoutine,
      note: 'Line one\u202e "reversed"\nLine <b>two</b>',
    });
    const quoted = lastMailText('rq-oily@example.com');
    expect(quoted).toContain("> Line one 'reversed'\r\n> Line <b>two</b>");
    expect(quoted).not.toContain('\u202e');
    const dryRoutine = await publishedRoutine(second, 'Winter cheeks');
    await gql(answer, second, { r: dry.id, routine: dryRoutine, note: 'Buy it at https://cheap.example/deal' });
    const linked = lastMailText('rq-dry@example.com');
    expect(linked).toContain('The expert added a note with a link or an address');
    expect(linked).not.toContain('cheap.example');
  });

  it('keeps members out and rejects answers that cannot help the requester', async () => {
    const req = await ask('rq-member', { skin_type: 'sensitive' }, 'Everything stings.');
    const member = await t.tokenFor('rq-plain-member');
    expect((await gql(forMe, member)).json().errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await gql(forMe)).json().errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const expert = await t.tokenFor('rq-dr-sensitive', 'expert');
    await t.inject({
      method: 'PATCH',
      url: '/my/user/supergroups',
      token: expert,
      payload: { supergroups: ['sensitive-skin'] },
    });
    expect((await gql(forMe, expert, { g: 'acne' })).json().errors[0].extensions).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { field: 'supergroup' },
    });
    const memberRoutine = await publishedRoutine(member, 'Not an expert');
    expect((await gql(answer, member, { r: req.id, routine: memberRoutine })).json().errors[0].extensions.code).toBe(
      'FORBIDDEN',
    );
    const created = await t.inject({
      method: 'POST',
      url: '/routines/create',
      token: expert,
      payload: { name: 'Still private', time_of_day: 'morning' },
    });
    const privateId = (created.json() as { id: string }).id;
    expect((await gql(answer, expert, { r: req.id, routine: privateId })).json().errors[0].extensions).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { field: 'routine' },
    });
    expect(
      (await gql(answer, expert, { r: req.id, routine: memberRoutine })).json().errors[0].extensions,
    ).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'routine' } });
    expect((await gql(answer, expert, { r: 'nope', routine: privateId })).json().errors[0].extensions.code).toBe(
      'NOT_FOUND',
    );
    const [{ n }] = await t
      .em()
      .getConnection()
      .execute('select count(*)::int as n from routine_request_answer where request_id = ?', [req.id]);
    expect(n).toBe(0);
  });
});
