// Proves the browser pages work with no internet, in headless Chromium (one launch):
//   /graphiql  opens on the service's named operations, runs a query typed into its editor;
//   /docs      Swagger UI renders the API reference from /openapi.json;
//   the pages people open (src/pages), on a phone-sized screen: `/` and its paste form
//   (submitted), the analysis it leads to, an ingredient, a product and a shared comparison,
//   and the e-mail landings followed from links in real SMTP deliveries (smtp-server here):
//   the address-change link (confirmed with its button), an invitation, a routine-request answer
//   (and the digest's landings, opened directly); and the states that show what the API knows: a
//   kit's analysis, an unread list, offers in the browser language's currency and in one chosen in
//   the form, a list's versions, an ingredient's second page of products, a comparison naming a
//   product deleted since; a shared routine plan and its tonight page on a phone (noindex, what to do on the
//   first screen), and its revoked link. Each such page has
//   no serious or critical axe-core violation, and none of its links answers 404.
// Every request any page makes must go to the service itself (127.0.0.1/localhost).
//
// Needs Debian's Chromium (apt-get install -y chromium) and the playwright-core devDependency.
// Starts its own server on a free port with a fresh embedded database, then stops it.
//   node --import ./register.mjs scripts/check-pages.ts
// Env: CHROMIUM_PATH (default /usr/bin/chromium), SCREENSHOT_DIR (default /tmp),
// STARTUP_TIMEOUT_SECONDS (default 600: a fresh database is migrated and seeded first, the EU inventory included; a loaded 2-core machine has taken over 5 minutes).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page, type Request, type Response } from 'playwright-core';
import { Authenticator } from '../src/auth.js';
import { loadConfig } from '../src/config.js';
import { graphiqlTabs } from '../src/pages/graphiql-tabs.js';
import { startSmtpInbox, type SmtpInbox } from '../test/helpers/smtp-inbox.js';

const ROOT = resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const SHOTS = process.env.SCREENSHOT_DIR || '/tmp';
const STARTUP_TIMEOUT_MS = Number(process.env.STARTUP_TIMEOUT_SECONDS || 600) * 1000;
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
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

// ---- the server ---------------------------------------------------------------------------
let serverLog = '';
function startServer(env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(join(ROOT, 'node_modules/.bin/node'), ['--import', './register.mjs', 'src/server.ts'], {
    cwd: ROOT,
    env,
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

// ---- the analysis page on a phone (issue 38) ----------------------------------------------
// Self-contained: its own analysis, its own viewport. A person reads the verdict on the first
// screen (the summary's skin-type verdicts within 844 px), and nothing is wider than the phone.
const ANALYSIS_PHONE = { width: 390, height: 844 };
const ANALYSIS_PHONE_LIST =
  'Aqua (Water), Glycerin, Niacinamide, Butylene Glycol, Sodium Hyaluronate, Salicylic Acid, Parfum, Linalool, ' +
  'Limonene, Alcohol Denat., Methylisothiazolinone, Phenoxyethanol, Disodium EDTA, Citric Acid';

async function checkAnalysisOnPhone(page: Page, base: string): Promise<void> {
  const posted = await fetch(`${base}/p/analyze`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ingredient_list: ANALYSIS_PHONE_LIST }),
  });
  if (posted.status !== 303) fail(`POST /p/analyze answered ${posted.status}`);
  await page.setViewportSize(ANALYSIS_PHONE);
  const response = await page.goto(`${base}${posted.headers.get('location')}`, { waitUntil: 'load' });
  if (response?.status() !== 200) fail(`the analysis page answered ${response?.status()} on a phone`);
  const summary = page.locator('section.summary');
  const box = await summary.boundingBox();
  if (!box) fail('the analysis page shows no summary (section.summary)');
  const verdicts = page.locator('section.summary .verdict');
  if ((await verdicts.count()) === 0) fail('the analysis page summary shows no skin-type verdict');
  const last = await verdicts.last().boundingBox();
  if (!last || last.y + last.height > ANALYSIS_PHONE.height)
    fail(
      `on a ${ANALYSIS_PHONE.width}x${ANALYSIS_PHONE.height} phone the verdict ends at ${last ? Math.round(last.y + last.height) : '?'} px: below the first screen`,
    );
  const wide = (await page.evaluate('document.documentElement.scrollWidth')) as number;
  if (wide > ANALYSIS_PHONE.width)
    fail(`the analysis page is wider (${wide} px) than a phone (${ANALYSIS_PHONE.width} px): it scrolls sideways`);
  await page.screenshot({ path: join(SHOTS, 'page-analysis-phone.png') });
  pass(
    `the analysis page on a ${ANALYSIS_PHONE.width}x${ANALYSIS_PHONE.height} phone: the verdict within the first screen (summary at ${Math.round(box!.y)} px, last verdict ends at ${Math.round(last!.y + last!.height)} px), ${wide} px wide`,
  );
}

// ---- the checks ---------------------------------------------------------------------------
// ---- a shared routine plan on a phone (issue 41) -------------------------------------------
// The plan's owner makes its page link; the plan page and its "tonight" page open with no sign-in, say what to do
// on the first screen, never scroll sideways, are noindex, and a revoked link is the not-found page.
async function checkPlanPagesOnPhone(page: Page, base: string, bearer: string): Promise<void> {
  const auth = { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' };
  const products = (await (await fetch(`${base}/products?limit=3`)).json()) as { items: Array<{ alias: string }> };
  const today = new Date().toISOString().slice(0, 10);
  const planned = await fetch(`${base}/my/routine_plans`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      shelf: products.items.map((p) => ({ product: p.alias })),
      steps: { morning_max: 3, evening_max: 3 },
      buy: 'shelf_only',
      start_on: today,
    }),
  });
  if (planned.status !== 201) fail(`POST /my/routine_plans answered ${planned.status}: ${await planned.text()}`);
  const { id } = (await planned.json()) as { id: string };
  const made = await fetch(`${base}/my/routine_plans/${id}/page_link`, { method: 'POST', headers: auth, body: '{}' });
  if (made.status !== 200) fail(`POST /my/routine_plans/:id/page_link answered ${made.status}`);
  const link = (await made.json()) as { page_url: string; tonight_url: string };
  await page.setViewportSize(ANALYSIS_PHONE);
  for (const [url, label, first] of [
    [link.page_url, 'the plan page', 'p.lead'],
    [link.tonight_url, 'the tonight page', 'h1'],
  ] as const) {
    const response = await page.goto(url, { waitUntil: 'load' });
    if (response?.status() !== 200) fail(`${label} answered ${response?.status()}`);
    if (response!.headers()['x-robots-tag'] !== 'noindex, nofollow') fail(`${label} has no X-Robots-Tag noindex`);
    if ((await page.locator('meta[name="robots"][content="noindex, nofollow"]').count()) !== 1)
      fail(`${label} has no robots noindex meta`);
    const box = await page.locator(first).first().boundingBox();
    if (!box || box.y + box.height > ANALYSIS_PHONE.height)
      fail(`${label}: what to do (${first}) is below the first screen`);
    const wide = (await page.evaluate('document.documentElement.scrollWidth')) as number;
    if (wide > ANALYSIS_PHONE.width) fail(`${label} is wider (${wide} px) than a phone (${ANALYSIS_PHONE.width} px)`);
    await audit(page, base, label);
    await page.screenshot({ path: join(SHOTS, `page-${label.replace(/\W+/g, '-')}-phone.png`), fullPage: true });
    pass(
      `${label} on a ${ANALYSIS_PHONE.width}x${ANALYSIS_PHONE.height} phone: ${first} at ${Math.round(box!.y)} px, ${wide} px wide, noindex`,
    );
  }
  for (const kind of ['products', 'ingredients', 'comparisons', 'routines'])
    if ((await (await fetch(`${base}/sitemap/${kind}`)).text()).includes('/p/plans/'))
      fail(`the ${kind} sitemap lists a plan page`);
  const revoked = await fetch(`${base}/my/routine_plans/${id}/page_link`, {
    method: 'DELETE',
    headers: { authorization: auth.authorization },
  });
  if (revoked.status !== 204) fail(`DELETE /my/routine_plans/:id/page_link answered ${revoked.status}`);
  await open(page, link.page_url, 'a revoked plan link', 404);
  await audit(page, base, 'a revoked plan link');
  pass('a revoked plan link answers the not-found page; no sitemap lists plan pages');
}

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
  if (schema.status() !== 200)
    fail(`the introspection query answered ${schema.status()}: ${(await schema.text()).slice(0, 300)}`);
  pass('GraphiQL loaded the schema by introspection');

  // GraphiQL 5 edits with Monaco; wait until its query editor is up.
  const editor = page.locator('.graphiql-query-editor .monaco-editor').first();
  await editor
    .waitFor({ state: 'visible', timeout: CHECK_TIMEOUT_MS })
    .catch(() => fail('GraphiQL did not render its query editor'));
  pass('GraphiQL rendered its query editor');
  const opening = (await page.locator('.graphiql-query-editor .view-lines').first().innerText()).replace(
    /\u00a0/g,
    ' ',
  );
  if (/Welcome to/.test(opening) || !opening.includes('AnalyzeIngredientList'))
    fail(`GraphiQL does not open on the service's operations; it shows: ${opening.slice(0, 200)}`);
  const tabs = await page.locator('.graphiql-tab').count();
  if (tabs < 5) fail(`GraphiQL opens ${tabs} tabs, not the 5 named operations`);
  pass(`GraphiQL opens on ${tabs} tabs of named operations, the first AnalyzeIngredientList`);
  await runEveryTab(page);

  // The typed query goes into a new tab (+), as a person writing their own would. (Typed over an example
  // already run, GraphiQL keeps that example's operation name for an anonymous query and refuses to run it:
  // "Cannot infer operation". That is GraphiQL's, not ours.)
  const tabsBefore = await page.locator('.graphiql-tab').count();
  await page.locator('button.graphiql-tab-add').click();
  const tabsDeadline = Date.now() + CHECK_TIMEOUT_MS;
  while ((await page.locator('.graphiql-tab').count()) <= tabsBefore && Date.now() < tabsDeadline)
    await page.waitForTimeout(100);
  if ((await page.locator('.graphiql-tab').count()) <= tabsBefore) fail('the + button opened no new tab');
  pass('opened a new tab with +');

  // Type the query as a person would: focus, select all, replace.
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(QUERY, { delay: 20 });
  await page.keyboard.press('Escape'); // close any completion popup
  const typed = (await page.locator('.graphiql-query-editor .view-lines').first().innerText())
    .replace(/\s+/g, ' ')
    .trim();
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
    new URL(r.url()).pathname === '/graphql' &&
    r.request().method() === 'POST' &&
    (r.request().postData() ?? '').includes('brands');
  const graphqlResponse = page.waitForResponse(isBrandsQuery, { timeout: CHECK_TIMEOUT_MS });
  // GraphiQL takes an edit in a moment after the typing stops (debounced): until then the new tab keeps the
  // operation name of the tab run last, and ▶ answers "Cannot infer operation ListIngredientGroups" without
  // sending anything. A person pauses that long before reaching for ▶; the check waits for the sign GraphiQL
  // gives of it, the active tab's query in its stored tabs. (Clicking at once passed until Chromium
  // 156.0.8078.108, on which it failed every time.)
  const settledDeadline = Date.now() + CHECK_TIMEOUT_MS;
  const storedQuery = async () => {
    const stored = await page.evaluate(`localStorage.getItem('graphiql:tabState')`);
    const state = JSON.parse(String(stored ?? 'null')) as {
      activeTabIndex: number;
      tabs: Array<{ query: string | null }>;
    } | null;
    return state?.tabs[state.activeTabIndex]?.query?.replace(/\s+/g, ' ').trim() ?? null;
  };
  while ((await storedQuery()) !== QUERY && Date.now() < settledDeadline) await page.waitForTimeout(100);
  if ((await storedQuery()) !== QUERY) fail('GraphiQL never took the typed query in (its stored tabs do not hold it)');
  await page.locator('button.graphiql-execute-button').click();
  const answered = await graphqlResponse.catch(async () => {
    await page.screenshot({ path: join(SHOTS, 'graphiql-not-run.png') });
    return fail('running the query sent no POST /graphql');
  });
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

const EDITORS = {
  query: { file: '-operation.graphql', pane: '.graphiql-query-editor' },
  variables: { file: '-variables.json', pane: '.graphiql-editor-tool' },
  response: { file: '-response.json', pane: '.graphiql-response' },
} as const;

/** The whole text of one of GraphiQL's editors, not only the lines Monaco has on screen. */
async function editorText(page: Page, which: keyof typeof EDITORS): Promise<string> {
  const { file, pane } = EDITORS[which];
  // A string, not a function: a function handed to the page would go through swc, whose helpers
  // the page lacks. GraphiQL keeps its Monaco at globalThis.__MONACO and names each editor's model.
  const value = await page.evaluate(`(() => {
    const editor = globalThis.__MONACO?.editor.getEditors().find((e) => e.getModel()?.uri.path.endsWith(${JSON.stringify(file)}));
    return editor ? editor.getValue() : null;
  })()`);
  if (typeof value === 'string') return value;
  return (
    await page
      .locator(`${pane} .view-lines`)
      .first()
      .innerText()
      .catch(() => '')
  ).replace(/\u00a0/g, ' ');
}

/** Clicks tab `index` until GraphiQL shows it (a first click on a tab is sometimes taken as the start of a drag). */
async function selectTab(page: Page, index: number): Promise<void> {
  const tab = page.locator('.graphiql-tab').nth(index);
  for (let attempt = 0; attempt < 5; attempt++) {
    if ((await tab.getAttribute('aria-selected')) === 'true') return;
    await tab.locator('.graphiql-tab-button').click();
    await page.waitForTimeout(250);
  }
  if ((await tab.getAttribute('aria-selected')) !== 'true')
    fail(`GraphiQL's tab ${index + 1} did not open when clicked`);
}

/**
 * Every tab, as a new visitor finds it: its example variables are in the variables editor, and ▶
 * answers data without errors, shown in the result pane.
 */
async function runEveryTab(page: Page): Promise<void> {
  const expected = graphiqlTabs(join(ROOT, 'rest-mappings/'));
  const count = await page.locator('.graphiql-tab').count();
  if (count !== expected.length) fail(`GraphiQL opens ${count} tabs; the page was rendered with ${expected.length}`);
  for (let index = 0; index < expected.length; index++) {
    await selectTab(page, index);
    const operation =
      /^(?:query|mutation)\s+(\w+)/m.exec(expected[index]!.query)?.[1] ??
      fail(`tab ${index + 1} holds no named operation`);
    const query = await editorText(page, 'query');
    if (!new RegExp(`^(query|mutation)\\s+${operation}\\b`, 'm').test(query))
      fail(`tab ${index + 1} does not show ${operation}; it shows: ${query.slice(0, 200)}`);
    const variables = await editorText(page, 'variables');
    const want = JSON.parse(expected[index]!.variables) as unknown;
    let shownVariables: unknown;
    try {
      shownVariables = JSON.parse(variables || 'null');
    } catch {
      fail(`${operation}: the variables editor holds no JSON: ${JSON.stringify(variables.slice(0, 200))}`);
    }
    if (JSON.stringify(shownVariables) !== JSON.stringify(want)) {
      fail(
        `${operation}: the variables editor holds ${JSON.stringify(variables.slice(0, 200))}, not the example ${JSON.stringify(want)}`,
      );
    }

    const isRun = (r: Response) =>
      new URL(r.url()).pathname === '/graphql' &&
      r.request().method() === 'POST' &&
      (r.request().postData() ?? '').includes(operation);
    const answer = page.waitForResponse(isRun, { timeout: CHECK_TIMEOUT_MS });
    await page.locator('button.graphiql-execute-button').click();
    const answered = await answer.catch(() => fail(`${operation}: ▶ sent no POST /graphql`));
    const body = (await answered.json().catch(() => ({}))) as {
      data?: Record<string, unknown> | null;
      errors?: unknown;
    };
    if (answered.status() !== 200 || body.errors || !body.data)
      fail(`${operation}: ▶ answered ${answered.status()}: ${JSON.stringify(body).slice(0, 500)}`);

    const deadline = Date.now() + CHECK_TIMEOUT_MS;
    let shown = '';
    while (Date.now() < deadline) {
      shown = await editorText(page, 'response');
      if (shown.includes('"data"')) break;
      await page.waitForTimeout(250);
    }
    if (!shown.includes('"data"') || shown.includes('"errors"'))
      fail(`${operation}: the result pane shows ${JSON.stringify(shown.slice(0, 300))}`);
    pass(
      `tab ${index + 1} ${operation}: its example variables are in the editor (${Object.keys(want as object).join(', ') || 'none needed'}); ▶ shows data, no errors`,
    );
  }
}

async function checkDocs(page: Page, base: string, traffic: Traffic): Promise<void> {
  const from = mark(traffic);
  const specLoaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/openapi.json', {
    timeout: CHECK_TIMEOUT_MS,
  });
  const response = await page.goto(`${base}/docs`, { waitUntil: 'load' });
  if (response?.status() !== 200) fail(`GET /docs answered ${response?.status()}`);
  pass('GET /docs answered 200');
  const spec = await specLoaded.catch(() => fail('Swagger UI did not fetch /openapi.json'));
  if (spec.status() !== 200) fail(`GET /openapi.json answered ${spec.status()}`);

  // Every group of the description is listed (collapsed); opening one shows its operations.
  const groups = new Set(
    Object.values((await spec.json()).paths as Record<string, Record<string, { tags?: string[] }>>).flatMap((ops) =>
      Object.values(ops).flatMap((op) => op.tags ?? []),
    ),
  );
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
    const error = await page
      .locator('.swagger-ui .errors-wrapper, .swagger-ui .loading-container')
      .first()
      .innerText()
      .catch(() => '');
    fail(`Swagger UI does not list ${OPERATION_PATH}${error ? `; it shows: ${error.slice(0, 300)}` : ''}`);
  }
  const operations = await page.locator('.opblock').count();
  const title = (await page.locator('.swagger-ui .info .title').first().innerText()).replace(/\s+/g, ' ').trim();
  const errors = await page.locator('.swagger-ui .errors-wrapper').count();
  if (errors > 0)
    fail(`Swagger UI shows errors: ${await page.locator('.swagger-ui .errors-wrapper').first().innerText()}`);
  pass(
    `Swagger UI renders "${title}"; the group ${OPERATION_TAG} opens on ${operations} operations, including ${OPERATION_PATH}`,
  );

  await page.screenshot({ path: join(SHOTS, 'docs.png'), fullPage: true });
  assertClean(traffic, '/docs', from);
  pass(`/docs made ${traffic.requests.length - from.requests} requests, all to the service`);
  await checkDocsOnPhone(page, base);
}

/**
 * /docs on a phone (390 × 844): the page scrolls down only, never sideways, with a group and an operation
 * open, and its text is at least 12 px.
 */
async function checkDocsOnPhone(page: Page, base: string): Promise<void> {
  const desktop = page.viewportSize();
  await page.setViewportSize(PHONE);
  try {
    await page.goto(`${base}/docs#/${OPERATION_TAG}`, { waitUntil: 'load' });
    const tag = page.locator(`.opblock-tag[data-tag="${OPERATION_TAG}"]`);
    await tag.waitFor({ state: 'visible', timeout: CHECK_TIMEOUT_MS });
    const operation = page.locator(`.opblock .opblock-summary-path[data-path="${OPERATION_PATH}"]`).first();
    if (!(await operation.isVisible())) await tag.click();
    await operation.waitFor({ state: 'visible', timeout: CHECK_TIMEOUT_MS });
    await operation.click();
    await page
      .locator('.opblock.is-open .opblock-body')
      .first()
      .waitFor({ state: 'visible', timeout: CHECK_TIMEOUT_MS });
    const wide = (await page.evaluate('document.documentElement.scrollWidth')) as number;
    if (wide > PHONE.width) fail(`/docs is wider (${wide} px) than a phone (${PHONE.width} px)`);
    const smallest =
      (await page.evaluate(`Math.min(...[...document.querySelectorAll('.swagger-ui p, .swagger-ui td, .swagger-ui .opblock-summary-path, .swagger-ui .opblock-summary-description, .swagger-ui h4')]
      .filter((e) => e.offsetParent !== null && e.textContent.trim())
      .map((e) => parseFloat(getComputedStyle(e).fontSize)))`)) as number;
    if (!(smallest >= 12)) fail(`/docs on a phone has text of ${smallest} px (under 12)`);
    await page.screenshot({ path: join(SHOTS, 'docs-phone.png'), fullPage: false });
    pass(
      `/docs on a phone (${PHONE.width} × ${PHONE.height}): no sideways scroll with ${OPERATION_PATH} open, text ≥ ${smallest} px`,
    );
  } finally {
    if (desktop) await page.setViewportSize(desktop);
  }
}

// ---- the pages people open ----------------------------------------------------------------
const AXE = readFileSync(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
const PHONE = { width: 390, height: 844 };
const PASTED =
  'Ingredients: Aqua (Water), Glycerin, Niacinamide, Alcohol Denat., Parfum, Linalool, Retinol, Dimethicone';
const KIT =
  'Cleanser: Aqua, Sodium Laureth Sulfate, Glycerin, Phenoxyethanol, Parfum. Toner: Aqua, Alcohol Denat., Niacinamide, Hydroquinone 2%, Salicylic Acid 3%, Limonene, Retinol, Butylene Glycol';
/** A demo product with offers in dollars and euros. */
const OFFERED = 'clearvane-10-benzoyl-peroxide-acne-gel';

interface PageReport {
  path: string;
  violations: string[];
  links: number;
}
const reports: PageReport[] = [];
const checkedLinks = new Map<string, number>();

/** axe-core in the page (serious and critical count), then every link of the page must not 404. */
async function audit(page: Page, base: string, label: string): Promise<void> {
  // A string, not a function: evaluate() runs it as is (no CSP, no swc helpers needed).
  await page.evaluate(AXE);
  const found = (await page.evaluate(
    `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 3) })))`,
  )) as Array<{ id: string; impact: string; help: string; nodes: string[] }>;
  const serious = found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  for (const v of found) console.log(`  axe ${v.impact} ${v.id} on ${label}: ${v.help} (${v.nodes.join(', ')})`);
  const hrefs = (await page.evaluate(
    `[...document.querySelectorAll('a[href], link[href]')].map((a) => a.href)`,
  )) as string[];
  // Links within this page (the skip link's #main) are not fetched again: a POST's answer has no GET.
  const here = page.url().split('#')[0];
  const local = [...new Set(hrefs.filter((h) => h.startsWith(base)).map((h) => h.split('#')[0]))].filter(
    (h) => h !== here,
  );
  for (const href of local) {
    if (!checkedLinks.has(href)) checkedLinks.set(href, (await fetch(href, { redirect: 'manual' })).status);
  }
  const broken = local.filter((h) => checkedLinks.get(h) === 404);
  reports.push({
    path: new URL(page.url()).pathname,
    violations: found.map((v) => `${v.impact} ${v.id}`),
    links: local.length,
  });
  if (serious.length)
    fail(
      `${label}: axe-core finds ${serious.length} serious or critical violations: ${serious.map((v) => `${v.id} (${v.nodes.join(', ')})`).join('; ')}`,
    );
  if (broken.length) fail(`${label}: links answer 404: ${broken.join(', ')}`);
  const lang = await page.getAttribute('html', 'lang');
  if (lang !== 'en') fail(`${label}: <html lang> is ${lang}`);
  pass(`${label}: no serious or critical axe-core violation (${found.length} minor); ${local.length} links, none 404`);
}

async function open(page: Page, url: string, label: string, status = 200): Promise<void> {
  const response = await page.goto(url, { waitUntil: 'load' });
  if (response?.status() !== status) fail(`${label}: GET ${url} answered ${response?.status()}, not ${status}`);
  const type = response!.headers()['content-type'] ?? '';
  if (!type.startsWith('text/html')) fail(`${label}: answered ${type}, not HTML`);
}

async function checkPages(
  page: Page,
  base: string,
  traffic: Traffic,
  smtp: SmtpInbox,
  bearer: string,
  expertBearer: string,
  adminBearer: string,
): Promise<void> {
  const from = mark(traffic);
  await page.setViewportSize(PHONE);

  // The home page and its paste form, submitted as a person would.
  await open(page, `${base}/`, '/');
  if ((await page.locator('h1').innerText()).trim() === '') fail('/ has no heading');
  for (const target of ['/docs', '/graphiql', '/openapi.json']) {
    if ((await page.locator(`a[href="${target}"]`).count()) === 0) fail(`/ does not link to ${target}`);
  }
  const wide = (await page.evaluate('document.documentElement.scrollWidth')) as number;
  if (wide > PHONE.width) fail(`/ is wider (${wide} px) than a phone (${PHONE.width} px)`);
  await audit(page, base, '/');
  await page.screenshot({ path: join(SHOTS, 'page-home.png'), fullPage: true });
  await page.getByLabel('Ingredient list, as printed on the product').fill(PASTED);
  await Promise.all([
    page.waitForURL(/\/p\/analyses\/[\w-]+$/),
    page.getByRole('button', { name: 'Analyse the list' }).click(),
  ]);
  pass(`the paste form posted and led to ${new URL(page.url()).pathname}`);
  const entries = await page.locator('ol.entries > li').count();
  if (entries !== 8) fail(`the analysis page lists ${entries} entries, not 8`);
  const flags = await page.locator('#flags + dl dt').allInnerTexts();
  if (!flags.some((f) => f.startsWith('Fragrance')))
    fail(`the analysis page's flags miss Fragrance: ${flags.join(' | ')}`);
  const verdicts = await page.locator('ul.verdicts > li').count();
  if (verdicts === 0) fail('the analysis page shows no skin-type verdict');
  pass(`the analysis page shows ${entries} entries, ${flags.length} flags and ${verdicts} skin-type verdicts`);
  await audit(page, base, 'the analysis page');
  await page.screenshot({ path: join(SHOTS, 'page-analysis.png'), fullPage: true });

  // An ingredient, by following the analysis page's link.
  await Promise.all([
    page.waitForURL(/\/p\/ingredients\//),
    page.locator('ol.entries a', { hasText: 'Niacinamide' }).first().click(),
  ]);
  await audit(page, base, 'an ingredient page');

  // A product and a shared comparison of two products (shared through the REST API).
  const products = (await (await fetch(`${base}/products?limit=2`)).json()) as { items: Array<{ alias: string }> };
  await open(page, `${base}/p/products/${products.items[0].alias}`, 'a product page');
  await audit(page, base, 'a product page');
  const shared = await fetch(`${base}/compare/share`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ items: products.items.map((p) => p.alias) }),
  });
  if (shared.status !== 201) fail(`POST /compare/share answered ${shared.status}`);
  const { token } = (await shared.json()) as { token: string };
  await open(page, `${base}/p/comparisons/${token}`, 'a comparison page');
  await audit(page, base, 'a comparison page');
  const sitemap = await (await fetch(`${base}/sitemap/comparisons`)).text();
  if (!sitemap.includes(`<loc>${base}/p/comparisons/${token}</loc>`))
    fail('the comparison sitemap does not list the comparison page');
  pass('the comparison sitemap lists the comparison page');

  // E-mail: an address change, its link taken from the delivered message, confirmed by its button.
  const auth = { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' };
  const me = (await (await fetch(`${base}/my/user`, { headers: auth })).json()) as { id: string };
  const asked = await fetch(`${base}/users/${me.id}/identity/email`, {
    method: 'PATCH',
    headers: auth,
    body: JSON.stringify({ email: 'pages-check@example.com' }),
  });
  if (asked.status !== 200) fail(`PATCH /users/:id/identity/email answered ${asked.status}: ${await asked.text()}`);
  const mail = await smtp.waitFor('pages-check@example.com');
  const link = /https?:\/\/\S+\/p\/email\/confirm\?token=[\w%-]+/.exec(mail.body)?.[0];
  if (!link) fail(`no confirmation link in the delivered message: ${mail.body}`);
  await open(page, link!, 'the e-mail confirmation link');
  await audit(page, base, 'the e-mail confirmation landing');
  await Promise.all([
    page.waitForURL(`${base}/p/email/confirm`),
    page.getByRole('button', { name: /^Confirm / }).click(),
  ]);
  if (!(await page.locator('h1').innerText()).includes('Address confirmed'))
    fail(`confirming shows: ${await page.locator('main').innerText()}`);
  const after = (await (await fetch(`${base}/my/user`, { headers: auth })).json()) as {
    email: string;
    email_verified: boolean;
  };
  if (after.email !== 'pages-check@example.com' || !after.email_verified)
    fail(`the address did not change: ${JSON.stringify(after)}`);
  pass('the e-mailed link, opened with no token in hand, confirmed the new address with its button');
  await audit(page, base, 'the e-mail confirmed page');

  // An invitation's link.
  const invited = await fetch(`${base}/users/send_invite_link`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ email: 'pages-friend@example.com' }),
  });
  if (invited.status !== 201) fail(`POST /users/send_invite_link answered ${invited.status}`);
  const invitation = /https?:\/\/\S+\/p\/join\?invited_by=[\w%-]+/.exec(
    (await smtp.waitFor('pages-friend@example.com')).body,
  )?.[0];
  if (!invitation) fail('no link in the invitation');
  await open(page, invitation!, 'the invitation link');
  await audit(page, base, 'the invitation landing');

  await checkMailedLinks(page, base, smtp, auth, expertBearer);
  await checkWhatTheApiKnows(page, base, adminBearer);

  assertClean(traffic, 'the pages', from);
  pass(`the pages made ${traffic.requests.length - from.requests} requests, all to the service`);
  console.log(
    `axe-core (serious+critical must be 0), per page: ${reports.map((r) => `${r.path} ${r.violations.length ? r.violations.join(',') : 'none'}`).join('; ')}`,
  );
  console.log(
    `links checked: ${checkedLinks.size}, answering 404: ${[...checkedLinks.values()].filter((s) => s === 404).length}`,
  );
}

/**
 * The routine-request answer, delivered for real, and each of its links opened as a page;
 * a private routine is a 404 page. The digest is sent by a job that cannot open the server's
 * embedded database beside it, so its two landings are opened directly: the demo product's changes
 * (versions 1 and 2, seeded) and the unsubscribe page (test/email-links.test.ts follows a real digest).
 */
async function checkMailedLinks(
  page: Page,
  base: string,
  smtp: SmtpInbox,
  requester: Record<string, string>,
  expertBearer: string,
): Promise<void> {
  const call = async (method: string, path: string, headers: Record<string, string>, body?: unknown, status = 200) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status !== status) fail(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const expert = { authorization: `Bearer ${expertBearer}`, 'content-type': 'application/json' };
  const me = await call('GET', '/my/user', requester);
  await call('PATCH', `/users/${me.id}/skin_profile`, requester, { skin_type: 'oily', concerns: ['acne'] });
  const request = await call(
    'POST',
    '/routines/request',
    requester,
    { message: 'Something for the evening?', time_of_day: 'evening' },
    201,
  );
  await call('PATCH', '/my/user/supergroups', expert, { supergroups: ['acne'] });
  const products = (await call('GET', '/products?limit=1', {})).items as Array<{ alias: string }>;
  const routine = await call(
    'POST',
    '/routines/create',
    expert,
    {
      name: 'Calm evening',
      time_of_day: 'evening',
      steps: [{ step_type: 'moisturise', product: products[0].alias, allow_other_kind: true }],
    },
    201,
  );
  await call('PATCH', `/routines/${routine.id}/publish`, expert, {});
  const answered = await call('POST', '/graphql', expert, {
    query: 'mutation($r: ID!, $routine: ID!) { answerRoutineRequest(requestId: $r, routineId: $routine) { id } }',
    variables: { r: request.id, routine: routine.id },
  });
  if (answered.errors) fail(`answerRoutineRequest: ${JSON.stringify(answered.errors)}`);
  const mail = await smtp.waitFor('pages-check@example.com', 10_000, 'An expert answered your routine request');
  const links = mail.body.match(/https?:\/\/[^\s<>"]+/g) ?? [];
  if (!links.length) fail(`no link in the routine answer: ${mail.body}`);
  for (const link of links) {
    await open(page, link, `the routine answer's link ${link}`);
    await audit(page, base, `the routine answer's landing ${new URL(link).pathname}`);
  }
  pass(`the routine answer's ${links.length} link(s) open pages`);
  const routines = await (await fetch(`${base}/sitemap/routines`)).text();
  if (!routines.includes(`<loc>${base}/p/routines/${routine.id}</loc>`))
    fail('the routine sitemap does not list the answered routine');
  const hidden = await call(
    'POST',
    '/routines/create',
    expert,
    { name: 'Not yet published', time_of_day: 'morning' },
    201,
  );
  // Fetched, not opened in the browser: Chromium logs every 404 document as a console error, which the
  // later pages' checks would then report.
  const hiddenPage = await fetch(`${base}/p/routines/${hidden.id}`);
  if (hiddenPage.status !== 404 || !(hiddenPage.headers.get('content-type') ?? '').startsWith('text/html')) {
    fail(
      `a private routine, as a stranger: answered ${hiddenPage.status} ${hiddenPage.headers.get('content-type')}, not a 404 page`,
    );
  }
  pass('a private routine is a 404 page to a stranger');

  await open(
    page,
    `${base}/p/products/plainfield-skin-daily-barrier-lotion/changes?from=1&to=2`,
    'the digest\'s "what changed" page',
  );
  await audit(page, base, 'the digest\'s "what changed" page');
  await open(page, `${base}/p/reformulation/unsubscribe?token=check-pages`, "the digest's unsubscribe page");
  await audit(page, base, "the digest's unsubscribe page");
}

/**
 * The pages' states that show what the API knows: a kit's analysis (parts, 1% lines, EU law) and a
 * list that could not be read; a product with offers converted into the reader's currency (from
 * the browser's language, then chosen in the form), one with several list versions; the second
 * page of an ingredient's products; a shared comparison naming a product deleted since.
 */
async function checkWhatTheApiKnows(page: Page, base: string, adminBearer: string): Promise<void> {
  const analyse = async (list: string) => {
    const posted = await fetch(`${base}/p/analyze`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ingredient_list: list }),
    });
    if (posted.status !== 303) fail(`POST /p/analyze answered ${posted.status}`);
    return `${base}${posted.headers.get('location')}`;
  };
  await open(page, await analyse(KIT), "a kit's analysis page");
  const parts = await page.locator('main section h3').allInnerTexts();
  if (parts.length !== 2) fail(`the kit's analysis page shows ${parts.length} parts, not 2: ${parts.join(' | ')}`);
  if ((await page.locator('.one-percent').count()) !== 2)
    fail("the kit's analysis page does not draw a 1% line in each part");
  if ((await page.locator('#law ~ ul.alerts li').count()) === 0) fail("the kit's analysis page shows no EU law alert");
  pass(`the kit's analysis page shows its parts (${parts.join(', ')}), a 1% line in each and the EU law alerts`);
  await audit(page, base, "a kit's analysis page");
  await page.screenshot({ path: join(SHOTS, 'page-analysis-kit.png'), fullPage: true });
  await open(
    page,
    await analyse('Ingredients: Aqua Glycerin Zorbelline Complex Rare Floral Accord Dimethicone Phenoxyethanol'),
    "an unread list's analysis page",
  );
  if (!(await page.locator('main').innerText()).includes('could not be read'))
    fail("the unread list's page does not say it could not be read");
  await audit(page, base, "an unread list's analysis page");

  // Offers in the browser's language's currency, then in the one chosen in the form.
  await page.setExtraHTTPHeaders({ 'accept-language': 'en-GB,en;q=0.8' });
  await open(page, `${base}/p/products/${OFFERED}`, 'a product page with offers');
  await page.setExtraHTTPHeaders({});
  const offers = await page.locator('ul.offers li').allInnerTexts();
  if (offers.length === 0 || !offers.every((o) => /£\d/.test(o) && /reference rates of \d+ \w+ \d{4}/.test(o)))
    fail(`the offers are not converted into pounds with their rates' day: ${offers.join(' | ')}`);
  pass(
    `a product page converts ${offers.length} offers into pounds from the browser's language, each with the rates' day`,
  );
  await audit(page, base, 'a product page with offers');
  await page.screenshot({ path: join(SHOTS, 'page-product-offers.png'), fullPage: true });
  await page.getByLabel('Show prices in').selectOption('USD');
  await Promise.all([page.waitForURL(/currency=USD/), page.getByRole('button', { name: 'Convert' }).click()]);
  if (!(await page.locator('#offers ~ p.hint').first().innerText()).includes('USD'))
    fail('choosing USD in the form did not convert the offers into USD');
  pass('the currency form converts the offers into the chosen currency');
  await audit(page, base, 'a product page in a chosen currency');
  await open(page, `${base}/p/products/plainfield-skin-daily-barrier-lotion`, 'a product page with list versions');
  if ((await page.locator('#versions ~ ul a').count()) === 0)
    fail("the reformulated product's page links to no version change");
  await audit(page, base, 'a product page with list versions');

  // An ingredient's products, a page at a time.
  await open(page, `${base}/p/ingredients/niacinamide`, 'an ingredient page');
  await Promise.all([page.waitForURL(/cursor=/), page.getByRole('link', { name: 'More products' }).click()]);
  if ((await page.locator('#products ~ ul li').count()) === 0)
    fail("the second page of the ingredient's products lists none");
  pass('an ingredient page pages through the products that contain it');
  await audit(page, base, 'an ingredient page, its second page of products');

  // A shared comparison naming a product deleted since.
  const admin = { authorization: `Bearer ${adminBearer}`, 'content-type': 'application/json' };
  const created = await fetch(`${base}/products/create`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({
      name: 'Barrier Repair Gel Cream',
      brand: 'plainfield-skin',
      category: 'creams',
      ingredient_list: 'Aqua, Glycerin, Ceramide NP, Parfum',
    }),
  });
  if (created.status !== 201) fail(`POST /products/create answered ${created.status}: ${await created.text()}`);
  const doomed = (await created.json()) as { id: string };
  await fetch(`${base}/products/${doomed.id}/publish`, { method: 'PATCH', headers: admin, body: '{}' });
  const shared = await fetch(`${base}/compare/share`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ items: ['plainfield-skin-daily-barrier-lotion', doomed.id] }),
  });
  if (shared.status !== 201) fail(`POST /compare/share answered ${shared.status}: ${await shared.text()}`);
  const { token } = (await shared.json()) as { token: string };
  const deleted = await fetch(`${base}/products/${doomed.id}`, {
    method: 'DELETE',
    headers: { authorization: admin.authorization },
  });
  if (deleted.status !== 204) fail(`DELETE /products/:id answered ${deleted.status}`);
  await open(page, `${base}/p/comparisons/${token}`, 'a comparison naming a deleted product');
  if (!(await page.locator('ol.items').innerText()).includes('removed: Barrier Repair Gel Cream'))
    fail(`the comparison does not name the deleted product: ${await page.locator('ol.items').innerText()}`);
  pass('a shared comparison names the product deleted since: "removed: Barrier Repair Gel Cream"');
  await audit(page, base, 'a comparison naming a deleted product');
}

// ---- main ---------------------------------------------------------------------------------
async function main(): Promise<void> {
  if (!existsSync(CHROMIUM)) fail(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  const work = mkdtempSync(join(tmpdir(), 'check-pages-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const smtp = await startSmtpInbox();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PGLITE_DIR: join(work, 'db'),
    LOG_LEVEL: 'warn',
    PUBLIC_URL: base,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    AUTH_JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_SUBJECTS: 'dev|pages-admin',
  };
  const server = startServer(env);
  const authenticator = new Authenticator(loadConfig(env).auth);
  const bearer = await authenticator.sign({
    sub: 'dev|pages-check',
    preferred_username: 'pages-check',
    name: 'Pages Check',
    email: 'pages-check-old@example.com',
  });
  // A seeded expert (demo users sign in as demo|<username>): answers a routine request.
  const expertBearer = await authenticator.sign({
    sub: 'demo|dr_amara_okafor',
    preferred_username: 'dr_amara_okafor',
    email: 'dr_amara_okafor@example.com',
  });
  // An admin (ADMIN_SUBJECTS): deletes a product a shared comparison names.
  const adminBearer = await authenticator.sign({
    sub: 'dev|pages-admin',
    preferred_username: 'pages-admin',
    email: 'pages-admin@example.com',
  });
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
    await checkPages(page, base, traffic, smtp, bearer, expertBearer, adminBearer);
    await checkAnalysisOnPhone(page, base);
    await checkPlanPagesOnPhone(page, base, bearer);
    if (process.env.VERBOSE) console.log(traffic.requests.join('\n'));
    console.log(`all page checks passed (screenshots: ${join(SHOTS, 'graphiql.png')}, ${join(SHOTS, 'docs.png')})`);
  } catch (error) {
    if (serverLog.trim()) console.error(`--- server output (last lines) ---\n${serverLog.trim()}\n---`);
    throw error;
  } finally {
    await context?.close().catch(() => {});
    await stopServer(server);
    await smtp.close();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(
    `FAILED: ${error instanceof CheckFailed ? error.message : error instanceof Error ? error.stack : String(error)}`,
  );
  process.exit(1);
});
