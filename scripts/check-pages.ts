// Proves the two browser pages work with no internet, in headless Chromium:
//   /graphiql  GraphiQL runs a query typed into its editor and shows the result;
//   /docs      Swagger UI renders the API reference from /openapi.json.
// Every request either page makes must go to the service itself (127.0.0.1/localhost).
//
// Needs Debian's Chromium (apt-get install -y chromium) and the playwright-core devDependency.
// Starts its own server on a free port with a fresh embedded database, then stops it.
//   node --import ./register.mjs scripts/check-pages.ts
// Env: CHROMIUM_PATH (default /usr/bin/chromium), SCREENSHOT_DIR (default /tmp).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page, type Request, type Response } from 'playwright-core';

const ROOT = resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const SHOTS = process.env.SCREENSHOT_DIR || '/tmp';
const STARTUP_TIMEOUT_MS = 90_000;
const CHECK_TIMEOUT_MS = 30_000;
const QUERY = '{ brands(limit: 3) { items { name } } }';
const OPERATION_PATH = '/products/{id_or_alias}';
const OPERATION_TAG = 'Products';

class CheckFailed extends Error {}
const fail = (message: string): never => {
  throw new CheckFailed(message);
};
const pass = (message: string) => console.log(`ok - ${message}`);

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

// ---- the server ---------------------------------------------------------------------------
let serverLog = '';
function startServer(port: number, dataDir: string): ChildProcess {
  const child = spawn(join(ROOT, 'node_modules/.bin/node'), ['--import', './register.mjs', 'src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PGLITE_DIR: join(dataDir, 'db'), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    serverLog = (serverLog + chunk.toString()).slice(-8000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return child;
}

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      fail(`the server exited during startup (code ${child.exitCode}, signal ${child.signalCode})`);
    }
    try {
      const response = await fetch(`${base}/health`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  fail(`GET /health did not answer 200 within ${STARTUP_TIMEOUT_MS / 1000} s`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

// ---- what the pages fetch -----------------------------------------------------------------
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const INLINE_SCHEMES = new Set(['data:', 'blob:', 'about:']);

interface Traffic {
  requests: string[];
  offHost: string[];
  pageErrors: string[];
  consoleErrors: string[];
  failed: string[];
}

function isLocal(url: string): boolean {
  const parsed = new URL(url);
  if (INLINE_SCHEMES.has(parsed.protocol)) return true;
  return LOCAL_HOSTS.has(parsed.hostname);
}

/** Records every request of the context and aborts any that leaves the machine. */
async function watchTraffic(context: BrowserContext): Promise<Traffic> {
  const traffic: Traffic = { requests: [], offHost: [], pageErrors: [], consoleErrors: [], failed: [] };
  const record = (url: string, how: string) => {
    traffic.requests.push(`${how} ${url}`);
    if (!isLocal(url)) traffic.offHost.push(`${how} ${url}`);
  };
  context.on('request', (request: Request) => record(request.url(), request.method()));
  context.on('requestfailed', (request: Request) => {
    if (isLocal(request.url())) traffic.failed.push(`${request.url()}: ${request.failure()?.errorText}`);
  });
  // Abort anything off the machine, so a page that needs the internet fails here as it would offline.
  await context.route(
    (url) => !isLocal(url.href),
    (route) => route.abort('internetdisconnected'),
  );
  for (const page of context.pages()) watchPage(page, traffic, record);
  context.on('page', (page) => watchPage(page, traffic, record));
  return traffic;
}

function watchPage(page: Page, traffic: Traffic, record: (url: string, how: string) => void): void {
  page.on('pageerror', (error) => traffic.pageErrors.push(`${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') traffic.consoleErrors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('websocket', (socket) => record(socket.url(), 'WEBSOCKET'));
  page.on('worker', (worker) => record(worker.url(), 'WORKER'));
}

function assertClean(traffic: Traffic, label: string, from: ReturnType<typeof mark>): void {
  const off = traffic.offHost.slice(from.offHost);
  if (off.length) fail(`${label}: requests left the machine:\n  ${off.join('\n  ')}`);
  const errors = traffic.pageErrors.slice(from.pageErrors);
  if (errors.length) fail(`${label}: uncaught errors in the page:\n  ${errors.join('\n  ')}`);
  const failed = traffic.failed.slice(from.failed);
  if (failed.length) fail(`${label}: requests to the service failed:\n  ${failed.join('\n  ')}`);
  const consoleErrors = traffic.consoleErrors.slice(from.consoleErrors);
  if (consoleErrors.length) fail(`${label}: the page logged errors:\n  ${consoleErrors.join('\n  ')}`);
}

const mark = (traffic: Traffic) => ({
  requests: traffic.requests.length,
  offHost: traffic.offHost.length,
  pageErrors: traffic.pageErrors.length,
  consoleErrors: traffic.consoleErrors.length,
  failed: traffic.failed.length,
});

// ---- the checks ---------------------------------------------------------------------------
async function checkGraphiQL(page: Page, base: string, traffic: Traffic): Promise<void> {
  const from = mark(traffic);
  const introspected = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/graphql' && (r.request().postData() ?? '').includes('IntrospectionQuery'),
    { timeout: CHECK_TIMEOUT_MS },
  );
  const response = await page.goto(`${base}/graphiql`, { waitUntil: 'load' });
  if (response?.status() !== 200) fail(`GET /graphiql answered ${response?.status()}`);
  pass('GET /graphiql answered 200');
  const schema = await introspected.catch(() => fail('GraphiQL sent no introspection query to /graphql'));
  if (schema.status() !== 200) fail(`the introspection query answered ${schema.status()}: ${(await schema.text()).slice(0, 300)}`);
  pass('GraphiQL loaded the schema by introspection');

  // GraphiQL 5 edits with Monaco; wait until its query editor is up.
  const editor = page.locator('.graphiql-query-editor .monaco-editor').first();
  await editor.waitFor({ state: 'visible', timeout: CHECK_TIMEOUT_MS }).catch(() =>
    fail('GraphiQL did not render its query editor'),
  );
  pass('GraphiQL rendered its query editor');

  // Type the query as a person would: focus, select all, replace.
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(QUERY, { delay: 20 });
  await page.keyboard.press('Escape'); // close any completion popup
  const typed = (await page.locator('.graphiql-query-editor .view-lines').first().innerText()).replace(/\s+/g, ' ').trim();
  if (typed !== QUERY) fail(`the query editor holds "${typed}", not "${QUERY}"`);
  pass(`typed the query into the editor: ${QUERY}`);
  // The editor validates against the schema in a web worker (debounced): marks left over from
  // half-typed words must clear, which also shows the worker runs.
  const marks = page.locator('.graphiql-query-editor .squiggly-error');
  const marksDeadline = Date.now() + 10_000;
  while ((await marks.count()) > 0 && Date.now() < marksDeadline) await page.waitForTimeout(250);
  if ((await marks.count()) > 0) fail('the query editor still marks errors in a valid query');
  pass('the query editor marks no errors in the query');

  const isBrandsQuery = (r: Response) =>
    new URL(r.url()).pathname === '/graphql' && r.request().method() === 'POST' && (r.request().postData() ?? '').includes('brands');
  const graphqlResponse = page.waitForResponse(isBrandsQuery, { timeout: CHECK_TIMEOUT_MS });
  await page.locator('button.graphiql-execute-button').click();
  const answered = await graphqlResponse.catch(() => fail('running the query sent no POST /graphql'));
  if (answered.status() !== 200) fail(`POST /graphql answered ${answered.status()}: ${await answered.text()}`);
  const body = (await answered.json()) as { data?: { brands?: { items?: { name: string }[] } }; errors?: unknown };
  const names = body.data?.brands?.items?.map((b) => b.name) ?? [];
  if (body.errors || names.length === 0) fail(`the query returned no brands: ${JSON.stringify(body).slice(0, 500)}`);
  pass(`POST /graphql answered with ${names.length} brands: ${names.join(', ')}`);

  // The result pane is a read-only Monaco editor too: wait for every brand name to show.
  const resultPane = page.locator('.graphiql-response');
  // (Polled from here: a function handed to the page would go through swc, whose helpers the page lacks.)
  const deadline = Date.now() + CHECK_TIMEOUT_MS;
  let shownText = '';
  while (Date.now() < deadline) {
    // Monaco renders spaces as no-break spaces.
    shownText = (await resultPane.innerText().catch(() => '')).replace(/\u00a0/g, ' ');
    if (shownText.includes('"items"') && names.every((name) => shownText.includes(name))) break;
    await page.waitForTimeout(250);
  }
  if (!(shownText.includes('"items"') && names.every((name) => shownText.includes(name)))) {
    fail(`the result pane does not show the result; it shows: ${JSON.stringify(shownText.slice(0, 120))}`);
  }
  const shown = shownText.replace(/\s+/g, ' ').trim();
  pass(`the result pane shows the result: ${shown.slice(0, 120)}`);

  await page.screenshot({ path: join(SHOTS, 'graphiql.png') });
  assertClean(traffic, '/graphiql', from);
  pass(`/graphiql made ${traffic.requests.length - from.requests} requests, all to the service`);
}

async function checkDocs(page: Page, base: string, traffic: Traffic): Promise<void> {
  const from = mark(traffic);
  const specLoaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/openapi.json', { timeout: CHECK_TIMEOUT_MS });
  const response = await page.goto(`${base}/docs`, { waitUntil: 'load' });
  if (response?.status() !== 200) fail(`GET /docs answered ${response?.status()}`);
  pass('GET /docs answered 200');
  const spec = await specLoaded.catch(() => fail('Swagger UI did not fetch /openapi.json'));
  if (spec.status() !== 200) fail(`GET /openapi.json answered ${spec.status()}`);

  // Every group of the description is listed (collapsed); opening one shows its operations.
  const groups = new Set(Object.values((await spec.json()).paths as Record<string, Record<string, { tags?: string[] }>>).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags ?? [])));
  const tag = page.locator(`.opblock-tag[data-tag="${OPERATION_TAG}"]`);
  try {
    await tag.waitFor({ state: 'visible', timeout: CHECK_TIMEOUT_MS });
  } catch {
    fail(`Swagger UI does not list the group ${OPERATION_TAG}`);
  }
  const listed = await page.locator('.opblock-tag').count();
  if (listed !== groups.size) fail(`Swagger UI lists ${listed} groups; the description has ${groups.size}`);
  pass(`Swagger UI lists all ${listed} groups`);
  await tag.click();
  const operation = page.locator(`.opblock .opblock-summary-path[data-path="${OPERATION_PATH}"]`).first();
  try {
    await operation.waitFor({ state: 'visible', timeout: CHECK_TIMEOUT_MS });
  } catch {
    await page.screenshot({ path: join(SHOTS, 'docs-failed.png') });
    const error = await page.locator('.swagger-ui .errors-wrapper, .swagger-ui .loading-container').first().innerText().catch(() => '');
    fail(`Swagger UI does not list ${OPERATION_PATH}${error ? `; it shows: ${error.slice(0, 300)}` : ''}`);
  }
  const operations = await page.locator('.opblock').count();
  const title = (await page.locator('.swagger-ui .info .title').first().innerText()).replace(/\s+/g, ' ').trim();
  const errors = await page.locator('.swagger-ui .errors-wrapper').count();
  if (errors > 0) fail(`Swagger UI shows errors: ${await page.locator('.swagger-ui .errors-wrapper').first().innerText()}`);
  pass(`Swagger UI renders "${title}"; the group ${OPERATION_TAG} opens on ${operations} operations, including ${OPERATION_PATH}`);

  await page.screenshot({ path: join(SHOTS, 'docs.png'), fullPage: true });
  assertClean(traffic, '/docs', from);
  pass(`/docs made ${traffic.requests.length - from.requests} requests, all to the service`);
}

// ---- main ---------------------------------------------------------------------------------
async function main(): Promise<void> {
  if (!existsSync(CHROMIUM)) fail(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  const work = mkdtempSync(join(tmpdir(), 'check-pages-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(port, work);
  let context: BrowserContext | undefined;
  try {
    const started = Date.now();
    await waitForHealth(base, server);
    pass(`server answered GET /health in ${((Date.now() - started) / 1000).toFixed(1)} s on ${base}`);

    context = await chromium.launchPersistentContext(join(work, 'profile'), {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 1400, height: 900 },
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const traffic = await watchTraffic(context);
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(CHECK_TIMEOUT_MS);

    await checkGraphiQL(page, base, traffic);
    await checkDocs(page, base, traffic);
    if (process.env.VERBOSE) console.log(traffic.requests.join('\n'));
    console.log(`all page checks passed (screenshots: ${join(SHOTS, 'graphiql.png')}, ${join(SHOTS, 'docs.png')})`);
  } catch (error) {
    if (serverLog.trim()) console.error(`--- server output (last lines) ---\n${serverLog.trim()}\n---`);
    throw error;
  } finally {
    await context?.close().catch(() => {});
    await stopServer(server);
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`FAILED: ${error instanceof CheckFailed ? error.message : error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
