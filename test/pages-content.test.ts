// What a reader sees on the pages people land on (src/pages): the analysis page shows what
// the API knows (estimates and the 1% line, EU law with its act and annex entry, rating sources,
// a kit's parts, what could not be read); the product page its brand's attestation, offers in the
// reader's currency with the day of the rates, similar products, better alternatives and its
// list's versions; the ingredient page the products that contain it (paged) and experts'
// opinions; a shared comparison names a product deleted since. Each page's SQL is counted.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
const form = { 'content-type': 'application/x-www-form-urlencoded' };
/** The page's text as read: tags dropped, entities decoded, spaces collapsed. */
const text = (body: string): string =>
  body
    .replace(/<\/?(?:a|span|strong|b|em|code)\b[^>]*>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ');
const links = (body: string): string[] =>
  [...body.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://skin.example' });
});
afterAll(async () => {
  await t?.close();
});

async function analysisPage(list: string): Promise<{ token: string; body: string; statements: number }> {
  const posted = await t.inject({
    method: 'POST',
    url: '/p/analyze',
    headers: form,
    payload: `ingredient_list=${encodeURIComponent(list)}`,
  });
  expect(posted.statusCode).toBe(303);
  const location = posted.headers.location as string;
  const { response, statements } = await t.countStatements({ method: 'GET', url: location });
  expect(response.statusCode).toBe(200);
  return { token: location.split('/').at(-1)!, body: response.body, statements };
}

describe('the analysis page', () => {
  it('shows a kit as parts, each with its amounts and 1% line, EU law with act and annex entry, and rating sources', async () => {
    const { token, body, statements } = await analysisPage(
      'Cleanser: Aqua, Sodium Laureth Sulfate, Glycerin, Phenoxyethanol, Parfum. Toner: Aqua, Alcohol Denat., Niacinamide, Salicylic Acid 3%, Hydroquinone 2%, Limonene, Retinol, Butylene Glycol',
    );
    const api = (await t.inject({ method: 'GET', url: `/analyze/shared/${token}` })).json() as {
      ingredients: Array<{ position: number; input: string; concentration_estimate: { max: number } }>;
    };
    const seen = text(body);
    // The kit's parts, each read as its own kind of product.
    expect(seen).toContain('in a kit of 2 parts: Cleanser, Toner');
    expect(body).toMatch(/<h3 id="part-1">Part 1: Cleanser<\/h3>\s*<p>Read as a rinse-off product: /);
    expect(body).toMatch(/<h3 id="part-2">Part 2: Toner<\/h3>\s*<p>Read as a leave-on product: /);
    expect(body).toContain('<ol class="entries" start="6">');
    // Amounts and a 1% line per part: Phenoxyethanol (capped at 1%) draws it in the cleanser. (The toner prints its
    // amounts in descending order: amounts printed rising down a list leave its order bounding nothing, no line.)
    expect(seen).toMatch(/Hydroquinone 2% Bleaching Amount: 2% of the product\. Printed on the label: 2%\./);
    expect(
      body.match(/class="one-percent">The 1% line: from here on, each ingredient is at most 1% of the product/g),
    ).toHaveLength(2);
    const cleanser = body.slice(body.indexOf('Part 1: Cleanser'), body.indexOf('Part 2: Toner'));
    const line = cleanser.indexOf('The 1% line');
    expect(cleanser.indexOf('>Glycerin</a>')).toBeLessThan(line);
    expect(cleanser.indexOf('Phenoxyethanol')).toBeGreaterThan(line);
    expect(api.ingredients.find((e) => e.input === 'Phenoxyethanol')!.concentration_estimate.max).toBe(1);
    // EU law: the alerts on top link to their entries, which name the act, the annex and the entry.
    expect(body).toMatch(/<h2 id="law">What EU law says<\/h2>/);
    expect(seen).toContain('Hydroquinone is not allowed in EU cosmetics');
    expect(body).toContain('<a href="#entry-10">See Hydroquinone in the list</a>');
    expect(body).toContain('<li class="entry" id="entry-10">');
    expect(seen).toContain('Prohibited in EU cosmetics: Annex II, entry 1339 of Regulation (EC) No 1223/2009');
    expect(seen).toMatch(
      /Restricted in EU cosmetics: Annex III, entry 98 of Regulation \(EC\) No 1223\/2009; at most 2% in [^.]+ printed above this maximum/,
    );
    // Ratings say where they come from, and the sources are listed.
    expect(seen).toContain('Ratings (0-5): comedogenic 3/5');
    expect(body).toContain('(source: <a href="#rating-sources">Fulton 1989, as tabulated</a>)');
    expect(seen).toMatch(
      /Where the ratings come from .*Fulton 1989, as tabulated: Fulton 1989 \(J Soc Cosmet Chem 40:321-333\)/,
    );
    expect(seen).not.toMatch(/could not be read/);
    // The page runs the API's operations: the analysis (one statement) and the skin calculation.
    expect(statements).toBeLessThanOrEqual(3);
  });

  it('says plainly when a list could not be read, and which entries', async () => {
    const { body } = await analysisPage(
      'Ingredients: Aqua Glycerin Zorbelline Complex Rare Floral Accord Dimethicone Phenoxyethanol',
    );
    const seen = text(body);
    expect(seen).toContain(
      'Some of this list could not be read: words run together that we could not split into ingredient names',
    );
    expect(seen).toContain('no “free of” claim can be checked on this list');
    expect(body).toContain('<span class="flag">could not be read</span>');
    expect(seen).toContain('Words run together that could not be read as ingredient names.');
  });
});

describe('the product page', () => {
  const alias = 'clearvane-10-benzoyl-peroxide-acne-gel';

  it("shows offers converted into the reader's currency, each with the day of the rates, and links to buy", async () => {
    const api = (await t.inject({ method: 'GET', url: `/buy/${alias}?currency=GBP` })).json() as {
      items: Array<{
        retailer: string;
        price: number;
        currency: string;
        compared_price: number;
        compared_currency: string;
        rates_date: string;
      }>;
      rates_date: string;
    };
    // Accept-Language en-GB: pounds, as ?currency=GBP through the API. A first request warms the process
    // caches (the knowledge base, the similarity index), so the one counted sends only its own reads.
    await t.inject({ method: 'GET', url: `/p/products/${alias}`, headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    const { response, statements } = await t.countStatements({
      method: 'GET',
      url: `/p/products/${alias}`,
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(response.statusCode).toBe(200);
    const seen = text(response.body);
    const euros = api.items.find((o) => o.currency === 'EUR')!;
    expect(euros.compared_price).toBeGreaterThan(0);
    const pounds = `£${euros.compared_price.toFixed(2)}`;
    expect(seen).toContain(
      `${euros.retailer}: €${euros.price.toFixed(2)}, about ${pounds} (converted at the reference rates of 4 January 2024)`,
    );
    expect(api.rates_date).toBe('2024-01-04');
    expect(seen).toContain(
      "Cheapest first once converted into GBP (from your browser's language, en-GB), with the European Central Bank",
    );
    expect(response.body).toContain('<option value="GBP" selected>GBP</option>');
    expect(links(response.body)).toContain(`/buy/${alias}/retailer?retailer=glow-market&currency=GBP`);
    // The form's choice wins over the browser's language; a bare language names no region (the rates' own currency).
    const dollars = text(
      (
        await t.inject({
          method: 'GET',
          url: `/p/products/${alias}?currency=usd`,
          headers: { 'accept-language': 'en-GB' },
        })
      ).body,
    );
    expect(dollars).toContain('Cheapest first once converted into USD (as chosen)');
    expect(dollars).toMatch(/Apothecary Lane: US\$8\.99 [^,]/);
    expect(
      text((await t.inject({ method: 'GET', url: `/p/products/${alias}`, headers: { 'accept-language': 'en' } })).body),
    ).toContain("converted into EUR (the reference rates' own currency");
    // A currency without a rate is the API's 400 (GET /buy/:alias); the page shows itself in the
    // currency it would choose without it, and says the code was not known.
    expect((await t.inject({ method: 'GET', url: `/buy/${alias}?currency=XYZ` })).statusCode).toBe(400);
    const bad = await t.inject({
      method: 'GET',
      url: `/p/products/${alias}?currency=XYZ`,
      headers: { 'accept-language': 'en' },
    });
    expect(bad.statusCode).toBe(200);
    expect(text(bad.body)).toContain(
      'The currency code “XYZ” is not one we have exchange rates for, so prices are shown in EUR',
    );
    expect(text(bad.body)).toContain("converted into EUR (the reference rates' own currency");
    const badCountry = await t.inject({ method: 'GET', url: `/p/products/${alias}?country=ZZ&currency=` });
    expect(badCountry.statusCode).toBe(200);
    expect(text(badCountry.body)).toContain('The country code “ZZ” is not one we know a currency for');
    // An unknown currency with a known country: the country's currency.
    const gbPage = await t.inject({ method: 'GET', url: `/p/products/${alias}?currency=XYZ&country=GB` });
    expect(text(gbPage.body)).toContain('Cheapest first once converted into GBP (the currency of GB)');
    expect((await t.inject({ method: 'GET', url: `/p/products/${alias}?currency=GBP&currency=USD` })).statusCode).toBe(
      400,
    );
    // The product, its analysis, offers, similar products, alternatives and versions: the API's operations,
    // which share one lookup of the product (getProduct, per request): the detail row, that lookup, the
    // categories, versions, offers, the exchange rates, the alternatives' candidates (10 before it was shared) and,
    // since alternatives are judged on each product's dose-aware reading (issue 40), one read of all the candidates'
    // entries whatever their number.
    expect(statements).toBeLessThanOrEqual(8);
  });

  it("shows the brand's attestation, similar products and better alternatives as links, and the list's versions", async () => {
    const before = text((await t.inject({ method: 'GET', url: `/p/products/${alias}` })).body);
    expect(before).toMatch(/Clearvane[^ ]* has not confirmed this product and its list\./);
    const owner = await t.tokenFor('pages-brand-owner', 'brand');
    await t
      .em()
      .getConnection()
      .execute(
        `update brand set owner_id = (select id from app_user where username = 'pages-brand-owner') where id = (select brand_id from product where alias = ?)`,
        [alias],
      );
    expect((await t.inject({ method: 'PATCH', url: `/products/${alias}/attest_brand`, token: owner })).statusCode).toBe(
      200,
    );
    const page = (await t.inject({ method: 'GET', url: `/p/products/${alias}` })).body;
    const today = new Date().toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(text(page)).toMatch(
      new RegExp(`confirmed this product is theirs on ${today} \\(account pages-brand-owner\\)`),
    );
    const similar = (await t.inject({ method: 'GET', url: `/products/${alias}/similar?limit=5` })).json() as {
      items: Array<{ product: { alias: string; name: string } }>;
    };
    const alternatives = (
      await t.inject({ method: 'GET', url: `/products/${alias}/better_alternatives?limit=5` })
    ).json() as { items: Array<{ product: { alias: string } }> };
    expect(similar.items.length).toBeGreaterThan(0);
    expect(alternatives.items.length).toBeGreaterThan(0);
    const section = (id: string) =>
      page.slice(page.indexOf(`<h2 id="${id}">`), page.indexOf('</section>', page.indexOf(`<h2 id="${id}">`)));
    expect(links(section('similar'))).toEqual(similar.items.map((s) => `/p/products/${s.product.alias}`));
    expect(links(section('alternatives'))).toEqual(alternatives.items.map((a) => `/p/products/${a.product.alias}`));
    expect(text(section('alternatives'))).toContain('% similar ingredient list');
    // One version: said so, no dead end.
    expect(text(section('versions'))).toMatch(/Version 1, .*: the first one on record/);
  });

  it("lists the versions of a reformulated product's list, each linked to what changed", async () => {
    const versioned = 'plainfield-skin-daily-barrier-lotion';
    const page = (await t.inject({ method: 'GET', url: `/p/products/${versioned}` })).body;
    expect(page).toContain(
      `<a href="/p/products/${versioned}/changes?from=1&amp;to=2">what changed since version 1</a>`,
    );
    expect(text(page)).toMatch(/Version 2, \d+ \w+ \d{4} \(from the demo catalog\): what changed since version 1/);
    const changes = await t.inject({ method: 'GET', url: `/p/products/${versioned}/changes?from=1&to=2` });
    expect(changes.statusCode).toBe(200);
    expect(links(changes.body)).toContain(`/p/products/${versioned}`);
  });
});

describe("the buy links' answers", () => {
  it("carry each offer's converted price with the day of the rates it used, over REST and GraphQL", async () => {
    const rest = (
      await t.inject({ method: 'GET', url: '/buy/clearvane-10-benzoyl-peroxide-acne-gel?currency=GBP' })
    ).json() as { items: Array<Record<string, unknown>> };
    expect(rest.items.length).toBeGreaterThan(1);
    for (const item of rest.items) {
      expect(item).toMatchObject({
        compared_price: expect.any(Number),
        compared_currency: 'GBP',
        exchange_rate: expect.any(Number),
        rates_date: '2024-01-04',
      });
      expect(item.compared_price).toBeCloseTo(
        Math.round((item.price as number) * (item.exchange_rate as number) * 100) / 100,
        1,
      );
    }
    const graphql = (
      await t.inject({
        method: 'POST',
        url: '/graphql',
        payload: {
          query:
            '{ productOffers(idOrAlias: "clearvane-10-benzoyl-peroxide-acne-gel", currency: "EUR") { items { retailer price currency comparedPrice comparedCurrency exchangeRate ratesDate } } }',
        },
      })
    ).json() as { data: { productOffers: { items: Array<Record<string, unknown>> } } };
    const eur = graphql.data.productOffers.items.find((o) => o.currency === 'EUR')!;
    expect(eur).toMatchObject({
      comparedPrice: eur.price,
      comparedCurrency: 'EUR',
      exchangeRate: 1,
      ratesDate: '2024-01-04',
    });
    // Outside a comparison (a product's own offers) nothing is converted, so no day is claimed.
    const own = (
      await t.inject({
        method: 'POST',
        url: '/graphql',
        payload: {
          query:
            '{ product(idOrAlias: "clearvane-10-benzoyl-peroxide-acne-gel") { offers { comparedPrice ratesDate } } }',
        },
      })
    ).json() as { data: { product: { offers: Array<Record<string, unknown>> } } };
    expect(own.data.product.offers[0]).toEqual({ comparedPrice: null, ratesDate: null });
  });
});

describe('the ingredient page', () => {
  it('lists the products that contain it, a page at a time, each linked', async () => {
    const first = (await t.inject({ method: 'GET', url: '/ingredients/niacinamide/products?limit=20' })).json() as {
      items: Array<{ alias: string }>;
      next_cursor: string | null;
    };
    expect(first.next_cursor).toEqual(expect.any(String));
    const { response, statements } = await t.countStatements({ method: 'GET', url: '/p/ingredients/niacinamide' });
    const page = response.body;
    const section = page.slice(
      page.indexOf('<h2 id="products">'),
      page.indexOf('</section>', page.indexOf('<h2 id="products">')),
    );
    const shown = links(section);
    expect(shown.slice(0, 20)).toEqual(first.items.map((p) => `/p/products/${p.alias}`));
    const more = shown.at(-1)!;
    expect(more).toBe(`/p/ingredients/niacinamide?cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect(statements).toBeLessThanOrEqual(6);
    const second = await t.inject({ method: 'GET', url: more });
    expect(second.statusCode).toBe(200);
    const next = (
      await t.inject({
        method: 'GET',
        url: `/ingredients/niacinamide/products?limit=20&cursor=${encodeURIComponent(first.next_cursor!)}`,
      })
    ).json() as { items: Array<{ alias: string }> };
    expect(second.body).toContain(`<a href="/p/products/${next.items[0].alias}">`);
    expect(links(second.body)).toContain('/p/ingredients/niacinamide');
    // A forged cursor is the API's 400, as a page.
    expect((await t.inject({ method: 'GET', url: '/p/ingredients/niacinamide?cursor=bzox' })).statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: `/p/ingredients/niacinamide?cursor=a&cursor=b` })).statusCode).toBe(
      400,
    );
  });

  it('shows what experts wrote on it, endorsed or not, most endorsed first', async () => {
    const expert = await t.tokenFor('pages-expert', 'expert');
    const written = await t.inject({
      method: 'POST',
      url: '/ingredient_opinions/create',
      token: expert,
      payload: { ingredient: 'niacinamide', text: 'Fine <b>at</b> 5% for most skin. #barrier' },
    });
    expect(written.statusCode).toBe(201);
    const endorsed = (await t.inject({ method: 'GET', url: '/ingredients/niacinamide/endorsed_opinions' })).json() as {
      items: Array<{ text: string; endorsement_count: number }>;
    };
    const page = (await t.inject({ method: 'GET', url: '/p/ingredients/niacinamide' })).body;
    const section = page.slice(
      page.indexOf('<h2 id="opinions">'),
      page.indexOf('</section>', page.indexOf('<h2 id="opinions">')),
    );
    const seen = text(section);
    expect(seen).toContain('Fine <b>at</b> 5% for most skin. #barrier');
    expect(section).not.toContain('<b>at</b>');
    expect(seen).toMatch(/pages-expert, expert, \d+ \w+ \d{4}/);
    expect(seen.indexOf(endorsed.items[0].text.slice(0, 40))).toBeLessThan(seen.indexOf('Fine <b>at</b>'));
    expect(seen).toContain(`endorsed by ${endorsed.items[0].endorsement_count} other experts`);
  });
});

describe('a shared comparison', () => {
  it('names a product deleted since it was shared ("removed: …"), over the API and on the page', async () => {
    const admin = await t.tokenFor('pages-admin', 'admin');
    const kept = 'plainfield-skin-daily-barrier-lotion';
    const brand = (
      (await t.inject({ method: 'GET', url: `/products/${kept}` })).json() as { brand: { alias: string; name: string } }
    ).brand;
    const created = await t.inject({
      method: 'POST',
      url: '/products/create',
      token: admin,
      payload: {
        name: 'Barrier Repair Gel Cream',
        brand: brand.alias,
        category: 'creams',
        ingredient_list: 'Aqua, Glycerin, Ceramide NP, Parfum',
      },
    });
    expect(created.statusCode).toBe(201);
    const doomed = created.json() as { id: string; alias: string };
    expect((await t.inject({ method: 'PATCH', url: `/products/${doomed.id}/publish`, token: admin })).statusCode).toBe(
      200,
    );
    const { token } = (
      await t.inject({ method: 'POST', url: '/compare/share', payload: { items: [kept, doomed.alias] } })
    ).json() as { token: string };
    expect(text((await t.inject({ method: 'GET', url: `/p/comparisons/${token}` })).body)).not.toContain('removed:');
    expect((await t.inject({ method: 'DELETE', url: `/products/${doomed.id}`, token: admin })).statusCode).toBe(204);
    const api = (await t.inject({ method: 'GET', url: `/compare/shared/${token}` })).json() as {
      items: Array<Record<string, unknown>>;
    };
    expect(api.items[1]).toMatchObject({
      product: null,
      name: 'Barrier Repair Gel Cream',
      brand_name: brand.name,
      removed: true,
    });
    const { response, statements } = await t.countStatements({ method: 'GET', url: `/p/comparisons/${token}` });
    expect(response.statusCode).toBe(200);
    const seen = text(response.body);
    expect(seen).toContain(`removed: Barrier Repair Gel Cream (${brand.name}): 4 ingredients`);
    expect(seen).toContain('One item was deleted after this comparison was shared');
    expect(seen).not.toContain('Pasted list');
    expect(links(response.body)).not.toContain(`/p/products/${doomed.alias}`);
    expect(links(response.body)).toContain(`/p/products/${kept}`);
    expect(statements).toBeLessThanOrEqual(4);
  });
});
