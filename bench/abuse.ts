// What one abusive client can do to a fresh server with its default limits: aliased
// analyses against the analysis budget, an alias bomb of sitemaps and a cheap request sent while
// it runs, the anonymous cache's hit rate under a stream of failing POSTs, forged cursors on every
// list route, and malformed GraphQL requests. In-process (app.inject) on a throwaway database.
// Usage: node --import ./register.mjs bench/abuse.ts   (TEST_DB=postgres for PostgreSQL)
import { routes } from '../rest-mappings/routes.js';
import { IngredientAnalysis } from '../src/modules/analysis/analysis.entity.js';
import { startTestApp } from '../test/helpers/app.js';
import { fillPath, fuzzTarget, prepareFuzz, queryString, routeKey } from '../test/helpers/route-fixtures.js';

const t = await startTestApp({ RATE_LIMIT_ENABLED: 'true' });
const out: string[] = [];
const gql = (query: string, remoteAddress: string, variables?: Record<string, unknown>) =>
  t.inject({ method: 'POST', url: '/graphql', remoteAddress, payload: { query, ...(variables ? { variables } : {}) } });
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
const run = (section: string) => only === null || only === section;

// 1. Alias amplification: 3 requests of 50 aliased analyses, one caller, budget RATE_LIMIT_ANALYSIS_MAX.
if (run('amplification')) {
  // 50 aliases (over the repeat cap once there is one), then 20 (within it), each from a fresh caller.
  for (const [ip, requests, aliasCount] of [
    ['10.1.0.1', 3, 50],
    ['10.1.1.1', 4, 20],
  ] as const) {
    const before = await t.em().count(IngredientAnalysis, {});
    const aliases = Array.from(
      { length: aliasCount },
      (_, i) => `a${i}: analyzeIngredientList(ingredientList: "Aqua, Glycerin, Niacinamide") { token }`,
    ).join(' ');
    const statuses: number[] = [];
    for (let i = 0; i < requests; i++) statuses.push((await gql(`mutation { ${aliases} }`, ip)).statusCode);
    const stored = (await t.em().count(IngredientAnalysis, {})) - before;
    out.push(
      `alias amplification: ${requests} x ${aliasCount} aliased analyzeIngredientList -> statuses ${statuses.join(',')}, ${stored} analyses stored; budget ${t.config.rateLimit.analysisMax}`,
    );
  }
}

// 2. Alias bomb: 3,000 aliased productSitemap; a cheap request sent 20 ms after it was due.
if (run('bomb')) {
  const bomb = `query { ${Array.from({ length: 3000 }, (_, i) => `s${i}: productSitemap`).join(' ')} }`;
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const start = performance.now();
  const bombDone = gql(bomb, '10.1.0.2').then((r) => ({
    ms: performance.now() - start,
    status: r.statusCode,
    bytes: r.rawPayload.length,
  }));
  // Cheap requests one after another while the bomb is under way: the slowest is what a bystander waits.
  let finished = false;
  void bombDone.then(() => {
    finished = true;
  });
  const cheapMs: number[] = [];
  while (!finished) {
    // Due 20 ms from now: a blocked event loop delays it, as it would a request on a socket.
    const cheapStart = performance.now() + 20;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await t.inject({ method: 'GET', url: '/census/countries?limit=1', remoteAddress: '10.1.0.3' });
    cheapMs.push(performance.now() - cheapStart);
  }
  const b = await bombDone;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  out.push(
    `alias bomb: 3,000 x productSitemap (${(bomb.length / 1024).toFixed(0)} kB) -> ${b.status} in ${b.ms.toFixed(0)} ms, ${(b.bytes / 1024 / 1024).toFixed(1)} MB answer, RSS ${mb(rssBefore)} -> peak ${mb(peak)}; ${cheapMs.length} cheap GETs due meanwhile, the slowest answered after ${Math.max(...cheapMs).toFixed(0)} ms`,
  );
}

// 6. Cache hit rate of one anonymous GET, alternating with failing POSTs (404, 401, 415, 400).
if (run('cache')) {
  const failing = [
    { method: 'POST' as const, url: '/no-such-route', payload: {} },
    { method: 'POST' as const, url: '/routines', payload: { name: 'x' } },
    { method: 'POST' as const, url: '/products/search', payload: 'x', headers: { 'content-type': 'text/csv' } },
    { method: 'POST' as const, url: '/products/search', payload: { limit: 'many' } },
  ];
  for (const withFailures of [false, true]) {
    let hits = 0;
    const rounds = 100;
    for (let i = 0; i < rounds; i++) {
      const r = await t.inject({
        method: 'GET',
        url: '/brands?limit=3',
        remoteAddress: `10.2.${withFailures ? 1 : 0}.${i % 200}`,
      });
      if (r.headers['x-cache'] === 'HIT') hits++;
      if (withFailures) await t.inject({ ...failing[i % failing.length], remoteAddress: `10.2.2.${i % 200}` });
    }
    out.push(
      `cache: GET /brands?limit=3 x ${rounds}${withFailures ? ', each followed by a failing POST (404/401/415/400)' : ', alone'}: hit rate ${((100 * hits) / rounds).toFixed(0)}%`,
    );
  }
}

// 9. Forged cursors (well-formed base64url JSON of the wrong types) on every list route.
if (run('cursors')) {
  const env = await prepareFuzz(t, routes);
  const forged = [['x', 'x'], [true, false], {}, [[1], { a: 2 }], ['x'], [1, 2, 3, 4], 'x', 12, null].map((v) =>
    Buffer.from(JSON.stringify(v)).toString('base64url'),
  );
  const listRoutes = routes.filter((r) => env.operations.get(routeKey(r))?.variables.includes('cursor'));
  const byStatus = new Map<number, number>();
  const failingRoutes = new Set<string>();
  let ip = 0;
  for (const route of listRoutes) {
    const target = await fuzzTarget(env, route);
    for (const cursor of forged) {
      const inBody = route.method !== 'GET';
      const url =
        fillPath(route.path, target.fixture.params) +
        queryString({ ...(target.fixture.query ?? {}), ...(inBody ? {} : { cursor }) });
      const r = await t.inject({
        method: route.method,
        url,
        token: target.caller?.token,
        remoteAddress: `10.3.${Math.floor(ip / 250)}.${ip++ % 250}`,
        ...(inBody ? { payload: { ...(target.fixture.body ?? {}), cursor } } : {}),
      });
      byStatus.set(r.statusCode, (byStatus.get(r.statusCode) ?? 0) + 1);
      if (r.statusCode >= 500) failingRoutes.add(routeKey(route));
    }
  }
  out.push(
    `forged cursors: ${listRoutes.length} list routes x ${forged.length} cursors -> ${[...byStatus]
      .sort()
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ')}; routes with a 5xx: ${failingRoutes.size}`,
  );
}

// Low: malformed GraphQL requests.
if (run('graphql')) {
  const cases: Array<[string, Record<string, unknown>]> = [
    ['missing variable', { query: 'query($l: Int!) { brands(limit: $l) { items { name } } }' }],
    [
      'wrong variable type',
      { query: 'query($l: Int!) { brands(limit: $l) { items { name } } }', variables: { l: 'many' } },
    ],
    ['unknown operationName', { query: 'query A { brands(limit: 1) { items { name } } }', operationName: 'B' }],
    ['> 10,000 nodes', { query: `{ ${Array.from({ length: 10_001 }, (_, i) => `b${i}: __typename`).join(' ')} }` }],
  ];
  const answers: string[] = [];
  for (const [name, payload] of cases) {
    const r = await t.inject({ method: 'POST', url: '/graphql', remoteAddress: '10.4.0.1', payload });
    answers.push(
      `${name}: ${r.statusCode} ${(r.json() as { errors?: Array<{ extensions?: { code?: string } }> }).errors?.[0]?.extensions?.code}`,
    );
  }
  out.push(`malformed GraphQL: ${answers.join('; ')}`);
}

await t.close();
console.log(`\n${out.join('\n')}`);
