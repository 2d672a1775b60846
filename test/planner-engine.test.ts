// The routine planner's engine on plain data (issue 41): the 26 invariants of data/plan-invariants.yaml as
// properties over generated shelves and profiles, the metamorphic relations a planner must keep, the day view,
// and the persona as a readable example. The generated inputs are built from product families (cleansers,
// washes with BPO or BHA, scrubs, moisturisers with and without fragrance or a trace retinyl ester, sunscreens with
// SPF 15/30/50 or no readable number, retinol/retinal/adapalene/tretinoin, BHA/AHA at exfoliating and peel dose,
// vitamin C, BPO, azelaic acid, niacinamide, copper peptides, hydroquinone, unread and drug-facts lists, masks), in
// every shelf state, with profiles across skin types, pregnancy states, isotretinoin, feelings and sensitivities,
// steps limits 1-8/1-10, budgets of 0-120 in three currencies once or a month, and prescribed days.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { excusedCheck, parseInvariants } from '../src/modules/planner/engine/checks.js';
import { checkRoutine } from '../src/modules/routine/engine/compatibility.js';
import { classify } from '../src/modules/planner/engine/classify.js';
import { engineRoutine } from '../src/modules/planner/engine/compose.js';
import { planDay, planInstances } from '../src/modules/planner/engine/day.js';
import { planRoutine } from '../src/modules/planner/engine/planner.js';
import type { PlanAnswer, PlannedStep, PlanProduct, PlanRequest } from '../src/modules/planner/engine/types.js';
import { readYaml } from '../src/modules/knowledge/yaml-data.js';
import { loadPlanKnowledge } from '../src/modules/planner/plan-knowledge.js';
import { arbRequest } from './helpers/planner-arbitraries.js';
import { baseProfile, FAMILIES, product, request, shelfItem, standardCatalog } from './helpers/planner-fixtures.js';

const knowledge = loadPlanKnowledge();
const CATALOG = standardCatalog();
const SEED = 4141;
const violations = (plan: PlanAnswer) => plan.checks.filter((c) => !c.passed && !excusedCheck(c));

const params = (numRuns: number) => ({ seed: SEED, numRuns });
const scheduledProducts = (plan: PlanAnswer) =>
  new Set(planInstances(plan).flatMap((i) => [...i.morning.steps, ...i.evening.steps].map((s) => s.product.id)));

// ---------------------------------------------------------------------------------------------

describe('the invariants as data', () => {
  it('reads I1-I26, each with a group, a text and a source', () => {
    expect(knowledge.invariants.map((i) => i.id)).toEqual(Array.from({ length: 26 }, (_, k) => `I${k + 1}`));
    for (const i of knowledge.invariants) expect(i.source.length).toBeGreaterThan(20);
    expect(() => parseInvariants({ invariants: [{ id: 'I1', group: 'x', text: 'y' }] })).toThrow(/source/);
    expect(() => parseInvariants(readYaml('routine-rules.yaml'))).toThrow(/must be a list/);
  });
});

describe('the 26 invariants over generated shelves and profiles', () => {
  it('holds on 1,200 generated plans: every failed check is an infeasible input named in unmet', () => {
    let plans = 0;
    let excused = 0;
    fc.assert(
      fc.property(arbRequest, (req) => {
        const plan = planRoutine(req, knowledge);
        plans += 1;
        expect(plan.checks).toHaveLength(26);
        expect(violations(plan)).toEqual([]);
        for (const c of plan.checks.filter(excusedCheck)) {
          excused += 1;
          expect(plan.unmet.length).toBeGreaterThan(0);
          expect(c.detail).toMatch(/see unmet \((I7|I19|I21)\)/);
        }
        // Sunscreen is never dropped silently: a morning without it comes with an unmet entry.
        if (planInstances(plan).some((i) => !i.morning.steps.some((s) => s.role === 'protect')))
          expect(plan.unmet.map((u) => u.constraint)).toContain('I7');
      }),
      params(1200),
    );
    expect(plans).toBe(1200);
    // The generator reaches infeasible inputs too (no sunscreen owned or affordable).
    expect(excused).toBeGreaterThan(0);
  });

  it('gives the same plan for the same inputs, byte for byte', () => {
    fc.assert(
      fc.property(arbRequest, (req) => {
        expect(JSON.stringify(planRoutine(req, knowledge))).toBe(
          JSON.stringify(planRoutine(structuredClone(req), knowledge)),
        );
      }),
      params(150),
    );
  });
});

describe('metamorphic relations', () => {
  it('adding to the shelf a product the plan buys removes that purchase and uses the shelf copy', () => {
    let tried = 0;
    fc.assert(
      fc.property(arbRequest, fc.nat(), (req, pick) => {
        const plan = planRoutine(req, knowledge);
        if (!plan.purchases.items.length) return;
        tried += 1;
        const bought = plan.purchases.items[pick % plan.purchases.items.length].product.id;
        const copy = req.catalog.find((p) => p.id === bought)!;
        const again = planRoutine(
          { ...req, shelf: [...req.shelf, shelfItem(copy, { itemId: 'item-zz-bought', status: 'unopened' })] },
          knowledge,
        );
        expect(again.purchases.items.map((p) => p.product.id)).not.toContain(bought);
        const steps = again.routines.flatMap((r) => r.steps).filter((s) => s.product.id === bought);
        expect(steps.length).toBeGreaterThan(0);
        for (const s of steps) expect(s.source).toBe('shelf');
      }),
      params(250),
    );
    expect(tried).toBeGreaterThan(50);
  });

  it('raising the budget never adds an unmet entry', () => {
    fc.assert(
      fc.property(arbRequest, fc.integer({ min: 1, max: 200 }), (req, more) => {
        if (!req.budget) return;
        const count = (plan: PlanAnswer) => {
          const n = new Map<string, number>();
          for (const u of plan.unmet) n.set(u.constraint, (n.get(u.constraint) ?? 0) + 1);
          return n;
        };
        const low = count(planRoutine(req, knowledge));
        const high = count(
          planRoutine({ ...req, budget: { ...req.budget, amount: req.budget.amount + more } }, knowledge),
        );
        for (const [constraint, n] of high)
          expect([constraint, n]).toEqual([constraint, Math.min(n, low.get(constraint) ?? 0)]);
      }),
      params(250),
    );
  });

  it('turning pregnancy on never schedules an ingredient advised against in pregnancy at dose', () => {
    fc.assert(
      fc.property(arbRequest, fc.constantFrom('pregnant', 'trying', 'breastfeeding'), (req, pregnancy) => {
        const plan = planRoutine({ ...req, profile: { ...req.profile, pregnancy: pregnancy as never } }, knowledge);
        const products = new Map<string, PlanProduct>([
          ...req.shelf.map((s) => [s.product.id, s.product] as const),
          ...req.catalog.map((p) => [p.id, p] as const),
        ]);
        for (const id of scheduledProducts(plan))
          expect([id, classify(products.get(id)!).pregnancyCaution]).toEqual([id, []]);
      }),
      params(250),
    );
  });

  it('lowering a steps limit never adds a step on any date', () => {
    fc.assert(
      fc.property(arbRequest, fc.nat(), fc.nat(), (req, dm, de) => {
        const lower = {
          morningMax: Math.max(1, req.steps.morningMax - (dm % req.steps.morningMax)),
          eveningMax: Math.max(1, req.steps.eveningMax - (de % req.steps.eveningMax)),
        };
        const before = planInstances(planRoutine(req, knowledge));
        const after = planInstances(planRoutine({ ...req, steps: lower }, knowledge));
        after.forEach((a, k) => {
          expect([a.date, a.morning.steps.length <= before[k].morning.steps.length]).toEqual([a.date, true]);
          expect([a.date, a.evening.steps.length <= before[k].evening.steps.length]).toEqual([a.date, true]);
        });
      }),
      params(250),
    );
  });

  it('a re-plan after one product finishes keeps every step that does not use it, or names the invariant that moves it', () => {
    let replans = 0;
    fc.assert(
      fc.property(arbRequest, fc.nat(), (req, pick) => {
        const plan = planRoutine(req, knowledge);
        const used = [...scheduledProducts(plan)].filter((id) => req.shelf.some((s) => s.product.id === id));
        if (!used.length) return;
        replans += 1;
        const finished = used[pick % used.length];
        const replan = planRoutine(
          {
            ...req,
            shelf: req.shelf.map((s) => (s.product.id === finished ? { ...s, status: 'finished' as const } : s)),
            previous: plan,
          },
          knowledge,
        );
        // Products the re-plan names with the invariant or rule that moves them.
        const explained = new Set([
          ...[...replan.notUsed, ...replan.setAside]
            .filter((n) => n.reasons.some((r) => r.rule))
            .map((n) => n.product.id),
          ...replan.unmet.flatMap((u) => (u.cheapestFix.product ? [u.cheapestFix.product.id] : [])),
        ]);
        const after = planInstances(replan);
        // A step may also leave a routine where a rule of data/routine-rules.yaml forbids it beside what the
        // routine now holds (a BPO wash beside the vitamin C that a finished copper serum no longer pushes out).
        const classified = new Map(
          [...req.shelf.map((x) => x.product), ...req.catalog].map((p) => [p.id, classify(p)] as const),
        );
        const requiredByRule = (steps: PlannedStep[], id: string, part: 'morning' | 'evening') => {
          const here = steps.map((x) => classified.get(x.product.id)!);
          const before = checkRoutine(engineRoutine(part, here), knowledge.ruleSet).map((f) => f.rule);
          return checkRoutine(engineRoutine(part, [...here, classified.get(id)!]), knowledge.ruleSet).some(
            (f) => f.severity !== 'low' && !before.includes(f.rule),
          );
        };
        planInstances(plan).forEach((day, k) => {
          for (const part of ['morning', 'evening'] as const)
            for (const s of day[part].steps) {
              if (s.product.id === finished || explained.has(s.product.id)) continue;
              if (requiredByRule(after[k][part].steps, s.product.id, part)) continue;
              expect([
                day.date,
                part,
                s.product.id,
                after[k][part].steps.some((t) => t.product.id === s.product.id),
              ]).toEqual([day.date, part, s.product.id, true]);
            }
        });
      }),
      params(300),
    );
    expect(replans).toBeGreaterThan(100);
  });
});

describe('reading at dose, and what could not be read', () => {
  const plan = (req: Partial<PlanRequest>) => planRoutine(request(req), knowledge);

  it('makes no retinoid night of a trace of retinyl palmitate, and one of retinol', () => {
    expect(classify(product({ ...FAMILIES.traceRetinylCream, id: 'a' })).kinds.has('retinoid')).toBe(false);
    expect(classify(product({ ...FAMILIES.retinolSerum, id: 'b' })).kinds.has('retinoid')).toBe(true);
  });

  it('never separates vitamin C and niacinamide: a myth, not a rule (I26)', () => {
    const shelf = [
      shelfItem(product({ ...FAMILIES.vitaminCSerum, id: 'vit-c' })),
      shelfItem(product({ ...FAMILIES.niacinamideSerum, id: 'nia', stepType: 'treat' })),
      shelfItem(product({ ...FAMILIES.gentleCleanser, id: 'cleanser' })),
      shelfItem(product({ ...FAMILIES.moisturiser, id: 'cream' })),
      shelfItem(product({ ...FAMILIES.sunscreen50, id: 'spf' })),
    ];
    const p = plan({ shelf, steps: { morningMax: 5, eveningMax: 4 }, buy: 'shelf_only', budget: null });
    expect(violations(p)).toEqual([]);
    const all = JSON.stringify({ ...p, checks: [] });
    expect(p.findings).toEqual([]);
    expect([...p.notUsed, ...p.setAside]).toEqual([]);
    expect(all).not.toMatch(/niacinamide[^"]*vitamin C|vitamin C[^"]*niacinamide/i);
  });

  it('keeps an unread list off retinoid nights, and out of a pregnancy plan, and says why', () => {
    const shelf = [
      shelfItem(product({ ...FAMILIES.retinolSerum, id: 'retinol' }), { tolerated: true }),
      shelfItem(product({ ...FAMILIES.unreadSerum, id: 'unread' })),
      shelfItem(product({ ...FAMILIES.gentleCleanser, id: 'cleanser' })),
      shelfItem(product({ ...FAMILIES.moisturiser, id: 'cream' })),
      shelfItem(product({ ...FAMILIES.sunscreen50, id: 'spf' })),
    ];
    const p = plan({ shelf, steps: { morningMax: 3, eveningMax: 5 }, buy: 'shelf_only', budget: null });
    const retinoidNight = p.routines.find((r) => r.key === 'evening_retinoid')!;
    expect(retinoidNight.steps.map((s) => s.product.id)).not.toContain('unread');
    expect(p.routines.find((r) => r.key === 'evening_recovery')!.steps.map((s) => s.product.id)).toContain('unread');
    expect(p.attention.map((a) => a.text).join(' ')).toMatch(/could not be read.*kept off nights with a retinoid/);
    const pregnant = plan({ shelf, profile: baseProfile({ pregnancy: 'trying' }), buy: 'shelf_only', budget: null });
    expect(pregnant.setAside.map((n) => [n.product.id, n.until])).toEqual([
      ['retinol', 'after_pregnancy'],
      ['unread', 'after_pregnancy'],
    ]);
  });

  it('never buys a prescription-only active, and says "ask a prescriber"', () => {
    const catalog = [
      product({ ...FAMILIES.tretinoinCream, id: 'tretinoin', price: 5 }),
      product({ ...FAMILIES.sunscreen50, id: 'spf', price: 8 }),
    ];
    const p = plan({ catalog, goals: ['aging'], profile: baseProfile({ concerns: ['aging'] }) });
    expect(p.purchases.items.map((i) => i.product.id)).not.toContain('tretinoin');
    expect(p.attention.map((a) => a.text)).toContain(
      'Products with Tretinoin are prescription-only: we never propose buying one; ask a prescriber.',
    );
  });

  it('refers severe acne, a suspected allergy and an unsettled flare to a clinician', () => {
    const p = plan({ profile: baseProfile({ acne: 'scarring', suspectedAllergy: true, unsettledFlare: true }) });
    expect(p.attention.filter((a) => a.kind === 'referral')).toHaveLength(3);
  });

  it('counts a product with no size as "cost per month unknown", never within a monthly budget', () => {
    const catalog = [product({ ...FAMILIES.sunscreen50, id: 'no-size', price: 3, size: null })];
    const monthly = plan({ catalog, budget: { amount: 50, currency: 'EUR', period: 'month' } });
    expect(monthly.purchases.items).toEqual([]);
    expect(monthly.unmet.map((u) => u.constraint)).toContain('I7');
    const once = plan({ catalog, budget: { amount: 50, currency: 'EUR', period: 'once' } });
    expect(once.purchases.items.map((i) => [i.product.id, i.costPerMonth, i.lastsDays])).toEqual([
      ['no-size', null, null],
    ]);
    expect(once.costPerMonth).toEqual({
      amount: 0,
      currency: 'EUR',
      unknownFor: [{ id: 'no-size', name: 'no-size', brand: 'Brand' }],
    });
  });
});

describe('infeasible is not an error', () => {
  it('an empty shelf with shelf-only, a budget of 0 and only retinoids in pregnancy each answer with unmet and a fix', () => {
    const empty = planRoutine(request({ buy: 'shelf_only', budget: null }), knowledge);
    expect(empty.unmet.map((u) => u.constraint)).toEqual(['I7', 'I19']);
    expect(violations(empty)).toEqual([]);

    const zero = planRoutine(
      request({ catalog: CATALOG, budget: { amount: 0, currency: 'EUR', period: 'once' } }),
      knowledge,
    );
    const sunscreen = zero.unmet.find((u) => u.constraint === 'I7')!;
    expect(sunscreen.cheapestFix.price).toBe(6.5);
    expect(sunscreen.cheapestFix.text).toMatch(/6\.50 EUR more than the budget allows/);
    expect(violations(zero)).toEqual([]);

    const retinoidsOnly = planRoutine(
      request({
        shelf: [
          shelfItem(product({ ...FAMILIES.retinolSerum, id: 'r1' })),
          shelfItem(product({ ...FAMILIES.adapaleneGel, id: 'r2' })),
        ],
        catalog: CATALOG,
        profile: baseProfile({ pregnancy: 'pregnant', concerns: ['acne'] }),
        budget: { amount: 100, currency: 'EUR', period: 'once' },
      }),
      knowledge,
    );
    expect(retinoidsOnly.setAside.map((n) => n.until)).toEqual(['after_pregnancy', 'after_pregnancy']);
    const active = retinoidsOnly.purchases.items.find(
      (i) => i.for === 'evening treatment' || i.for === 'morning treatment',
    )!;
    expect(classify(CATALOG.find((p) => p.id === active.product.id)!).kinds.has('azelaic_acid')).toBe(true);
    expect(violations(retinoidsOnly)).toEqual([]);
  });
});

describe('prescribed products keep their days (I17)', () => {
  it("schedules tretinoin on the prescriber's nights and the exfoliant around them", () => {
    const shelf = [
      shelfItem(product({ ...FAMILIES.tretinoinCream, id: 'tret' })),
      shelfItem(product({ ...FAMILIES.bhaToner, id: 'bha' }), { tolerated: true }),
      shelfItem(product({ ...FAMILIES.gentleCleanser, id: 'cleanser' })),
      shelfItem(product({ ...FAMILIES.moisturiser, id: 'cream' })),
      shelfItem(product({ ...FAMILIES.sunscreen50, id: 'spf' })),
    ];
    const p = planRoutine(
      request({
        shelf,
        buy: 'shelf_only',
        budget: null,
        prescribed: [{ productId: 'tret', days: ['mon', 'wed', 'fri'], timeOfDay: 'evening' }],
      }),
      knowledge,
    );
    expect(violations(p)).toEqual([]);
    for (const phase of p.schedule.phases) {
      expect(phase.nights.mon).toBe('evening_retinoid');
      expect(phase.nights.wed).toBe('evening_retinoid');
      expect(phase.nights.fri).toBe('evening_retinoid');
      expect(Object.values(phase.nights).filter((k) => k === 'evening_exfoliant')).toHaveLength(2);
    }
    expect(p.introductions.map((i) => i.product.id)).not.toContain('tret');
  });
});

describe('a retinoid night always has its retinoid', () => {
  it('leaves a retinol out, with the rule, when the only cleanser is a benzoyl peroxide wash', () => {
    const shelf = [
      shelfItem(product({ ...FAMILIES.retinolSerum, id: 'retinol' })),
      shelfItem(product({ ...FAMILIES.bpoWash, id: 'bpo-wash' })),
      shelfItem(product({ ...FAMILIES.moisturiser, id: 'cream' })),
      shelfItem(product({ ...FAMILIES.sunscreen50, id: 'spf' })),
    ];
    const p = planRoutine(request({ shelf, buy: 'shelf_only', budget: null }), knowledge);
    expect(violations(p)).toEqual([]);
    expect(p.routines.map((r) => r.key)).toEqual(['morning', 'evening']);
    expect(p.notUsed.map((n) => [n.product.id, n.reasons[0].rule])).toEqual([
      ['retinol', 'benzoyl-peroxide-with-retinoid'],
    ]);
  });
});

describe('the day view', () => {
  it('says what to do on a date, and restarts a phase back after three missed nights', () => {
    const shelf = [
      shelfItem(product({ ...FAMILIES.retinolSerum, id: 'retinol' })),
      shelfItem(product({ ...FAMILIES.gentleCleanser, id: 'cleanser' })),
      shelfItem(product({ ...FAMILIES.moisturiser, id: 'cream' })),
      shelfItem(product({ ...FAMILIES.sunscreen50, id: 'spf' })),
    ];
    const p = planRoutine(request({ shelf, buy: 'shelf_only', budget: null }), knowledge);
    // 2026-12-07 is a Monday; the retinol's patch test runs the first week, its nights start on 14 December.
    expect(planDay(p, '2026-12-09').patchTests.map((i) => i.product.id)).toEqual(['retinol']);
    const first = planDay(p, '2026-12-14');
    expect(first.startsToday.map((i) => i.product.id)).toEqual(['retinol']);
    expect(first.evening!.steps.map((s) => s.product.id)).toEqual(['cleanser', 'retinol', 'cream']);
    expect(first.morning!.steps.map((s) => s.product.id)).toEqual(['cleanser', 'cream', 'spf']);
    // Week 3 (from 21 December) has 3 retinoid nights: Mon, Wed, Fri; after 3 missed nights, Wednesday is the
    // previous phase's Wednesday: a recovery night.
    expect(planDay(p, '2026-12-23').evening!.key).toBe('evening_retinoid');
    const restart = planDay(p, '2026-12-23', 3);
    expect(restart.evening!.key).toBe('evening_recovery');
    expect(restart.restart).toMatch(/previous phase.*Never use two nights' worth at once/);
    expect(planDay(p, '2027-06-01').inPlan).toBe(false);
  });
});

describe("the issue's persona: 28, sensitive, retinol serum, 2 % BHA toner, vitamin C serum, sunscreen, 3 evening steps, €30", () => {
  const shelf = [
    shelfItem(product({ ...FAMILIES.retinolSerum, id: 'my-retinol', name: 'Retinol 0.3 % serum' })),
    shelfItem(product({ ...FAMILIES.bhaToner, id: 'my-bha', name: '2 % BHA toner' })),
    shelfItem(product({ ...FAMILIES.vitaminCSerum, id: 'my-vitamin-c', name: 'Vitamin C 15 % serum' })),
    shelfItem(product({ ...FAMILIES.sunscreen50, id: 'my-spf', name: 'Mineral SPF 50' })),
  ];
  const plan = planRoutine(
    request({
      shelf,
      catalog: CATALOG,
      profile: baseProfile({ age: 28, skinType: 'sensitive' }),
      steps: { morningMax: 3, eveningMax: 3 },
      budget: { amount: 30, currency: 'EUR', period: 'once' },
    }),
    knowledge,
  );
  const ids = (key: string) => plan.routines.find((r) => r.key === key)!.steps.map((s) => s.product.id);

  it('keeps all 26 invariants', () => {
    expect(plan.checks.filter((c) => !c.passed)).toEqual([]);
  });

  it('uses everything on the shelf and buys only the missing cleanser and moisturiser, fragrance-free, within €30', () => {
    expect(plan.purchases.items.map((i) => [i.for, i.product.id, i.offer.comparedPrice])).toEqual([
      ['cleanser', 'cat-gentleCleanser-0', 6.5],
      ['moisturiser', 'cat-moisturiser-0', 6.5],
    ]);
    expect(plan.purchases.total).toBe(13);
    expect(plan.notUsed).toEqual([]);
    expect(plan.unmet).toEqual([]);
  });

  it('layers the morning with vitamin C under sunscreen, and separates retinoid and acid nights', () => {
    expect(ids('morning')).toEqual(['my-vitamin-c', 'cat-moisturiser-0', 'my-spf']);
    expect(ids('evening_retinoid')).toEqual(['cat-gentleCleanser-0', 'my-retinol', 'cat-moisturiser-0']);
    expect(ids('evening_exfoliant')).toEqual(['cat-gentleCleanser-0', 'my-bha', 'cat-moisturiser-0']);
    expect(ids('evening_recovery')).toEqual(['cat-gentleCleanser-0', 'cat-moisturiser-0']);
  });

  it('introduces one product at a time, the retinol first, ramping slowly for sensitive skin', () => {
    expect(
      plan.introductions.filter((i) => i.patchTest).map((i) => [i.product.id, i.patchTest!.from, i.firstFullUse]),
    ).toEqual([
      ['my-retinol', '2026-12-07', '2026-12-14'],
      ['my-bha', '2026-12-21', '2026-12-28'],
      ['my-vitamin-c', '2027-01-04', '2027-01-11'],
    ]);
    const nights = (from: string) => Object.values(plan.schedule.phases.find((p) => p.from === from)!.nights);
    expect(nights('2026-12-14').filter((k) => k === 'evening_retinoid')).toHaveLength(2);
    expect(nights('2026-12-28').filter((k) => k === 'evening_retinoid')).toHaveLength(3);
    expect(nights('2026-12-28').filter((k) => k === 'evening_exfoliant')).toHaveLength(1);
    expect(plan.summary).toBe(
      '3 steps in the morning, 2–3 in the evening; Retinol 0.3 % serum from 2026-12-14, ramping up; 2 purchases (13.00 EUR).',
    );
  });
});
