// Issue 37: aliases stored before MAX_ALIAS_LENGTH (120) could be 121-127 characters (a taken 120-character alias with
// a suffix), longer than the router's longest path segment. Migration20261207172000 shortens them once.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Migration20261207172000, type ShortenedAlias } from '../src/migrations/Migration20261207172000.js';
import { MAX_ALIAS_LENGTH } from '../src/modules/shared/ids.js';
import { startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Runs the migration again through the migrator, as a start-up does, what it prints kept from the test output. */
async function runMigration(): Promise<{ changed: ShortenedAlias[]; printed: string[] }> {
  await t.em().execute('delete from mikro_orm_migrations where name = ?', ['Migration20261207172000']);
  Migration20261207172000.lastRun = [];
  const printed: string[] = [];
  const spy = jest.spyOn(console, 'info').mockImplementation((line: unknown) => void printed.push(String(line)));
  try {
    await t.orm.migrator.up();
  } finally {
    spy.mockRestore();
  }
  return { changed: Migration20261207172000.lastRun, printed };
}

const hex = (id: string) => id.replaceAll('-', '');
/** What the migration makes of an alias: 113 characters, hyphens trimmed, "-", the id's last six hex digits. */
const expected = (alias: string, id: string, keep = 113, digits = 6) =>
  `${alias.slice(0, keep).replace(/-+$/, '')}-${hex(id).slice(-digits)}`;

async function rows(table: string, count: number): Promise<Array<{ id: string; alias: string }>> {
  return t
    .em()
    .execute<Array<{ id: string; alias: string }>>(`select id::text as id, alias from "${table}" order by id limit ?`, [
      count,
    ]);
}

async function setAlias(table: string, id: string, alias: string): Promise<void> {
  await t.em().execute(`update "${table}" set alias = ? where id = ?`, [alias, id]);
}

describe('aliases over 120 characters stored before the limit', () => {
  it('are shortened to unique aliases a path can name, deterministically, and each change is printed', async () => {
    const words = 'hydrating-ceramide-barrier-repair-cream-with-niacinamide-and-panthenol-for-dry-sensitive-skin';
    const base120 = `${words}-${words}`.slice(0, 120);
    const cutAtHyphen = (alias: string) => alias.slice(0, alias.slice(0, 121).lastIndexOf('-')).replace(/-+$/, '');
    const originals = [...(await rows('product', 7)), ...(await rows('brand', 1))];
    const [p1, p2, p3, p4, p5, p6, p7, b1] = originals;
    // Shapes: the old suffixed form (a taken 120-character alias + "-" + 6), one character over, a cut that ends in a
    // run of hyphens, one without a hyphen whose short forms are both taken, a brand, and (below) the rows that hold
    // the taken forms.
    const long = {
      suffixed: `${base120}-${hex(p1.id).slice(-6)}`,
      exact121: `${base120}x`,
      hyphens: `${words}${'-'.repeat(40)}end`,
      noHyphen: 'a'.repeat(125),
      brand: `${base120}-abcdef`,
    };
    await setAlias('product', p1.id, long.suffixed);
    await setAlias('product', p2.id, long.exact121);
    await setAlias('product', p3.id, long.hyphens);
    await setAlias('product', p4.id, long.noHyphen);
    await setAlias('brand', b1.id, long.brand);
    // Taken already: the base p1 was suffixed for, and both first forms of p4.
    await setAlias('product', p5.id, base120);
    await setAlias('product', p6.id, 'a'.repeat(120));
    await setAlias('product', p7.id, expected(long.noHyphen, p4.id));

    const { changed, printed } = await runMigration();
    const want = [
      { table: 'product', from: long.suffixed, to: expected(long.suffixed, p1.id) },
      { table: 'product', from: long.exact121, to: cutAtHyphen(long.exact121) },
      { table: 'product', from: long.hyphens, to: words },
      { table: 'product', from: long.noHyphen, to: expected(long.noHyphen, p4.id, 107, 12) },
      { table: 'brand', from: long.brand, to: base120 },
    ];
    expect(changed).toEqual(expect.arrayContaining(want));
    expect(changed).toHaveLength(want.length);
    expect(printed.join('\n')).toContain(`product ${long.suffixed} -> ${expected(long.suffixed, p1.id)}`);

    for (const table of ['product', 'brand', 'facet', 'product_category', 'unit_of_measurement', 'ingredient']) {
      const [{ longest }] = await t
        .em()
        .execute<Array<{ longest: number | null }>>(`select max(length(alias)) as longest from "${table}"`);
      expect([table, Number(longest ?? 0)]).toEqual([table, expect.any(Number)]);
      expect(Number(longest ?? 0)).toBeLessThanOrEqual(MAX_ALIAS_LENGTH);
    }
    // Each shortened product and brand is named by its new alias in a path.
    for (const { table, to } of want) {
      const response = await t.inject({ method: 'GET', url: `/${table === 'product' ? 'products' : 'brands'}/${to}` });
      expect([to, response.statusCode]).toEqual([to, 200]);
      expect(response.json()).toMatchObject({ alias: to });
    }

    // A second run finds nothing to do.
    expect((await runMigration()).changed).toEqual([]);
    for (const row of originals) await setAlias(row === b1 ? 'brand' : 'product', row.id, `${row.alias}-tmp`);
    for (const row of originals) await setAlias(row === b1 ? 'brand' : 'product', row.id, row.alias);
  });
});
