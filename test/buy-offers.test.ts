import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const gql = (query: string, token?: string, variables?: object) =>
  t.inject({ method: 'POST', url: '/graphql', token, payload: { query, variables } });

describe('buy links compare offers in one currency', () => {
  // Seoul Shelf ₩22,000, Glow Market €14.95, Clearskin Depot $15.95: by raw number Glow Market looked
  // cheapest; at the ECB rates of 2024-01-04 the dollar offer is €14.56, the won offer €15.34.
  const product = 'soomdal-centella-low-ph-gel-foam';

  it("redirects to the offer cheapest in the caller's currency and says which rates it used", async () => {
    const redirect = await t.inject({ method: 'GET', url: `/buy/${product}/retailer` });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(`https://clearskin-depot.example/p/${product}`);
    expect(redirect.headers).toMatchObject({
      'x-retailer': 'Clearskin Depot',
      'x-currency': 'USD',
      'x-compared-currency': 'EUR',
      'x-compared-price': '14.56',
      'x-rates-date': '2024-01-04',
    });
    expect(String(redirect.headers['x-rates-source'])).toMatch(/European Central Bank/);
    const inWon = await t.inject({ method: 'GET', url: `/buy/${product}/retailer?currency=krw` });
    expect(inWon.headers).toMatchObject({ 'x-compared-currency': 'KRW', 'x-retailer': 'Clearskin Depot' });
    const inBritain = await t.inject({ method: 'GET', url: `/buy/${product}/retailer?country=GB` });
    expect(inBritain.headers['x-compared-currency']).toBe('GBP');
  });

  it("uses the signed-in caller's country when no currency is asked for", async () => {
    const token = await t.tokenFor('buyer-kr');
    await t.em().getConnection().execute(`update app_user set country = 'KR' where username = 'buyer-kr'`);
    const redirect = await t.inject({ method: 'GET', url: `/buy/${product}/retailer`, token });
    expect(redirect.headers['x-compared-currency']).toBe('KRW');
  });

  it('lists offers cheapest first in that currency, naming it', async () => {
    const list = (await t.inject({ method: 'GET', url: `/buy/${product}?currency=USD` })).json() as {
      items: Array<{ retailer: string }>;
      compared_currency: string;
      rates_date: string;
    };
    expect(list.items.map((o) => o.retailer)).toEqual(['Clearskin Depot', 'Glow Market', 'Seoul Shelf']);
    expect(list).toMatchObject({ compared_currency: 'USD', rates_date: '2024-01-04' });
  });

  it('rejects a currency or country without a rate', async () => {
    expect(errorOf(await t.inject({ method: 'GET', url: `/buy/${product}/retailer?currency=XYZ` }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { field: 'currency' },
    });
    expect(errorOf(await t.inject({ method: 'GET', url: `/buy/${product}?country=ZZ` }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { field: 'country' },
    });
  });
});

describe('offers managed by brand owners and admins', () => {
  let alias: string;
  let owner: string;
  beforeAll(async () => {
    owner = await t.tokenFor('offer-owner', 'brand');
    const [row] = await t
      .em()
      .getConnection()
      .execute(
        `select p.alias, b.alias as brand from product p join brand b on b.id = p.brand_id where p.status = 'published' and b.owner_id is null order by p.alias limit 1`,
      );
    alias = row.alias;
    await t
      .em()
      .getConnection()
      .execute(`update brand set owner_id = (select id from app_user where username = 'offer-owner') where alias = ?`, [
        row.brand,
      ]);
  });

  const add = `mutation($p: String!, $input: OfferInput!) { addProductOffer(productIdOrAlias: $p, input: $input) { id retailer url price currency endedAt } }`;

  it('adds, changes and ends an offer; clicks on it stay counted', async () => {
    const added = await gql(add, owner, {
      p: alias,
      input: { retailer: 'Owner Shop', url: 'https://owner.example/p/1', price: 0.5, currency: 'gbp' },
    });
    expect(added.json().errors).toBeUndefined();
    const offer = added.json().data.addProductOffer;
    expect(offer).toMatchObject({ retailer: 'Owner Shop', price: 0.5, currency: 'GBP', endedAt: null });
    const redirect = await t.inject({ method: 'GET', url: `/buy/${alias}/retailer?retailer=owner-shop` });
    expect(redirect.headers.location).toBe('https://owner.example/p/1');

    const changed = await gql(
      `mutation($id: ID!) { updateProductOffer(id: $id, input: { price: 0.25 }) { price currency url } }`,
      owner,
      { id: offer.id },
    );
    expect(changed.json().data.updateProductOffer).toEqual({
      price: 0.25,
      currency: 'GBP',
      url: 'https://owner.example/p/1',
    });

    const ended = await gql(`mutation($id: ID!) { endProductOffer(id: $id) { endedAt } }`, owner, { id: offer.id });
    expect(ended.json().data.endProductOffer.endedAt).toEqual(expect.any(String));
    const list = (await t.inject({ method: 'GET', url: `/buy/${alias}` })).json() as {
      items: Array<{ retailer: string }>;
    };
    expect(list.items.map((o) => o.retailer)).not.toContain('Owner Shop');
    expect(
      errorOf(await t.inject({ method: 'GET', url: `/buy/${alias}/retailer?retailer=owner-shop` })).details,
    ).toMatchObject({ field: 'retailer' });
    const [{ n }] = await t
      .em()
      .getConnection()
      .execute(`select count(*)::int as n from product_buy_click where offer_id = ?`, [offer.id]);
    expect(n).toBe(1);
    // An ended offer is not changed again; a new one from the same shop may be added.
    expect(
      (
        await gql(`mutation($id: ID!) { updateProductOffer(id: $id, input: { price: 1 }) { price } }`, owner, {
          id: offer.id,
        })
      ).json().errors[0].extensions.code,
    ).toBe('CONFLICT');
    expect(
      (
        await gql(add, owner, {
          p: alias,
          input: { retailer: 'owner shop', url: 'https://owner.example/p/2', price: 3, currency: 'EUR' },
        })
      ).json().errors,
    ).toBeUndefined();
    expect(
      (
        await gql(add, owner, {
          p: alias,
          input: { retailer: 'Owner Shop', url: 'https://owner.example/p/3', price: 3, currency: 'EUR' },
        })
      ).json().errors[0].extensions.code,
    ).toBe('CONFLICT');
  });

  it('lets admins in and keeps everyone else out', async () => {
    const admin = await t.tokenFor('offer-admin', 'admin');
    expect(
      (await gql(add, admin, { p: alias, input: { retailer: 'Admin Shop', url: 'https://admin.example/x' } })).json()
        .errors,
    ).toBeUndefined();
    const otherBrand = await t.tokenFor('offer-other-brand', 'brand');
    const member = await t.tokenFor('offer-member');
    const input = { retailer: 'Sneaky', url: 'https://sneaky.example/x', price: 1, currency: 'EUR' };
    expect((await gql(add, otherBrand, { p: alias, input })).json().errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await gql(add, member, { p: alias, input })).json().errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await gql(add, undefined, { p: alias, input })).json().errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const [{ id }] = await t
      .em()
      .getConnection()
      .execute(
        `select o.id from product_offer o join product p on p.id = o.product_id where p.alias = ? and o.retailer = 'Admin Shop'`,
        [alias],
      );
    expect(
      (await gql(`mutation($id: ID!) { endProductOffer(id: $id) { id } }`, otherBrand, { id })).json().errors[0]
        .extensions.code,
    ).toBe('FORBIDDEN');
  });

  it('rejects bad input naming the field, writing nothing', async () => {
    const cases: Array<[object, string]> = [
      [{ retailer: ' ', url: 'https://x.example', price: 1, currency: 'EUR' }, 'retailer'],
      [{ retailer: 'A', url: 'javascript:alert(1)', price: 1, currency: 'EUR' }, 'url'],
      [{ retailer: 'A', url: 'https://x.example', price: -1, currency: 'EUR' }, 'price'],
      [{ retailer: 'A', url: 'https://x.example', price: 1.234, currency: 'EUR' }, 'price'],
      [{ retailer: 'A', url: 'https://x.example', price: 1, currency: 'DOGE' }, 'currency'],
      [{ retailer: 'A', url: 'https://x.example', price: 1 }, 'currency'],
    ];
    for (const [input, field] of cases) {
      const error = (await gql(add, owner, { p: alias, input })).json().errors[0];
      expect(error.extensions).toMatchObject({ code: 'VALIDATION_FAILED', details: { field } });
    }
    expect((await gql(add, owner, { p: 'no-such-product', input: cases[0][0] })).json().errors[0].extensions.code).toBe(
      'NOT_FOUND',
    );
    expect(
      (await gql(`mutation { endProductOffer(id: "not-an-id") { id } }`, owner)).json().errors[0].extensions.code,
    ).toBe('NOT_FOUND');
    const [{ n }] = await t
      .em()
      .getConnection()
      .execute(`select count(*)::int as n from product_offer where retailer = 'A'`);
    expect(n).toBe(0);
  });
});

describe('offer feeds (npm run import:offers)', () => {
  const product = 'dayfair-deep-clean-foaming-face-wash';
  const csv = [
    'product,retailer,url,price,currency,ended',
    `${product},Feed Shop,https://feed.example/p/1,1.50,EUR,`,
    `${product},Clearskin Depot,https://clearskin-depot.example/p/${product},7.95,USD,`,
    `${product},Glow Market,,,,true`,
    'no-such-product,Feed Shop,https://feed.example/p/2,1,EUR,',
    `${product},Bad Price,https://feed.example/p/3,cheap,EUR,`,
    `${product},Bad Currency,https://feed.example/p/4,1,XXX,`,
    `${product},Feed Shop,https://feed.example/p/5,1,EUR,`,
  ].join('\n');

  it('adds, changes and ends offers, reports bad lines, and changes nothing the second time', async () => {
    const { applyFeed, readFeed } = await import('../src/modules/buy/offer-feed.service.js');
    const first = await applyFeed(t.em(), readFeed(csv));
    expect(first).toMatchObject({ lines: 7, added: 1, changed: 1, ended: 1, unchanged: 0 });
    expect(first.bad).toEqual([
      { line: 5, field: 'product', message: 'no product "no-such-product"' },
      { line: 6, field: 'price', message: expect.any(String) },
      { line: 7, field: 'currency', message: expect.any(String) },
      { line: 8, field: 'retailer', message: expect.stringMatching(/twice/) },
    ]);
    const list = (await t.inject({ method: 'GET', url: `/buy/${product}?currency=EUR` })).json() as {
      items: Array<{ retailer: string; price: number }>;
    };
    expect(list.items.map((o) => o.retailer)).toEqual(['Feed Shop', 'Clearskin Depot', 'Apothecary Lane']);
    expect(list.items[1].price).toBe(7.95);
    const again = await applyFeed(t.em(), readFeed(csv));
    expect(again).toMatchObject({ added: 0, changed: 0, ended: 0, unchanged: 3 });
    // The same feed as JSON: item numbers stand for lines.
    const json = JSON.stringify([
      { product, retailer: 'Feed Shop', url: 'https://feed.example/p/1', price: 1.5, currency: 'EUR' },
      { product, retailer: 'X', url: 'ftp://x' },
    ]);
    const fromJson = await applyFeed(t.em(), readFeed(json));
    expect(fromJson).toMatchObject({ unchanged: 1, bad: [{ line: 2, field: 'url' }] });
  });

  it('refuses a file that is not a feed', async () => {
    const { readFeed } = await import('../src/modules/buy/offer-feed.service.js');
    expect(() => readFeed('[{"product": ')).toThrow(/not valid JSON/);
    expect(() => readFeed('name,price\nx,1')).toThrow(/header/);
  });
});

describe('offer URLs point at public sites only', () => {
  const local = [
    'http://localhost:3000/admin',
    'http://app.localhost/',
    'http://127.0.0.1/',
    'http://127.1/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://017700000001/',
    'http://0.0.0.0/',
    'http://0/',
    'http://10.1.2.3/',
    'http://172.16.0.1/',
    'http://192.168.1.1/router',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/',
    'http://[::1]/',
    'http://[::]/',
    'http://[fe80::1]/',
    'http://[fd12:3456::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:192.168.0.1]/',
    'http://[64:ff9b::10.0.0.1]/',
    'http://[2002:c0a8:101::1]/',
    // Issue 37: RFC 8215 local-use NAT64 and Teredo (2001::/32) tunnel to an IPv4 of the writer's choosing.
    'http://[64:ff9b:1::a00:1]/',
    'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
    'http://[2002:808:808::1]/',
    'http://[::ffff:8.8.8.8]/',
    'http://192.88.99.1/',
    'http://printer.local/',
    'http://intranet/',
    'http://router.home.arpa/',
    'https://user:secret@shop.example/',
    'ftp://shop.example/',
    'file:///etc/passwd',
  ];

  it('refuses loopback, private, link-local, unique-local and unspecified hosts in every spelling, naming url', async () => {
    const { checkedOfferFields } = await import('../src/modules/buy/offer-write.service.js');
    for (const url of local) {
      let field: unknown;
      try {
        checkedOfferFields({ retailer: 'Shop', url }, true);
      } catch (error) {
        field = (error as { code?: string; details?: { field?: string } }).details?.field;
      }
      expect([url, field]).toEqual([url, 'url']);
    }
    for (const url of [
      'https://shop.example/p/1',
      'http://8.8.8.8/x',
      'https://[2606:4700::1111]/',
      'https://shop.example.:8443/',
    ]) {
      expect(checkedOfferFields({ retailer: 'Shop', url }, true).url).toBeDefined();
    }
  });

  it('over GraphQL and in the feed import; a local offer already stored is never redirected to', async () => {
    const admin = await t.tokenFor('offer-url-admin', 'admin');
    const product = 'dayfair-deep-clean-foaming-face-wash';
    const add = `mutation($p: String!, $input: OfferInput!) { addProductOffer(productIdOrAlias: $p, input: $input) { id } }`;
    const refused = await gql(add, admin, {
      p: product,
      input: { retailer: 'Loop Shop', url: 'http://[::ffff:7f00:1]:8080/' },
    });
    expect(refused.json().errors[0].extensions).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'url' } });
    const added = (
      await gql(add, admin, { p: product, input: { retailer: 'Loop Shop', url: 'https://loop.example/p' } })
    ).json().data.addProductOffer;
    const update = await gql(
      `mutation($id: ID!) { updateProductOffer(id: $id, input: { url: "http://192.168.0.1/" }) { url } }`,
      admin,
      { id: added.id },
    );
    expect(update.json().errors[0].extensions.details).toMatchObject({ field: 'url' });

    const { applyFeed, readFeed } = await import('../src/modules/buy/offer-feed.service.js');
    const report = await applyFeed(
      t.em(),
      readFeed(`product,retailer,url,price,currency\n${product},Feed Loop,http://localhost/p,1,EUR`),
    );
    expect(report).toMatchObject({ added: 0, bad: [{ line: 2, field: 'url' }] });

    // Written before the check (or straight into the table): the redirect passes it over.
    await t
      .em()
      .getConnection()
      .execute(`update product_offer set url = 'http://127.0.0.1:6379/' where id = ?`, [added.id]);
    const redirect = await t.inject({ method: 'GET', url: `/buy/${product}/retailer?retailer=loop-shop` });
    expect(redirect.statusCode).toBe(400);
    expect(redirect.headers.location).toBeUndefined();
    const cheapest = await t.inject({ method: 'GET', url: `/buy/${product}/retailer` });
    expect(String(cheapest.headers.location)).not.toMatch(/127\.0\.0\.1/);
  });
});
