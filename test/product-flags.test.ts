// One reading of a product's flags (issue 40), over the whole demo catalog: for every product, the analysis of its
// list (POST /analyze/ingredient_list, read as its category's product type), its API answer (GET /products/:alias),
// its page (/p/products/:alias), the product lists (GET /products, with flags= and free_of=, and GraphQL), its
// free-of answers (GET /products/:alias/analysis) and the comparison page (/p/comparisons/:token) agree on every
// flag. The list route reads the stored flags in the statement it already runs.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Element } from 'domhandler';
import { productTypeOfCategory } from '../src/modules/analysis/list-reading.js';
import { FREE_OF_FLAGS, RULES } from '../src/modules/analysis/engine/rules.js';
import { loadVocabulary } from '../src/modules/ingredient/vocabulary.js';
import type { TestApp } from './helpers/app.js';
import { text, byClass, mainOf, startPageTestApp } from './helpers/page-app.js';

let t: TestApp;
let DomUtils: typeof import('htmlparser2').DomUtils;
beforeAll(async () => {
  ({ t, DomUtils } = await startPageTestApp());
});
afterAll(async () => {
  await t?.close();
});

interface ApiProduct {
  id: string;
  alias: string;
  name: string;
  status: string;
  flags: string[];
  ingredient_list: string;
  category: { name: string; step_type: string | null } | null;
  ingredients: Array<{
    position: number;
    input: string;
    unread: boolean;
    flags: string[];
    ingredient: { id: string; alias: string; name: string; flags: string[] } | null;
  }>;
}
interface ApiAnalysis {
  product_type: string;
  ingredients: Array<{ position: number; flags: string[] }>;
  flag_summary: Array<{ flag: string; entries: Array<{ position: number }> }>;
}
interface ApiRules {
  rules: Array<{ rule: string; passes: boolean; unread: boolean }>;
}
interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

const labels = loadVocabulary().flags as Record<string, string>;
const labelOf = (flag: string) => labels[flag] ?? flag.replace(/_/g, ' ');

async function json<T>(url: string): Promise<T> {
  const response = await t.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.json() as T;
}

/** Every published product of GET /products (with these filters), in pages. */
async function listed(query = ''): Promise<Array<{ alias: string; flags: string[] }>> {
  const items: Array<{ alias: string; flags: string[] }> = [];
  let cursor: string | null = null;
  do {
    const page: Page<{ alias: string; flags: string[] }> = await json(
      `/products?limit=100${query}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    items.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor);
  return items;
}

/** What the product page shows: each entry's flags, and the flag section's flags with the ingredients raising them. */
function readProductPage(body: string) {
  const main = mainOf(body);
  const entries = byClass(main, 'li', 'entry').map((li) => {
    const flags = byClass(li, 'p', 'flags')[0];
    return flags ? byClass(flags, 'span', 'flag').map(text) : [];
  });
  const flagList = byClass(main, 'dl', 'flag-list')[0];
  const section = flagList
    ? DomUtils.getChildren(flagList)
        .filter((n): n is Element => (n as Element).name === 'dt')
        .map((dt) => text(dt))
    : [];
  return { entries, section };
}

/** The comparison page's tables: per row label, each item's cell text. */
function readComparisonPage(body: string): Record<string, Map<string, string[]>> {
  const main = mainOf(body);
  const tables: Record<string, Map<string, string[]>> = {};
  for (const id of ['cmp-flags', 'cmp-rules']) {
    const section = DomUtils.findOne((e) => e.attribs['aria-labelledby'] === id, main.children);
    const rows = section ? (DomUtils.findAll((e) => e.name === 'tr', section.children) as Element[]) : [];
    tables[id] = new Map(
      rows
        .filter((tr) => DomUtils.findOne((e) => e.name === 'th' && e.attribs.scope === 'row', tr.children))
        .map((tr) => {
          const cells = tr.children.filter(
            (n): n is Element => (n as Element).name === 'td' || (n as Element).name === 'th',
          );
          return [text(cells[0]), cells.slice(1).map(text)];
        }),
    );
  }
  return tables;
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

const catalogueFlags = (p: ApiProduct) => [...new Set(p.ingredients.flatMap((e) => e.ingredient?.flags ?? []))].sort();

describe("one reading of a product's flags", () => {
  let products: ApiProduct[] = [];

  beforeAll(async () => {
    const aliases = (await listed()).map((p) => p.alias);
    products = await Promise.all(aliases.map((alias) => json<ApiProduct>(`/products/${alias}`)));
  }, 300_000);

  it('the analysis of each list, read as its category, raises the flags its product shows, entry by entry', async () => {
    expect(products.length).toBeGreaterThan(300);
    let before = 0;
    let pregnancyBefore = 0;
    let pregnancyAfter = 0;
    const disagreeing: string[] = [];
    for (const product of products) {
      const categoryType = productTypeOfCategory(
        product.category ? { name: product.category.name, stepType: product.category.step_type } : null,
      );
      let analysis = await analyse(product.ingredient_list);
      // Where the list alone does not say what its category says (a cream cleanser read as leave-on), the analysis is
      // given the product's kind as a pasted label says it: a name line above the list.
      if (categoryType && analysis.product_type !== categoryType) {
        analysis = await analyse(`${product.category!.name}\nIngredients: ${product.ingredient_list}`);
        expect([product.alias, analysis.product_type]).toEqual([product.alias, categoryType]);
      }
      const analysisFlags = analysis.flag_summary.map((f) => f.flag).sort();
      if (JSON.stringify(catalogueFlags(product)) !== JSON.stringify(analysisFlags)) before++;
      if (catalogueFlags(product).includes('pregnancy_caution')) pregnancyBefore++;
      if (product.flags.includes('pregnancy_caution')) pregnancyAfter++;
      try {
        expect(product.flags).toEqual(analysisFlags);
        expect(product.ingredients.map((e) => [e.position, e.flags])).toEqual(
          analysis.ingredients.map((e) => [e.position, e.flags]),
        );
      } catch {
        disagreeing.push(product.alias);
      }
    }
    if (process.env.FLAGS_REPORT)
      process.stdout.write(
        `product flags: ${products.length} products; catalogue flags disagreed with the analysis on ${before}, ` +
          `stored flags on ${disagreeing.length}; pregnancy caution: ${pregnancyBefore} by the catalogue, ` +
          `${pregnancyAfter} by the reading\n`,
      );
    expect(disagreeing).toEqual([]);
  }, 900_000);

  it("each product's free-of answers are its flags': broken by a flag, unknown where an entry is unread", async () => {
    for (const product of products) {
      const { rules } = await json<ApiRules>(`/products/${product.alias}/analysis`);
      const unread = product.ingredients.length === 0 || product.ingredients.some((e) => e.unread);
      for (const rule of RULES) {
        const answer = rules.find((r) => r.rule === rule.rule)!;
        const broken = rule.brokenBy.some((f) => product.flags.includes(f));
        expect([product.alias, rule.rule, answer.passes]).toEqual([product.alias, rule.rule, !broken && !unread]);
      }
    }
  }, 600_000);

  it('the product page shows the stored reading of each entry and of the list', async () => {
    for (const product of products) {
      const response = await t.inject({ method: 'GET', url: `/p/products/${product.alias}` });
      expect(response.statusCode).toBe(200);
      const page = readProductPage(response.body);
      expect([product.alias, page.entries]).toEqual([
        product.alias,
        product.ingredients.map((e) => (e.ingredient ? e.flags.map(labelOf) : [])),
      ]);
      const shown = [...new Set(product.ingredients.flatMap((e) => (e.ingredient ? e.flags : [])))];
      expect([product.alias, [...page.section].sort()]).toEqual([product.alias, shown.map(labelOf).sort()]);
    }
  }, 900_000);

  it('lists and the flags= / free_of= filters (REST and GraphQL) read the stored flags', async () => {
    const stored = new Map(products.map((p) => [p.alias, p]));
    for (const item of await listed())
      expect([item.alias, item.flags]).toEqual([item.alias, stored.get(item.alias)!.flags]);
    const flags = [...new Set(products.flatMap((p) => p.flags))];
    expect(flags).toContain('pregnancy_caution');
    for (const flag of flags) {
      const expected = products
        .filter((p) => p.flags.includes(flag))
        .map((p) => p.alias)
        .sort();
      expect([flag, (await listed(`&flags=${flag}`)).map((p) => p.alias).sort()]).toEqual([flag, expected]);
    }
    for (const [word, excluded] of Object.entries(FREE_OF_FLAGS)) {
      const expected = products
        .filter(
          (p) =>
            p.ingredients.length > 0 &&
            !p.ingredients.some((e) => e.unread) &&
            !p.flags.some((f) => excluded.includes(f)),
        )
        .map((p) => p.alias)
        .sort();
      expect([word, (await listed(`&free_of=${word}`)).map((p) => p.alias).sort()]).toEqual([word, expected]);
      const graphql = await t.inject({
        method: 'POST',
        url: '/graphql',
        payload: {
          query: 'query($f: [String!]) { products(freeOf: $f, limit: 100) { items { alias flags } nextCursor } }',
          variables: { f: [word] },
        },
      });
      const data = graphql.json() as {
        data: { products: { items: Array<{ alias: string; flags: string[] }>; nextCursor: string | null } };
      };
      for (const item of data.data.products.items) {
        expect(expected).toContain(item.alias);
        expect(item.flags).toEqual(stored.get(item.alias)!.flags);
      }
    }
  }, 900_000);

  it("the comparison page shows each product's stored flags and the API's free-of answers", async () => {
    for (let i = 0; i < products.length; i += 2) {
      const pair = [products[i], products[(i + 1) % products.length]];
      const share = await t.inject({
        method: 'POST',
        url: '/compare/share',
        payload: { items: pair.map((p) => p.alias) },
      });
      expect(share.statusCode).toBe(201);
      const comparison = share.json() as {
        token: string;
        flags: Array<{ name: string; label: string; items: Array<{ present: boolean }> }>;
        rules: Array<{ name: string; label: string; items: Array<{ present: boolean; answer: string }> }>;
      };
      const page = await t.inject({ method: 'GET', url: `/p/comparisons/${comparison.token}` });
      expect(page.statusCode).toBe(200);
      const tables = readComparisonPage(page.body);
      pair.forEach((product, n) => {
        const flagged = comparison.flags
          .filter((f) => f.items[n].present)
          .map((f) => f.name)
          .sort();
        expect([product.alias, flagged]).toEqual([product.alias, product.flags]);
        for (const row of comparison.flags)
          expect([product.alias, row.name, tables['cmp-flags'].get(row.label)?.[n].split(':')[0]]).toEqual([
            product.alias,
            row.name,
            row.items[n].present ? 'Yes' : 'No',
          ]);
        const unread = product.ingredients.length === 0 || product.ingredients.some((e) => e.unread);
        for (const row of comparison.rules) {
          const rule = RULES.find((r) => r.rule === row.name)!;
          const answer = rule.brokenBy.some((f) => product.flags.includes(f)) ? 'fails' : unread ? 'unknown' : 'passes';
          expect([product.alias, row.name, row.items[n].answer]).toEqual([product.alias, row.name, answer]);
          const shown = { passes: 'Free', fails: 'Breaks it', unknown: 'Unknown' }[answer];
          expect([product.alias, row.name, tables['cmp-rules'].get(row.label)?.[n].split(':')[0]]).toEqual([
            product.alias,
            row.name,
            shown,
          ]);
        }
      });
    }
  }, 900_000);

  it("a pregnant owner's routine names each product their personal check calls a pregnancy avoid, to them only", async () => {
    const flaggedByCatalogue = products.filter(
      (p) => p.status === 'published' && catalogueFlags(p).includes('pregnancy_caution'),
    );
    // Both kinds: kept by the reading (a leave-on retinoid) and dropped by it (salicylic acid in a wash, a trace of
    // an essential oil); and a product with no caution at all.
    const kept = flaggedByCatalogue.filter((p) => p.flags.includes('pregnancy_caution')).slice(0, 3);
    const dropped = flaggedByCatalogue.filter((p) => !p.flags.includes('pregnancy_caution')).slice(0, 3);
    const plain = products.find((p) => p.status === 'published' && !catalogueFlags(p).includes('pregnancy_caution'))!;
    expect(kept.length).toBeGreaterThan(0);
    expect(dropped.length).toBeGreaterThan(0);
    const steps = [...kept, ...dropped, plain];
    const owner = await t.tokenFor('flags-pregnant');
    const ownerId = (await t.user('flags-pregnant')).id;
    const profile = await t.inject({
      method: 'PATCH',
      url: `/users/${ownerId}/skin_profile`,
      token: owner,
      payload: { pregnant: true },
    });
    expect(profile.statusCode).toBe(200);
    // The personal check of each product: which it calls an avoid for pregnancy.
    const avoided: string[] = [];
    for (const p of steps) {
      const check = await t.inject({ method: 'GET', url: `/my/compatibility/product/${p.alias}`, token: owner });
      expect(check.statusCode).toBe(200);
      const reasons = (check.json() as { reasons: Array<{ source: string; verdict: string }> }).reasons;
      if (reasons.some((r) => r.source === 'pregnancy' && r.verdict === 'avoid')) avoided.push(p.alias);
    }
    expect(avoided.sort()).toEqual(kept.map((p) => p.alias).sort());
    const created = await t.inject({
      method: 'POST',
      url: '/routines/create',
      token: owner,
      payload: {
        name: 'Evening',
        time_of_day: 'evening',
        steps: steps.map((p) => ({ step_type: 'treat', product: p.alias, allow_other_kind: true })),
      },
    });
    expect(created.statusCode).toBe(201);
    const routine = created.json() as { id: string; steps: Array<{ id: string; product: { alias: string } | null }> };
    type Compatibility = { verdict: string; findings: Array<{ rule: string; steps: Array<{ id: string }> }> };
    const named = (body: Compatibility) =>
      body.findings
        .filter((f) => f.rule === 'pregnancy_avoid')
        .map((f) => routine.steps.find((s) => s.id === f.steps[0].id)!.product!.alias)
        .sort();
    const mine = (
      await t.inject({ method: 'GET', url: `/routines/${routine.id}/compatibility`, token: owner })
    ).json() as Compatibility;
    expect(named(mine)).toEqual(avoided.sort());
    expect(mine.verdict).toBe('conflict');
    // Published, the routine is anyone's to read, its owner's pregnancy is not.
    expect((await t.inject({ method: 'PATCH', url: `/routines/${routine.id}/publish`, token: owner })).statusCode).toBe(
      200,
    );
    const stranger = (
      await t.inject({
        method: 'GET',
        url: `/routines/${routine.id}/compatibility`,
        token: await t.tokenFor('flags-stranger'),
      })
    ).json() as Compatibility;
    expect(named(stranger)).toEqual([]);

    // Alternatives for that person: none called better is an avoid, and no avoid ranks above a good one.
    for (const p of kept) {
      const response = await t.inject({
        method: 'GET',
        url: `/products/${p.alias}/better_alternatives?limit=30`,
        token: owner,
      });
      expect(response.statusCode).toBe(200);
      const items = (
        response.json() as { items: Array<{ verdict: string; compared_to_original: string; kind: string }> }
      ).items;
      for (const item of items) if (item.compared_to_original === 'better') expect(item.verdict).not.toBe('avoid');
      const sameKind = items.filter((i) => i.kind !== 'other').map((i) => i.verdict);
      const firstAvoid = sameKind.indexOf('avoid');
      if (firstAvoid !== -1) expect(sameKind.slice(firstAvoid)).not.toContain('good');
    }
  }, 300_000);

  it('a product created now stores the reading: a rinse-off salicylic wash is no pregnancy caution, MI is a sensitiser', async () => {
    const moderator = await t.tokenFor('flags-moderator', 'moderator');
    const brand = (await json<Page<{ alias: string }>>('/brands?limit=1')).items[0].alias;
    const list =
      'Water, Sodium Laureth Sulfate, Cocamidopropyl Betaine, Salicylic Acid 0.5%, Glycerin, Sodium Chloride, Methylisothiazolinone';
    const created = await t.inject({
      method: 'POST',
      url: '/products/create',
      token: moderator,
      payload: { name: 'Flags Test Wash', brand, category: 'foaming-cleansers', ingredient_list: list },
    });
    expect(created.statusCode).toBe(201);
    const alias = (created.json() as { alias: string }).alias;
    const product = (
      await t.inject({ method: 'GET', url: `/products/${alias}`, token: moderator })
    ).json() as ApiProduct;
    const salicylic = product.ingredients.find((e) => /salicylic/i.test(e.input))!;
    const mit = product.ingredients.find((e) => /methylisothiazolinone/i.test(e.input))!;
    expect(salicylic.ingredient?.flags).toContain('pregnancy_caution');
    expect(salicylic.flags).not.toContain('pregnancy_caution');
    expect(product.flags).not.toContain('pregnancy_caution');
    expect(mit.flags).toContain('sensitiser');
    expect(product.flags).toContain('sensitiser');
  });

  it('the list route reads the stored flags without a statement per product', async () => {
    // Pages no other test asked for: an answer from the response cache runs no statement at all.
    const { response, statements } = await t.countStatements({ method: 'GET', url: '/products?limit=97' });
    expect(response.statusCode).toBe(200);
    expect(statements).toBe(1);
    const filtered = await t.countStatements({
      method: 'GET',
      url: '/products?limit=97&flags=pregnancy_caution&free_of=fragrance',
    });
    expect(filtered.response.statusCode).toBe(200);
    expect(filtered.statements).toBe(1);
    expect((response.json() as Page<unknown>).items).toHaveLength(97);
  });
});
