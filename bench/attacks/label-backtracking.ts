// Issue 37 re-run: the labels that drove the parser into cubic backtracking, sent anonymously over REST and GraphQL
// to the app started in-process (a copy of the test database, test/helpers/database.ts), while /health is asked every 20 ms. Each
// stored analysis is then read back by its token both ways (GET /analyze/shared/:token, GET /p/analyses/:token).
// Reports every status (2xx or 4xx, never 5xx), the longest wait of /health (under 1 s on a quiet machine) and the
// growth of the resident memory (under 100 MB); exits 1 when one of these fails.
//   node --import ./register.mjs bench/attacks/label-backtracking.ts
import { fill } from '../../test/helpers/label-shapes.js';
import { rssSampler, startAttackApp } from './attack-app.js';

const LIMIT = 20_000;

// The label at 4,800 line breaks and at the limit, then the worst shapes the property test found
// (test/analysis-linear.test.ts): runs next to a name, tags left open, kits and steps numbered, long tokens.
const ATTACKS: Array<[string, string]> = [
  ['Aqua, 4,800 line breaks, Aqua (the issue)', `Aqua${'\n'.repeat(4800)}Aqua`],
  ['Aqua, line breaks to the limit, Aqua', fill(LIMIT, '\n', 'Aqua', 'Aqua')],
  ['Aqua, asterisks, Aqua', fill(LIMIT, '*', 'Aqua', 'Aqua')],
  ['an open tag of spaces', fill(LIMIT, ' ', 'Aqua <', 'Aqua>')],
  ['comments left open', fill(LIMIT, '<!--')],
  ['a long token', fill(LIMIT, 'a')],
  ['"1. Name:" kit lines', fill(LIMIT, '1. Gentle Cleanser: Aqua, Glycerin, Niacinamide\n')],
  ['"Step 1." sentences then a list', fill(LIMIT, 'Step 1. ', '', '\nAqua, Glycerin, Niacinamide')],
  ['"Aqua. " then a list on the next line', fill(LIMIT, 'Aqua. ', '', '\nAqua, Glycerin, Niacinamide')],
  ['Active ingredients, line breaks', fill(LIMIT, '\n', 'Active Ingredients', 'Zinc Oxide 20%')],
  // 3,000 spaces after this heading cost 15 s of CPU before activeHeadings (parse.ts).
  ['Active ingredients, spaces', fill(LIMIT, ' ', 'Active Ingredients', 'Zinc Oxide 20%')],
  ['space-newline runs', fill(LIMIT, ' \n', 'Aqua', 'Aqua')],
  ['digits then a percent', fill(LIMIT, '0', 'Aqua ', ' a 1%')],
];

const attackApp = await startAttackApp();
const { app } = attackApp;
const t = { inject: app.inject.bind(app) };
const failures: string[] = [];
let longestHealth = 0;
let healthChecks = 0;
let polling = true;
const poller = (async () => {
  while (polling) {
    const start = performance.now();
    const response = await t.inject({ method: 'GET', url: '/health' });
    const waited = performance.now() - start;
    healthChecks++;
    if (response.statusCode !== 200) failures.push(`/health answered ${response.statusCode}`);
    longestHealth = Math.max(longestHealth, waited);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
})();

const rss = rssSampler();
const rssBefore = rss.before;

const lines: string[] = [];
const check = (what: string, status: number): void => {
  if (status >= 500) failures.push(`${what}: ${status}`);
};
for (const [name, text] of ATTACKS) {
  const started = performance.now();
  const rest = await t.inject({ method: 'POST', url: '/analyze/ingredient_list', payload: { ingredient_list: text } });
  const restMs = performance.now() - started;
  check(`${name} over REST`, rest.statusCode);
  const gqlStarted = performance.now();
  const graphql = await t.inject({
    method: 'POST',
    url: '/graphql',
    payload: {
      query: 'mutation($l: String!) { analyzeIngredientList(ingredientList: $l) { token } }',
      variables: { l: text },
    },
  });
  const gqlMs = performance.now() - gqlStarted;
  check(`${name} over GraphQL`, graphql.statusCode);
  const token = rest.statusCode === 201 ? (rest.json() as { token: string }).token : null;
  let readBack = 'not stored';
  if (token) {
    const readStarted = performance.now();
    const shared = await t.inject({ method: 'GET', url: `/analyze/shared/${token}` });
    const page = await t.inject({ method: 'GET', url: `/p/analyses/${token}` });
    check(`${name} read back over REST`, shared.statusCode);
    check(`${name} read back as a page`, page.statusCode);
    readBack = `shared ${shared.statusCode}, page ${page.statusCode} (${(performance.now() - readStarted).toFixed(0)} ms)`;
  }
  lines.push(
    `${name} (${text.length} chars): REST ${rest.statusCode} in ${restMs.toFixed(0)} ms, GraphQL ${graphql.statusCode} in ${gqlMs.toFixed(0)} ms; read back: ${readBack}`,
  );
}

polling = false;
await poller;
const rssPeak = rss.stop();
const growth = (rssPeak - rssBefore) / 1024 / 1024;
lines.push(
  `/health: ${healthChecks} checks, longest wait ${longestHealth.toFixed(0)} ms (limit 1000 ms)`,
  `RSS: ${(rssBefore / 1024 / 1024).toFixed(0)} MB before, peak ${(rssPeak / 1024 / 1024).toFixed(0)} MB, growth ${growth.toFixed(0)} MB (limit 100 MB)`,
);
if (longestHealth >= 1000) failures.push(`/health waited ${longestHealth.toFixed(0)} ms`);
if (growth >= 100) failures.push(`RSS grew ${growth.toFixed(0)} MB`);
console.log(lines.join('\n'));
console.log(
  failures.length
    ? `FAILED:\n  ${failures.join('\n  ')}`
    : 'passed: no 5xx, /health answered within 1 s, RSS within 100 MB',
);
await attackApp.close();
process.exit(failures.length ? 1 : 0);
