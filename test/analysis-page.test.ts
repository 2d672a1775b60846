// The analysis page (/p/analyses/:token) against the API (POST /analyze/ingredient_list, GET
// /analyze/:token/skin_calc) for every list of the demo catalog: each entry's flags and estimate,
// the flag summary with its entries, the EU law alerts and the skin-type verdicts read from the
// page's HTML (parsed by htmlparser2, as a browser would build it) are what the API answers.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Element } from 'domhandler';
import { parse } from 'yaml';
import { doseText } from '../src/pages/analysis.views.js';
import type { TestApp } from './helpers/app.js';
import { byClass, mainOf, startPageTestApp, text } from './helpers/page-app.js';

let t: TestApp;
let DomUtils: typeof import('htmlparser2').DomUtils;
beforeAll(async () => {
  ({ t, DomUtils } = await startPageTestApp());
});
afterAll(async () => {
  await t?.close();
});

interface ApiAnalysis {
  token: string;
  ingredients: Array<{
    position: number;
    input: string;
    flags: string[];
    concentration_estimate: { min: number; max: number; basis: string };
  }>;
  flag_summary: Array<{
    flag: string;
    label: string;
    entries: Array<{ position: number; ingredient: { alias: string; name: string } }>;
  }>;
  regulatory_alerts: Array<{ position: number; message: string }>;
}
interface ApiSkinCalc {
  skin_types: Array<{ label: string; verdict: string }>;
}

/** What the page shows, read from its HTML. */
function readPage(body: string) {
  const main = mainOf(body);
  const entries = byClass(main, 'li', 'entry').map((li) => ({
    position: Number(li.attribs.id.replace('entry-', '')),
    flags: (byClass(li, 'p', 'flags')[0] ? byClass(byClass(li, 'p', 'flags')[0], 'span', 'flag') : []).map(text),
    dose: text(byClass(li, 'p', 'dose')[0]),
  }));
  const flagList = byClass(main, 'dl', 'flag-list')[0];
  const flagRows = flagList
    ? DomUtils.getChildren(flagList)
        .filter((n): n is Element => (n as Element).name === 'dt')
        .map((dt) => ({
          label: text(dt),
          entries: DomUtils.findAll((e) => e.name === 'a', [DomUtils.nextElementSibling(dt)!]).map((a) => ({
            href: a.attribs.href,
            name: text(a),
          })),
        }))
    : [];
  const alerts = byClass(main, 'ul', 'alerts').flatMap((ul) =>
    DomUtils.findAll((e) => e.name === 'li', ul.children).map((li) => ({
      message: text(li).replace(/ See .* in the list$/, ''),
      position: Number(DomUtils.findOne((e) => e.name === 'a', li.children)!.attribs.href.replace('#entry-', '')),
    })),
  );
  const verdicts = byClass(main, 'ul', 'verdicts').flatMap((ul) =>
    ul.children
      .filter((n): n is Element => (n as Element).name === 'li')
      .map((li) => ({
        label: text(byClass(li, 'span', 'skin')[0]),
        verdict: byClass(li, 'span', 'verdict')[0].attribs.class,
      })),
  );
  const summary = DomUtils.findOne((e) => e.attribs['aria-labelledby'] === 'summary', main.children);
  const first = main.children.filter((n): n is Element => n.type === 'tag');
  return {
    entries,
    flagRows,
    alerts,
    verdicts,
    summary,
    order: first.map((e) => e.attribs['aria-labelledby'] ?? e.name),
  };
}

async function analyse(list: string): Promise<ApiAnalysis> {
  const response = await t.inject({
    method: 'POST',
    url: '/analyze/ingredient_list',
    payload: { ingredient_list: list },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as ApiAnalysis;
}

async function expectPageAsApi(api: ApiAnalysis): Promise<ReturnType<typeof readPage>> {
  const [pageResponse, skinResponse] = await Promise.all([
    t.inject({ method: 'GET', url: `/p/analyses/${api.token}` }),
    t.inject({ method: 'GET', url: `/analyze/${api.token}/skin_calc` }),
  ]);
  expect(pageResponse.statusCode).toBe(200);
  const page = readPage(pageResponse.body);
  const labels = new Map(api.flag_summary.map((f) => [f.flag, f.label]));
  expect(page.entries).toEqual(
    api.ingredients.map((e) => ({
      position: e.position,
      flags: e.flags.map((f) => labels.get(f) ?? `no label for ${f}`),
      dose: `Amount: ${doseText(e.concentration_estimate)} of the product. ${e.concentration_estimate.basis}`.trim(),
    })),
  );
  expect(page.flagRows).toEqual(
    api.flag_summary.map((f) => ({
      label: f.label,
      entries: f.entries.map((e) => ({ href: `/p/ingredients/${e.ingredient.alias}`, name: e.ingredient.name })),
    })),
  );
  expect(page.alerts).toEqual(api.regulatory_alerts.map((a) => ({ message: a.message, position: a.position })));
  const skin = skinResponse.json() as ApiSkinCalc;
  expect(page.verdicts).toEqual(skin.skin_types.map((s) => ({ label: s.label, verdict: `verdict ${s.verdict}` })));
  return page;
}

const demoLists = (
  parse(readFileSync('data/catalog/products.yaml', 'utf8')) as Array<{ alias: string; ingredient_list?: string }>
)
  .filter((p) => p.ingredient_list?.trim())
  .map((p) => [p.alias, p.ingredient_list!] as const);

describe('the analysis page shows what the API answers', () => {
  it('drops a pregnancy caution the API drops (salicylic acid in a rinse-off wash) and names a sensitiser it adds', async () => {
    const wash = await analyse(
      'Ingredients: Water, Sodium Laureth Sulfate, Cocamidopropyl Betaine, Salicylic Acid 0.5%, Glycerin, Sodium Chloride, Methylisothiazolinone',
    );
    const page = await expectPageAsApi(wash);
    const salicylic = wash.ingredients.find((e) => /salicylic/i.test(e.input))!;
    expect(salicylic.flags).not.toContain('pregnancy_caution');
    expect(page.entries.find((e) => e.position === salicylic.position)!.flags.join(' ')).not.toMatch(/pregnan/i);
    const mit = wash.ingredients.find((e) => /methylisothiazolinone/i.test(e.input))!;
    const sensitiser = wash.flag_summary.find((f) => f.entries.some((e) => e.position === mit.position));
    expect(sensitiser).toBeDefined();
    expect(page.flagRows.find((r) => r.label === sensitiser!.label)?.entries).toContainEqual({
      href: expect.stringContaining('methylisothiazolinone'),
      name: expect.any(String),
    });
  });

  it('puts the verdict first: the summary comes before the list of entries', async () => {
    const page = await expectPageAsApi(await analyse(demoLists[0][1]));
    expect(page.summary).not.toBeNull();
    expect(page.order.indexOf('summary')).toBeGreaterThan(-1);
    expect(page.order.indexOf('summary')).toBeLessThan(page.order.indexOf('entries'));
    expect(page.order.indexOf('skin-types')).toBeLessThan(page.order.indexOf('entries'));
    expect(text(page.summary!)).toMatch(/Skin types: .*(good|neutral|caution)/);
  });

  it(`matches the API for every list of the demo catalog (${demoLists.length})`, async () => {
    expect(demoLists.length).toBeGreaterThan(300);
    let flagged = 0;
    for (const [alias, list] of demoLists) {
      const api = await analyse(list);
      try {
        const page = await expectPageAsApi(api);
        flagged += page.flagRows.length ? 1 : 0;
      } catch (error) {
        throw new Error(`${alias}: ${(error as Error).message}`);
      }
    }
    expect(flagged).toBeGreaterThan(100);
  }, 600_000);
});
