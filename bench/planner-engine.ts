// The routine planner's engine alone, in-process (no database): the persona over a catalog of 40
// candidates for each of 8 product families, 8-week schedule, all 26 checks; then 200 generated shelves and
// profiles (test/helpers/planner-arbitraries.ts, seed 4141) over the test catalog. Target (research §4.7):
// p95 ≤ 30 ms. Prints p50/p95 wall time and CPU time per plan.
// Usage: node --import ./register.mjs bench/planner-engine.ts
import fc from 'fast-check';
import { planRoutine } from '../src/modules/planner/engine/planner.js';
import type { PlanRequest } from '../src/modules/planner/engine/types.js';
import { loadPlanKnowledge } from '../src/modules/planner/plan-knowledge.js';
import { arbRequest } from '../test/helpers/planner-arbitraries.js';
import { baseProfile, FAMILIES, product, request, shelfItem } from '../test/helpers/planner-fixtures.js';

const knowledge = loadPlanKnowledge();
const families = [
  'gentleCleanser',
  'moisturiser',
  'sunscreen50',
  'spfMoisturiser',
  'azelaicCream',
  'niacinamideSerum',
  'adapaleneGel',
  'sapSerum',
];
const catalog = families.flatMap((family) =>
  Array.from({ length: 40 }, (_, k) =>
    product({
      ...FAMILIES[family],
      id: `${family}-${k}`,
      price: 5 + ((k * 7) % 40),
      currency: ['EUR', 'USD', 'GBP'][k % 3],
      size: k % 5 ? 30 + k : null,
    }),
  ),
);
const persona = request({
  shelf: [
    shelfItem(product({ ...FAMILIES.retinolSerum, id: 'my-retinol' })),
    shelfItem(product({ ...FAMILIES.bhaToner, id: 'my-bha' })),
    shelfItem(product({ ...FAMILIES.vitaminCSerum, id: 'my-vitamin-c' })),
    shelfItem(product({ ...FAMILIES.sunscreen50, id: 'my-spf' })),
  ],
  catalog,
  profile: baseProfile({ age: 28, skinType: 'sensitive', concerns: ['acne', 'hyperpigmentation'] }),
  steps: { morningMax: 3, eveningMax: 3 },
  budget: { amount: 30, currency: 'EUR', period: 'once' },
});

function measure(label: string, requests: PlanRequest[], rounds: number) {
  for (const r of requests.slice(0, 20)) planRoutine(r, knowledge); // warm-up
  const times: number[] = [];
  const cpu0 = process.cpuUsage();
  for (let round = 0; round < rounds; round++)
    for (const r of requests) {
      const t = performance.now();
      planRoutine(r, knowledge);
      times.push(performance.now() - t);
    }
  const cpu = process.cpuUsage(cpu0);
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(2);
  const cpuPer = ((cpu.user + cpu.system) / 1000 / times.length).toFixed(2);
  console.log(`${label}: ${times.length} plans, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, CPU ${cpuPer} ms a plan`);
}

measure('persona, 320 catalog candidates, 8 weeks', [persona], 200);
measure('200 generated requests', fc.sample(arbRequest, { seed: 4141, numRuns: 200 }), 3);
