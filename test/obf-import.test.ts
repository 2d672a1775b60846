import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { loadConfig } from '../src/config.js';
import { loadMatcher } from '../src/modules/ingredient/matcher.service.js';
import { announceCatalogImport } from '../src/modules/obf-import/announce.js';
import { chooseIngredientText, importObf, type ObfImportReport } from '../src/modules/obf-import/importer.js';
import { parseQuantity } from '../src/modules/obf-import/quantity.js';
import { formatOf, readObfLines } from '../src/modules/obf-import/reader.js';
import { cleanIngredientText, obfBarcode, readObfRecord } from '../src/modules/obf-import/record.js';
import { formatObfReport } from '../src/modules/obf-import/report.js';
import { UnmatchedCounter } from '../src/modules/obf-import/unmatched.js';
import { Product } from '../src/modules/product/product.entity.js';
import { productSource } from '../src/modules/product/product-source.resolver.js';
import { startTestApp, type TestApp } from './helpers/app.js';
import { sharedRedis, TEST_REDIS_URL } from './helpers/redis-available.js';

const withRedis = await sharedRedis('obf-import.test.ts');
const JSONL = 'test/fixtures/obf/products.jsonl';
const CSV = 'test/fixtures/obf/products.csv';
const tmp = mkdtempSync(join(tmpdir(), 'obf-import-'));

describe('Open Beauty Facts records (no database)', () => {
  it('checks barcodes: EAN-13, UPC-A (also padded to 13 digits), EAN-8; not internal codes or wrong check digits', () => {
    expect(obfBarcode('3600523614455')).toEqual({ barcode: '3600523614455' });
    expect(obfBarcode('0012345678905')).toEqual({ barcode: '012345678905' });
    expect(obfBarcode('00012345678905')).toEqual({ barcode: '012345678905' });
    expect(obfBarcode('96385074')).toEqual({ barcode: '96385074' });
    expect(obfBarcode('3600523614456')).toEqual({ error: expect.stringMatching(/check digit \(expected 5\)/) });
    expect(obfBarcode('123')).toEqual({ error: expect.stringMatching(/3 digits/) });
    expect(obfBarcode('36005236abc')).toEqual({ error: expect.stringMatching(/not digits/) });
  });

  it('cleans ingredient text: HTML tags and entities, allergen underscores', () => {
    expect(cleanIngredientText('<span class="allergen">Aqua</span>, _Limonene_ &amp; Linalool,\n  Parfum')).toBe(
      'Aqua , Limonene & Linalool,\nParfum',
    );
    expect(cleanIngredientText('C12_15 Alkyl Benzoate')).toBe('C12_15 Alkyl Benzoate');
    expect(cleanIngredientText('&lt;b&gt;not a tag')).toBe('<b>not a tag');
  });

  it('reads quantities into our units', () => {
    expect(parseQuantity('400 ml')).toEqual({ amount: 400, unit: 'ml' });
    expect(parseQuantity('50 mL e')).toEqual({ amount: 50, unit: 'ml' });
    expect(parseQuantity('1.7 fl oz')).toEqual({ amount: 1.7, unit: 'fl-oz' });
    expect(parseQuantity('1,5 l')).toEqual({ amount: 1.5, unit: 'l' });
    expect(parseQuantity('2 x 75 ml')).toEqual({ amount: 75, unit: 'ml' });
    expect(parseQuantity('4.8 g')).toEqual({ amount: 4.8, unit: 'g' });
    expect(parseQuantity('10 sheets')).toEqual({ amount: 10, unit: 'sheet' });
    expect(parseQuantity('1 oz')).toEqual({ amount: 1, unit: 'oz' });
    expect(parseQuantity('')).toBeNull();
    expect(parseQuantity('big bottle')).toBeNull();
  });

  it("prefers English names and ingredient lists, then the label as printed, then the product's language", () => {
    const read = readObfRecord({
      code: '3600523614455',
      lang: 'fr',
      product_name: 'Eau',
      product_name_fr: 'Eau micellaire',
      product_name_en: 'Micellar water',
      ingredients_text: 'Eau, glycérine',
      ingredients_text_fr: 'Eau, glycérine',
      ingredients_text_en: 'Aqua, Glycerin',
      brands: " Garnier , L'Oréal",
      categories_tags: 'en:cosmetics,en:micellar-waters',
      quantity: '400 ml',
      last_modified_t: 1700000000,
    });
    expect(read).toEqual({
      ok: true,
      product: {
        code: '3600523614455',
        barcode: '3600523614455',
        name: 'Micellar water',
        brand: 'Garnier',
        categoryTags: ['en:cosmetics', 'en:micellar-waters'],
        quantity: { amount: 400, unit: 'ml' },
        ingredientTexts: ['Aqua, Glycerin', 'Eau, glycérine'],
        lastModified: new Date(1700000000 * 1000),
      },
    });
    const bare = readObfRecord({ code: 96385074, ingredients_text_de: 'Aqua' });
    expect(bare).toMatchObject({
      ok: true,
      product: { barcode: '96385074', name: 'Product 96385074', brand: null, quantity: null, lastModified: null },
    });
    expect(readObfRecord({ code: '3600523614455', ingredients_text: '  ' })).toMatchObject({
      ok: false,
      reason: 'no-ingredient-text',
    });
    expect(readObfRecord({ ingredients_text: 'Aqua' })).toMatchObject({ ok: false, reason: 'no-barcode' });
    expect(readObfRecord({ code: '3600523614455', ingredients_text: 'Aqua, '.repeat(5000) })).toMatchObject({
      ok: false,
      reason: 'ingredient-text-too-long',
    });
    // The "with allergens" variants are HTML for display, not another language.
    expect(
      readObfRecord({ code: '3600523614455', ingredients_text_with_allergens: '<span>Aqua</span>' }),
    ).toMatchObject({ ok: false, reason: 'no-ingredient-text' });
  });

  it('keeps the most frequent unmatched names in bounded memory', () => {
    const counter = new UnmatchedCounter(100);
    for (let i = 0; i < 10_000; i++) counter.add(`rare ${i}`);
    for (let i = 0; i < 300; i++) counter.add('Frequent One');
    for (let i = 0; i < 200; i++) counter.add('frequent two');
    for (let i = 0; i < 10_000; i++) counter.add(`rare again ${i}`);
    expect(counter.top(2)).toEqual([
      { name: 'frequent one', count: 300 },
      { name: 'frequent two', count: 200 },
    ]);
    expect((counter as unknown as { counts: Map<string, number> }).counts.size).toBeLessThanOrEqual(101);
  });

  it('streams JSONL, gzipped JSONL and the tab-separated CSV, reporting broken lines without stopping', async () => {
    expect(formatOf('x.jsonl.gz')).toBe('jsonl');
    expect(formatOf('en.openbeautyfacts.org.products.csv')).toBe('csv');
    expect(formatOf('x.txt')).toBeNull();
    const lines = [];
    for await (const line of readObfLines(
      Readable.from(['{"code":"1"}\n{"code": broken\n\n[1]\n{"code":"2"}']),
      'jsonl',
    ).lines)
      lines.push(line);
    expect(lines).toEqual([
      { line: 1, raw: { code: '1' } },
      { line: 2, error: expect.stringMatching(/JSON/) },
      { line: 4, error: 'not a JSON object' },
      { line: 5, raw: { code: '2' } },
    ]);
    const gz = join(tmp, 'two.jsonl.gz');
    writeFileSync(gz, gzipSync('{"code":"1"}\n{"code":"2"}\n'));
    const read = readObfLines(gz, 'jsonl');
    const codes = [];
    for await (const line of read.lines) codes.push('raw' in line ? line.raw.code : null);
    expect(codes).toEqual(['1', '2']);
    expect(read.bytesRead()).toBeGreaterThan(0);
    const rows = [];
    for await (const line of readObfLines(CSV, 'csv').lines) rows.push(line);
    expect(rows[0]).toMatchObject({
      raw: {
        code: '3760130332057',
        product_name_en: 'Gentle Shampoo',
        categories_tags: 'en:cosmetics,en:hair-care,en:shampoos',
      },
    });
    // No quoting in OBF's CSV: a quote is part of the text.
    expect(rows[1]).toMatchObject({ raw: { ingredients_text_en: expect.stringContaining('"Niacinamide"') } });
  });
});

describe('import:obf into the catalog', () => {
  let t: TestApp;
  let first: ObfImportReport;

  beforeAll(async () => {
    // The import runs in this process here, outside any request; the response cache's own
    // watch on such writes is a heuristic (a bump soon after, and a second one a second later).
    // The command line tells running instances itself (tested below): cache off here.
    t = await startTestApp({ CACHE_ENABLED: 'false' });
    first = await importObf(t.orm, JSONL, { format: 'jsonl', batchSize: 3 });
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  const lookup = async (barcode: string) => {
    const response = await t.inject({ method: 'GET', url: `/products/lookup?barcode=${barcode}` });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('imports the good lines and counts every bad one by reason, with examples', () => {
    expect(first).toMatchObject({
      linesRead: 18,
      imported: 9,
      updated: 0,
      unchanged: 0,
      skippedCurated: 0,
      failure: null,
      skipped: {
        'broken-json': 2,
        'no-barcode': 1,
        'invalid-barcode': 2,
        'no-ingredient-text': 2,
        'duplicate-barcode': 1,
        'no-matched-ingredient': 1,
      },
    });
    expect(first.examples['broken-json']).toEqual([
      { line: 10, detail: expect.any(String) },
      { line: 15, detail: 'not a JSON object' },
    ]);
    expect(first.examples['duplicate-barcode']).toEqual([{ line: 9, detail: 'code 3600523614455' }]);
    expect(first.examples['invalid-barcode']?.map((e) => e.line)).toEqual([12, 13]);
    expect(first.brandsCreated).toBeGreaterThanOrEqual(6);
    const summary = formatObfReport(first);
    expect(summary).toMatch(/lines read:\s+18/);
    expect(summary).toMatch(/broken JSON: 2\n\s+line 10:/);
    expect(summary).toMatch(/unmatched ingredient names: none/);
    expect(summary).toMatch(/rate:\s+\d+ lines\/s/);
  });

  it('maps name, brand, category, tags, size and an analysed list, and shows the source with its licence over REST', async () => {
    const micellar = await lookup('3600523614455');
    expect(micellar).toMatchObject({
      name: 'Micellar Cleansing Water',
      barcode: '3600523614455',
      brand: { name: 'Garnier' },
      category: { alias: 'micellar-water' },
      size: { amount: 400, unit: { alias: 'ml' } },
      tags: ['en:cosmetics'],
      status: 'published',
      source: {
        name: 'Open Beauty Facts',
        code: '3600523614455',
        url: 'https://world.openbeautyfacts.org/product/3600523614455',
        licence: 'ODbL-1.0',
        licence_url: 'https://opendatacommons.org/licenses/odbl/1-0/',
        attribution: expect.stringMatching(/Open Beauty Facts.*Open Database License/),
        last_modified_at: new Date(1700000000 * 1000).toISOString(),
        imported_at: expect.any(String),
        edited_here: false,
      },
    });
    expect(micellar.ingredient_list).toMatch(/^Aqua \/ Water, Hexylene Glycol/);
    expect(micellar.ingredients.length).toBe(7);
    expect(micellar.ingredients.every((e: { match: string }) => e.match !== 'none')).toBe(true);

    // French only, HTML and allergen marks in the text: cleaned, and the French name is used.
    const cream = await lookup('3017620422003');
    expect(cream).toMatchObject({
      name: 'Crème hydratante visage',
      brand: { name: 'Belle Peau' },
      category: { alias: 'creams' },
      size: { amount: 50, unit: { alias: 'ml' } },
    });
    expect(cream.tags).toContain('fr:creme-de-jour-bio');
    expect(cream.ingredient_list).not.toMatch(/[<>_]|&amp;/);
    expect(cream.flags).toContain('fragrance');
    expect(cream.ingredients.map((e: { ingredient: { alias: string } | null }) => e.ingredient?.alias)).toContain(
      'niacinamide',
    );

    // German product with an English list: the English list is analysed; the English name wins.
    expect(await lookup('4005900249814')).toMatchObject({
      name: 'Sensitive Shower Gel',
      category: { alias: 'body-washes' },
      ingredient_list: expect.stringMatching(/^Aqua, Sodium Laureth Sulfate/),
    });
    // Spanish product whose Spanish list our matcher mostly misses: the INCI list under another language wins.
    expect(await lookup('8410043000219')).toMatchObject({
      category: { alias: 'mineral-sunscreens' },
      ingredient_list: expect.stringMatching(/^Aqua, Zinc Oxide/),
      size: { amount: 1.7, unit: { alias: 'fl-oz' } },
    });
    // Nothing but a code and a list.
    expect(await lookup('3760130332026')).toMatchObject({
      name: 'Product 3760130332026',
      brand: { alias: 'unbranded' },
      category: null,
      size: null,
      tags: [],
    });
    // UPC-A padded to 13 digits is stored as the 12 a scanner reads; a brand from brands_tags.
    expect(await lookup('012345678905')).toMatchObject({
      name: 'Daily Lotion',
      brand: { name: 'Sun Valley Labs' },
      category: { alias: 'body-lotions' },
      size: { amount: 75, unit: { alias: 'ml' } },
    });
    expect(await lookup('96385074')).toMatchObject({ name: 'Lip Balm Mini', category: { alias: 'lip-balms' } });
  });

  it('places imported products in search and similar products, and answers GraphQL with the attribution', async () => {
    const search = await t.inject({ method: 'POST', url: '/products/search', payload: { query: 'Hydrating Serum' } });
    expect(search.statusCode).toBe(200);
    expect(search.json().items.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['Hydrating Serum', 'Hydrating Serum Plus']),
    );
    const byIngredient = await t.inject({
      method: 'POST',
      url: '/products/search',
      payload: { query: 'Micellar Cleansing', include_ingredients: ['poloxamer-184'] },
    });
    expect(byIngredient.json().items.map((p: { name: string }) => p.name)).toContain('Micellar Cleansing Water');
    const serum = await lookup('3760130332033');
    const similar = await t.inject({ method: 'GET', url: `/products/${serum.alias}/similar` });
    expect(similar.statusCode).toBe(200);
    expect(JSON.stringify(similar.json())).toContain('Hydrating Serum Plus');
    // Both serums' brands ("Garnier", "garnier") are the one brand the first line created.
    expect((await lookup('3760130332040')).brand.id).toBe(serum.brand.id);

    const graphql = await t.inject({
      method: 'POST',
      url: '/graphql',
      payload: {
        query: `{ productLookup(barcode: "3760130332033") { name tags source { name licence licenceUrl attribution url importedAt editedHere } } }`,
      },
    });
    expect(graphql.json()).toEqual({
      data: {
        productLookup: {
          name: 'Hydrating Serum',
          tags: ['en:anti-aging'],
          source: {
            name: 'Open Beauty Facts',
            licence: 'ODbL-1.0',
            licenceUrl: 'https://opendatacommons.org/licenses/odbl/1-0/',
            attribution: expect.stringContaining('Open Beauty Facts'),
            url: 'https://world.openbeautyfacts.org/product/3760130332033',
            importedAt: expect.any(String),
            editedHere: false,
          },
        },
      },
    });
    // Our own products have no source.
    const demo = await t.em().findOneOrFail(Product, { sourceName: null }, { orderBy: { alias: 'asc' } });
    expect((await t.inject({ method: 'GET', url: `/products/${demo.alias}` })).json()).toMatchObject({
      source: null,
      tags: [],
    });
  });

  it('is idempotent: the same file again writes nothing', async () => {
    const again = await importObf(t.orm, JSONL, { format: 'jsonl', batchSize: 4 });
    expect(again).toMatchObject({ imported: 0, updated: 0, unchanged: 9, skippedCurated: 0, brandsCreated: 0 });
    expect(await t.em().count(Product, { sourceName: 'open-beauty-facts' })).toBe(9);
  });

  it('updates products it imported when the source changed, and never touches curated ones', async () => {
    const em = t.em();
    // A product of ours, with a barcode the file also has.
    const ours = await em.findOneOrFail(Product, { sourceName: null }, { orderBy: { alias: 'asc' } });
    ours.barcode = '3760130332064';
    await em.flush();
    // An imported product someone edited here since.
    const edited = await em.findOneOrFail(Product, { barcode: '3760130332040' });
    edited.description = 'Checked against the box by a moderator.';
    await em.flush();
    const editedAt = edited.updatedAt;

    const changed = [
      readFileSync(JSONL, 'utf8')
        .split('\n')[17]
        .replace('"Hydrating Serum"', '"Hydrating Serum (new formula)"')
        .replace('Xanthan Gum', 'Xanthan Gum, Allantoin')
        .replace('1700000500', '1710000000'),
      readFileSync(JSONL, 'utf8').split('\n')[18].replace('"Hydrating Serum Plus"', '"Renamed upstream"'),
      JSON.stringify({ code: '3760130332064', product_name: 'Not ours to change', ingredients_text: 'Aqua, Glycerin' }),
    ].join('\n');
    const report = await importObf(t.orm, Readable.from([changed]), { format: 'jsonl' });
    expect(report).toMatchObject({ imported: 0, updated: 1, unchanged: 0, skippedCurated: 2 });

    const serum = await lookup('3760130332033');
    expect(serum.name).toBe('Hydrating Serum (new formula)');
    expect(serum.ingredients.map((e: { input: string }) => e.input)).toContain('Allantoin');
    expect(serum.ingredients).toHaveLength(8);
    expect(serum.source.last_modified_at).toBe(new Date(1710000000 * 1000).toISOString());
    const kept = await lookup('3760130332040');
    expect(kept).toMatchObject({
      name: 'Hydrating Serum Plus',
      description: 'Checked against the box by a moderator.',
      source: { edited_here: true },
    });
    expect(new Date(kept.updated_at).getTime()).toBe(editedAt.getTime());
    expect(await lookup('3760130332064')).toMatchObject({ name: ours.name, source: null });
  });

  it('imports the CSV export and the gzipped JSONL alike', async () => {
    // The night cream's barcode is one of our products' (as the test before leaves it): left alone.
    const em = t.em();
    const ours = await em.findOneOrFail(Product, { sourceName: null }, { orderBy: { alias: 'asc' } });
    ours.barcode = '3760130332064';
    await em.flush();
    const csv = await importObf(t.orm, CSV, { format: 'csv' });
    expect(csv).toMatchObject({
      linesRead: 4,
      imported: 1,
      skippedCurated: 1,
      skipped: { 'invalid-barcode': 1, 'no-barcode': 1 },
    });
    expect(await lookup('3760130332057')).toMatchObject({
      name: 'Gentle Shampoo',
      brand: { name: 'Capilla' },
      category: null,
      tags: ['en:cosmetics', 'en:hair-care', 'en:shampoos'],
      size: { amount: 300, unit: { alias: 'ml' } },
    });

    const gz = join(tmp, 'products.jsonl.gz');
    writeFileSync(gz, gzipSync(readFileSync(JSONL)));
    const fromGz = await importObf(t.orm, gz, { format: 'jsonl' });
    expect(fromGz).toMatchObject({ linesRead: 18, imported: 0, skipped: { 'broken-json': 2 } });
  });

  it('copes with huge lines: a 2 MB product object imports, a list past the analysis limit is skipped', async () => {
    const huge = JSON.stringify({
      code: '3000000009055',
      product_name: 'Huge line',
      ingredients_text: 'Aqua, Glycerin, Niacinamide',
      images: Object.fromEntries(
        Array.from({ length: 30_000 }, (_, i) => [
          `${i}`,
          { sizes: { 100: { w: 100, h: 100 } }, uploader: 'someone', uploaded_t: 1600000000 + i },
        ]),
      ),
    });
    expect(huge.length).toBeGreaterThan(2_000_000);
    const tooLong = JSON.stringify({ code: '3000000009062', ingredients_text: 'Aqua, Glycerin, '.repeat(2000) });
    const report = await importObf(t.orm, Readable.from([`${huge}\n${tooLong}\n`]), { format: 'jsonl' });
    expect(report).toMatchObject({ linesRead: 2, imported: 1, skipped: { 'ingredient-text-too-long': 1 } });
    expect(await lookup('3000000009055')).toMatchObject({ name: 'Huge line' });
  });

  it('picks, of several lists, the first our matcher mostly knows', async () => {
    const matcher = await loadMatcher(t.em());
    expect(chooseIngredientText(['Aqua, Glycerin, Niacinamide', 'Eau, glycérine'], matcher).list).toBe(
      'Aqua, Glycerin, Niacinamide',
    );
    expect(chooseIngredientText(['Lorem, ipsum, dolor', 'Aqua, Glycerin'], matcher).list).toBe('Aqua, Glycerin');
  });

  it('tells whether an imported product was edited here', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    const row = {
      sourceName: 'open-beauty-facts',
      sourceCode: '123',
      sourceModifiedAt: null,
      sourceImportedAt: at,
      updatedAt: at,
    };
    expect(productSource(row)?.editedHere).toBe(false);
    expect(productSource({ ...row, updatedAt: new Date('2026-02-01T00:00:00Z') })?.editedHere).toBe(true);
    expect(productSource({ ...row, sourceName: null })).toBeNull();
  });
});

withRedis.describe('import:obf tells running instances through Redis', () => {
  const url = TEST_REDIS_URL;
  const prefix = `test-obf-${process.pid}-${Date.now()}:`;
  let redis: Redis;
  let subscriber: Redis;
  beforeAll(async () => {
    redis = new Redis(url);
    subscriber = new Redis(url);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    await subscriber.quit();
  });

  it("drops every instance's similarity index and outdates every cached response", async () => {
    const config = loadConfig({
      AUTH_JWT_SECRET: 'x'.repeat(40),
      IDP_WEBHOOK_SECRET: 'y',
      REDIS_URL: url,
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'silent',
    });
    await redis.set(`${prefix}cache:gen`, '1000');
    const messages: string[] = [];
    subscriber.on('message', (_channel, message) => messages.push(message));
    await subscriber.subscribe(`${prefix}process-cache:drop`);
    expect(await announceCatalogImport(config)).toMatch(/told the running instances/);
    for (let i = 0; i < 100 && !messages.length; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(messages.map((m) => JSON.parse(m).name)).toEqual(['similarity-index']);
    expect(Number(await redis.get(`${prefix}cache:gen`))).toBe(1001);
    expect(await announceCatalogImport({ ...config, redisUrl: null })).toMatch(/no REDIS_URL/);
  });
});
