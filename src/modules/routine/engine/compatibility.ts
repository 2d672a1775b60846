// Compatibility of a routine's products with each other and with the time of day. Pure: the
// routine as plain data and the rules (data/routine-rules.yaml, checked by parseRules) in,
// findings out. No ORM, GraphQL or HTTP here.
import { inferProductType, productTypeOfHeading } from '../../analysis/engine/product-type.js';
import { routineCandidates, type CandidateIngredient } from './candidates.js';
import { stepInWords, stepRank } from './steps.js';

export type Severity = 'high' | 'medium' | 'low';
export type RoutineTime = 'morning' | 'evening' | 'weekly' | 'anytime';

export interface EngineIngredient extends CandidateIngredient {
  id: string;
  alias: string;
  flags: string[];
  /** What the list allows about its amount, when known; else its position in the list decides. */
  band?: 'above_1_percent' | 'at_most_1_percent' | null;
  /** The analysis's Dose.significant where the caller has it (the planner); false: below what it does. */
  significant?: boolean;
}

export interface EngineStep {
  id: string;
  position: number;
  stepType: string;
  /** The step's product's ingredients ("may contain" entries left out); null without a product. */
  product: {
    id: string;
    ingredients: EngineIngredient[];
    name?: string | null;
    /** How it is used, when the caller knows; else read from its name, its step and its list (productUse). */
    use?: 'leave_on' | 'rinse_off' | null;
  } | null;
}

export interface EngineRoutine {
  timeOfDay: RoutineTime;
  steps: EngineStep[];
  /** Ingredients the routine's owner marked negative. */
  negativeIngredientIds: ReadonlySet<string> | string[];
}

export interface IngredientClass {
  label: string;
  groups?: string[];
  flags?: string[];
  effects?: string[];
  aliases?: string[];
  /** Ingredients left out of the class though its groups or flags take them in (adapalene). */
  exceptAliases?: string[];
  /** Members count only above a trace and in a product left on the skin (L-ascorbic acid: `leave_on_at_dose`). */
  leaveOnAtDose?: boolean;
}

interface RuleBase {
  id: string;
  severity: Severity;
  title: string;
  rationale: string;
  reference: string;
}
export type RuleDefinition = RuleBase &
  (
    | { kind: 'pair'; a: string; b: string }
    | { kind: 'several'; class: string; minSteps: number }
    | { kind: 'time_without'; class: string; times: RoutineTime[]; missing: string }
    | { kind: 'duplicate'; groups: string[] }
    | { kind: 'load'; class: string; minSteps: number }
    | { kind: 'feeling' }
  );

export interface RuleSet {
  classes: Record<string, IngredientClass>;
  rules: RuleDefinition[];
}

export interface FindingStep {
  id: string;
  position: number;
  stepType: string;
}
export interface FindingIngredient {
  id: string;
  alias: string;
  name: string;
}

export interface Finding {
  rule: string;
  severity: Severity;
  title: string;
  /** What was found, then why it matters. */
  reason: string;
  reference: string;
  steps: FindingStep[];
  ingredients: FindingIngredient[];
}

// ---------------------------------------------------------------------------------------------
// Rules as data

const SEVERITIES: Severity[] = ['high', 'medium', 'low'];
const TIMES: RoutineTime[] = ['morning', 'evening', 'weekly', 'anytime'];

export class RuleDataError extends Error {}

/** Checks the YAML's rules against the vocabulary (groups, flags, effects) and returns them typed. */
export function parseRules(
  raw: unknown,
  vocabulary: { groups: string[]; flags: string[]; effects: string[] },
): RuleSet {
  const fail = (where: string, message: string): never => {
    throw new RuleDataError(`routine rules: ${where}: ${message}`);
  };
  const record = (value: unknown, where: string): Record<string, unknown> =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : fail(where, 'must be a mapping');
  const strings = (value: unknown, where: string, known?: string[]): string[] => {
    if (value === undefined) return [];
    if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
      return fail(where, 'must be a list of strings');
    const unknown = known ? value.filter((v) => !known.includes(v)) : [];
    if (unknown.length) fail(where, `unknown ${unknown.join(', ')}`);
    return value as string[];
  };
  const text = (value: unknown, where: string): string =>
    typeof value === 'string' && value.trim() ? value.trim() : fail(where, 'must be a non-empty string');
  const top = record(raw, 'the file');
  const classes: Record<string, IngredientClass> = {};
  for (const [name, value] of Object.entries(record(top.classes, 'classes'))) {
    const c = record(value, `classes.${name}`);
    classes[name] = {
      label: text(c.label, `classes.${name}.label`),
      groups: strings(c.groups, `classes.${name}.groups`, vocabulary.groups),
      flags: strings(c.flags, `classes.${name}.flags`, vocabulary.flags),
      effects: strings(c.effects, `classes.${name}.effects`, vocabulary.effects),
      aliases: strings(c.aliases, `classes.${name}.aliases`),
      exceptAliases: strings(c.except_aliases, `classes.${name}.except_aliases`),
      leaveOnAtDose:
        c.leave_on_at_dose === undefined || typeof c.leave_on_at_dose === 'boolean'
          ? c.leave_on_at_dose === true
          : fail(`classes.${name}.leave_on_at_dose`, 'must be true or false'),
    };
  }
  const className = (value: unknown, where: string): string => {
    const name = text(value, where);
    return name in classes ? name : fail(where, `no class "${name}"`);
  };
  const minSteps = (value: unknown, where: string): number =>
    Number.isInteger(value) && (value as number) >= 1 ? (value as number) : fail(where, 'must be a positive integer');
  if (!Array.isArray(top.rules)) fail('rules', 'must be a list');
  const ids = new Set<string>();
  const rules = (top.rules as unknown[]).map((value, i): RuleDefinition => {
    const r = record(value, `rules[${i}]`);
    const id = text(r.id, `rules[${i}].id`);
    if (ids.has(id)) fail(`rules[${i}].id`, `"${id}" is used twice`);
    ids.add(id);
    const severity = r.severity as Severity;
    if (!SEVERITIES.includes(severity)) fail(`${id}.severity`, `must be one of ${SEVERITIES.join(', ')}`);
    const base: RuleBase = {
      id,
      severity,
      title: text(r.title, `${id}.title`),
      rationale: text(r.rationale, `${id}.rationale`),
      reference: text(r.reference, `${id}.reference`),
    };
    switch (r.kind) {
      case 'pair':
        return { ...base, kind: 'pair', a: className(r.a, `${id}.a`), b: className(r.b, `${id}.b`) };
      case 'several':
        return {
          ...base,
          kind: 'several',
          class: className(r.class, `${id}.class`),
          minSteps: minSteps(r.min_steps, `${id}.min_steps`),
        };
      case 'load':
        return {
          ...base,
          kind: 'load',
          class: className(r.class, `${id}.class`),
          minSteps: minSteps(r.min_steps, `${id}.min_steps`),
        };
      case 'time_without':
        return {
          ...base,
          kind: 'time_without',
          class: className(r.class, `${id}.class`),
          missing: className(r.missing, `${id}.missing`),
          times: strings(r.times, `${id}.times`, TIMES) as RoutineTime[],
        };
      case 'duplicate':
        return { ...base, kind: 'duplicate', groups: strings(r.groups, `${id}.groups`, vocabulary.groups) };
      case 'feeling':
        return { ...base, kind: 'feeling' };
      default:
        return fail(`${id}.kind`, `unknown kind "${String(r.kind)}"`);
    }
  });
  return { classes, rules };
}

// ---------------------------------------------------------------------------------------------
// Evaluation

const inClass = (i: EngineIngredient, c: IngredientClass): boolean =>
  !(c.exceptAliases ?? []).includes(i.alias) &&
  ((c.groups ?? []).some((g) => i.groups.includes(g)) ||
    (c.flags ?? []).some((f) => i.flags.includes(f)) ||
    (c.effects ?? []).some((e) => i.effects.includes(e)) ||
    (c.aliases ?? []).includes(i.alias));

/** One step down: a pair the maker formulated together in one product is less of a worry. */
const LOWER: Record<Severity, Severity> = { high: 'medium', medium: 'low', low: 'low' };

interface Hit {
  step: DosedStep;
  ingredients: EngineIngredient[];
}

const stepOf = (s: EngineStep): FindingStep => ({ id: s.id, position: s.position, stepType: s.stepType });
const ingredientOf = (i: EngineIngredient): FindingIngredient => ({ id: i.id, alias: i.alias, name: i.name });
const names = (list: EngineIngredient[]) => [...new Set(list.map((i) => i.name))].join(', ');
/** The id of the step a product being fitted takes in the routine (fitProduct). */
export const CANDIDATE_STEP_ID = 'candidate';

/** Where a finding's ingredient is: "step 2 (treat)", or the product being fitted, by its name. */
const at = (s: EngineStep) =>
  s.id === CANDIDATE_STEP_ID
    ? `${s.product?.name ? `“${s.product.name}”` : 'the analysed product'}, as a new ${s.stepType} step`
    : `step ${s.position} (${s.stepType})`;

function uniqueIngredients(list: EngineIngredient[]): EngineIngredient[] {
  const seen = new Map<string, EngineIngredient>();
  for (const i of list) if (!seen.has(i.id)) seen.set(i.id, i);
  return [...seen.values()];
}

/**
 * A trace: at most 1 % when the list says so; else, with no amount known, past the first five and
 * in the last 30 % of the list (where the 1 % line usually falls in leave-on lists).
 */
export function isTrace(ingredient: EngineIngredient, position: number, listLength: number): boolean {
  if (ingredient.band) return ingredient.band === 'at_most_1_percent';
  return position > 5 && position > 0.7 * listLength;
}

/** Hydroxy acids exfoliate from a few percent: a trace of one is a pH adjuster or a token, not an exfoliant (as analysis/engine/dose.ts reads AHAs). */
const DOSE_DEPENDENT_GROUPS = ['ahas', 'bhas'];

/**
 * How a step's product is used: as the caller says; else its name ("Foaming Cleanser", "Wash-Off Mask"), the
 * cleansing step, then its list (a cleansing surfactant among the first five: analysis/engine/product-type.ts, the
 * analysis's own reading). When none tells, it is taken as left on: the rules then warn rather than stay silent.
 */
export function productUse(step: EngineStep): 'leave_on' | 'rinse_off' {
  const product = step.product!;
  if (product.use) return product.use;
  const named = productTypeOfHeading(product.name);
  if (named !== 'unknown') return named;
  if (step.stepType === 'cleanse') return 'rinse_off';
  return inferProductType(product.ingredients).productType === 'rinse_off' ? 'rinse_off' : 'leave_on';
}

type DosedStep = EngineStep & { traces: Set<string>; use: 'leave_on' | 'rinse_off' };

/** The ingredients as the rules read them: hydroxy acids at a trace lose their group; `trace` marks the rest. */
function dosedSteps(steps: EngineStep[]): DosedStep[] {
  return steps.map((step) => {
    const list = step.product!.ingredients;
    const traces = new Set<string>();
    const ingredients = list.map((i, index) => {
      if (!isTrace(i, index + 1, list.length)) return i;
      traces.add(i.id);
      if (!i.groups.some((g) => DOSE_DEPENDENT_GROUPS.includes(g))) return i;
      return {
        ...i,
        groups: i.groups.filter((g) => !DOSE_DEPENDENT_GROUPS.includes(g)),
        effects: i.effects.filter((e) => e !== 'exfoliating'),
      };
    });
    return { ...step, product: { ...step.product!, ingredients }, traces, use: productUse(step) };
  });
}

/** Every rule over the routine: findings, the most severe first, then in rule order. */
export function checkRoutine(routine: EngineRoutine, ruleSet: RuleSet): Finding[] {
  const steps = dosedSteps([...routine.steps].sort((a, b) => a.position - b.position).filter((s) => s.product));
  const hitCache = new Map<string, Hit[]>();
  const hits = (className: string): Hit[] => {
    let found = hitCache.get(className);
    if (!found) {
      const c = ruleSet.classes[className];
      // A class read at dose (L-ascorbic acid): a trace, or a product rinsed off within a minute, is not in it.
      const counts = (step: DosedStep, i: EngineIngredient) =>
        !c.leaveOnAtDose || (step.use === 'leave_on' && !step.traces.has(i.id) && i.significant !== false);
      found = steps.flatMap((step) => {
        const ingredients = step.product!.ingredients.filter((i) => inClass(i, c) && counts(step, i));
        return ingredients.length ? [{ step, ingredients }] : [];
      });
      hitCache.set(className, found);
    }
    return found;
  };
  const negative =
    routine.negativeIngredientIds instanceof Set
      ? routine.negativeIngredientIds
      : new Set(routine.negativeIngredientIds);
  const findings: Finding[] = [];
  const add = (rule: RuleDefinition, found: string, involved: Hit[], together = false) => {
    const byStep = new Map<string, EngineStep>();
    for (const h of involved) byStep.set(h.step.id, h.step);
    const rationale = together
      ? 'Formulated together in one product: the maker chose this combination and tested its stability and tolerance, so it is less of a concern than layering two products; still, it is a strong product, start slowly.'
      : rule.rationale;
    findings.push({
      rule: rule.id,
      severity: together ? LOWER[rule.severity] : rule.severity,
      title: together ? `${rule.title} (formulated together)` : rule.title,
      reason: `${found} ${rationale}`,
      reference: rule.reference,
      steps: [...byStep.values()].sort((a, b) => a.position - b.position).map(stepOf),
      ingredients: uniqueIngredients(involved.flatMap((h) => h.ingredients)).map(ingredientOf),
    });
  };

  for (const rule of ruleSet.rules) {
    switch (rule.kind) {
      case 'pair': {
        const a = hits(rule.a);
        const b = hits(rule.b);
        if (!a.length || !b.length) break;
        // The same ingredient on both sides (a class overlapping another) is no pair.
        const aIds = new Set(a.flatMap((h) => h.ingredients.map((i) => i.id)));
        const bOnly = b
          .map((h) => ({ step: h.step, ingredients: h.ingredients.filter((i) => !aIds.has(i.id)) }))
          .filter((h) => h.ingredients.length);
        if (!bOnly.length) break;
        const where = (list: Hit[]) => list.map((h) => `${names(h.ingredients)} in ${at(h.step)}`).join('; ');
        // Across two steps: layered by the user. Only inside one product: formulated together.
        const acrossSteps = a.some((x) => bOnly.some((y) => y.step.id !== x.step.id));
        add(
          rule,
          `${ruleSet.classes[rule.a].label} (${where(a)}) with ${ruleSet.classes[rule.b].label} (${where(bOnly)}).`,
          [...a, ...bOnly],
          !acrossSteps,
        );
        break;
      }
      case 'several': {
        const found = hits(rule.class);
        if (found.length >= rule.minSteps)
          add(
            rule,
            `${ruleSet.classes[rule.class].label} in ${found.length} steps: ${found.map((h) => `${names(h.ingredients)} in ${at(h.step)}`).join('; ')}.`,
            found,
          );
        break;
      }
      case 'load': {
        const found = hits(rule.class);
        if (found.length >= rule.minSteps)
          add(
            rule,
            `${found.length} steps carry ${ruleSet.classes[rule.class].label}: ${found.map((h) => at(h.step)).join(', ')}.`,
            found,
          );
        break;
      }
      case 'time_without': {
        if (!rule.times.includes(routine.timeOfDay)) break;
        const found = hits(rule.class);
        if (found.length && !hits(rule.missing).length) {
          add(
            rule,
            `A ${routine.timeOfDay} routine with ${ruleSet.classes[rule.class].label} (${found.map((h) => `${names(h.ingredients)} in ${at(h.step)}`).join('; ')}) and no step with ${ruleSet.classes[rule.missing].label}.`,
            found,
          );
        }
        break;
      }
      case 'duplicate': {
        // A trace (a sunscreen's niacinamide near the end) adds nothing to the dose: not a duplicate.
        for (const group of rule.groups) {
          const found = steps.flatMap((step) => {
            const ingredients = step.product!.ingredients.filter(
              (i) => i.groups.includes(group) && !step.traces.has(i.id),
            );
            return ingredients.length ? [{ step, ingredients }] : [];
          });
          if (found.length >= 2)
            add(
              rule,
              `${group} in ${found.length} steps: ${found.map((h) => `${names(h.ingredients)} in ${at(h.step)}`).join('; ')}.`,
              found,
            );
        }
        break;
      }
      case 'feeling': {
        if (!negative.size) break;
        const found = steps.flatMap((step) => {
          const ingredients = step.product!.ingredients.filter((i) => negative.has(i.id));
          return ingredients.length ? [{ step, ingredients }] : [];
        });
        if (found.length)
          add(rule, `${found.map((h) => `${names(h.ingredients)} in ${at(h.step)}`).join('; ')}.`, found);
        break;
      }
    }
  }
  const rank = (s: Severity) => SEVERITIES.indexOf(s);
  return findings
    .map((f, i) => ({ f, i }))
    .sort((x, y) => rank(x.f.severity) - rank(y.f.severity) || x.i - y.i)
    .map((x) => x.f);
}

/**
 * Medium findings that stack: two or more different rules on the same steps (a glycolic toner, a
 * BHA liquid and a retinol the same night: "several exfoliants" and "retinoid with acids"). Each
 * alone is "with care"; together they are the same skin taking several irritants at once, which
 * is what "do not combine" means (Draelos, Cosmetic Dermatology 2nd ed., ch. 40, on cumulative
 * irritation from layered exfoliants and retinoids).
 */
export function stackedFindings(findings: Finding[]): Finding[] {
  const medium = findings.filter((f) => f.severity === 'medium');
  return medium.filter((f) =>
    medium.some((g) => g.rule !== f.rule && g.steps.some((s) => f.steps.some((t) => t.id === s.id))),
  );
}

export type RoutineVerdict = 'compatible' | 'caution' | 'conflict';

/** A high finding, or medium ones stacking on the same steps, is a conflict; any other medium one a caution. */
export function routineVerdict(findings: Finding[]): RoutineVerdict {
  if (findings.some((f) => f.severity === 'high') || stackedFindings(findings).length) return 'conflict';
  return findings.some((f) => f.severity === 'medium') ? 'caution' : 'compatible';
}

// ---------------------------------------------------------------------------------------------
// Would a product fit?

export interface Placement {
  stepType: string;
  /** Where the product would go: the position it would take (later steps move down one). */
  position: number;
  /** Steps of that type already in the routine, which the product could replace instead. */
  replacesStepIds: string[];
  reasons: string[];
}

export interface ProductFit {
  verdict: 'fits' | 'caution' | 'does_not_fit';
  reason: string;
  placements: Placement[];
  /** Findings the product would add to the routine's own. */
  findings: Finding[];
}

const TIME_SLOTS: Record<RoutineTime, Array<'am' | 'pm'>> = {
  morning: ['am'],
  evening: ['pm'],
  weekly: ['am', 'pm'],
  anytime: ['am', 'pm'],
};

const findingKey = (f: Finding) =>
  `${f.rule}|${f.steps
    .map((s) => s.id)
    .sort()
    .join(',')}|${f.ingredients
    .map((i) => i.id)
    .sort()
    .join(',')}`;

/**
 * Where a product (its ingredients; its category's step type when known) would go in the
 * routine, and the findings it would add. Steps come from the candidates engine, kept to those
 * that suit the routine's time of day.
 */
export function fitProduct(
  routine: EngineRoutine,
  product: {
    id: string;
    /** Its name, to call it by in findings; absent for an analysed list. */
    name?: string | null;
    ingredients: EngineIngredient[];
    categoryStep?: { stepType: string | null; name: string } | null;
  },
  ruleSet: RuleSet,
): ProductFit {
  const slots = TIME_SLOTS[routine.timeOfDay];
  const candidates = routineCandidates(product.categoryStep ?? null, product.ingredients);
  const timely = candidates.filter((c) => c.timesOfDay.some((t) => slots.includes(t)));
  const ordered = [...routine.steps].sort((a, b) => a.position - b.position);
  const placements: Placement[] = timely.map((c) => {
    const rank = stepRank(c.stepType);
    const after = ordered.filter((s) => stepRank(s.stepType) <= rank);
    return {
      stepType: c.stepType,
      position: after.length ? after[after.length - 1].position + 1 : 1,
      replacesStepIds: ordered.filter((s) => s.stepType === c.stepType).map((s) => s.id),
      reasons: c.reasons,
    };
  });
  const before = new Set(checkRoutine(routine, ruleSet).map(findingKey));
  const withProduct: EngineRoutine = {
    ...routine,
    steps: [
      ...ordered,
      {
        id: CANDIDATE_STEP_ID,
        position: ordered.length + 1,
        stepType: placements[0]?.stepType ?? 'treat',
        product: { id: product.id, ingredients: product.ingredients, name: product.name },
      },
    ],
  };
  const all = checkRoutine(withProduct, ruleSet);
  const findings = all.filter((f) => !before.has(findingKey(f)) && f.steps.some((s) => s.id === CANDIDATE_STEP_ID));
  // Stacking the product brings about: a new medium finding on steps another rule already flags.
  const stacked = findings.some((f) => f.severity === 'medium')
    ? stackedFindings(all).filter((f) =>
        f.steps.some((s) => s.id === CANDIDATE_STEP_ID || findings.some((n) => n.steps.some((t) => t.id === s.id))),
      )
    : [];
  if (!candidates.length) {
    return {
      verdict: 'does_not_fit',
      reason:
        'No routine step could be told from its ingredients: none is a cleanser, treatment, exfoliant, moisturiser or UV filter we recognise.',
      placements,
      findings,
    };
  }
  if (!placements.length) {
    const times = [...new Set(candidates.flatMap((c) => c.timesOfDay))]
      .map((t) => (t === 'am' ? 'morning' : 'evening'))
      .join(' or ');
    return {
      verdict: 'does_not_fit',
      reason: `It belongs in a ${times} routine, and this is a ${routine.timeOfDay} routine.`,
      placements,
      findings,
    };
  }
  const high = findings.filter((f) => f.severity === 'high');
  if (high.length)
    return {
      verdict: 'does_not_fit',
      reason: `It would clash with the routine: ${high.map((f) => f.title).join('; ')}.`,
      placements,
      findings,
    };
  if (stacked.length)
    return {
      verdict: 'does_not_fit',
      reason: `It would stack irritants on the same steps: ${[...new Set(stacked.map((f) => f.title))].join('; ')}. Each alone is "with care"; together they are too much at once.`,
      placements,
      findings,
    };
  if (findings.length)
    return {
      verdict: 'caution',
      reason: `It fits as ${stepInWords(placements[0].stepType)}, with care: ${findings.map((f) => f.title).join('; ')}.`,
      placements,
      findings,
    };
  return {
    verdict: 'fits',
    reason: `It fits as ${stepInWords(placements[0].stepType)} (position ${placements[0].position}) and adds no conflict.`,
    placements,
    findings,
  };
}
