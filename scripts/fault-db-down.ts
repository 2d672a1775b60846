// The database goes away while the server runs on PostgreSQL, then comes back. A TCP proxy of
// our own stands between the server and PostgreSQL (the shared server is never stopped); cutting
// it drops every connection and refuses new ones. Checks: /ready answers 503; requests fail
// fast with 503 in the contract's format saying the database is unavailable; the process stays
// up; once the proxy lets traffic through again, the service recovers by itself.
// Usage: npm run fault:db-down   Env: HARDENING_PG_URL (the real server, default 127.0.0.1:5432)
import { createServer, connect, type Socket } from 'node:net';
import { ADMIN_URL, check, createDatabase, freePort, sleep, startServer, stopServer, token } from './hardening-lib.js';

class TcpProxy {
  private sockets = new Set<Socket>();
  private up = true;
  private readonly server = createServer((client) => {
    if (!this.up) {
      client.destroy();
      return;
    }
    const target = new URL(ADMIN_URL);
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  constructor(readonly port: number) {}
  listen() {
    return new Promise<void>((done) => this.server.listen(this.port, '127.0.0.1', done));
  }
  cut() {
    this.up = false;
    for (const s of this.sockets) s.destroy();
  }
  restore() {
    this.up = true;
  }
  close() {
    this.cut();
    return new Promise<void>((done) => this.server.close(() => done()));
  }
}

const db = await createDatabase('dbdown');
const proxy = new TcpProxy(await freePort());
await proxy.listen();
const viaProxy = new URL(db.url);
viaProxy.host = `127.0.0.1:${proxy.port}`;
const server = await startServer({ DATABASE_URL: viaProxy.toString(), RATE_LIMIT_ENABLED: 'false' });
try {
  const base = server.base;
  const auth = { authorization: `Bearer ${await token('dbdown|reader')}` };
  const alias = ((await (await fetch(`${base}/products?limit=1`)).json()) as { items: Array<{ alias: string }> })
    .items[0].alias;
  const timed = async (url: string, init?: RequestInit) => {
    const start = Date.now();
    const response = await fetch(`${base}${url}`, init);
    return {
      status: response.status,
      body: await response.text(),
      ms: Date.now() - start,
      retryAfter: response.headers.get('retry-after'),
    };
  };
  check((await timed('/ready')).status === 200, 'ready while the database is up');
  check((await timed(`/products/${alias}`, { headers: auth })).status === 200, 'reads while the database is up');
  await timed(`/products/${alias}`); // anonymous: now in the response cache

  console.log('\n-- cutting the database off');
  proxy.cut();
  const ready = await timed('/ready');
  check(ready.status === 503 && /unreachable/.test(ready.body), `/ready answers 503 (${ready.ms} ms): ${ready.body}`);
  const read = await timed(`/products/${alias}`, { headers: auth });
  const readBody = JSON.parse(read.body) as { error?: { code: string; message: string } };
  check(
    read.status === 503 && /database is unavailable/.test(readBody.error?.message ?? '') && read.retryAfter !== null,
    `a signed-in read fails fast with 503 in the contract's format, Retry-After ${read.retryAfter} (${read.ms} ms): ${read.body}`,
  );
  const write = await timed('/analyze/ingredient_list', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ingredient_list: 'Aqua, Glycerin' }),
  });
  check(
    write.status === 503 && /database is unavailable/.test(write.body),
    `a write fails with 503 (${write.ms} ms): ${write.body}`,
  );
  const graphql = await timed('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth },
    body: JSON.stringify({ query: '{ brands(limit: 1) { items { name } } }' }),
  });
  check(
    /database is unavailable/.test(graphql.body),
    `GraphQL says the database is unavailable (${graphql.status}, ${graphql.ms} ms): ${graphql.body.slice(0, 200)}`,
  );
  const cached = await timed(`/products/${alias}`);
  console.log(`(an anonymous read already in the response cache still answers ${cached.status})`);
  await sleep(3000);
  check(server.child.exitCode === null, 'the server process is still up after 3 s without a database');
  check((await timed('/health')).status === 200, '/health (liveness) still answers 200');

  console.log('\n-- letting the database back');
  proxy.restore();
  const start = Date.now();
  let back = false;
  while (Date.now() - start < 30_000) {
    if ((await timed('/ready')).status === 200) {
      back = true;
      break;
    }
    await sleep(200);
  }
  check(back, `ready again ${Date.now() - start} ms after the database came back, with no restart`);
  check((await timed(`/products/${alias}`, { headers: auth })).status === 200, 'reads work again');
  check(
    (
      await timed('/analyze/ingredient_list', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ingredient_list: 'Aqua, Glycerin' }),
      })
    ).status === 201,
    'writes work again',
  );
  if (process.exitCode) console.log(server.log().slice(-4000));
} finally {
  await stopServer(server);
  await proxy.close();
  await db.drop();
}
