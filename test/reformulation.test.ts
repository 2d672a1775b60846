// Reformulation watch through the app: versions written by product writes and approved corrections,
// the diff, alerts for the people a change touches (and nobody else), access rules, bad input,
// the e-mail digest (real SMTP) with its switch and one-click unsubscribe link, the demo product.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { importObf } from '../src/modules/obf-import/importer.js';
import { createMailer } from '../src/modules/mail/mailer.js';
import { sendReformulationDigests } from '../src/modules/reformulation/reformulation-digest.service.js';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';
import { makeCaller, type Caller } from './helpers/route-fixtures.js';
import { startSmtpInbox, type SmtpInbox } from './helpers/smtp-inbox.js';

let t: TestApp;
let smtp: SmtpInbox;
let moderator: Caller;
let author: Caller;
let brand: string;

const LIST_1 = 'Aqua, Glycerin, Niacinamide, Cetearyl Alcohol, Squalane, Phenoxyethanol, Panthenol, Xanthan Gum';
// Aqua → Water (same ingredient), squalane removed, fragrance added, panthenol moved above the 1% line.
const LIST_2 = 'Water, Glycerin, Panthenol, Niacinamide, Cetearyl Alcohol, Phenoxyethanol, Parfum, Xanthan Gum';

interface Change {
  ingredient: { alias: string } | null;
  input: string;
  from_position: number | null;
  to_position: number | null;
  direction: string | null;
}
interface Diff {
  from: number;
  to: number;
  identical: boolean;
  added: Change[];
  removed: Change[];
  moved: Change[];
  crossed_one_percent: Change[];
}
interface Alert {
  id: string;
  product: { alias: string };
  from_version: number;
  to_version: number;
  reasons: Array<{ kind: string; ingredient: { alias: string } | null; message: string }>;
  diff: Diff;
  read_at: string | null;
  dismissed_at: string | null;
}

const sql = <T>(query: string, params: unknown[] = []) => t.em().getConnection().execute(query, params) as Promise<T[]>;
const aliases = (changes: Change[]) => changes.map((c) => c.ingredient?.alias ?? c.input);

async function newProduct(name: string, list = LIST_1): Promise<string> {
  const made = await t.inject({
    method: 'POST',
    url: '/products/create',
    token: moderator.token,
    payload: { name, brand, ingredient_list: list },
  });
  expect(made.statusCode).toBe(201);
  const alias = (made.json() as { alias: string }).alias;
  expect(
    (await t.inject({ method: 'PATCH', url: `/products/${alias}/publish`, token: moderator.token })).statusCode,
  ).toBe(200);
  return alias;
}

/** A correcting draft by `author`, approved by the moderator; the approval's SQL statements counted. */
async function reformulate(alias: string, list: string): Promise<number> {
  const { name } = (await t.inject({ method: 'GET', url: `/products/${alias}` })).json() as { name: string };
  const draft = await t.inject({
    method: 'POST',
    url: '/product_drafts/create',
    token: author.token,
    payload: { product: alias, name, brand, ingredient_list: list },
  });
  expect(draft.statusCode).toBe(201);
  const { response, statements } = await t.countStatements({
    method: 'POST',
    url: '/product_drafts/approve',
    token: moderator.token,
    payload: { id: (draft.json() as { id: string }).id },
  });
  expect(response.statusCode).toBe(200);
  return statements;
}

const alertsOf = async (caller: Caller, query = '') =>
  (
    (
      await t.inject({ method: 'GET', url: `/my/reformulation_alerts?limit=100${query}`, token: caller.token })
    ).json() as { items: Alert[] }
  ).items;
const feel = (caller: Caller, ingredient: string, sentiment: 'positive' | 'negative') =>
  t.inject({ method: 'PUT', url: `/ingredients/${ingredient}/feeling/${sentiment}`, token: caller.token });
const favourite = (caller: Caller, alias: string) =>
  t.inject({ method: 'POST', url: `/products/${alias}/favorite`, token: caller.token });

let product: string;
const people: Record<string, Caller> = {};

beforeAll(async () => {
  smtp = await startSmtpInbox();
  t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: 'https://skincare.example' });
  moderator = await makeCaller(t, 'reform-moderator', 'moderator');
  author = await makeCaller(t, 'reform-author');
  brand = (
    (await t.inject({ method: 'GET', url: '/products?limit=1' })).json() as {
      items: Array<{ brand: { alias: string } }>;
    }
  ).items[0].brand.alias;
  product = await newProduct('Reform Watch Lotion');
  for (const name of ['fav_hates_fragrance', 'fav_indifferent', 'routine_loves_squalane', 'stranger_hates_fragrance'])
    people[name] = await makeCaller(t, `reform-${name}`);
  await favourite(people.fav_hates_fragrance, product);
  await feel(people.fav_hates_fragrance, 'fragrance', 'negative');
  await favourite(people.fav_indifferent, product);
  await feel(people.fav_indifferent, 'water', 'positive');
  await feel(people.routine_loves_squalane, 'squalane', 'positive');
  const routine = await t.inject({
    method: 'POST',
    url: '/routines/create',
    token: people.routine_loves_squalane.token,
    payload: { name: 'Night', time_of_day: 'evening', steps: [{ step_type: 'moisturise', product }] },
  });
  expect(routine.statusCode).toBe(201);
  await feel(people.stranger_hates_fragrance, 'fragrance', 'negative');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe("versions of a product's ingredient list", () => {
  it('creating a product writes version 1; an approved correcting draft writes version 2 by its author', async () => {
    const before = (await t.inject({ method: 'GET', url: `/products/${product}/ingredient_list_versions` })).json() as {
      items: Array<{ version: number; source: string }>;
    };
    expect(before.items.map((v) => [v.version, v.source])).toEqual([[1, 'product_created']]);
    await reformulate(product, LIST_2);
    const after = (await t.inject({ method: 'GET', url: `/products/${product}/ingredient_list_versions` })).json() as {
      items: Array<{
        version: number;
        source: string;
        ingredient_list: string;
        author: { username: string } | null;
        entries: Array<{ input: string; below_one_percent: boolean }>;
      }>;
      next_cursor: string | null;
    };
    expect(after.items.map((v) => [v.version, v.source, v.author?.username])).toEqual([
      [2, 'draft_approved', author.username],
      [1, 'product_created', moderator.username],
    ]);
    expect(after.items[0].ingredient_list).toBe(LIST_2);
    // Phenoxyethanol (at most 1% by EU law) draws the 1% line.
    expect(after.items[1].entries.filter((e) => e.below_one_percent).map((e) => e.input)).toEqual([
      'Phenoxyethanol',
      'Panthenol',
      'Xanthan Gum',
    ]);
  });

  it('a correction that leaves the list as it is writes no version', async () => {
    const other = await newProduct('Reform Same List');
    await reformulate(other, LIST_1);
    const versions = (await t.inject({ method: 'GET', url: `/products/${other}/ingredient_list_versions` })).json() as {
      items: unknown[];
    };
    expect(versions.items).toHaveLength(1);
  });

  it('the diff: added, removed, across the 1% line; a renamed entry (Aqua → Water) is no change', async () => {
    const diff = (
      await t.inject({ method: 'GET', url: `/products/${product}/ingredient_list_diff?from=1&to=2` })
    ).json() as Diff;
    expect(diff).toMatchObject({ from: 1, to: 2, identical: false });
    expect(aliases(diff.added)).toEqual(['fragrance']);
    expect(aliases(diff.removed)).toEqual(['squalane']);
    expect(aliases(diff.crossed_one_percent)).toEqual(['panthenol']);
    expect(diff.crossed_one_percent[0].direction).toBe('up');
    expect(aliases(diff.moved)).toEqual(['panthenol']);
    expect(JSON.stringify(diff)).not.toContain('"water"');
    const same = (
      await t.inject({ method: 'GET', url: `/products/${product}/ingredient_list_diff?from=2&to=2` })
    ).json() as Diff;
    expect(same.identical).toBe(true);
  });

  it("bad input: unknown versions are 404, others 400, in the contract's format", async () => {
    const missing = await t.inject({ method: 'GET', url: `/products/${product}/ingredient_list_diff?from=1&to=9` });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('NOT_FOUND');
    for (const query of ['from=0&to=1', 'from=abc&to=1', 'from=1', 'from=1&to=2&extra=1']) {
      const bad = await t.inject({ method: 'GET', url: `/products/${product}/ingredient_list_diff?${query}` });
      expect([query, bad.statusCode]).toEqual([query, 400]);
      expect(errorOf(bad).code).toBe('VALIDATION_FAILED');
    }
    expect(
      (await t.inject({ method: 'GET', url: '/products/no-such-product/ingredient_list_diff?from=1&to=2' })).statusCode,
    ).toBe(404);
    expect(
      (await t.inject({ method: 'GET', url: '/products/no-such-product/ingredient_list_versions' })).statusCode,
    ).toBe(404);
  });
});

describe('alerts', () => {
  it('only people who favour the product or use it, and whom the change touches, get one', async () => {
    const hates = await alertsOf(people.fav_hates_fragrance);
    expect(hates).toHaveLength(1);
    expect(hates[0]).toMatchObject({ product: { alias: product }, from_version: 1, to_version: 2, read_at: null });
    expect(hates[0].reasons.map((r) => [r.kind, r.ingredient?.alias])).toEqual([['negative_added', 'fragrance']]);
    expect(aliases(hates[0].diff.added)).toEqual(['fragrance']);
    const loves = await alertsOf(people.routine_loves_squalane);
    expect(loves.map((a) => a.reasons.map((r) => r.kind))).toEqual([['positive_removed']]);
    expect(await alertsOf(people.fav_indifferent)).toEqual([]);
    expect(await alertsOf(people.stranger_hates_fragrance)).toEqual([]);
  });

  it("an alert's diff reads the versions each request, so a change between two requests shows", async () => {
    const diffOf = async () => (await alertsOf(people.fav_hates_fragrance))[0].diff;
    const where = 'where version = 2 and product_id = (select id from product where alias = ?)';
    const [{ ingredient_list: written }] = await sql<{ ingredient_list: string }>(
      `select ingredient_list from product_list_version ${where}`,
      [product],
    );
    expect(aliases((await diffOf()).added)).toEqual(['fragrance']);
    // Version 2 rewritten under the service, as a restore or another instance would: a loader kept
    // past its request would still answer the diff read above.
    for (const [list, added, identical] of [
      [LIST_1, [], true],
      [`${LIST_1}, Linalool`, ['linalool'], false],
      [written, ['fragrance'], false],
    ] as const) {
      await sql(`update product_list_version set ingredient_list = ? ${where}`, [list, product]);
      const diff = await diffOf();
      expect(aliases(diff.added)).toEqual(added);
      expect(diff.identical).toBe(identical);
    }
  });

  it('the write path sends as many statements for many watchers as for one (no N+1)', async () => {
    const few = await newProduct('Reform Few Watchers');
    const many = await newProduct('Reform Many Watchers');
    // The same shapes on both sides (a favourite, a routine with another product), one watcher against six.
    const alone = await makeCaller(t, 'reform-watcher-alone');
    await feel(alone, 'fragrance', 'negative');
    await favourite(alone, few);
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/routines/create',
          token: alone.token,
          payload: {
            name: 'R',
            time_of_day: 'morning',
            steps: [
              { step_type: 'moisturise', product: few },
              { step_type: 'cleanse', product, allow_other_kind: true },
            ],
          },
        })
      ).statusCode,
    ).toBe(201);
    for (let i = 0; i < 6; i++) {
      const watcher = await makeCaller(t, `reform-watcher-${i}`);
      await feel(watcher, 'fragrance', 'negative');
      await favourite(watcher, many);
      const routine = await t.inject({
        method: 'POST',
        url: '/routines/create',
        token: watcher.token,
        payload: {
          name: `R${i}`,
          time_of_day: 'morning',
          steps: [
            { step_type: 'moisturise', product: many },
            { step_type: 'cleanse', product, allow_other_kind: true },
          ],
        },
      });
      expect(routine.statusCode).toBe(201);
    }
    const one = await reformulate(few, LIST_2);
    const six = await reformulate(many, LIST_2);
    expect(six).toBe(one);
    const counted = await sql<{ n: number }>(
      'select count(*)::int as n from reformulation_alert a join product p on p.id = a.product_id where p.alias = ?',
      [many],
    );
    expect(counted[0].n).toBe(6);
  });

  it('read and dismiss: own alerts only; anonymous is 401', async () => {
    const [alert] = await alertsOf(people.fav_hates_fragrance);
    expect((await t.inject({ method: 'GET', url: '/my/reformulation_alerts' })).statusCode).toBe(401);
    expect((await t.inject({ method: 'POST', url: `/my/reformulation_alerts/${alert.id}/dismiss` })).statusCode).toBe(
      401,
    );
    const stolen = await t.inject({
      method: 'POST',
      url: `/my/reformulation_alerts/${alert.id}/dismiss`,
      token: people.fav_indifferent.token,
    });
    expect(stolen.statusCode).toBe(404);
    expect(errorOf(stolen).code).toBe('NOT_FOUND');
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/my/reformulation_alerts/not-an-id/read',
          token: people.fav_hates_fragrance.token,
        })
      ).statusCode,
    ).toBe(404);
    const read = await t.inject({
      method: 'POST',
      url: `/my/reformulation_alerts/${alert.id}/read`,
      token: people.fav_hates_fragrance.token,
    });
    expect((read.json() as Alert).read_at).toEqual(expect.any(String));
    const dismissed = await t.inject({
      method: 'POST',
      url: `/my/reformulation_alerts/${alert.id}/dismiss`,
      token: people.fav_hates_fragrance.token,
    });
    expect((dismissed.json() as Alert).dismissed_at).toEqual(expect.any(String));
    expect((await alertsOf(people.fav_hates_fragrance)).map((a) => a.id)).not.toContain(alert.id);
    expect((await alertsOf(people.fav_hates_fragrance, '&include_dismissed=true')).map((a) => a.id)).toContain(
      alert.id,
    );
  });

  it('GraphQL: myReformulationAlerts needs a caller', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: '{ myReformulationAlerts { items { id } } }' },
    });
    expect((response.json() as { errors: Array<{ extensions: { code: string } }> }).errors[0].extensions.code).toBe(
      'UNAUTHENTICATED',
    );
  });
});

describe('the Open Beauty Facts import', () => {
  const line = (list: string, modified: number) =>
    JSON.stringify({
      code: '4006381333931',
      product_name: 'Imported Reform Cream',
      brands: 'Reformia',
      ingredients_text: list,
      last_modified_t: modified,
    });

  it('writes version 1 of a new product, version 2 when the file changes its list (with alerts), nothing when only the name changes', async () => {
    expect(await importObf(t.orm, Readable.from([line(LIST_1, 1700000000)]), { format: 'jsonl' })).toMatchObject({
      imported: 1,
    });
    const [{ alias }] = await sql<{ alias: string }>('select alias from product where barcode = ?', ['4006381333931']);
    const fan = await makeCaller(t, 'reform-obf-fan');
    await feel(fan, 'fragrance', 'negative');
    await favourite(fan, alias);
    expect(await importObf(t.orm, Readable.from([line(LIST_2, 1710000000)]), { format: 'jsonl' })).toMatchObject({
      updated: 1,
    });
    const renamed = line(LIST_2, 1720000000).replace('Imported Reform Cream', 'Imported Reform Cream (renamed)');
    expect(await importObf(t.orm, Readable.from([renamed]), { format: 'jsonl' })).toMatchObject({ updated: 1 });
    const versions = (await t.inject({ method: 'GET', url: `/products/${alias}/ingredient_list_versions` })).json() as {
      items: Array<{ version: number; source: string; author: unknown }>;
    };
    expect(versions.items.map((v) => [v.version, v.source, v.author])).toEqual([
      [2, 'open_beauty_facts', null],
      [1, 'open_beauty_facts', null],
    ]);
    const alerts = await alertsOf(fan);
    expect(alerts.map((a) => [a.product.alias, a.from_version, a.to_version, a.reasons.map((r) => r.kind)])).toEqual([
      [alias, 1, 2, ['negative_added']],
    ]);
  });
});

describe('the e-mail digest', () => {
  const mailer = () =>
    createMailer(
      { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'Skincare <no-reply@skincare.example>' },
      { info() {} },
    );

  it('mails each person with unread alerts once, respects the switch, and its link switches it off', async () => {
    const mailbox = (c: Caller) => `${c.username}@example.com`;
    const loves = people.routine_loves_squalane;
    for (const c of [loves, people.fav_hates_fragrance])
      await sql('update app_user set email = ? where id = ?', [mailbox(c), c.id]);
    const watcher = await makeCaller(t, 'reform-watcher-0');
    await sql('update app_user set email = ? where id = ?', [mailbox(watcher), watcher.id]);
    const off = await t.inject({
      method: 'PUT',
      url: '/my/settings/reformulation_digest',
      token: watcher.token,
      payload: { enabled: false },
    });
    expect(off.json()).toEqual({ digest_enabled: false });
    expect(
      (
        await t.inject({
          method: 'PUT',
          url: '/my/settings/reformulation_digest',
          token: watcher.token,
          payload: { enabled: 'no' },
        })
      ).statusCode,
    ).toBe(400);

    const m = mailer();
    // Two runs at once (two instances): each alert is mailed once.
    const [first, second] = await Promise.all([
      sendReformulationDigests(t.orm, m, 'https://skincare.example'),
      sendReformulationDigests(t.orm, m, 'https://skincare.example'),
    ]);
    const message = await smtp.waitFor(mailbox(loves));
    expect(message.subject).toBe('A product of yours changed its ingredients');
    expect(message.body).toContain('* "Reform Watch Lotion": its ingredient list changed');
    expect(message.body).toContain('Squalane, which you marked positive, was removed.');
    const toLoves = () => smtp.inbox.filter((r) => r.to.includes(mailbox(loves)));
    expect(toLoves()).toHaveLength(1);
    // The one who hates fragrance dismissed theirs; the watcher switched the digest off.
    expect(smtp.inbox.filter((r) => r.to.includes(mailbox(people.fav_hates_fragrance)))).toHaveLength(0);
    expect(smtp.inbox.filter((r) => r.to.includes(mailbox(watcher)))).toHaveLength(0);
    // Nobody got two (the demo person and the watchers of the other test have digests too).
    const recipients = smtp.inbox.map((r) => r.to.join(','));
    expect(new Set(recipients).size).toBe(recipients.length);
    expect(first.messages + second.messages).toBe(recipients.length);
    const again = await sendReformulationDigests(t.orm, m, 'https://skincare.example');
    expect(again.messages).toBe(0);
    expect(toLoves()).toHaveLength(1);
    m.close();
    expect((await alertsOf(loves))[0]).toMatchObject({ read_at: null });

    const link = /https:\/\/skincare\.example(\/p\/reformulation\/unsubscribe\?token=[A-Za-z0-9_%-]+)/.exec(
      message.body,
    )!;
    expect(link).not.toBeNull();
    const page = await t.inject({ method: 'GET', url: link[1] });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Stop these e-mails');
    expect(
      (await t.inject({ method: 'GET', url: '/my/settings/reformulation_digest', token: loves.token })).json(),
    ).toEqual({ digest_enabled: true });
    // A mail client's one-click unsubscribe (RFC 8058): a form POST to the same URL.
    const clicked = await t.inject({
      method: 'POST',
      url: link[1],
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.statusCode).toBe(200);
    expect(
      (await t.inject({ method: 'GET', url: '/my/settings/reformulation_digest', token: loves.token })).json(),
    ).toEqual({ digest_enabled: false });
    const forged = await t.inject({
      method: 'POST',
      url: '/p/reformulation/unsubscribe?token=forged',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(400);
  });
});

describe('the demo', () => {
  it('the reformulated demo product has two versions and an alert for the demo person it touches', async () => {
    const demo = async (username: string): Promise<Caller> => ({
      username,
      id: '',
      type: 'member',
      token: await t.auth.sign({
        sub: `demo|${username}`,
        preferred_username: username,
        email: `${username}@example.com`,
      }),
    });
    const amara = await demo('dr_amara_okafor');
    const [alert] = (await alertsOf(amara)).filter((a) => a.product.alias === 'plainfield-skin-daily-barrier-lotion');
    expect(alert.reasons.map((r) => [r.kind, r.ingredient?.alias])).toContainEqual(['negative_added', 'fragrance']);
    expect(aliases(alert.diff.crossed_one_percent)).toEqual(['panthenol']);
    const lucas = await demo('glowup_lucas');
    expect((await alertsOf(lucas)).filter((a) => a.product.alias === 'plainfield-skin-daily-barrier-lotion')).toEqual(
      [],
    );
  });
});
