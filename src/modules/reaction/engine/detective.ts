// The reaction detective: from the products a person rated, which ingredients (and which groups
// of ingredients) most likely explain the ones that went badly. Pure: plain data in, plain data
// out; no ORM, GraphQL or HTTP.
//
// The measure. For each ingredient (and each knowledge-base group) we count the bad products and
// the good products that contain it: a 2×2 table (with it / without it × went badly / went well).
//
// The ranking score is the log-likelihood-ratio statistic G of that table (G = 2 Σ O·ln(O/E), the
// G-test; Dunning 1993 uses it to rank word collocations for the same reason), counted only when
// the ingredient is more common in the bad products, times a position weight. G grows with both
// the size of the difference and the number of products behind it, so 12 of 19 bad products
// against 3 of 31 good ones outranks 4 of 19 against 0 of 31: a plain ratio would not (an
// ingredient never seen in a good product has an unbounded ratio on little evidence).
//
// Beside the score, for people: the presence rates, and a likelihood ratio with Laplace's rule of
// succession, (badWith + 1)/(bad + 2) over (goodWith + 1)/(good + 2) ("3 times as common in the
// products that went badly"); and the one-sided Fisher exact p-value of the table (how likely a
// split at least this lopsided is if the ingredient had nothing to do with it). Dozens of
// ingredients and groups are tested per person, so some split lopsidedly by chance: the p-values
// are adjusted for the false discovery rate over every ingredient and group tested
// (Benjamini & Hochberg 1995, doi:10.1111/j.2517-6161.1995.tb02031.x), and the adjusted figure
// sets the confidence: high at q ≤ 0.01 with at least 4 bad products behind it, medium at
// q ≤ 0.1, else low. Six products (3 bad, 3 good) can never reach high: the smallest p they
// allow is 1/20. The position weight is a mild correction (1 high in the list, down to 0.8
// behind the 1 % line), not a veto: fragrance allergens and preservatives react at traces.
//
// What it refuses to do: rank anything without at least MIN_BAD bad products and MIN_GOOD good
// ones to contrast them with (the status says which is missing), or blame what is in every rated
// product (it cannot explain a difference). Ingredients that are always present together cannot be
// told apart: they come out as one suspect naming the others (`alwaysWith`).
//
// What it adds: a product's own strong active (a retinoid, benzoyl peroxide, an AHA or BHA above
// the 1 % line) can irritate by itself, shared ingredient or not; the answer says which products
// that went badly hold one.

export type Outcome = 'broke_out' | 'irritated' | 'itched' | 'fine' | 'loved';

export const BAD_OUTCOMES: readonly Outcome[] = ['broke_out', 'irritated', 'itched'];
export const isBad = (outcome: Outcome): boolean => BAD_OUTCOMES.includes(outcome);

/** Below these counts there is nothing honest to rank. */
export const MIN_BAD = 2;
export const MIN_GOOD = 1;

/** How much of the product an ingredient can be, read from the list (analysis/engine/concentration.ts). */
export type ConcentrationBand = 'above_1_percent' | 'at_most_1_percent';

export interface RatedIngredient {
  id: string;
  name: string;
  /** 1-based position in the list as printed. */
  position: number;
  band?: ConcentrationBand | null;
  /** Knowledge-base groups (data/vocabulary.yaml `groups`): fatty_alcohols, eu_allergens… */
  groups: string[];
}

export interface RatedItem {
  /** What was rated (a product id, an analysis token): later ratings of the same key replace earlier ones. */
  key: string;
  outcome: Outcome;
  /** YYYY-MM-DD */
  date: string;
  ingredients: RatedIngredient[];
}

export type DetectiveStatus =
  | 'ok'
  | 'nothing_rated'
  | 'no_bad_products'
  | 'too_few_bad_products'
  | 'no_good_products'
  | 'no_clear_suspect';

export type Confidence = 'high' | 'medium' | 'low';

export interface Suspect {
  kind: 'ingredient' | 'group';
  /** The ingredient id, or the group's name (fatty_alcohols). */
  id: string;
  name: string;
  badWith: number;
  goodWith: number;
  badTotal: number;
  goodTotal: number;
  /** Share of the bad / good products containing it (raw, not smoothed). */
  badRate: number;
  goodRate: number;
  likelihoodRatio: number;
  /** One-sided Fisher exact test on the 2×2 table. */
  pValue: number;
  /** pValue adjusted for the false discovery rate over every ingredient and group tested (Benjamini-Hochberg q). */
  adjustedPValue: number;
  confidence: Confidence;
  /** Mean position in the bad products that contain it (ingredients; for groups, its earliest member's). */
  averagePosition: number;
  score: number;
  /** Ingredients present in exactly the same rated products: the data cannot tell them apart. */
  alwaysWith: Array<{ id: string; name: string }>;
  /** For groups: the member ingredients found in the bad products. */
  members: Array<{ id: string; name: string }>;
  reason: string;
}

export interface DetectiveResult {
  status: DetectiveStatus;
  /** The status in words: what was found, or what evidence is missing. */
  message: string;
  badProducts: number;
  goodProducts: number;
  suspects: Suspect[];
  /** In every rated product: cannot explain why some went badly. */
  inEveryProduct: Array<{ id: string; name: string }>;
  /** With too few good products: what all the bad ones share (not ranked, not blamed). */
  sharedByBadProducts: Array<{ id: string; name: string }>;
  /** How many ingredients and groups were tested (what the p-values were adjusted for). */
  tests: number;
  /** Products that went badly holding a strong active that can irritate by itself. */
  strongActives: Array<{ key: string; ingredients: Array<{ id: string; name: string; why: string }> }>;
}

/** Actives that irritate by themselves at the strength products use (the AAD and BAD patient guides on retinoids, benzoyl peroxide and hydroxy acids). */
const STRONG_ACTIVE_GROUPS: Record<string, { why: string; anyDose: boolean }> = {
  retinoids: { why: 'a retinoid', anyDose: true },
  benzoyl_peroxide: { why: 'benzoyl peroxide', anyDose: true },
  ahas: { why: 'an AHA above 1%', anyDose: false },
  bhas: { why: 'a BHA above 1%', anyDose: false },
};

/** Why an entry is a strong active here, or null: hydroxy acids only above the 1 % line (or, unknown, among the first three). */
export function strongActive(entry: RatedIngredient): string | null {
  for (const group of entry.groups) {
    const active = STRONG_ACTIVE_GROUPS[group];
    if (!active) continue;
    if (active.anyDose || entry.band === 'above_1_percent' || (!entry.band && entry.position <= 3)) return active.why;
  }
  return null;
}

/** Benjamini-Hochberg q-values, in the order given. */
export function benjaminiHochberg(pValues: number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
  const q = new Array<number>(m);
  let running = 1;
  for (let rank = m; rank >= 1; rank--) {
    const { p, i } = order[rank - 1];
    running = Math.min(running, (p * m) / rank);
    q[i] = Math.min(1, running);
  }
  return q;
}

/** The latest rating of each key (ties: the later one in the input). */
export function latestRatings(items: RatedItem[]): RatedItem[] {
  const latest = new Map<string, RatedItem>();
  for (const item of items) {
    const seen = latest.get(item.key);
    if (!seen || item.date >= seen.date) latest.set(item.key, item);
  }
  return [...latest.values()];
}

/**
 * How much an entry weighs by where it sits: the band when the list tells it (after the 1 % line
 * an ingredient is a trace), else its position (the first five are the bulk of a product).
 */
export function positionWeight(ingredient: Pick<RatedIngredient, 'position' | 'band'>): number {
  if (ingredient.band === 'at_most_1_percent') return 0.8;
  if (ingredient.band === 'above_1_percent') return 1;
  return ingredient.position <= 5 ? 1 : Math.max(0.8, 1 - (ingredient.position - 5) * 0.02);
}

// --- the 2×2 table ---------------------------------------------------------------------------

function logFactorial(n: number): number {
  let sum = 0;
  for (let i = 2; i <= n; i++) sum += Math.log(i);
  return sum;
}

const logChoose = (n: number, k: number) => logFactorial(n) - logFactorial(k) - logFactorial(n - k);

/**
 * P(at least `badWith` of the bad products contain it) when `badWith + goodWith` carriers are
 * spread at random over `bad + good` products: the one-sided Fisher exact test.
 */
export function fisherOneSided(badWith: number, goodWith: number, bad: number, good: number): number {
  const carriers = badWith + goodWith;
  const total = bad + good;
  let p = 0;
  for (let k = badWith; k <= Math.min(carriers, bad); k++) {
    p += Math.exp(logChoose(bad, k) + logChoose(good, carriers - k) - logChoose(total, carriers));
  }
  return Math.min(1, p);
}

const smoothedRate = (count: number, total: number) => (count + 1) / (total + 2);

/** The G statistic (log-likelihood ratio) of the table with it / without it × bad / good. */
export function gStatistic(badWith: number, goodWith: number, bad: number, good: number): number {
  const n = bad + good;
  const withIt = badWith + goodWith;
  const cells: Array<[number, number, number]> = [
    [badWith, withIt, bad],
    [goodWith, withIt, good],
    [bad - badWith, n - withIt, bad],
    [good - goodWith, n - withIt, good],
  ];
  let g = 0;
  for (const [observed, row, column] of cells)
    if (observed > 0) g += observed * Math.log(observed / ((row * column) / n));
  return 2 * g;
}
const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

function confidenceOf(adjusted: number, badWith: number): Confidence {
  if (adjusted <= 0.01 && badWith >= 4) return 'high';
  if (adjusted <= 0.1) return 'medium';
  return 'low';
}

// --- features ----------------------------------------------------------------------------------

interface Feature {
  kind: 'ingredient' | 'group';
  id: string;
  name: string;
  /** Item index → weight of its presence there (the heaviest entry). */
  presentIn: Map<number, { weight: number; position: number; memberId: string; memberName: string }>;
}

function featuresOf(items: RatedItem[]): Feature[] {
  const features = new Map<string, Feature>();
  const touch = (kind: Feature['kind'], id: string, name: string, index: number, entry: RatedIngredient) => {
    const key = `${kind}:${id}`;
    let feature = features.get(key);
    if (!feature) features.set(key, (feature = { kind, id, name, presentIn: new Map() }));
    const weight = positionWeight(entry);
    const seen = feature.presentIn.get(index);
    if (!seen || weight > seen.weight || (weight === seen.weight && entry.position < seen.position)) {
      feature.presentIn.set(index, { weight, position: entry.position, memberId: entry.id, memberName: entry.name });
    }
  };
  items.forEach((item, index) => {
    for (const entry of item.ingredients) {
      touch('ingredient', entry.id, entry.name, index, entry);
      for (const group of new Set(entry.groups)) touch('group', group, group.replace(/_/g, ' '), index, entry);
    }
  });
  return [...features.values()];
}

const signature = (feature: Feature) => [...feature.presentIn.keys()].sort((a, b) => a - b).join(',');

// --- the detective -----------------------------------------------------------------------------

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function investigate(input: RatedItem[], options: { limit?: number } = {}): DetectiveResult {
  const limit = options.limit ?? 10;
  const items = latestRatings(input);
  const badIdx = new Set(items.flatMap((item, i) => (isBad(item.outcome) ? [i] : [])));
  const bad = badIdx.size;
  const good = items.length - bad;
  const strongActives = [...badIdx].flatMap((i) => {
    const found = items[i].ingredients.flatMap((entry) => {
      const why = strongActive(entry);
      return why ? [{ id: entry.id, name: entry.name, why }] : [];
    });
    return found.length ? [{ key: items[i].key, ingredients: found }] : [];
  });
  const empty = {
    badProducts: bad,
    goodProducts: good,
    suspects: [],
    inEveryProduct: [],
    sharedByBadProducts: [],
    tests: 0,
    strongActives,
  };

  if (items.length === 0)
    return {
      status: 'nothing_rated',
      message: 'No product has been rated yet: record how products went, good and bad, to find a culprit.',
      ...empty,
    };
  if (bad === 0)
    return {
      status: 'no_bad_products',
      message: `All ${plural(good, 'rated product')} went well: there is no reaction to explain.`,
      ...empty,
    };

  const features = featuresOf(items);
  const ingredients = features.filter((f) => f.kind === 'ingredient');
  const inEvery =
    items.length >= 2
      ? ingredients.filter((f) => f.presentIn.size === items.length).map((f) => ({ id: f.id, name: f.name }))
      : [];
  const sharedByBad = ingredients
    .filter((f) => [...badIdx].every((i) => f.presentIn.has(i)))
    .map((f) => ({ id: f.id, name: f.name }));

  if (bad < MIN_BAD) {
    return {
      status: 'too_few_bad_products',
      ...empty,
      sharedByBadProducts: sharedByBad,
      inEveryProduct: inEvery,
      message: `Only ${plural(bad, 'product')} went badly: at least ${MIN_BAD} are needed before any ingredient can be suspected (one reaction can have many causes).`,
    };
  }
  if (good < MIN_GOOD) {
    return {
      status: 'no_good_products',
      ...empty,
      sharedByBadProducts: sharedByBad,
      inEveryProduct: inEvery,
      message: `${plural(bad, 'product')} went badly and none went well: rate products that suited you too, so what the bad ones share can be told from what every product has.`,
    };
  }

  // Ingredients in exactly the same products are one suspect: keep the earliest listed, name the others.
  const bySignature = new Map<string, Feature[]>();
  for (const f of ingredients) {
    const sig = signature(f);
    bySignature.set(sig, [...(bySignature.get(sig) ?? []), f]);
  }

  const suspects: Array<
    Omit<Suspect, 'adjustedPValue' | 'confidence' | 'reason'> & {
      describe: (confidence: Confidence, q: number) => string;
    }
  > = [];
  const tested: number[] = [];
  const consider = (f: Feature, companions: Feature[]) => {
    let badWith = 0;
    let goodWith = 0;
    let weightSum = 0;
    let positionSum = 0;
    for (const [index, presence] of f.presentIn) {
      if (badIdx.has(index)) {
        badWith++;
        weightSum += presence.weight;
        positionSum += presence.position;
      } else goodWith++;
    }
    if (f.presentIn.size === items.length) return; // in every product: no contrast
    const pValue = fisherOneSided(badWith, goodWith, bad, good);
    tested.push(pValue); // every contrast looked at counts, suspect or not
    if (badWith < MIN_BAD) return;
    const badRate = smoothedRate(badWith, bad);
    const goodRate = smoothedRate(goodWith, good);
    if (badRate <= goodRate) return;
    const likelihoodRatio = badRate / goodRate;
    const meanWeight = weightSum / badWith;
    const score = gStatistic(badWith, goodWith, bad, good) * meanWeight;
    const averagePosition = positionSum / badWith;
    const members =
      f.kind === 'group'
        ? [
            ...new Map(
              [...f.presentIn]
                .filter(([i]) => badIdx.has(i))
                .map(([, p]) => [p.memberId, { id: p.memberId, name: p.memberName }]),
            ).values(),
          ]
        : [];
    const where =
      meanWeight >= 0.99 ? 'high in the list' : meanWeight <= 0.85 ? 'low in the list (a small amount)' : 'mid-list';
    const what = f.kind === 'group' ? `Something from ${f.name} (${members.map((m) => m.name).join(', ')})` : f.name;
    const together = companions.length
      ? ` It always comes with ${companions.map((c) => c.name).join(', ')}: these cannot be told apart.`
      : '';
    const own =
      f.kind === 'group'
        ? STRONG_ACTIVE_GROUPS[f.id]?.why
        : [...badIdx]
            .map((i) => items[i].ingredients.find((e) => e.id === f.id))
            .map((e) => (e ? strongActive(e) : null))
            .find(Boolean);
    const active = own
      ? ` It is itself ${own}: it can irritate by itself at that strength, whatever else the products hold.`
      : '';
    suspects.push({
      kind: f.kind,
      id: f.id,
      name: f.name,
      badWith,
      goodWith,
      badTotal: bad,
      goodTotal: good,
      badRate: round(badWith / bad),
      goodRate: round(goodWith / good),
      likelihoodRatio: round(likelihoodRatio),
      pValue: round(pValue, 4),
      averagePosition: round(averagePosition, 1),
      score: round(score),
      alwaysWith: companions.map((c) => ({ id: c.id, name: c.name })),
      members,
      describe: (confidence, q) => {
        const evidence = { high: 'strong evidence', medium: 'some evidence', low: 'weak evidence: rate more products' }[
          confidence
        ];
        return `${what}: ${badWith} of ${bad} products that went badly had it, ${goodWith} of ${good} that went well; ${where}; ${evidence} (p = ${round(pValue, 3)}, ${round(q, 3)} after allowing for the ${plural(tested.length, 'ingredient or group', 'ingredients and groups')} tested).${together}${active}`;
      },
    });
  };

  const ingredientSignatures = new Set<string>();
  for (const group of bySignature.values()) {
    const [first, ...rest] = [...group].sort((a, b) => averageOf(a) - averageOf(b) || a.name.localeCompare(b.name));
    ingredientSignatures.add(signature(first));
    consider(first, rest);
  }
  // A group adds something only where it reaches products no single member covers.
  for (const f of features) if (f.kind === 'group' && !ingredientSignatures.has(signature(f))) consider(f, []);

  // q-values over every test; a suspect's p is one of them (equal p-values get equal q-values).
  const qOf = new Map<number, number>();
  for (const [i, q] of benjaminiHochberg(tested).entries()) qOf.set(tested[i], Math.min(qOf.get(tested[i]) ?? 1, q));
  const judged: Suspect[] = suspects.map(({ describe, ...s }) => {
    const q = qOf.get(fisherOneSided(s.badWith, s.goodWith, bad, good)) ?? 1;
    const confidence = confidenceOf(q, s.badWith);
    return { ...s, adjustedPValue: round(q, 4), confidence, reason: describe(confidence, q) };
  });
  judged.sort(
    (a, b) => b.score - a.score || a.pValue - b.pValue || b.badWith - a.badWith || a.name.localeCompare(b.name),
  );
  const ranked = judged.slice(0, limit);
  const activesNote = strongActives.length
    ? ` ${strongActives.length} of the ${plural(bad, 'product')} that went badly ${strongActives.length === 1 ? 'holds' : 'hold'} a strong active that can irritate by itself (${[...new Set(strongActives.flatMap((a) => a.ingredients.map((i) => `${i.name}, ${i.why}`)))].join('; ')}): the active at that strength may explain ${strongActives.length === 1 ? 'that reaction' : 'those reactions'} alone.`
    : '';
  const base = {
    badProducts: bad,
    goodProducts: good,
    inEveryProduct: inEvery,
    sharedByBadProducts: sharedByBad,
    tests: tested.length,
    strongActives,
  };
  if (!ranked.length) {
    return {
      status: 'no_clear_suspect',
      suspects: [],
      ...base,
      message: `Nothing is more common in the ${plural(bad, 'product')} that went badly than in the ${good} that went well: no ingredient stands out.${activesNote}`,
    };
  }
  const top = ranked[0];
  return {
    status: 'ok',
    suspects: ranked,
    ...base,
    message: `From ${plural(bad, 'product')} that went badly and ${good} that went well, the likeliest suspect is ${top.kind === 'group' ? `the group ${top.name}` : top.name} (${top.confidence} confidence: ${top.badWith} of ${bad} that went badly had it, ${top.goodWith} of ${good} that went well).${activesNote}`,
  };
}

/** Mean position of a feature over the products containing it (to pick which of companions leads). */
function averageOf(f: Feature): number {
  let sum = 0;
  for (const p of f.presentIn.values()) sum += p.position;
  return sum / Math.max(1, f.presentIn.size);
}
