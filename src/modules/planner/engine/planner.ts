// The routine planner (issue 41): the person's shelf first, the catalog for what is missing, within a steps limit
// and a budget, as a dated schedule that ramps strong actives up one at a time. Pure and deterministic: the same
// request and knowledge give the same answer, byte for byte (no clock, no randomness, stable orders).
import { checkPlan } from './checks.js';
import {
  classify,
  isPregnancy,
  isReactive,
  onIsotretinoin,
  type ActiveKind,
  type Classified,
  type Role,
} from './classify.js';
import { compose, type Composed, type Slot } from './compose.js';
import { addDays, daysBetween, weekdayOf } from './dates.js';
import { GOAL_ACTIVES, goalConcern } from './goals.js';
import {
  exfoliantNights,
  exfoliantPositions,
  exfoliantPositionsAround,
  exfoliantRamping,
  retinoidNights,
  retinoidPositions,
  retinoidRamping,
} from './schedule.js';
import {
  WEEKDAYS,
  type PlanAnswer,
  type PlanAttention,
  type PlanFinding,
  type PlanIntroduction,
  type PlanKnowledge,
  type PlannedRoutine,
  type PlannedStep,
  type PlanPhase,
  type PlanPrescribed,
  type PlanProduct,
  type PlanPurchase,
  type PlanReason,
  type PlanRequest,
  type ProductNote,
  type ProductRef,
  type UnmetConstraint,
  type Weekday,
} from './types.js';
import { checkRoutine } from '../../routine/engine/compatibility.js';

/**
 * Grams (or millilitres) per application, for how long a product lasts (I24). Sunscreen: 2 mg/cm² on the face is
 * about 1.2 g (a quarter teaspoon, Arizona Skin Cancer Foundation); moisturiser: one fingertip unit, 0.5 g (Long &
 * Finlay 1991); a retinoid: a pea-sized amount, about 0.25 g (tretinoin labelling); other leave-ons 0.3 g and a
 * cleanser 1 g are the planner's assumptions, said as such in the reasons.
 */
const DOSE_GRAMS: Record<Role, number> = {
  protect: 1.2,
  cleanse: 1,
  moisturise: 0.5,
  retinoid: 0.25,
  exfoliant: 0.5,
  morning_treat: 0.3,
  evening_treat: 0.3,
};
/** The most a role is used a day in any plan (morning and evening; 4 retinoid and 3 exfoliant nights): an upper bound for choosing within a monthly budget. */
const MOST_USES_A_DAY: Record<Role, number> = {
  protect: 1,
  cleanse: 2,
  moisturise: 2,
  retinoid: 4 / 7,
  exfoliant: 3 / 7,
  morning_treat: 1,
  evening_treat: 1,
};
const DAYS_A_MONTH = 30.44;
const ROLE_WORDS: Record<Role, string> = {
  protect: 'sunscreen',
  cleanse: 'cleanser',
  moisturise: 'moisturiser',
  retinoid: 'retinoid',
  exfoliant: 'exfoliant',
  morning_treat: 'morning treatment',
  evening_treat: 'evening treatment',
};
const KIND_ROLE: Record<ActiveKind, Role> = {
  retinoid: 'retinoid',
  exfoliant: 'exfoliant',
  benzoyl_peroxide: 'morning_treat',
  vitamin_c: 'morning_treat',
  ascorbic_acid: 'morning_treat',
  hydroquinone: 'evening_treat',
  copper_peptides: 'evening_treat',
  azelaic_acid: 'evening_treat',
  niacinamide: 'evening_treat',
};
const KIND_WORDS: Record<ActiveKind, string> = {
  retinoid: 'a retinoid',
  exfoliant: 'an AHA/BHA exfoliant',
  benzoyl_peroxide: 'benzoyl peroxide',
  vitamin_c: 'vitamin C',
  ascorbic_acid: 'vitamin C',
  hydroquinone: 'hydroquinone',
  copper_peptides: 'copper peptides',
  azelaic_acid: 'azelaic acid',
  niacinamide: 'niacinamide',
};

const CLEANSER_ACTIVE_GROUPS = ['ahas', 'bhas', 'phas', 'exfoliating_enzymes', 'retinoids', 'benzoyl_peroxide'];
const round2 = (n: number) => Math.round(n * 100) / 100;
const ref = (p: PlanProduct): ProductRef => ({ id: p.id, name: p.name, brand: p.brand });
const byId = (a: { product: PlanProduct }, b: { product: PlanProduct }) =>
  a.product.id < b.product.id ? -1 : a.product.id > b.product.id ? 1 : 0;

interface Owned {
  c: Classified;
  known: boolean;
  statusRank: number;
  prescribed: PlanPrescribed | null;
}

interface Pick {
  c: Classified;
  role: Role;
  source: 'shelf' | 'catalog';
  known: boolean;
  prescribed: PlanPrescribed | null;
  reasons: PlanReason[];
  /** First full use; null: from the start. */
  firstUse: string | null;
  patchFrom: string | null;
  offer?: { retailer: string; url: string | null; price: number; currency: string; compared: number };
}

interface Buyable {
  c: Classified;
  offer: NonNullable<Pick['offer']>;
  /** Compared price (once) or cost per month at the most a plan uses it (month): what the budget counts. */
  counted: number;
}

export function planRoutine(req: PlanRequest, knowledge: PlanKnowledge): PlanAnswer {
  const { profile } = req;
  const ruleSet = knowledge.ruleSet;
  const pregnant = isPregnancy(profile);
  const reactive = isReactive(profile);
  const gentle = reactive || profile.skinType === 'dry';
  const isotretinoin = onIsotretinoin(profile);
  const beginner = profile.experience === 'none' || profile.experience === 'beginner';
  const goals = [...new Set((req.goals.length ? req.goals : profile.concerns).map(goalConcern))];
  const currency = req.budget?.currency ?? 'EUR';
  const horizonDays = req.horizonWeeks * 7;
  const endOn = addDays(req.startOn, horizonDays - 1);
  const previousIds = new Set((req.previous?.routines ?? []).flatMap((r) => r.steps.map((s) => s.product.id)));
  const previousFirstUse = new Map(
    (req.previous?.introductions ?? []).map((i) => [i.product.id, i.firstFullUse] as const),
  );

  const setAside: ProductNote[] = [];
  const notUsed: ProductNote[] = [];
  const unmet: UnmetConstraint[] = [];
  const attention: PlanAttention[] = [];
  const noted = new Set<string>();
  const note = (list: ProductNote[], p: PlanProduct, reasons: PlanReason[], until?: ProductNote['until']) => {
    if (noted.has(p.id)) return;
    noted.add(p.id);
    list.push({ product: ref(p), ...(until ? { until } : {}), reasons });
  };

  // Referrals: conditions that are a clinician's to judge, not a plan's (AAD acne guideline 2024).
  if (profile.acne === 'severe' || profile.acne === 'scarring')
    attention.push({
      kind: 'referral',
      text: "Severe or scarring acne needs a dermatologist: prescription treatment (isotretinoin, antibiotics, hormonal therapy) is a clinician's decision (AAD acne guideline, Reynolds 2024). This plan covers the basics meanwhile.",
    });
  if (profile.suspectedAllergy)
    attention.push({
      kind: 'referral',
      text: 'A suspected allergy is for a dermatologist to patch test (European baseline series); until then, stop the product you suspect.',
    });
  if (profile.unsettledFlare)
    attention.push({
      kind: 'referral',
      text: 'A flare that does not settle needs a clinician; start no new active until it has been seen.',
    });
  if (isotretinoin)
    attention.push({
      kind: 'prescriber',
      text: 'While you take oral isotretinoin: a gentle cleanser, a moisturiser and sunscreen only; ask your prescriber before adding any active (I12).',
    });

  // The person's own evidence: what they marked negative, what their reactions point at, their sensitivities (I11).
  const avoid = new Map<string, PlanReason>();
  for (const id of profile.sensitivityIngredientIds)
    avoid.set(id, { source: 'profile', text: 'an ingredient of a sensitivity you told us about', rule: 'I11' });
  for (const id of profile.suspectIngredientIds)
    avoid.set(id, { source: 'reaction', text: 'a likely cause of a reaction you logged', rule: 'I11' });
  for (const id of profile.negativeIngredientIds)
    avoid.set(id, { source: 'feeling', text: 'an ingredient you marked as not working for you', rule: 'I11' });
  const avoidHit = (c: Classified): PlanReason | null => {
    for (const i of c.product.ingredients) {
      const hit = avoid.get(i.id);
      if (hit) return { ...hit, text: `It contains ${i.name}, ${hit.text}.` };
    }
    return null;
  };
  const excluded = (p: PlanProduct) =>
    req.excludeProducts.includes(p.id) || (p.brand != null && req.excludeBrands.includes(p.brand));

  // ---------------------------------------------------------------------------------------------
  // 1. The shelf: what can be used, and why the rest cannot.
  const prescribedById = new Map(req.prescribed.map((p) => [p.productId, p] as const));
  const owned: Owned[] = [];
  const shelf = [...req.shelf].sort((a, b) => (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0));
  const onShelf = new Set(shelf.map((s) => s.product.id));
  for (const item of shelf) {
    const c = classify(item.product);
    const p = item.product;
    // The planner keeps a prescriber's days for treatments (retinoids, acids, creams and gels); a cleanser, moisturiser
    // or sunscreen is used every day, as it is, whatever days were given.
    const declared = prescribedById.get(p.id) ?? null;
    const treatment = c.roles.some(
      (r) => r === 'retinoid' || r === 'exfoliant' || r === 'morning_treat' || r === 'evening_treat',
    );
    const prescribed = declared && treatment && !c.scrub ? declared : null;
    if (
      prescribed &&
      prescribed.timeOfDay === 'morning' &&
      (c.roles.includes('retinoid') || c.roles.includes('exfoliant'))
    )
      attention.push({
        kind: 'prescriber',
        text: `${p.name} is planned on the evenings of its days, not in the morning: sunlight degrades retinoids and acids sensitise skin to it (I8). Ask your prescriber if it must be the morning.`,
      });
    if (declared && !prescribed)
      attention.push({
        kind: 'prescriber',
        text: `${p.name} is planned as an everyday product, not on the days you gave: we schedule prescribed treatments only. Ask your prescriber if it should be otherwise.`,
      });
    const shelfReason = (text: string, rule?: string): PlanReason[] => [
      { source: 'shelf', text, ...(rule ? { rule } : {}) },
    ];
    if (item.status === 'finished') {
      note(notUsed, p, shelfReason('You finished it.'));
      continue;
    }
    if (item.status === 'set_aside') {
      note(setAside, p, shelfReason('You set it aside.'));
      continue;
    }
    if (pregnant && c.pregnancyCaution.length) {
      note(
        setAside,
        p,
        [
          {
            source: 'invariant',
            rule: 'I10',
            text: `It contains ${c.pregnancyCaution.join(', ')}, advised against while ${profile.pregnancy === 'trying' ? 'trying to conceive' : profile.pregnancy}${prescribed ? '; ask your prescriber' : ''}.`,
            reference: knowledge.invariants.find((i) => i.id === 'I10')?.source,
          },
        ],
        'after_pregnancy',
      );
      continue;
    }
    if (item.expired) {
      note(notUsed, p, shelfReason('It is past its period after opening.'));
      continue;
    }
    if (excluded(p)) {
      note(notUsed, p, [{ source: 'profile', text: 'You asked to leave it out.' }]);
      continue;
    }
    if (pregnant && c.unreadable) {
      note(
        setAside,
        p,
        [
          {
            source: 'reading',
            rule: 'I10',
            text: `Not scheduled in pregnancy: ${c.unreadable}, so we cannot tell it is safe.`,
          },
        ],
        'after_pregnancy',
      );
      continue;
    }
    if (isotretinoin && !prescribed && (c.scrub || c.kinds.size > 0)) {
      note(
        setAside,
        p,
        [
          {
            source: 'invariant',
            rule: 'I12',
            text: 'While on oral isotretinoin: barrier care and sunscreen only; ask your prescriber before using actives.',
          },
        ],
        'after_isotretinoin',
      );
      continue;
    }
    const hit = prescribed ? null : avoidHit(c);
    if (hit) {
      note(setAside, p, [hit]);
      continue;
    }
    if (c.scrub) {
      note(notUsed, p, [
        {
          source: 'invariant',
          rule: 'I4',
          text: 'A physical scrub is not planned: at most once or twice a week, never on retinoid or acid days, never on sensitive skin.',
        },
      ]);
      continue;
    }
    if (!c.roles.length) {
      const why =
        c.spfUnreadable || (c.stepType === 'protect' && c.product.spf != null)
          ? {
              source: 'reading' as const,
              rule: 'I7',
              text:
                c.product.spf != null
                  ? `SPF ${c.product.spf}: below the SPF 30 every morning needs, so it cannot be your sunscreen.`
                  : 'It has UV filters but no SPF we can read, so it cannot be your sunscreen.',
            }
          : c.stepType === 'mask' || c.stepType === 'eye'
            ? { source: 'shelf' as const, text: 'Masks and eye products are not part of the daily plan.' }
            : {
                source: 'shelf' as const,
                text: 'We could not tell which step it is from its category and ingredients.',
              };
      note(notUsed, p, [why]);
      continue;
    }
    if (c.prescriptionOnly.length && !prescribed)
      attention.push({
        kind: 'prescriber',
        text: `${p.name} contains ${c.prescriptionOnly.join(', ')}, a prescription medicine: use it as it was prescribed and ask your prescriber before changing how often.`,
      });
    if (c.unreadable)
      attention.push({
        kind: 'reading',
        text: `${p.name}: ${c.unreadable}. It is kept off nights with a retinoid, an acid or benzoyl peroxide.`,
      });
    const statusRank = item.status === 'in_use' ? 0 : 1;
    owned.push({ c, known: item.tolerated || item.inCurrentRoutine, statusRank, prescribed });
  }
  for (const o of owned)
    if (o.c.spfUnreadable && !o.c.sunscreen)
      attention.push({
        kind: 'sunscreen',
        text: `${o.c.product.name} has UV filters but no SPF we can read: it does not count as your sunscreen (I7).`,
      });

  const rank = (o: Owned) => [
    o.prescribed ? 0 : 1,
    previousIds.has(o.c.product.id) ? 0 : 1,
    o.known ? 0 : 1,
    o.statusRank,
    o.c.fragranced && reactive ? 1 : 0,
  ];
  const compareOwned = (a: Owned, b: Owned) => {
    const x = rank(a);
    const y = rank(b);
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] - y[i];
    return byId(a.c, b.c);
  };
  const ownedFor = (role: Role) => owned.filter((o) => o.c.roles.includes(role)).sort(compareOwned);

  // ---------------------------------------------------------------------------------------------
  // 2. One shelf product per job (two for treatments); the rest is redundant, and says which does its job.
  const picks: Pick[] = [];
  const pickedIds = new Set<string>();
  const shelfPick = (role: Role, limit: number) => {
    const list = ownedFor(role).filter(
      (o) => !pickedIds.has(o.c.product.id) || (role === 'moisturise' && o.c.roles.includes('protect')),
    );
    for (const o of list.slice(0, limit)) {
      pickedIds.add(o.c.product.id);
      picks.push({
        c: o.c,
        role,
        source: 'shelf',
        known: o.known,
        prescribed: o.prescribed,
        reasons: [
          {
            source: o.prescribed ? 'prescriber' : 'shelf',
            text: o.prescribed
              ? `Prescribed: ${o.prescribed.days.join(', ')} ${o.prescribed.timeOfDay}s, as your prescriber set (I17).`
              : `You own it: your ${ROLE_WORDS[role]}.`,
            ...(o.prescribed ? { rule: 'I17' } : {}),
          },
        ],
        firstUse: null,
        patchFrom: null,
      });
    }
  };
  for (const role of ['protect', 'cleanse', 'moisturise', 'retinoid', 'exfoliant'] as Role[]) shelfPick(role, 1);
  shelfPick('morning_treat', 2);
  shelfPick('evening_treat', 2);
  // A beginner starts one strong active at a time (research §1: Lorem Curae's experience levels; I15).
  const strongPicks = picks.filter((p) => (p.role === 'retinoid' || p.role === 'exfoliant') && !p.prescribed);
  if (beginner && strongPicks.length > 1) {
    const order = (p: Pick) => {
      for (const [gi, g] of goals.entries()) {
        const actives = GOAL_ACTIVES[g]?.actives ?? [];
        const k = actives.indexOf(p.role as ActiveKind);
        if (k >= 0) return gi * 10 + k;
      }
      return p.role === 'retinoid' ? 98 : 99;
    };
    const [keep, ...drop] = [...strongPicks].sort((a, b) => order(a) - order(b));
    for (const d of drop) {
      picks.splice(picks.indexOf(d), 1);
      pickedIds.delete(d.c.product.id);
      note(notUsed, d.c.product, [
        {
          source: 'profile',
          rule: 'I15',
          text: `You are starting out: one strong active at a time, and ${keep.c.product.name} comes first. Add this one once that is settled.`,
        },
      ]);
    }
  }
  const pickOf = (role: Role) => picks.find((p) => p.role === role) ?? null;

  // ---------------------------------------------------------------------------------------------
  // 3. What the plan needs that the shelf lacks, in a fixed order: sunscreen, cleanser, moisturiser, one goal active.
  const buying = req.buy === 'within_budget';
  const rateOf = (cur: string) => (cur === 'EUR' ? (req.rates.rates.EUR ?? 1) : req.rates.rates[cur]);
  const compared = (price: number, from: string): number | null => {
    const a = rateOf(from.toUpperCase());
    const b = rateOf(currency.toUpperCase());
    return a && b ? round2((price / a) * b) : null;
  };
  const catalog = buying
    ? req.catalog
        .filter((p) => !onShelf.has(p.id))
        .map(classify)
        .sort(byId)
    : [];
  const rxOnlySeen = new Set<string>();
  const buyable = (c: Classified, role: Role): Buyable | null => {
    const p = c.product;
    if (!c.roles.includes(role) || excluded(p) || c.unreadable || c.scrub) return null;
    if (c.prescriptionOnly.length) {
      rxOnlySeen.add(c.prescriptionOnly[0]);
      return null;
    }
    if (pregnant && c.pregnancyCaution.length) return null;
    if (avoidHit(c)) return null;
    // Leave-on products bought for reactive skin are fragrance-free (I12).
    if (reactive && c.leaveOn && c.fragranced) return null;
    if (isotretinoin && c.kinds.size) return null;
    const offers = p.offers
      .filter((o) => o.live && o.price != null && o.price >= 0 && o.currency)
      .map((o) => ({ o, compared: compared(o.price!, o.currency!) }))
      .filter((x): x is { o: (typeof p.offers)[number]; compared: number } => x.compared != null)
      .sort(
        (a, b) => a.compared - b.compared || (a.o.retailer < b.o.retailer ? -1 : a.o.retailer > b.o.retailer ? 1 : 0),
      );
    const best = offers[0];
    if (!best) return null;
    const monthly = req.budget?.period === 'month';
    // Without a size the cost per month is unknown, and unknown is never within a monthly budget (I23).
    if (monthly && !p.size) return null;
    const perMonth = p.size ? (best.compared * DOSE_GRAMS[role] * MOST_USES_A_DAY[role] * DAYS_A_MONTH) / p.size : null;
    return {
      c,
      offer: {
        retailer: best.o.retailer,
        url: best.o.url,
        price: best.o.price!,
        currency: best.o.currency!,
        compared: best.compared,
      },
      counted: monthly ? round2(perMonth!) : best.compared,
    };
  };
  const cheapest = (role: Role, accept: (c: Classified) => boolean = () => true): Buyable | null => {
    const previous = catalog.find((c) => previousIds.has(c.product.id) && accept(c));
    const prev = previous ? buyable(previous, role) : null;
    if (prev) return prev;
    let best: Buyable | null = null;
    for (const c of catalog) {
      if (!accept(c)) continue;
      const b = buyable(c, role);
      // The cheapest; at the same price a fragrance-free one (fragrance is the commonest cosmetic allergen, SCCS/1459/11).
      if (
        b &&
        (!best || b.counted < best.counted || (b.counted === best.counted && best.c.fragranced && !c.fragranced))
      )
        best = b;
    }
    return best;
  };

  // A cleanser bought for every evening carries no active and no abrasive: it must sit beside any night's active.
  const plainCleanser = (c: Classified) =>
    !c.scrub && !c.product.ingredients.some((i) => i.groups.some((g) => CLEANSER_ACTIVE_GROUPS.includes(g)));
  interface Need {
    role: Role;
    constraint: string;
    what: string;
    candidate: Buyable | null;
  }
  // On a re-plan, what the previous plan bought stays in it while it still fits (steps not affected stay).
  const previousSteps = (req.previous?.routines ?? []).flatMap((r) => r.steps);
  const kept: Need[] = [];
  for (const item of req.previous?.purchases.items ?? []) {
    const role = previousSteps.find((st) => st.product.id === item.product.id)?.role as Role | undefined;
    if (!role || role === 'protect' || role === 'cleanse' || role === 'moisturise') continue;
    if (pickOf(role) && (role === 'retinoid' || role === 'exfoliant')) continue;
    const c = catalog.find((x) => x.product.id === item.product.id);
    const b = c ? buyable(c, role) : null;
    if (b) kept.push({ role, constraint: 'goal', what: `${ROLE_WORDS[role]} (kept from your plan)`, candidate: b });
  }
  const needMoisturiser =
    gentle ||
    profile.climate === 'dry' ||
    profile.climate === 'cold' ||
    goals.includes('dryness') ||
    previousSteps.some((st) => st.role === 'moisturise') ||
    [...picks, ...kept].some((p) => p.role === 'retinoid' || p.role === 'exfoliant');
  const servedKinds = new Set([...picks, ...kept.map((k) => k.candidate!)].flatMap((p) => [...p.c.kinds]));
  let goalSlot: { goal: string; kinds: ActiveKind[]; source: string } | null = null;
  if (!isotretinoin)
    for (const g of goals) {
      const row = GOAL_ACTIVES[g];
      if (!row) continue;
      let kinds = pregnant ? row.inPregnancy : row.actives;
      if (profile.age != null && profile.age < 18) kinds = kinds.filter((k) => k !== 'retinoid');
      if (beginner && strongPicks.length) kinds = kinds.filter((k) => k !== 'retinoid' && k !== 'exfoliant');
      if (kinds.some((k) => servedKinds.has(k))) continue;
      if (kinds.length) goalSlot = { goal: g, kinds, source: row.source };
      break;
    }
  const goalNeedsMoisturiser = goalSlot?.kinds.some((k) => k === 'retinoid' || k === 'exfoliant') ?? false;

  const needs: Need[] = [];
  if (!pickOf('protect'))
    needs.push({
      role: 'protect',
      constraint: 'I7',
      what: 'a sunscreen of SPF 30 or more',
      // A sunscreen that is only a sunscreen first: it keeps the moisturiser a step of its own.
      candidate: cheapest('protect', (c) => c.stepType === 'protect') ?? cheapest('protect'),
    });
  if (!pickOf('cleanse'))
    needs.push({
      role: 'cleanse',
      constraint: 'I19',
      what: 'a gentle cleanser for the evening',
      candidate: cheapest('cleanse', plainCleanser),
    });
  if (!pickOf('moisturise') && (needMoisturiser || goalNeedsMoisturiser))
    needs.push({
      role: 'moisturise',
      constraint: 'I21',
      what: 'a moisturiser',
      candidate: cheapest('moisturise', (c) => !c.roles.includes('protect') && c.kinds.size === 0),
    });
  needs.push(...kept);
  if (goalSlot) {
    let found: Need | null = null;
    for (const kind of goalSlot.kinds) {
      const role = KIND_ROLE[kind];
      if (pickOf(role) && (role === 'retinoid' || role === 'exfoliant')) continue;
      const candidate = cheapest(
        role,
        (c) =>
          c.kinds.has(kind) &&
          (role !== 'evening_treat' && role !== 'morning_treat' ? true : !c.strong || kind === 'benzoyl_peroxide'),
      );
      if (candidate) {
        found = {
          role,
          constraint: 'goal',
          what: `${KIND_WORDS[kind]} for ${goalSlot.goal.replace('_', ' ')}`,
          candidate,
        };
        break;
      }
    }
    needs.push(
      found ?? {
        role: KIND_ROLE[goalSlot.kinds[0]],
        constraint: 'goal',
        what: `${goalSlot.kinds.map((k) => KIND_WORDS[k]).join(' or ')} for ${goalSlot.goal.replace('_', ' ')}`,
        candidate: null,
      },
    );
  }
  for (const rx of [...rxOnlySeen].sort())
    attention.push({
      kind: 'prescriber',
      text: `Products with ${rx} are prescription-only: we never propose buying one; ask a prescriber.`,
    });

  // The budget buys the needs in order and stops at the first it cannot afford: the money goes to the sunscreen
  // first (a cheaper later item never jumps the queue), so raising the budget only ever buys more.
  let spent = 0;
  let stopped = false;
  const bought: Array<{ need: Need; b: Buyable }> = [];
  for (const need of needs) {
    const b = need.candidate;
    if (!buying || !b) {
      unmet.push({
        constraint: need.constraint,
        text: buying
          ? `No product in the catalog we could choose for ${need.what} fits you.`
          : `Nothing on your shelf is ${need.what}, and you asked for a shelf-only plan.`,
        cheapestFix: b
          ? { product: ref(b.c.product), price: b.offer.compared, currency, text: `Add ${b.c.product.name}.` }
          : {
              product: null,
              price: null,
              currency: null,
              text: `Add ${need.what}${need.role === 'protect' ? ' (broad spectrum where the label says so)' : ''}.`,
            },
      });
      continue;
    }
    const budget = req.budget?.amount ?? Number.POSITIVE_INFINITY;
    if (stopped || spent + b.counted > budget + 1e-9) {
      stopped = true;
      const short = round2(spent + b.counted - budget);
      unmet.push({
        constraint: need.constraint,
        text: `The budget does not stretch to ${need.what}${need.role === 'protect' ? ': without it no morning is protected, so no retinoid or acid nights are planned (I9)' : ''}.`,
        cheapestFix: {
          product: ref(b.c.product),
          price: b.offer.compared,
          currency,
          text: `${b.c.product.name} at ${b.offer.compared.toFixed(2)} ${currency}${req.budget?.period === 'month' ? ` (${b.counted.toFixed(2)} ${currency} a month)` : ''}: ${short.toFixed(2)} ${currency} more than the budget allows.`,
        },
      });
      continue;
    }
    spent += b.counted;
    bought.push({ need, b });
  }
  for (const { need, b } of bought) {
    const reasons: PlanReason[] = [
      {
        source: 'catalog',
        text: `Nothing on your shelf does this job (${need.what}): the cheapest that suits you, ${b.offer.compared.toFixed(2)} ${currency}.`,
        rule: 'I22',
      },
    ];
    if (need.constraint === 'goal' && goalSlot)
      reasons.push({
        source: 'goal',
        text: `For ${goalSlot.goal.replace('_', ' ')}, your first goal.`,
        reference: goalSlot.source,
      });
    if (reactive && b.c.leaveOn)
      reasons.push({ source: 'profile', rule: 'I12', text: 'Fragrance-free, for reactive skin.' });
    picks.push({
      c: b.c,
      role: need.role,
      source: 'catalog',
      known: false,
      prescribed: null,
      reasons,
      firstUse: null,
      patchFrom: null,
      offer: b.offer,
    });
  }

  // ---------------------------------------------------------------------------------------------
  // 4. Introductions: essentials from day 1; every other new product after a week's patch test, two weeks apart
  // (I15), in the order of the person's goals.
  const dropPick = (p: Pick, reason: PlanReason) => {
    picks.splice(picks.indexOf(p), 1);
    note(notUsed, p.c.product, [reason]);
  };
  const essential = (r: Role) => r === 'protect' || r === 'cleanse' || r === 'moisturise';
  const goalRank = (p: Pick) => {
    for (const [gi, g] of goals.entries()) {
      const actives = GOAL_ACTIVES[g]?.actives ?? [];
      const k = Math.min(...[...p.c.kinds].map((kind) => (actives.includes(kind) ? actives.indexOf(kind) : 99)), 99);
      if (k < 99) return gi * 10 + k;
    }
    return 1000 + ['retinoid', 'exfoliant', 'morning_treat', 'evening_treat'].indexOf(p.role);
  };
  const newcomers = picks
    .filter((p) => !essential(p.role) && !p.known && !p.prescribed)
    .sort((a, b) => goalRank(a) - goalRank(b) || byId(a.c, b.c));
  let nextWeek = 1;
  for (const p of newcomers) {
    const kept = previousFirstUse.get(p.c.product.id);
    if (kept && kept >= req.startOn) {
      p.firstUse = kept;
      p.patchFrom = addDays(kept, -7);
      nextWeek = Math.max(nextWeek, Math.floor(daysBetween(req.startOn, kept) / 7) + 2);
    }
  }
  for (const p of newcomers) {
    if (p.firstUse) continue;
    const firstUse = addDays(req.startOn, nextWeek * 7);
    if (firstUse > endOn) {
      dropPick(p, {
        source: 'invariant',
        rule: 'I15',
        text: `One new product at a time: its turn would come after the plan's ${req.horizonWeeks} week${req.horizonWeeks === 1 ? '' : 's'}. Plan again then.`,
      });
      continue;
    }
    p.firstUse = firstUse;
    p.patchFrom = addDays(firstUse, -7);
    nextWeek += 2;
  }

  // ---------------------------------------------------------------------------------------------
  // 5. What can run at all: strong actives need a sunscreen (I9) and room for a moisturiser after them (I21).
  // Decided after the introductions, so that a steps limit or a missing product never moves another product's dates.
  const protect = pickOf('protect');
  const cleanser = pickOf('cleanse');
  const moisturiser = pickOf('moisturise');
  for (const role of ['retinoid', 'exfoliant'] as Role[]) {
    const p = pickOf(role);
    if (!p || p.prescribed) continue;
    const inMoisturiser = p.c.stepType === 'moisturise';
    const needed = (cleanser ? 1 : 0) + 1 + (inMoisturiser ? 0 : 1);
    if (!protect)
      dropPick(p, {
        source: 'invariant',
        rule: 'I9',
        text: `No sunscreen yet: ${ROLE_WORDS[role]} nights wait until every morning is protected.`,
      });
    else if (!inMoisturiser && !moisturiser)
      dropPick(p, {
        source: 'invariant',
        rule: 'I21',
        text: `It needs a moisturiser after it, and there is none in the plan yet.`,
      });
    else if (needed > req.steps.eveningMax)
      dropPick(p, {
        source: 'steps_limit',
        rule: 'I19',
        text: `Your evening limit of ${req.steps.eveningMax} step${req.steps.eveningMax === 1 ? '' : 's'} leaves no room for a cleanser, the ${ROLE_WORDS[role]} and a moisturiser after it (I21).`,
      });
  }

  // ---------------------------------------------------------------------------------------------
  // 6. Which nights: the ramps of I13/I14 week by week, prescribed days fixed (I17), recovery nights kept (I16).
  let retinoid = pickOf('retinoid');
  let exfoliant = pickOf('exfoliant');
  const ramp = { gentle };
  const weekIndex = (date: string) => Math.floor(daysBetween(req.startOn, date) / 7);
  const startWeek = (p: Pick) => (p.firstUse ? weekIndex(p.firstUse) : 0);
  const offsetOf = (day: Weekday) => (WEEKDAYS.indexOf(day) - WEEKDAYS.indexOf(weekdayOf(req.startOn)) + 7) % 7;
  interface WeekNights {
    retinoid: Set<number>;
    exfoliant: Set<number>;
    ramping: boolean;
  }
  const weekNights = (w: number): WeekNights => {
    let r = new Set<number>();
    let e = new Set<number>();
    let ramping = false;
    if (retinoid) {
      if (retinoid.prescribed) r = new Set(retinoid.prescribed.days.map(offsetOf));
      else if (w >= startWeek(retinoid)) {
        const k = w - startWeek(retinoid);
        r = new Set(retinoidPositions(retinoidNights(k, retinoid.known, ramp)));
        ramping ||= retinoidRamping(k, retinoid.known, ramp);
      }
    }
    if (exfoliant) {
      if (exfoliant.prescribed) {
        e = new Set(exfoliant.prescribed.days.map(offsetOf));
        if (!retinoid?.prescribed) for (const d of e) r.delete(d);
      } else if (w >= startWeek(exfoliant)) {
        const k = w - startWeek(exfoliant);
        let count = exfoliantNights(k, exfoliant.known, ramp);
        ramping ||= exfoliantRamping(k, exfoliant.known, ramp);
        const positions = () => (retinoid?.prescribed ? exfoliantPositionsAround(count, r) : exfoliantPositions(count));
        const recoveryNeeded = () => (ramping ? (reactive ? 3 : 2) : r.size && count ? 1 : 0);
        while (count > 0 && 7 - r.size - positions().filter((x) => !r.has(x)).length < recoveryNeeded()) count -= 1;
        e = new Set(positions().filter((x) => !r.has(x)));
      }
    }
    return { retinoid: r, exfoliant: e, ramping };
  };

  // ---------------------------------------------------------------------------------------------
  // 7. The routines: one per kind of morning and evening, each composed under the steps limit.
  const ranked = (role: Role, chosen: Pick | null): Array<Classified> => {
    const out: Classified[] = chosen ? [chosen.c] : [];
    if (role === 'cleanse' || role === 'moisturise')
      for (const o of ownedFor(role))
        if (!out.some((c) => c.product.id === o.c.product.id) && !o.c.strong) out.push(o.c);
    return out;
  };
  const cleanseOptions = ranked('cleanse', cleanser);
  const moisturiseOptions = ranked('moisturise', moisturiser);
  const treats = (role: Role) => picks.filter((p) => p.role === role && !p.prescribed);
  const prescribedExtras = (part: 'morning' | 'evening', day: Weekday) =>
    picks.filter(
      (p) =>
        p.prescribed &&
        p.role !== 'retinoid' &&
        p.role !== 'exfoliant' &&
        p.prescribed.timeOfDay === part &&
        p.prescribed.days.includes(day),
    );

  interface Variant {
    key: string;
    timeOfDay: 'morning' | 'evening';
    name: string;
    composed: Composed;
    withRetinoid: boolean;
    withExfoliant: boolean;
  }
  const variants = new Map<string, Variant>();
  const pickByProduct = new Map(picks.map((p) => [p.c.product.id, p] as const));
  const variantFor = (part: 'morning' | 'evening', withRetinoid: boolean, withExfoliant: boolean, extras: Pick[]) => {
    const sig = `${part}|${withRetinoid}|${withExfoliant}|${extras.map((x) => x.c.product.id).join(',')}`;
    const cached = variants.get(sig);
    if (cached) return cached;
    const slots: Slot[] = [];
    const slot = (role: Role, options: Classified[], prescribed = false) => {
      if (options.length) slots.push({ role, options, prescribed });
    };
    let key: string;
    let name: string;
    if (part === 'morning') {
      slot('protect', protect ? [protect.c] : []);
      for (const x of extras) slot(x.role, [x.c], true);
      // A moisturiser with SPF is both steps; a re-plan keeps a moisturiser the previous morning had.
      if (!protect?.c.roles.includes('moisturise') || keepMorningMoisturiser) slot('moisturise', moisturiseOptions);
      for (const t of treats('morning_treat')) slot('morning_treat', [t.c]);
      slot('cleanse', cleanseOptions);
      // A re-plan keeps the morning it had: the jobs the previous morning did come first under the limit.
      if (previousMorningRoles.size && slots.length) {
        const [first, ...rest] = slots;
        const kept = rest.filter((x) => previousMorningRoles.has(x.role) || x.prescribed);
        slots.splice(0, slots.length, first, ...kept, ...rest.filter((x) => !kept.includes(x)));
      }
      key = extras.length
        ? `morning_prescribed_${[...variants.values()].filter((v) => v.timeOfDay === 'morning').length}`
        : 'morning';
      name = extras.length ? `Morning with ${extras.map((x) => x.c.product.name).join(', ')}` : 'Morning';
    } else {
      if (withRetinoid && retinoid?.prescribed) slot('retinoid', [retinoid.c], true);
      if (withExfoliant && exfoliant?.prescribed) slot('exfoliant', [exfoliant.c], true);
      for (const x of extras) slot(x.role, [x.c], true);
      slot('cleanse', cleanseOptions);
      if (withRetinoid && retinoid && !retinoid.prescribed) slot('retinoid', [retinoid.c]);
      if (withExfoliant && exfoliant && !exfoliant.prescribed) slot('exfoliant', [exfoliant.c]);
      slot('moisturise', moisturiseOptions);
      for (const t of treats('evening_treat')) slot('evening_treat', [t.c]);
      const strongActives = retinoid || exfoliant;
      const base = withRetinoid
        ? 'evening_retinoid'
        : withExfoliant
          ? 'evening_exfoliant'
          : strongActives
            ? 'evening_recovery'
            : 'evening';
      key = extras.length ? `${base}_prescribed_${variants.size}` : base;
      name = withRetinoid
        ? 'Retinoid night'
        : withExfoliant
          ? 'Exfoliant night'
          : strongActives
            ? 'Recovery night'
            : 'Evening';
      if (extras.length) name += ` with ${extras.map((x) => x.c.product.name).join(', ')}`;
    }
    const limit = part === 'morning' ? req.steps.morningMax : req.steps.eveningMax;
    const strongNight =
      withRetinoid ||
      withExfoliant ||
      slots.some((s) => s.options.length === 1 && s.options[0].kinds.has('benzoyl_peroxide') && s.role !== 'cleanse');
    const composed = compose(part, slots, limit, ruleSet, strongNight);
    const v: Variant = { key, timeOfDay: part, name, composed, withRetinoid, withExfoliant };
    variants.set(sig, v);
    return v;
  };

  const previousMorningRoles = new Set(
    (req.previous?.routines ?? [])
      .filter((r) => r.timeOfDay === 'morning')
      .flatMap((r) => r.steps.map((st) => st.role)),
  );
  const keepMorningMoisturiser = (req.previous?.routines ?? []).some(
    (r) => r.timeOfDay === 'morning' && r.steps.some((st) => st.role === 'moisturise'),
  );
  const weeks: Array<{ mornings: Record<Weekday, string>; nights: Record<Weekday, string>; w: WeekNights }> = [];
  // A retinoid or exfoliant its own night's routine cannot hold (it clashes with the only cleanser, or could not be
  // read) is taken out and the weeks are laid out again: a "retinoid night" always has its retinoid.
  for (let pass = 0; pass < 3; pass++) {
    variants.clear();
    weeks.length = 0;
    for (let w = 0; w < req.horizonWeeks; w++) {
      const wn = weekNights(w);
      const m = {} as Record<Weekday, string>;
      const n = {} as Record<Weekday, string>;
      for (let j = 0; j < 7; j++) {
        const date = addDays(req.startOn, w * 7 + j);
        const day = weekdayOf(date);
        const mv = variantFor('morning', false, false, prescribedExtras('morning', day));
        const nv = variantFor('evening', wn.retinoid.has(j), wn.exfoliant.has(j), prescribedExtras('evening', day));
        m[day] = mv.key;
        n[day] = nv.key;
      }
      weeks.push({ mornings: m, nights: n, w: wn });
    }
    const lost = [retinoid, exfoliant].filter(
      (p): p is Pick =>
        !!p &&
        !p.prescribed &&
        [...variants.values()].some(
          (v) =>
            (p === retinoid ? v.withRetinoid : v.withExfoliant) &&
            !v.composed.steps.some((st) => st.c.product.id === p.c.product.id),
        ),
    );
    if (!lost.length) break;
    for (const p of lost) {
      const r = [...variants.values()].flatMap((v) => v.composed.rejected).find((x) => x.productId === p.c.product.id);
      dropPick(
        p,
        rejectionReason(
          r,
          `${p.c.unreadable}: a strong active we could not read in full is not scheduled.`,
          'No room for it within your steps limit.',
        ),
      );
      if (p === retinoid) retinoid = null;
      else exfoliant = null;
    }
  }

  // A prescribed treatment the steps limit or the essentials crowd out on some of its days: said, never hidden (I17).
  for (const p of picks)
    if (
      p.prescribed &&
      [...variants.values()].some((v) => v.composed.rejected.some((r) => r.productId === p.c.product.id))
    )
      attention.push({
        kind: 'prescriber',
        text: `${p.c.product.name} does not fit on some of its prescribed days within your steps limit beside the essentials; ask your prescriber, or allow one more step.`,
      });
  // Products the routines left out, and why (I22, I25); purchases left out are not bought.
  const usedIds = new Set([...variants.values()].flatMap((v) => v.composed.steps.map((s) => s.c.product.id)));
  const rejections = new Map<string, Composed['rejected'][number]>();
  for (const v of variants.values())
    for (const r of v.composed.rejected) if (!rejections.has(r.productId)) rejections.set(r.productId, r);
  for (const p of [...picks]) {
    if (usedIds.has(p.c.product.id)) continue;
    const r = rejections.get(p.c.product.id);
    const reason = rejectionReason(
      r,
      `${p.c.unreadable}: kept off nights with a retinoid, an acid or benzoyl peroxide, and there is no other night for it.`,
      `No room within your steps limit (${req.steps.morningMax} in the morning, ${req.steps.eveningMax} in the evening).`,
    );
    picks.splice(picks.indexOf(p), 1);
    note(notUsed, p.c.product, [p.source === 'catalog' ? { ...reason, text: `Not bought: ${reason.text}` } : reason]);
  }
  for (const o of owned) {
    if (usedIds.has(o.c.product.id) || noted.has(o.c.product.id)) continue;
    const twin = picks.find((p) => o.c.roles.includes(p.role));
    note(notUsed, o.c.product, [
      twin
        ? {
            source: 'shelf',
            text: `Same job as ${twin.c.product.name} (${ROLE_WORDS[twin.role]}), which the plan uses.`,
          }
        : { source: 'steps_limit', rule: 'I19', text: 'No room for it within your steps limit.' },
    ]);
  }

  // ---------------------------------------------------------------------------------------------
  // 8. The answer.
  const stepReasons = (p: Pick, v: Variant): PlanReason[] => {
    const out = [...p.reasons];
    if (p.role === 'protect')
      out.push({
        source: 'invariant',
        rule: 'I7',
        text: `Every morning ends with SPF ${p.c.product.spf} (SPF 30 or more, AAD).`,
      });
    if (p.role === 'retinoid' || p.role === 'exfoliant')
      out.push({
        source: 'invariant',
        rule: p.role === 'retinoid' ? 'I13' : 'I14',
        text: `Evenings only (I8), on its own nights (I3)${p.prescribed ? ', on the days your prescriber set' : p.known ? ', at the frequency you already tolerate' : ', ramping up slowly'}.`,
      });
    if (p.role === 'moisturise' && v.timeOfDay === 'evening' && (retinoid || exfoliant || gentle))
      out.push({
        source: 'invariant',
        rule: 'I21',
        text: 'A moisturiser every evening that needs one: it limits irritation and does not weaken actives.',
      });
    if (p.role === 'cleanse' && v.timeOfDay === 'evening')
      out.push({ source: 'invariant', rule: 'I19', text: 'The evening essential: a cleanser.' });
    if (p.role === 'morning_treat' && p.c.kinds.has('vitamin_c'))
      out.push({
        source: 'profile',
        text: 'Vitamin C in the morning, under sunscreen, for antioxidant protection (a preference, not a rule).',
      });
    return out;
  };
  const routines: PlannedRoutine[] = [];
  const orderedVariants = [...variants.values()].sort((a, b) =>
    a.timeOfDay !== b.timeOfDay ? (a.timeOfDay === 'morning' ? -1 : 1) : a.key < b.key ? -1 : a.key > b.key ? 1 : 0,
  );
  for (const v of orderedVariants) {
    const steps: PlannedStep[] = v.composed.steps.map((s, i) => {
      const p = pickByProduct.get(s.c.product.id);
      const pick: Pick = p ?? {
        c: s.c,
        role: s.role,
        source: 'shelf',
        known: true,
        prescribed: null,
        reasons: [
          {
            source: 'shelf',
            text: `You own it: your ${ROLE_WORDS[s.role]}, used where your first choice would clash.`,
          },
        ],
        firstUse: null,
        patchFrom: null,
      };
      return {
        position: i + 1,
        stepType: s.role === 'protect' ? 'protect' : s.c.stepType,
        source: pick.source,
        product: ref(s.c.product),
        role: s.role,
        newFrom: pick.firstUse,
        spf: s.c.product.spf,
        prescribed: !!pick.prescribed,
        reasons: stepReasons(pick, v),
      };
    });
    routines.push({ key: v.key, timeOfDay: v.timeOfDay, name: v.name, steps });
  }

  // Phases: consecutive weeks with the same mornings and nights.
  const phases: PlanPhase[] = [];
  weeks.forEach((wk, w) => {
    const last = phases[phases.length - 1];
    const same = last && WEEKDAYS.every((d) => last.nights[d] === wk.nights[d] && last.mornings[d] === wk.mornings[d]);
    const to = addDays(req.startOn, w * 7 + 6);
    if (same) {
      last.to = to;
      return;
    }
    const parts: string[] = [];
    if (wk.w.retinoid.size)
      parts.push(
        retinoid?.prescribed
          ? `your retinoid on the ${wk.w.retinoid.size} nights your prescriber set (I17)`
          : `the retinoid on ${wk.w.retinoid.size} night${wk.w.retinoid.size === 1 ? '' : 's'}, never two running while new (I13)`,
      );
    if (wk.w.exfoliant.size)
      parts.push(
        `the exfoliant on ${wk.w.exfoliant.size} night${wk.w.exfoliant.size === 1 ? '' : 's'}, never with the retinoid (I3, I14)`,
      );
    const recovery = 7 - wk.w.retinoid.size - wk.w.exfoliant.size;
    const why = parts.length
      ? `This phase: ${parts.join('; ')}; ${recovery} recovery night${recovery === 1 ? '' : 's'} to let the skin settle (I16).`
      : 'No strong active yet: the same gentle evening every night (new products join one at a time, I15).';
    phases.push({ from: addDays(req.startOn, w * 7), to, mornings: wk.mornings, nights: wk.nights, why });
  });

  const introductions: PlanIntroduction[] = picks
    .filter((p) => !p.known && !p.prescribed)
    .sort(
      (a, b) =>
        ((a.firstUse ?? '') < (b.firstUse ?? '') ? -1 : (a.firstUse ?? '') > (b.firstUse ?? '') ? 1 : 0) ||
        byId(a.c, b.c),
    )
    .map((p) =>
      p.firstUse
        ? {
            product: ref(p.c.product),
            patchTest: {
              from: p.patchFrom!,
              to: addDays(p.firstUse, -1),
              how: 'twice a day on a small spot (inner forearm or behind the ear); stop if it reddens, itches or swells',
            },
            firstFullUse: p.firstUse,
            why: 'One new product at a time, each after a 7-day patch test (AAD, I15).',
          }
        : {
            product: ref(p.c.product),
            patchTest: null,
            firstFullUse: req.startOn,
            why: `An essential (${ROLE_WORDS[p.role]}) starts on day 1: ${p.role === 'protect' ? 'sunscreen cannot wait for a test' : 'the base every other step rests on'}${reactive ? '; for reactive skin we prefer one you tolerate or a fragrance-free one' : ''} (I15).`,
          },
    );

  // Cost per month at the doses and frequencies the plan prescribes, in its last week (I24).
  const lastWeek = weeks[weeks.length - 1];
  const usesPerWeek = (id: string) => {
    let n = 0;
    for (const d of WEEKDAYS) {
      const m = routines.find((r) => r.key === lastWeek.mornings[d]);
      const e = routines.find((r) => r.key === lastWeek.nights[d]);
      if (m?.steps.some((s) => s.product.id === id)) n += 1;
      if (e?.steps.some((s) => s.product.id === id)) n += 1;
    }
    return n;
  };
  const purchases: PlanPurchase[] = picks
    .filter((p) => p.source === 'catalog' && p.offer)
    .map((p) => {
      const perDay = usesPerWeek(p.c.product.id) / 7;
      const grams = DOSE_GRAMS[p.role] * perDay;
      const size = p.c.product.size;
      const lastsDays = size && grams > 0 ? Math.floor(size / grams) : null;
      const costPerMonth = size && grams > 0 ? round2((p.offer!.compared * grams * DAYS_A_MONTH) / size) : null;
      return {
        product: ref(p.c.product),
        for: ROLE_WORDS[p.role],
        offer: {
          retailer: p.offer!.retailer,
          url: p.offer!.url,
          price: p.offer!.price,
          currency: p.offer!.currency,
          comparedPrice: p.offer!.compared,
          comparedCurrency: currency,
        },
        lastsDays,
        costPerMonth,
        reasons: [
          ...p.reasons,
          {
            source: 'budget' as const,
            rule: 'I24',
            text: size
              ? `About ${DOSE_GRAMS[p.role]} g an application, ${usesPerWeek(p.c.product.id)} a week: ${size} g last about ${lastsDays} days.`
              : 'Its size is unknown, so its cost per month is unknown.',
          },
        ],
      };
    });
  const total = round2(purchases.reduce((s, p) => s + p.offer.comparedPrice, 0));
  const monthly = purchases.filter((p) => p.costPerMonth != null);
  const unknown = purchases.filter((p) => p.costPerMonth == null).map((p) => p.product);
  const costPerMonth = purchases.length
    ? { amount: round2(monthly.reduce((s, p) => s + p.costPerMonth!, 0)), currency, unknownFor: unknown }
    : null;

  const findings: PlanFinding[] = [];
  for (const v of orderedVariants) {
    const all = checkRoutine(
      {
        timeOfDay: v.timeOfDay,
        negativeIngredientIds: profile.negativeIngredientIds,
        steps: v.composed.steps.map((s, i) => ({
          id: s.c.product.id,
          position: i + 1,
          stepType: s.c.stepType,
          product: { id: s.c.product.id, ingredients: s.c.ruleIngredients, name: s.c.product.name },
        })),
      },
      ruleSet,
    );
    for (const f of all)
      findings.push({
        routine: v.key,
        rule: f.rule,
        severity: f.severity,
        title: f.title,
        reason: f.reason,
        reference: f.reference,
      });
  }

  if (pregnant)
    attention.push({
      kind: 'note',
      text: "Pregnancy, trying or breastfeeding: no retinoid, no hydroquinone and no high-dose salicylic acid; azelaic acid and benzoyl peroxide are the guideline's choices for acne (Chien 2016). Ask your midwife or doctor about anything prescribed.",
    });

  const eveningCounts = routines.filter((r) => r.timeOfDay === 'evening').map((r) => r.steps.length);
  const morningSteps = routines.find((r) => r.key === 'morning')?.steps.length ?? 0;
  const summary = [
    `${morningSteps} step${morningSteps === 1 ? '' : 's'} in the morning, ${Math.min(...eveningCounts)}${Math.max(...eveningCounts) !== Math.min(...eveningCounts) ? `–${Math.max(...eveningCounts)}` : ''} in the evening`,
    retinoid
      ? `${retinoid.c.product.name} ${retinoid.prescribed ? 'on your prescribed nights' : retinoid.known ? 'at the frequency you tolerate' : `from ${retinoid.firstUse ?? req.startOn}, ramping up`}`
      : null,
    purchases.length
      ? `${purchases.length} purchase${purchases.length === 1 ? '' : 's'} (${total.toFixed(2)} ${currency})`
      : 'nothing to buy',
    unmet.length ? `${unmet.length} thing${unmet.length === 1 ? '' : 's'} it could not meet` : null,
  ]
    .filter(Boolean)
    .join('; ')
    .concat('.');

  const answer: PlanAnswer = {
    startOn: req.startOn,
    horizonWeeks: req.horizonWeeks,
    summary,
    routines,
    schedule: {
      phases,
      missedNights:
        "Missed 3 or more nights? Go back to the previous phase for a week; never use two nights' worth at once or double up the next night (I16).",
    },
    introductions,
    purchases: {
      items: purchases,
      total,
      currency: purchases.length || req.budget ? currency : null,
      budget: req.budget?.amount ?? null,
      period: req.budget?.period ?? null,
      ratesDate: req.rates.date,
      ratesNote: `approximate where converted: reference rates of ${req.rates.date}`,
    },
    costPerMonth,
    setAside,
    notUsed,
    unmet,
    findings,
    checks: [],
    attention,
  };
  answer.checks = checkPlan(req, answer, knowledge);
  return answer;
}

/**
 * Why a routine left a product out: the routine rule that forbade it beside what the routine holds, a reading too
 * incomplete for a strong night (`unread`), else no room within the steps limit (I19, `noRoom`).
 */
function rejectionReason(
  rejected: Composed['rejected'][number] | undefined,
  unread: string,
  noRoom: string,
): PlanReason {
  if (rejected?.why === 'rule' && rejected.finding)
    return {
      source: 'rule',
      rule: rejected.finding.rule,
      text: `${rejected.finding.title}: ${rejected.finding.reason}`,
      reference: rejected.finding.reference,
    };
  if (rejected?.why === 'reading') return { source: 'reading', text: unread };
  return { source: 'steps_limit', rule: 'I19', text: noRoom };
}
