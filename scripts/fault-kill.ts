// Kill -9 mid-burst: start the server, fire a burst of writes (products with their ingredient
// rows, one transaction each; ingredients; analyses, group-committed), SIGKILL the server while they are in flight,
// restart it on the same data, and check that every acknowledged write is there and that no
// write is half there (every product of the burst has all its ingredient rows).
// On PGlite (a PGLITE_DIR of its own) and on PostgreSQL (a database of its own, dropped after).
// Usage: npm run fault:kill [-- --concurrency 16 --kill-after-ms 4000]   (--only pglite|postgres)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../mikro-orm.config.js';
import pg from 'pg';
import { check, createDatabase, option, sleep, startServer, stopServer, token, type Server } from './hardening-lib.js';

const concurrency = option('concurrency', 16);
const killAfterMs = option('kill-after-ms', 4000);
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
const LIST =
  'Aqua (Water), Glycerin, Niacinamide, Butylene Glycol, Sodium Hyaluronate, Panthenol, Phenoxyethanol, Ethylhexylglycerin';

type Query = (sql: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>;

interface Acknowledged {
  kind: 'product' | 'ingredient' | 'analysis';
  id: string;
  alias: string;
  entries: number;
}

const readPath = (a: Acknowledged): string =>
  a.kind === 'analysis' ? `/analyze/shared/${a.id}` : `/${a.kind === 'product' ? 'products' : 'ingredients'}/${a.id}`;

async function burst(server: Server, tag: string): Promise<{ acknowledged: Acknowledged[]; failed: number }> {
  const admin = await token('fault|admin');
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${admin}` };
  const brands = (
    (await (await fetch(`${server.base}/brands?limit=5`, { headers })).json()) as { items: Array<{ alias: string }> }
  ).items;
  const categories = (
    (await (await fetch(`${server.base}/product_categories?limit=5`)).json()) as { items: Array<{ alias: string }> }
  ).items;
  const acknowledged: Acknowledged[] = [];
  let failed = 0;
  let n = 0;
  let stop = false;
  const worker = async () => {
    while (!stop) {
      const i = n++;
      const kind = (['product', 'product', 'ingredient', 'analysis'] as const)[i % 4];
      const [path, body] =
        kind === 'product'
          ? [
              '/products/create',
              {
                name: `Fault ${tag} product ${i}`,
                brand: brands[i % brands.length].alias,
                ingredient_list: LIST,
                category: categories[0].alias,
                description: 'kill -9 test',
                size_amount: 30,
                size_unit: 'ml',
              },
            ]
          : kind === 'ingredient'
            ? [
                '/ingredients/create',
                {
                  name: `Faultamide ${tag} ${i}`,
                  alias: `faultamide-${tag}-${i}`,
                  functions: ['humectant'],
                  description: 'kill -9 test',
                },
              ]
            : ['/analyze/ingredient_list', { ingredient_list: `${LIST}, Fault ${tag} ${i} Extract` }];
      try {
        const response = await fetch(`${server.base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
        const answer = (await response.json()) as {
          id: string;
          alias: string;
          token?: string;
          ingredients?: unknown[];
        };
        if (response.status !== 201) throw new Error(`${response.status} ${JSON.stringify(answer)}`);
        acknowledged.push({
          kind,
          id: answer.token ?? answer.id,
          alias: answer.alias,
          entries: answer.ingredients?.length ?? -1,
        });
      } catch (error) {
        failed++;
        if (!String(error).includes('fetch failed') && !String(error).includes('ECONNRE'))
          console.log('unexpected failure:', String(error).slice(0, 300));
        if (server.child.exitCode === null && server.child.signalCode === null) continue;
        return;
      }
    }
  };
  const workers = Array.from({ length: concurrency }, worker);
  await sleep(killAfterMs);
  console.log(`SIGKILL after ${killAfterMs} ms: ${acknowledged.length} writes acknowledged so far`);
  server.child.kill('SIGKILL');
  stop = true;
  await Promise.all(workers);
  return { acknowledged, failed };
}

async function verify(name: string, tag: string, acknowledged: Acknowledged[], query: Query): Promise<void> {
  const products = await query(
    `select p.id, p.alias, (select count(*)::int from product_ingredient pi where pi.product_id = p.id) as entries from product p where p.name like $1`,
    [`Fault ${tag} product %`],
  );
  const ingredients = await query(`select id, alias from ingredient where alias like $1`, [`faultamide-${tag}-%`]);
  const analyses = await query(
    `select token as id, json_array_length(entries) as entries from ingredient_analysis where ingredient_list like $1`,
    [`%, Fault ${tag} % Extract`],
  );
  const present = new Set([...products, ...ingredients, ...analyses].map((r) => String(r.id)));
  const missing = acknowledged.filter((a) => !present.has(a.id));
  check(
    missing.length === 0,
    `${name}: all ${acknowledged.length} acknowledged writes are there (${products.length + ingredients.length + analyses.length} rows of the burst in all; ${acknowledged.filter((a) => a.kind === 'analysis').length} acknowledged analyses)`,
  );
  const ackedAnalyses = new Map(acknowledged.filter((a) => a.kind === 'analysis').map((a) => [a.id, a.entries]));
  check(
    analyses.every((a) => !ackedAnalyses.has(String(a.id)) || ackedAnalyses.get(String(a.id)) === Number(a.entries)),
    `${name}: acknowledged analyses have the entries they were answered with`,
  );
  const expected = acknowledged.find((a) => a.kind === 'product')?.entries ?? 8;
  const half = products.filter((p) => Number(p.entries) !== expected);
  check(half.length === 0, `${name}: no product is half-written (every one has its ${expected} ingredient rows)`);
  const ackedProducts = new Map(acknowledged.filter((a) => a.kind === 'product').map((a) => [a.id, a.entries]));
  check(
    products.every((p) => !ackedProducts.has(String(p.id)) || ackedProducts.get(String(p.id)) === Number(p.entries)),
    `${name}: acknowledged products have the rows they were answered with`,
  );
}

async function scenario(
  name: string,
  env: Record<string, string>,
  openQuery: () => Promise<{ query: Query; close: () => Promise<void> }>,
): Promise<void> {
  const tag = Math.random().toString(36).slice(2, 7);
  console.log(`\n# ${name}`);
  const first = await startServer({ ...env, RATE_LIMIT_ENABLED: 'false', ADMIN_SUBJECTS: 'fault|admin' });
  const { acknowledged, failed } = await burst(first, tag);
  console.log(`${acknowledged.length} acknowledged, ${failed} cut off by the kill`);
  const second = await startServer({ ...env, RATE_LIMIT_ENABLED: 'false', ADMIN_SUBJECTS: 'fault|admin' });
  try {
    // Through the API: every acknowledged write can be read back.
    let readable = 0;
    for (const a of acknowledged) {
      const response = await fetch(`${second.base}${readPath(a)}`, {
        headers: { authorization: `Bearer ${await token('fault|admin')}` },
      });
      if (response.status === 200) readable++;
    }
    check(
      readable === acknowledged.length,
      `${name}: the restarted server answers every acknowledged write (${readable}/${acknowledged.length})`,
    );
  } finally {
    await stopServer(second);
  }
  const { query, close } = await openQuery();
  try {
    await verify(name, tag, acknowledged, query);
  } finally {
    await close();
  }
}

if (only !== 'postgres') {
  const dir = mkdtempSync(join(tmpdir(), 'hardening-fault-kill-'));
  const pgliteDir = join(dir, 'db');
  await scenario('PGlite', { PGLITE_DIR: pgliteDir }, async () => {
    const db = await PGlite.create(pgliteDir, { extensions: PGLITE_EXTENSIONS });
    return {
      query: async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows,
      close: () => db.close(),
    };
  });
  rmSync(dir, { recursive: true, force: true });
}
if (only !== 'pglite') {
  const db = await createDatabase('kill');
  try {
    await scenario('PostgreSQL', { DATABASE_URL: db.url }, async () => {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      return {
        query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
        close: () => client.end(),
      };
    });
  } finally {
    await db.drop();
  }
}
