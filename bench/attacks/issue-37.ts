// Issue 37 ("No request may cost more than it is charged"): re-runs each finding of the attacker
// against a real server (PostgreSQL, a database of its own, and a Redis of its own) and prints
// held / not held per finding, with figures; any 5xx is counted and fails the run.
//   names    a bare IPv4 address, `evil。example`, `support‧evil‧example` as display names
//   hosts    offers at RFC 8215 local-use NAT64 and Teredo addresses
//   sitemap  a pasted list and a signed-in person's comparison in /sitemap/comparisons
//   cache    the response cache's hit rate under one anonymous client sharing comparisons at 5/s
//   redis    Redis stopped and started again under load: whole cache drops, the slowest /health
// Usage: node --import ./register.mjs bench/attacks/issue-37.ts [--only names|hosts|sitemap|cache|redis]
//        [--seconds 8]   Env: HARDENING_PG_URL
import { inviteMessage } from '../../src/modules/mail/messages.js';
import { startRedisServer } from '../../test/helpers/redis-server.js';
import { createDatabase, option, sleep, startServer, stopServer, token } from '../../scripts/hardening-lib.js';

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
const seconds = option('seconds', 8);
const runs = (topic: string) => !only || only === topic;

const results: Array<{ finding: string; held: boolean; detail: string }> = [];
let errors5xx = 0;
const record = (finding: string, held: boolean, detail: string) => {
  results.push({ finding, held, detail });
  console.log(`${held ? 'held    ' : 'NOT HELD'}  ${finding}: ${detail}`);
};

if (runs('names')) {
  for (const name of ['10.0.0.1', 'evil。example', 'support‧evil‧example']) {
    const mail = inviteMessage('victim@example.com', { displayName: name, username: 'x.1' }, 'https://s.example/j');
    const reached = mail.text.includes(name) || mail.text.includes(name.normalize('NFKC'));
    record(
      `e-mail name ${JSON.stringify(name)}`,
      !reached,
      reached ? 'reaches the invitation' : 'left out, e-mail still sent',
    );
  }
}

const needsServer = ['hosts', 'sitemap', 'cache', 'redis'].some(runs);
if (needsServer) {
  const redis = await startRedisServer();
  const db = await createDatabase('issue37');
  const server = await startServer({
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: 'issue37:',
    ADMIN_SUBJECTS: 'issue37|admin',
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_ANALYSIS_MAX: '1000000',
    LOG_LEVEL: 'info',
    AUTH_ISSUER: 'skincare-dev',
    AUTH_AUDIENCE: 'skincare',
  });
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${server.base}${path}`, init);
    if (response.status >= 500) errors5xx++;
    return response;
  };
  const json = (body: unknown, bearer?: string): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
  });
  try {
    const admin = await token('issue37|admin');
    const products = ((await (await call('/products?limit=20')).json()) as { items: Array<{ alias: string }> }).items;
    const ingredients = ((await (await call('/ingredients?limit=10')).json()) as { items: Array<{ alias: string }> })
      .items;

    if (runs('hosts')) {
      for (const url of ['http://[64:ff9b:1::a00:1]/', 'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/']) {
        const answer = (await (
          await call(
            '/graphql',
            json(
              {
                query:
                  'mutation($p: String!, $u: String!) { addProductOffer(productIdOrAlias: $p, input: { retailer: "Attack", url: $u }) { id } }',
                variables: { p: products[0].alias, u: url },
              },
              admin,
            ),
          )
        ).json()) as { errors?: Array<{ extensions?: { code?: string } }> };
        const code = answer.errors?.[0]?.extensions?.code;
        record(`offer URL ${url}`, code === 'VALIDATION_FAILED', code ?? 'accepted');
      }
    }

    if (runs('sitemap')) {
      const analysis = (await (
        await call('/analyze/ingredient_list', json({ ingredient_list: 'Aqua, Glycerin' }))
      ).json()) as {
        token: string;
      };
      const pasted = (await (
        await call('/compare/share', json({ items: [products[0].alias, analysis.token] }))
      ).json()) as {
        token: string;
      };
      const owned = (await (
        await call(
          '/compare/share',
          json({ items: [products[0].alias, products[1].alias] }, await token('issue37|member')),
        )
      ).json()) as { token: string };
      const sitemap = await (await call('/sitemap/comparisons')).text();
      record(
        'sitemap lists a pasted list',
        !sitemap.includes(pasted.token),
        sitemap.includes(pasted.token) ? 'listed' : 'not listed',
      );
      record(
        "sitemap lists a signed-in person's comparison",
        !sitemap.includes(owned.token),
        sitemap.includes(owned.token) ? 'listed' : 'not listed',
      );
    }

    const urls = [
      ...products.slice(0, 10).map((p) => `/products/${p.alias}`),
      ...ingredients.map((i) => `/ingredients/${i.alias}`),
      '/products?limit=20',
      '/ingredients?limit=20',
    ];
    /** Anonymous readers cycling through the URLs for `ms`: the share of answers from the cache. */
    const readLoad = async (ms: number, readers = 4) => {
      let hits = 0;
      let total = 0;
      const until = Date.now() + ms;
      await Promise.all(
        Array.from({ length: readers }, async (_, r) => {
          for (let i = r; Date.now() < until; i++) {
            const response = await call(urls[i % urls.length]);
            await response.arrayBuffer();
            total++;
            if (response.headers.get('x-cache') === 'HIT') hits++;
          }
        }),
      );
      return { hits, total, rate: total ? hits / total : 0 };
    };

    if (runs('cache')) {
      await readLoad(2000);
      const baseline = await readLoad(seconds * 1000);
      let shares = 0;
      const writerUntil = Date.now() + seconds * 1000;
      const writer = (async () => {
        for (let i = 0; Date.now() < writerUntil; i++) {
          const started = Date.now();
          const pair = [products[i % products.length].alias, products[(i + 1) % products.length].alias];
          if ((await call('/compare/share', json({ items: pair }))).ok) shares++;
          await sleep(Math.max(0, 200 - (Date.now() - started)));
        }
      })();
      const underWrites = await readLoad(seconds * 1000);
      await writer;
      const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
      record(
        'hit rate under anonymous comparison shares at 5/s',
        underWrites.rate >= baseline.rate - 0.05,
        `${pct(underWrites.rate)} with ${shares} shares in ${seconds} s vs ${pct(baseline.rate)} without (${baseline.total} and ${underWrites.total} reads)`,
      );
    }

    if (runs('redis')) {
      // Similar products use the similarity index, ingredient pages the knowledge base.
      for (const p of products.slice(0, 5)) await (await call(`/products/${p.alias}/similar`)).arrayBuffer();
      const logBefore = server.log().length;
      await redis.stop();
      await sleep(3000);
      await redis.start();
      // The slowest of /health probes every 20 ms for 5 s after the return, under the read load.
      let slowest = 0;
      const probesUntil = Date.now() + 5000;
      const load = readLoad(5000, 2);
      while (Date.now() < probesUntil) {
        const started = performance.now();
        await (await call('/health')).arrayBuffer();
        slowest = Math.max(slowest, performance.now() - started);
        for (const p of products.slice(0, 2)) await (await call(`/products/${p.alias}/similar`)).arrayBuffer();
        await sleep(20);
      }
      await load;
      const log = server.log().slice(logBefore);
      const wholeDrop = /rebuilding them, spread/.test(log);
      record(
        'Redis returns: caches dropped whole on every instance',
        !wholeDrop,
        `${wholeDrop ? 'dropped whole (the log could not tell)' : 'caught up from the drop log, nothing dropped whole'}; slowest /health after the return ${slowest.toFixed(0)} ms`,
      );
    }
  } finally {
    await stopServer(server);
    await redis.close();
    await db.drop();
  }
}

record('no 5xx', errors5xx === 0, `${errors5xx} answers 5xx`);
const failed = results.filter((r) => !r.held).length;
console.log(`\n${results.length - failed} of ${results.length} held`);
process.exitCode = failed ? 1 : 0;
