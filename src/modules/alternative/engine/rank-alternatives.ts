// Better alternatives: the products most like one, ranked by how well they fit one person, each
// with the reasons it is better or worse for them than the original. Pure: plain data in (the
// similar products with their ingredients, the person's profile, feelings and free-of wishes, the
// routine it would go into), ranking out. The judging is the other engines': personalize
// (skin type, concerns, pregnancy, feelings) and the routine's fitProduct (clashes).
//
// The fit score is the similarity (0-1) plus points for the person:
//   a negative feeling, or a pregnancy avoid, on an ingredient  −1 each
//   a free-of wish it breaks                                    −0.6 each
//   a skin-type or concern caution                              −0.15 each (at most −0.6;
//                                                               one per profile that flags it)
//   a positive feeling                                          +0.4 each (at most +0.8)
//   a skin-type or concern reason in favour                     +0.05 each (at most +0.2)
//   the routine: clashes (high) −1, fits with care −0.3, wrong time or step −0.5 (fitting is
//   the norm, so no bonus: it would lift every product above the more similar ones)
// so one thing the person told us they avoid outweighs any similarity, and several mild
// cautions never outweigh a feeling. "Better" or "worse" compares the same points with the
// original's.
//
// Before any of that comes what the product is for: an alternative to a sunscreen is a
// sunscreen, however well a sleeping mask suits the person. Candidates of the original's category
// come first, then those of a sibling category serving the same routine step (toners, essences,
// face mists); a product of another kind only when the caller asks for them, labelled as such.
import { personalize, type PersonalProfile } from '../../analysis/engine/personalize.js';
import type { SkinIngredient } from '../../analysis/engine/skin-types.js';
import {
  CANDIDATE_STEP_ID,
  fitProduct,
  type EngineIngredient,
  type EngineRoutine,
  type ProductFit,
  type RuleSet,
} from '../../routine/engine/compatibility.js';
import { SENSITIVITY_TRIGGERS } from '../../survey/engine/sensitivities.js';
import { stepInWords } from '../../routine/engine/steps.js';

export interface AlternativeIngredient extends SkinIngredient, EngineIngredient {
  id: string;
  alias: string;
  name: string;
}

/** What a product is for: its category, and the routine step that category (or its step) serves. */
export interface ProductKind {
  categoryId: string | null;
  /** "Toners", as the label names it. */
  name: string | null;
  parentId: string | null;
  stepType: string | null;
}

/** How a candidate's kind compares with the original's. unknown: the original's kind is not known. */
export type KindMatch = 'same_category' | 'same_step' | 'other' | 'unknown';

const KIND_ORDER: Record<KindMatch, number> = { same_category: 0, same_step: 1, unknown: 1, other: 2 };
/** The person's verdict on a product, best first (no verdict, for anonymous callers, counts as neutral). */
const VERDICT_ORDER: Record<NonNullable<RankedAlternative['verdict']>, number> = {
  good: 0,
  neutral: 1,
  caution: 2,
  avoid: 3,
};

/**
 * Same category; else a sibling category (same parent) for the same step, or, for an original known
 * only by the step it serves (no category), any category for that step. Hand creams and toners
 * both go on skin, but one does not replace the other.
 */
export function kindMatch(
  original: ProductKind | null | undefined,
  candidate: ProductKind | null | undefined,
): KindMatch {
  if (!original || (!original.categoryId && !original.stepType)) return 'unknown';
  if (original.categoryId && candidate?.categoryId === original.categoryId) return 'same_category';
  if (!original.stepType || candidate?.stepType !== original.stepType) return 'other';
  return !original.categoryId || candidate.parentId === original.parentId ? 'same_step' : 'other';
}

export interface RankOptions {
  /** Also offer products of another kind (after every one of the same kind), labelled. */
  otherKinds?: boolean;
}

export interface ProductFacts {
  id: string;
  /** Its name, to call it by in routine findings. */
  name?: string | null;
  ingredients: AlternativeIngredient[];
  /** What it is for; null or absent when not known. */
  kind?: ProductKind | null;
  /** The category's routine step, when known (for the routine fit). */
  categoryStep?: { stepType: string | null; name: string } | null;
  /**
   * Part of its list could not be read (words run together), or it has no list: what we could not read may hold
   * anything, so it is never called free of something, as it passes no free-of rule.
   */
  unread?: boolean;
}

export interface SimilarProduct extends ProductFacts {
  /** Ingredient-list similarity to the original, 0-1. */
  similarity: number;
}

/** Something the person wants products free of. */
export interface FreeOfWish {
  id: string;
  /** What it is, in words: "fragrance". */
  label: string;
  /** Why, completing "which …": "you avoid (fragrance-free group)". */
  why: string;
  test: (ingredient: AlternativeIngredient) => boolean;
}

export interface Person {
  profile: PersonalProfile;
  positive: string[];
  negative: string[];
  wishes: FreeOfWish[];
}

export interface RoutineContext {
  routine: EngineRoutine;
  ruleSet: RuleSet;
  /** "your evening routine", as the reasons name it. */
  label: string;
}

export type Effect = 'better' | 'worse' | 'neutral';
export type ReasonSource = 'kind' | 'similarity' | 'feeling' | 'pregnancy' | 'free_of' | 'skin_profile' | 'routine';

export interface AlternativeReason {
  effect: Effect;
  source: ReasonSource;
  text: string;
  ingredientIds: string[];
}

export interface RankedAlternative {
  id: string;
  similarity: number;
  fitScore: number;
  /** Against the original, for this person: better, worse, same; unknown for anonymous callers. */
  comparedToOriginal: 'better' | 'worse' | 'same' | 'unknown';
  /** Whether it is the same kind of product as the original (ranked first) or another kind (only when asked). */
  kind: KindMatch;
  /** personalize's verdict for the person; null for anonymous callers. */
  verdict: 'good' | 'neutral' | 'caution' | 'avoid' | null;
  routineFit: ProductFit['verdict'] | null;
  /** What kind of product it is, when not the original's category; then worse first, then better, then neutral. */
  reasons: AlternativeReason[];
}

// --- wishes ------------------------------------------------------------------------------------

const hasFlag = (i: AlternativeIngredient, ...flags: string[]) => flags.some((f) => i.flags.includes(f));

/** Interest groups (data/supergroups.yaml) that are a wish to be free of something. */
const SUPERGROUP_WISHES: Record<string, { label: string; test: FreeOfWish['test'] }> = {
  'fragrance-free': { label: 'fragrance', test: (i) => hasFlag(i, 'fragrance', 'essential_oil', 'eu_allergen') },
  'fungal-acne': { label: 'fungal-acne triggers', test: (i) => hasFlag(i, 'fungal_acne_trigger') },
};

/** The person's free-of wishes: from the groups they joined and what the survey says their skin reacted to. */
export function freeOfWishes(supergroups: string[], sensitivities: string[]): FreeOfWish[] {
  const wishes: FreeOfWish[] = [];
  for (const group of supergroups) {
    const wish = SUPERGROUP_WISHES[group];
    if (wish) wishes.push({ id: group, label: wish.label, why: `you avoid (${group} group)`, test: wish.test });
  }
  for (const sensitivity of sensitivities) {
    const trigger = SENSITIVITY_TRIGGERS[sensitivity];
    if (!trigger) continue;
    const label = trigger.reason.replace(/^an? /, '').split(',')[0];
    if (!wishes.some((w) => w.label === label))
      wishes.push({
        id: sensitivity,
        label,
        why: 'your skin reacted to (survey)',
        test: trigger.test as FreeOfWish['test'],
      });
  }
  return wishes;
}

// --- judging one product -------------------------------------------------------------------------

interface Judgement {
  points: number;
  verdict: RankedAlternative['verdict'];
  negatives: Map<string, AlternativeIngredient>;
  pregnancy: Map<string, AlternativeIngredient>;
  positives: Map<string, AlternativeIngredient>;
  broken: Map<string, AlternativeIngredient[]>;
  /** On an unread list: the wishes it breaks nowhere we could read, which it cannot be shown to keep. */
  unknownWishes: FreeOfWish[];
  cautions: Map<string, AlternativeIngredient>;
  /** Caution reasons: an ingredient several of the person's profiles flag counts once for each. */
  cautionCount: number;
  goods: Map<string, { ingredient: AlternativeIngredient; basis: string }>;
  fit: ProductFit | null;
}

const capped = (value: number, cap: number) => (cap < 0 ? Math.max(value, cap) : Math.min(value, cap));

function judge(product: ProductFacts, person: Person | null, routine: RoutineContext | null): Judgement {
  const j: Judgement = {
    points: 0,
    verdict: null,
    negatives: new Map(),
    pregnancy: new Map(),
    positives: new Map(),
    broken: new Map(),
    unknownWishes: [],
    cautions: new Map(),
    cautionCount: 0,
    goods: new Map(),
    fit: null,
  };
  if (person) {
    const result = personalize(product.ingredients, person.profile, {
      positive: person.positive,
      negative: person.negative,
    });
    j.verdict = result.verdict;
    for (const r of result.reasons) {
      if (r.source === 'feeling')
        (r.verdict === 'avoid' ? j.negatives : j.positives).set(r.ingredient.id, r.ingredient);
      else if (r.source === 'pregnancy') j.pregnancy.set(r.ingredient.id, r.ingredient);
      else if (r.verdict === 'caution') {
        j.cautions.set(r.ingredient.id, r.ingredient);
        j.cautionCount++;
      } else if (r.verdict === 'good' && !j.goods.has(r.ingredient.id))
        j.goods.set(r.ingredient.id, { ingredient: r.ingredient, basis: r.basis });
    }
    for (const wish of person.wishes) {
      const hits = product.ingredients.filter(wish.test);
      if (hits.length) j.broken.set(wish.id, hits);
      else if (product.unread) j.unknownWishes.push(wish);
    }
    j.points +=
      -1 * (j.negatives.size + j.pregnancy.size) -
      0.6 * (j.broken.size + j.unknownWishes.length) +
      capped(-0.15 * j.cautionCount, -0.6) +
      capped(0.4 * j.positives.size, 0.8) +
      capped(0.05 * j.goods.size, 0.2);
  }
  if (routine) {
    j.fit = fitProduct(routine.routine, product, routine.ruleSet);
    const clash = j.fit.findings.some((f) => f.severity === 'high');
    j.points += j.fit.verdict === 'fits' ? 0 : j.fit.verdict === 'caution' ? -0.3 : clash ? -1 : -0.5;
  }
  return j;
}

// --- reasons -----------------------------------------------------------------------------------

const names = (list: Iterable<AlternativeIngredient>) => [...list].map((i) => i.name).join(', ');
const ids = (list: Iterable<AlternativeIngredient>) => [...list].map((i) => i.id);

function reasonsFor(
  alt: Judgement,
  original: Judgement & { kind?: ProductKind | null },
  person: Person | null,
  routine: RoutineContext | null,
  product: SimilarProduct,
): AlternativeReason[] {
  const reasons: AlternativeReason[] = [];
  const add = (effect: Effect, source: ReasonSource, text: string, ingredients: AlternativeIngredient[] = []) =>
    reasons.push({ effect, source, text, ingredientIds: ids(ingredients) });
  const percent = Math.round(product.similarity * 100);
  if (!person) {
    add(
      'neutral',
      'similarity',
      `${percent}% similar ingredient list. Ranked by similarity only: sign in to rank by your skin profile, ingredient feelings and free-of wishes.`,
    );
  } else {
    // An unread list is never called free of something: the reason says what it cannot be shown to be free of.
    const unread = product.unread === true;
    const unknown: string[] = [];
    const unknownIngredients: AlternativeIngredient[] = [];
    // What the original holds that the person avoids (marked negative, or advised against in pregnancy): gone
    // from the alternative is better, still there is worse, and on an unread list it is unknown.
    const avoided = [
      {
        source: 'feeling' as const,
        why: 'which you marked negative',
        inOriginal: original.negatives,
        inAlt: alt.negatives,
      },
      {
        source: 'pregnancy' as const,
        why: 'advised against during pregnancy',
        inOriginal: original.pregnancy,
        inAlt: alt.pregnancy,
      },
    ];
    for (const { source, why, inOriginal, inAlt } of avoided) {
      for (const [id, i] of inOriginal)
        if (inAlt.has(id)) continue;
        else if (unread) {
          unknown.push(`${i.name}, ${why}`);
          unknownIngredients.push(i);
        } else add('better', source, `free of ${i.name}, ${why}`, [i]);
      for (const [id, i] of inAlt)
        add('worse', source, `${inOriginal.has(id) ? 'still contains' : 'contains'} ${i.name}, ${why}`, [i]);
    }
    for (const wish of person.wishes) {
      const hits = alt.broken.get(wish.id);
      if (hits)
        add(
          'worse',
          'free_of',
          `${original.broken.has(wish.id) ? 'still contains' : 'contains'} ${wish.label} (${names(hits)}), which ${wish.why}`,
          hits,
        );
      else if (alt.unknownWishes.includes(wish)) unknown.push(`${wish.label}, which ${wish.why}`);
      else if (original.broken.has(wish.id))
        add('better', 'free_of', `free of ${wish.label}, which ${wish.why}`, original.broken.get(wish.id));
    }
    if (unknown.length)
      add(
        'worse',
        'free_of',
        `part of its ingredient list could not be read, so it cannot be called free of ${unknown.join('; ')}`,
        unknownIngredients,
      );
    for (const [id, i] of alt.positives)
      if (!original.positives.has(id)) add('better', 'feeling', `contains ${i.name}, which you marked as good`, [i]);
    const newCautions = [...alt.cautions].filter(([id]) => !original.cautions.has(id)).map(([, i]) => i);
    const goneCautions = [...original.cautions].filter(([id]) => !alt.cautions.has(id)).map(([, i]) => i);
    if (newCautions.length)
      add(
        'worse',
        'skin_profile',
        `cautions for your skin the original does not have: ${names(newCautions)}`,
        newCautions,
      );
    if (goneCautions.length)
      add(
        'better',
        'skin_profile',
        `without the original's cautions for your skin: ${names(goneCautions)}`,
        goneCautions,
      );
    const newGoods = [...alt.goods.values()].filter((g) => !original.goods.has(g.ingredient.id));
    if (newGoods.length)
      add(
        'better',
        'skin_profile',
        `good for your ${[...new Set(newGoods.map((g) => g.basis.replace(/_/g, ' ')))].join(', ')}: ${names(newGoods.map((g) => g.ingredient))}`,
        newGoods.map((g) => g.ingredient),
      );
    add('neutral', 'similarity', `${percent}% similar ingredient list`);
  }
  if (routine && alt.fit) {
    const own = new Set(ids(product.ingredients));
    for (const f of alt.fit.findings) {
      const others = f.ingredients.filter((i) => !own.has(i.id));
      const candidateOnly = !f.steps.some((s) => s.id !== CANDIDATE_STEP_ID);
      const text =
        others.length && !candidateOnly
          ? `${f.severity === 'high' ? 'clashes' : 'needs care'} with ${others.map((i) => i.name).join(', ')} in ${routine.label}: ${f.title}`
          : `${f.title} (${routine.label})`;
      add(
        'worse',
        'routine',
        text,
        product.ingredients.filter((i) => f.ingredients.some((x) => x.id === i.id)),
      );
    }
    if (alt.fit.verdict === 'does_not_fit' && !alt.fit.findings.length) add('worse', 'routine', alt.fit.reason);
    if (alt.fit.verdict === 'fits') {
      const step = alt.fit.placements[0]?.stepType;
      add(
        original.fit && original.fit.verdict !== 'fits' ? 'better' : 'neutral',
        'routine',
        `fits ${routine.label} as ${step ? stepInWords(step) : 'a new step'}${original.fit && original.fit.verdict !== 'fits' ? ', unlike the original' : ''}`,
      );
    }
  }
  const order: Record<Effect, number> = { worse: 0, better: 1, neutral: 2 };
  const sorted = reasons
    .map((r, i) => ({ r, i }))
    .sort((a, b) => order[a.r.effect] - order[b.r.effect] || a.i - b.i)
    .map(({ r }) => r);
  const kind = kindReason(original.kind, product.kind);
  return kind ? [kind, ...sorted] : sorted;
}

const stepWords = (step: string | null | undefined) => (step ? `a ${step} step` : 'no routine step');

/** Says what the alternative is when it is not of the original's category. */
function kindReason(
  original: ProductKind | null | undefined,
  candidate: ProductKind | null | undefined,
): AlternativeReason | null {
  const match = kindMatch(original, candidate);
  const what = candidate?.name ?? 'uncategorised';
  if (match === 'same_step')
    return {
      effect: 'neutral',
      source: 'kind',
      text: `same routine step (${original!.stepType}), another category: ${what}${original!.name ? `, not ${original!.name}` : ''}`,
      ingredientIds: [],
    };
  if (match === 'other')
    return {
      effect: 'worse',
      source: 'kind',
      text: `a different kind of product: ${what} (${stepWords(candidate?.stepType)}), not ${original!.name ?? "the original's kind"} (${stepWords(original!.stepType)})`,
      ingredientIds: [],
    };
  return null;
}

// --- ranking -----------------------------------------------------------------------------------

const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The similar products ranked for the person (null: anonymous, similarity only): the same kind
 * first (category, then sibling category for the same step), best fit first within each; other
 * kinds only with `otherKinds`, last. Ties keep the more similar one first, then the id.
 */
export function rankAlternatives(
  original: ProductFacts,
  similar: SimilarProduct[],
  person: Person | null,
  routine: RoutineContext | null,
  limit: number,
  options: RankOptions = {},
): RankedAlternative[] {
  const originalJudgement = { ...judge(original, person, routine), kind: original.kind };
  const offered = similar.filter((product) => options.otherKinds || kindMatch(original.kind, product.kind) !== 'other');
  const ranked = offered.map((product): RankedAlternative => {
    const j = judge(product, person, routine);
    // An unread list may still hold what the person avoids in the original: it counts as if it did.
    if (product.unread)
      j.points -=
        [...originalJudgement.negatives.keys()].filter((id) => !j.negatives.has(id)).length +
        [...originalJudgement.pregnancy.keys()].filter((id) => !j.pregnancy.has(id)).length;
    const diff = j.points - originalJudgement.points;
    // A product the person's check calls "avoid" is never "better" for them, however much worse the original is.
    const avoid = j.verdict === 'avoid';
    return {
      id: product.id,
      similarity: round(product.similarity),
      fitScore: round(product.similarity + j.points),
      comparedToOriginal:
        !person && !routine
          ? 'unknown'
          : diff > 0.05 && !avoid
            ? 'better'
            : diff < -0.05 || (avoid && originalJudgement.verdict !== 'avoid')
              ? 'worse'
              : 'same',
      kind: kindMatch(original.kind, product.kind),
      verdict: j.verdict,
      routineFit: j.fit?.verdict ?? null,
      reasons: reasonsFor(j, originalJudgement, person, routine, product),
    };
  });
  // Products of another kind (only when asked) after those of the same kind; among each, the
  // person's verdict first: one their profile calls caution (or avoid) never ranks above one it
  // calls good, however similar. Then the category before its siblings, then the fit score.
  ranked.sort(
    (a, b) =>
      Number(a.kind === 'other') - Number(b.kind === 'other') ||
      VERDICT_ORDER[a.verdict ?? 'neutral'] - VERDICT_ORDER[b.verdict ?? 'neutral'] ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      b.fitScore - a.fitScore ||
      b.similarity - a.similarity ||
      a.id.localeCompare(b.id),
  );
  return ranked.slice(0, limit);
}
