// Issue 37, "no request may cost more than it is charged": each attack measured on a fresh app
// (in-process, app.inject, on a throwaway seeded database like bench/abuse.ts). For each: the
// statuses (never a 5xx), the slowest answer of /health polled every 20 ms while the attack runs
// (what a bystander waits), the attack's own time and the growth of RSS (peak over before).
// Usage: node --expose-gc --import ./register.mjs bench/attacks/costs.ts [--only NAME]
//   (TEST_DB=postgres for PostgreSQL; names: introspection, search, batch, depth, proto, alias, answer)
import type { InjectOptions } from 'fastify';
import { getIntrospectionQuery } from 'graphql';
import { Authenticator } from '../../src/auth.js';
import type { EntityManager } from '../../src/db.js';
import { newId } from '../../src/modules/shared/ids.js';
import { cloneRow } from '../../test/helpers/bulk-rows.js';
import { rssSampler, startAttackApp } from './attack-app.js';

const attackApp = await startAttackApp();
const { app, orm, config } = attackApp;
const t = {
  em: () => orm.em.fork() as EntityManager,
  inject: ({ token, ...options }: InjectOptions & { token?: string }) =>
    app.inject({
      ...options,
      headers: { ...(options.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    }),
  close: attackApp.close,
};
await t.em().execute(
  `insert into app_user (id, subject, username, user_type, bio, email, created_at, updated_at)
   values (?, 'bench|attack-admin', 'attack-admin', 'admin', '', 'attack-admin@example.com', now(), now())`,
  [newId()],
);
const admin = await new Authenticator(config.auth).sign({
  sub: 'bench|attack-admin',
  preferred_username: 'attack-admin',
});
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
const run = (name: string) => only === null || only === name;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const lines: string[] = [];
let failures = 0;

interface Sent {
  status: number;
  bytes: number;
}

/** Runs `attack` while /health is polled; reports statuses, the slowest /health, time and RSS growth. */
async function measure(name: string, attack: () => Promise<Sent[]>): Promise<void> {
  const rss = rssSampler();
  const rssBefore = rss.before;
  let done = false;
  const healthMs: number[] = [];
  const poll = (async () => {
    while (!done) {
      // Due 20 ms from now: a blocked event loop delays it as it would a request on a socket.
      const due = performance.now() + 20;
      await new Promise((resolve) => setTimeout(resolve, 20));
      await t.inject({ method: 'GET', url: '/health' });
      healthMs.push(performance.now() - due);
    }
  })();
  const start = performance.now();
  let sent: Sent[];
  try {
    sent = await attack();
  } finally {
    done = true;
  }
  const ms = performance.now() - start;
  await poll;
  const peak = Math.max(rss.stop(), process.memoryUsage().rss);
  const statuses = [...new Set(sent.map((s) => s.status))].sort().join(',');
  const bad = sent.some((s) => s.status >= 500) || peak - rssBefore > 100 * 1024 * 1024;
  if (bad) failures++;
  lines.push(
    `${bad ? 'FAIL' : 'ok  '} ${name}: statuses ${statuses}; ${ms.toFixed(0)} ms; /health slowest ${Math.max(0, ...healthMs).toFixed(0)} ms over ${healthMs.length} polls; RSS +${mb(peak - rssBefore)}; answer ${(Math.max(...sent.map((s) => s.bytes)) / 1024).toFixed(0)} kB`,
  );
  console.log(lines[lines.length - 1]);
}

const gql = async (payload: unknown, token?: string): Promise<Sent> => {
  const r = await t.inject({ method: 'POST', url: '/graphql', payload: payload as object, token });
  return { status: r.statusCode, bytes: r.rawPayload.length };
};
const raw = async (method: 'GET' | 'POST' | 'PATCH', url: string, body?: string, token?: string): Promise<Sent> => {
  const r = await t.inject({
    method,
    url,
    token,
    ...(body === undefined ? {} : { payload: body, headers: { 'content-type': 'application/json' } }),
  });
  return { status: r.statusCode, bytes: r.rawPayload.length };
};

if (run('introspection')) {
  // 20 aliases of __schema, each every type's fields and their types' fields (two levels of `fields`).
  const fields =
    'fields { name description args { name description type { name kind } } type { name kind ofType { name kind } } }';
  const bomb = `{ ${Array.from({ length: 20 }, (_, i) => `s${i}: __schema { types { name description ${fields.replace('type { name kind ofType', `type { name kind ${fields} ofType`)} } }`).join(' ')} }`;
  await measure(`introspection bomb (${(bomb.length / 1024).toFixed(1)} kB, 20 x __schema)`, async () => [
    await gql({ query: bomb }),
  ]);
  // Two aliases (the most accepted), each nesting fields through a field's type wrappers.
  const nest = (depth: number): string =>
    depth
      ? `fields { name description args { name description } type { name ${nest(depth - 1)} ofType { name ${nest(depth - 1)} ofType { name ${nest(depth - 1)} ofType { name ${nest(depth - 1)} } } } } }`
      : 'name';
  await measure('introspection, 2 x __schema nesting fields 2 deep through type wrappers', async () => [
    await gql({ query: `{ a: __schema { types { ${nest(2)} } } b: __schema { types { name } } }` }),
  ]);
  await measure("GraphiQL's introspection query (anonymous)", async () => [
    await gql({
      query: getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true, schemaDescription: true }),
    }),
  ]);
}

if (run('search')) {
  const word = 'x'.repeat(200);
  const typo = Array.from({ length: 200 }, (_, i) => 'abcdefghijklmnopqrstuvwxyz'[(i * 7) % 26]).join('');
  const words = Array.from({ length: 66 }, (_, i) => `ret${'abcdefghijklmnopqrstuvwxyz'[i % 26]}`)
    .join(' ')
    .slice(0, 200);
  const ors = Array.from({ length: 40 }, (_, i) => `c${i}`)
    .join(' or ')
    .slice(0, 200);
  // The longest queries the bounds accept: 16 misspelt words, and 3 words of 50 letters.
  const misspelt = Array.from({ length: 16 }, (_, i) => `zqxw${'abcdefghijklmnop'[i]}vbnml`).join(' ');
  const long3 = [0, 1, 2].map((i) => typo.slice(i * 50, i * 50 + 50)).join(' ');
  for (const [label, text] of [
    ['16 misspelt words (accepted)', misspelt],
    ['3 words of 50 letters (accepted)', long3],
    ['a 200-letter word', typo],
    ['a 200-letter word of one letter', word],
    ['50 four-letter words', words],
    ['40 or-ed terms', ors],
  ] as const) {
    await measure(`product search, ${label}`, async () => [
      await gql({
        query: 'query($q: String) { searchProducts(query: $q, limit: 20) { items { id } } }',
        variables: { q: text },
      }),
    ]);
    await measure(`20 aliased product searches, ${label}`, async () => [
      await gql({
        query: `query($q: String) { ${Array.from({ length: 20 }, (_, i) => `s${i}: searchProducts(query: $q, limit: 20) { items { id } }`).join(' ')} }`,
        variables: { q: text },
      }),
    ]);
    // 18: the most the cost budget admits now (each 250 + a page of 20, 271); 20 were sent before.
    await measure(`18 aliased ingredient searches, ${label}`, async () => [
      await gql({
        query: `query($q: String) { ${Array.from({ length: 18 }, (_, i) => `s${i}: ingredients(search: $q, limit: 20) { items { id } }`).join(' ')} }`,
        variables: { q: text },
      }),
    ]);
  }
}

if (run('batch')) {
  // A batch of documents of many operations each: ~1 MB.
  const ops = Array.from({ length: 3900 }, (_, i) => `query o${i} { __typename }`).join('\n');
  const batch = Array.from({ length: 9 }, () => ({ query: ops, operationName: 'o0' }));
  await measure(`batch of 9 documents x 3,900 operations (${mb(JSON.stringify(batch).length)})`, async () => [
    await gql(batch),
  ]);
  const comments = `# ${'c'.repeat(100_000)}\n{ __typename }`;
  const commented = Array.from({ length: 10 }, () => ({ query: comments }));
  await measure('batch of 10 documents of 100 kB of comments', async () => [await gql(commented)]);
}

if (run('depth')) {
  const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
  await measure('200,000-deep array as a GraphQL variable', async () => [
    await raw(
      'POST',
      '/graphql',
      `{"query":"query($v: [String!]) { searchProducts(freeOf: $v) { items { id } } }","variables":{"v":${deep}}}`,
    ),
  ]);
  await measure('200,000-deep array as a REST body field', async () => [
    await raw('POST', '/analyze/ingredient_list', `{"ingredient_list":${deep}}`),
  ]);
}

if (run('proto')) {
  await measure('prototype keys in parameters and paths', async () => {
    const out: Sent[] = [];
    for (const key of ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty']) {
      out.push(await raw('GET', `/products?free_of=${key}`));
      out.push(await raw('GET', `/products?flags=${key}`));
      out.push(await raw('GET', `/docs/${key}`));
      out.push(await raw('GET', `/p/products/${key}`));
      out.push(await gql({ query: `{ searchProducts(freeOf: ["${key}"]) { items { id } } }` }));
      out.push(await gql({ query: `{ products(flags: ["${key}"]) { items { id } } }` }));
    }
    return out;
  });
}

if (run('alias')) {
  const em = t.em();
  const [product] = await em.execute<Array<{ id: string; alias: string }>>(
    `select id, alias from product order by alias limit 1`,
  );
  const long = `${'a'.repeat(100)}-${'b'.repeat(19)}`;
  await em.execute(`update product set alias = ?, status = 'draft' where id = ?`, [long, product.id]);
  const [ingredient] = await em.execute<Array<{ id: string }>>(`select id from ingredient order by alias limit 1`);
  await em.execute(`update ingredient set alias = ? where id = ?`, [long, ingredient.id]);
  await measure('120-character aliases in paths', async () => [
    await raw('PATCH', `/products/${long}/publish`, undefined, admin),
    await raw('GET', `/ingredients/${long}`),
  ]);
  lines.push(`    statuses of PATCH /products/<120>/publish, GET /ingredients/<120>: see above (200s expected)`);
}

if (run('answer')) {
  // A member with 1,000 analyses of 20,000-character lists, and 20 aliases of a page of 100 of them: a 40 MB answer,
  // which the 16 MB cap now refuses while it is built (src/platform/answer-meter.ts), before it built all of it.
  const em = t.em();
  const ownerId = newId();
  await em.execute(
    `insert into app_user (id, subject, username, user_type, bio, email, created_at, updated_at)
     values (?, 'bench|answer-owner', 'answer-owner', 'member', '', 'answer-owner@example.com', now(), now())`,
    [ownerId],
  );
  const owner = await new Authenticator(config.auth).sign({ sub: 'bench|answer-owner' });
  const names = (await em.execute<Array<{ name: string }>>(`select name from ingredient order by alias limit 2000`))
    .map((r) => r.name)
    .join(', ')
    .slice(0, 20_000);
  const analysed = await t.inject({
    method: 'POST',
    url: '/analyze/ingredient_list',
    payload: { ingredient_list: names },
    token: owner,
  });
  const { token: analysisToken } = analysed.json() as { token: string };
  const [{ id }] = await em.execute<Array<{ id: string }>>(`select id from ingredient_analysis where token = ?`, [
    analysisToken,
  ]);
  await cloneRow((q, p) => em.execute(q, p ?? []), 'ingredient_analysis', id, 999, ['token']);
  const query = `{ ${Array.from({ length: 20 }, (_, i) => `a${i}: myIngredientAnalyses(limit: 100) { items { ingredientList } }`).join(' ')} }`;
  await measure('20 aliases of 100 analyses of 20,000 characters (a 40 MB answer)', async () => [
    await gql({ query }, owner),
  ]);
}

console.log(`\n${process.env.TEST_DB ?? 'pglite'}:\n${lines.join('\n')}`);
await t.close();
process.exit(failures ? 1 : 0);
