// What EU law says about one entry of a list, read as the annexes word it: a prohibition only for the
// entry's own substance and only where its qualifier holds (a printed "(nano)", a product type outside
// an exception); a name an entry only may concern gets a note with the entry's condition; a restricted
// substance, preservative, UV filter or colorant gets an alert when the product type is outside the
// entry's or an amount is over its maximum. When the product type is unknown, both readings are given.
// Pure.
import type { ConcentrationEstimate } from './concentration.js';
import { flagsFromFunctions } from './function-flags.js';
import type { RegulatoryNote } from './read-list.js';
import {
  applicableLimits,
  type BodyArea,
  citation,
  differsByArea,
  limitArea,
  factFlags,
  maximumFor,
  nailSystemsOnly,
  outsideProducts,
  regulationKey,
  type FactMatch,
  type ProductType,
  type RegulatedIngredient,
  type RegulationIndex,
  type RegulatoryFact,
} from './regulation.js';

const TYPE_WORDS: Record<ProductType, string> = { leave_on: 'leave-on', rinse_off: 'rinse-off' };
const UNKNOWN_TYPE = 'the list does not say whether the product is rinsed off';

export interface LawReading {
  /** The facts that hold for this entry (its own substance, qualifier met). */
  facts: RegulatoryFact[];
  /** The maximum that bounds the concentration estimate. */
  cap: { max: number; source: string } | null;
  /** A fragrance allergen with a labelling threshold (facts of either class). */
  fragranceAllergen: boolean;
  /** The flags the law raises here (a prohibition that holds, the facts', a contact allergen): the amount changes none. */
  flags: string[];
  /** The ingredient's own flags with the law's: eu_prohibited only where a prohibition holds here. */
  ingredientFlags: string[];
  /**
   * Notes, alerts and regulatory notes once the concentration estimate is known (`printed`: the printed %). Read-only
   * (frozen): the same answer goes to every entry reading the same amount.
   */
  finish(
    estimate: ConcentrationEstimate,
    printed: number | null,
  ): {
    notes: string[];
    alerts: string[];
    regulation: RegulatoryNote[];
  };
}

interface Context {
  nano: boolean;
  /**
   * Where the product is used, when its name says (product-type.ts, ProductTypeReading.area): EU law sets some
   * UV filters' conditions by it. Unknown (absent): both readings are said, the most lenient bounds the estimate.
   */
  area?: BodyArea | null;
}

const quote = (text: string) => `“${text.replace(/\s+/g, ' ').trim()}”`;

/** Whether a prohibition holds for this product type (null: unknown, then per type), and why not when it does not. */
function prohibitionHolds(
  regulation: RegulationIndex,
  fact: RegulatoryFact,
  type: ProductType | null,
  ctx: Context,
): { holds: ProductType[]; condition: string | null } {
  const both: ProductType[] = type ? [type] : ['leave_on', 'rinse_off'];
  if (!fact.qualifier) return { holds: both, condition: null };
  if (fact.nano) return { holds: ctx.nano ? both : [], condition: `in nano form only; not printed as "(nano)" here` };
  if (fact.exceptEntry) {
    const exception = regulation.byEntry.get(`${fact.exceptEntry.annex}/${fact.exceptEntry.ref}`);
    const allowed = exception
      ? exception.limits
          .map((l) => l.products)
          .filter(Boolean)
          .join('; ')
      : null;
    const holds = both.filter((t) => !exception || applicableLimits(exception, t).length === 0);
    return { holds, condition: `${fact.qualifier}${allowed ? ` (${allowed})` : ''}` };
  }
  return { holds: [], condition: fact.qualifier };
}

function note(
  fact: RegulatoryFact,
  relation: FactMatch['relation'],
  extra: Partial<RegulatoryNote> = {},
): RegulatoryNote {
  return {
    class: fact.class,
    relation,
    source: citation(fact),
    annex: fact.annex,
    entry: fact.entry,
    published: fact.act.published,
    maxPercent: null,
    products: null,
    note: fact.note,
    exceeded: false,
    condition: fact.qualifier,
    warnings: fact.warnings,
    allowedIn: null,
    ...extra,
  };
}

/** The sources naming an ingredient a recognised contact allergen, if any. */
export function sensitiserSources(
  regulation: RegulationIndex,
  ingredient: (RegulatedIngredient & { flags?: string[] }) | null,
): string[] | null {
  if (!ingredient) return null;
  let found = sensitiserCache.get(ingredient);
  if (found === undefined) sensitiserCache.set(ingredient, (found = sensitiserUncached(regulation, ingredient)));
  return found;
}

const sensitiserCache = new WeakMap<object, string[] | null>();

/**
 * The members of Fragrance Mix I and II, the two fragrance mixes of the European baseline series: each is patch
 * tested on its own when a mix is positive, and each is a recognised contact allergen (name keys).
 */
const FRAGRANCE_MIX_I = [
  'cinnamyl alcohol',
  'cinnamal',
  'hydroxycitronellal',
  'amyl cinnamal',
  'geraniol',
  'eugenol',
  'isoeugenol',
  'evernia prunastri extract',
];
const FRAGRANCE_MIX_II = [
  'hydroxyisohexyl 3-cyclohexene carboxaldehyde',
  'citral',
  'farnesol',
  'coumarin',
  'citronellol',
  'hexyl cinnamal',
];
const FRAGRANCE_MIX_SOURCE = (mix: 'I' | 'II') =>
  `Fragrance Mix ${mix} of the European baseline series (Wilkinson M., Gonçalo M., Aerts O. et al., Contact Dermatitis 80(1):1-4, 2019, doi:10.1111/cod.13155)`;
const FRAGRANCE_MIX = new Map<string, string[]>([
  ...FRAGRANCE_MIX_I.map((k): [string, string[]] => [k, [FRAGRANCE_MIX_SOURCE('I')]]),
  ...FRAGRANCE_MIX_II.map((k): [string, string[]] => [k, [FRAGRANCE_MIX_SOURCE('II')]]),
]);

function sensitiserUncached(
  regulation: RegulationIndex,
  ingredient: RegulatedIngredient & { flags?: string[] },
): string[] | null {
  const data = regulation.data.sensitisers;
  if (!data) return null;
  for (const name of [ingredient.name, ...ingredient.otherNames]) {
    const key = regulationKey(name);
    const found = data.byKey.get(key);
    const mix = FRAGRANCE_MIX.get(key);
    if (found && mix) return [...new Set([...found, ...mix])];
    if (found ?? mix) return (found ?? mix)!;
  }
  return ingredient.flags?.includes(data.flag) ? data.flagSources : null;
}

type LawIngredient = RegulatedIngredient & { flags?: string[]; functions?: string[] };

const ALLERGEN_FLAGS = ['eu_allergen', 'eu_allergen_2023'];

/** An empty array no reader can change (frozen), typed as the answers it stands in for are. */
export function frozenEmpty<T>(): T[] {
  const empty: T[] = [];
  Object.freeze(empty);
  return empty;
}

// An entry matching no ingredient: the law says nothing of it.
// Most entries: one answer for all of them, frozen (so that no reader can change it for the others).
const NOTHING = frozenEmpty<string>();
const SAID_NOTHING = Object.freeze({
  notes: NOTHING,
  alerts: NOTHING,
  regulation: frozenEmpty<RegulatoryNote>(),
});
const SILENT_FINISH = () => SAID_NOTHING;
const NO_INGREDIENT: LawReading = {
  facts: [],
  cap: null,
  fragranceAllergen: false,
  flags: [],
  ingredientFlags: [],
  finish: SILENT_FINISH,
};

/**
 * What EU law says of one entry: `ingredient` as the knowledge base holds it, `type` null when unknown. It depends
 * on nothing else (the amount comes in with finish), so a reader may keep it for the next list holding the same
 * ingredient in the same kind of product (read-list.ts does).
 */
export function readLaw(
  regulation: RegulationIndex,
  ingredient: LawIngredient | null,
  type: ProductType | null,
  ctx: Context,
): LawReading {
  if (!ingredient) return NO_INGREDIENT;
  const matches = regulation.matchesFor(ingredient);
  const factor = (fact: RegulatoryFact) =>
    fact.limits.some((l) => /\bRE\b|retinol equivalent/i.test(l.maximum ?? ''))
      ? (regulation.data.retinolEquivalents[ingredient.name] ?? 1)
      : 1;
  const own = matches.filter((m) => m.relation === 'substance');
  const prohibitions = own
    .filter((m) => m.fact.class === 'prohibited')
    .map((m) => ({ m, ...prohibitionHolds(regulation, m.fact, type, ctx) }));
  const facts = own
    .filter((m) => m.fact.class !== 'prohibited' || prohibitions.some((p) => p.m === m && p.holds.length))
    .map((m) => m.fact);
  // An ingredient Annex III restricts as an active (salicylic acid, III/98) is held to Annex V's maximum
  // only where it is the preservative: the Annex III entry is "for purposes other than" preserving.
  const asActive = facts.some((f) => f.class === 'restricted' && f.limits.some((l) => l.max !== null));
  const preservativeOnly = (f: RegulatoryFact) => asActive && f.annex === 'V';
  const area = ctx.area ?? null;
  const capOf = maximumFor(
    facts.filter((f) => f.annex !== 'II' && !preservativeOnly(f)),
    type,
    factor,
    area,
  );
  // Where each entry allows the ingredient, when this product is outside it (per type read: the known one, else
  // both). Annex III conditions naming only uses a list cannot show (hair dyes, solvents) restrict that use: a note.
  // The positive lists (IV-VI), rinse-off/leave-on conditions and nail-system-only entries bind any use: an alert.
  // An Annex III use a product is outside of is still allowed where Annex V allows the substance as a preservative
  // in this product (cetrimonium chloride: III/286 for hair and face, V/44 in any product at 0.1 %).
  const typesRead: ProductType[] = type ? [type] : ['leave_on', 'rinse_off'];
  const preservativeIn = (t: ProductType) =>
    facts.some((f) => f.annex === 'V' && applicableLimits(f, t, area).length > 0);
  const outsideOf = new Map<RegulatoryFact, Array<{ t: ProductType; allowed: string }>>();
  for (const fact of facts) {
    if (fact.annex === 'II' || preservativeOnly(fact) || fact.class === 'uv_filter_not_permitted') continue;
    const outside = typesRead
      .filter((t) => fact.annex !== 'III' || !preservativeIn(t))
      .map((t) => ({ t, allowed: outsideProducts(fact, t, area) }))
      .filter((o): o is { t: ProductType; allowed: string } => o.allowed !== null);
    if (outside.length) outsideOf.set(fact, outside);
  }
  const binds = (fact: RegulatoryFact) =>
    fact.annex !== 'III' ||
    nailSystemsOnly(fact) ||
    fact.limits.some((l) => l.appliesTo === 'leave_on' || l.appliesTo === 'rinse_off');
  /** The product is outside what the entry allows, whichever way it is read: the substance is not allowed here. */
  const notAllowedHere = (fact: RegulatoryFact) =>
    binds(fact) && (outsideOf.get(fact)?.length ?? 0) === typesRead.length;
  const mayConcern = matches.filter((x) => x.relation === 'may_concern');
  const sensitiser = sensitiserSources(regulation, ingredient);
  // In the order finish() used to raise them: a prohibition that holds, the facts', a contact allergen.
  const lawFlags = new Set<string>();
  for (const p of prohibitions)
    if (p.holds.length === 2 || (type && p.holds.length === 1)) lawFlags.add('eu_prohibited');
  for (const fact of facts) if (fact.annex !== 'II') for (const flag of factFlags(fact)) lawFlags.add(flag);
  // Not allowed in this kind of product, as an alert says (finish): eu_permitted fails on it.
  for (const fact of facts) if (notAllowedHere(fact)) lawFlags.add('eu_not_permitted_here');
  if (sensitiser) lawFlags.add('sensitiser');
  // CosIng's "perfuming" among its functions makes it a fragrance, whatever else it does (issue 40): the rule the
  // inventory's stored flags are made by too.
  for (const flag of flagsFromFunctions(ingredient.functions)) lawFlags.add(flag);
  const prohibitedHere = lawFlags.has('eu_prohibited');
  // A substance no EU product may hold is not one of the allergens EU labels declare (Lilial, HICC: Annex II).
  if (prohibitedHere) for (const flag of ALLERGEN_FLAGS) lawFlags.delete(flag);
  const flags = [...lawFlags];
  const ownFlags = ingredient.flags ?? [];
  const ingredientFlags = [
    ...new Set([
      ...ownFlags.filter(
        (f) => (f !== 'eu_prohibited' || lawFlags.has(f)) && !(prohibitedHere && ALLERGEN_FLAGS.includes(f)),
      ),
      ...flags,
    ]),
  ];
  const fragranceAllergen =
    !prohibitedHere && facts.some((f) => f.class === 'fragrance_allergen' || f.class === 'fragrance_allergen_2023');
  // Most ingredients are in no annex: nothing to say whatever the amount (a preamble note needs a fact too).
  if (!prohibitions.length && !mayConcern.length && !facts.length && !sensitiser)
    return { facts, cap: null, fragranceAllergen, flags, ingredientFlags, finish: SILENT_FINISH };
  const finishUncached = (estimate: ConcentrationEstimate, printed: number | null) => {
    const name = ingredient.name;
    const notes: string[] = [];
    const alerts: string[] = [];
    const regulationNotes: RegulatoryNote[] = [];
    const alert = (message: string) => {
      notes.push(message);
      alerts.push(message);
    };
    for (const p of prohibitions) {
      const { fact } = p.m;
      const source = citation(fact);
      if (p.holds.length === 2 || (type && p.holds.length === 1)) {
        alert(
          `${name} is not allowed in EU cosmetics: Annex II (prohibited substances), ${source}.${p.condition ? ` The entry reads ${quote(fact.qualifier!)}.` : ''}`,
        );
      } else if (p.holds.length === 1) {
        alert(
          `${name} is not allowed in EU ${TYPE_WORDS[p.holds[0]]} products (${source}: ${quote(fact.qualifier!)}); ${UNKNOWN_TYPE}.`,
        );
      } else {
        notes.push(
          `Annex II entry ${fact.entry} (${quote(fact.names[0] ?? fact.entryId ?? '')}) prohibits it ${p.condition}: not a prohibition as printed (${source}).`,
        );
      }
      regulationNotes.push(note(fact, p.holds.length ? 'substance' : 'may_concern', { condition: p.condition }));
    }
    for (const m of mayConcern) {
      const { fact } = m;
      const why =
        m.basis === 'cas' ? 'shares its CAS/EC number with' : 'is named among the ingredients that may be concerned by';
      const condition = fact.qualifier ?? null;
      notes.push(
        `${name} ${why} ${fact.annex === 'II' ? 'the prohibition' : 'the entry'} ${quote(fact.names[0] ?? fact.entryId ?? '')}${condition ? `, which reads ${quote(condition)}` : ''}: a note, not a ${fact.annex === 'II' ? 'prohibition' : 'restriction'} of ${name} as such (${citation(fact)}).`,
      );
      regulationNotes.push(note(fact, 'may_concern'));
    }
    for (const fact of facts.filter((f) => f.annex !== 'II')) {
      const source = citation(fact);
      if (fact.class === 'uv_filter_not_permitted') {
        alert(
          `${name} is not among the UV filters EU cosmetics may use (${source}).${fact.note ? ` ${fact.note}` : ''}`,
        );
        regulationNotes.push(note(fact, 'substance'));
        continue;
      }
      if (preservativeOnly(fact)) {
        notes.push(
          `As a preservative, ${source} allows ${name} at most ${fact.limits
            .map((l) => l.maximum)
            .filter(Boolean)
            .join('; ')}.`,
        );
        regulationNotes.push(note(fact, 'substance', { condition: 'when used as a preservative' }));
        continue;
      }
      // Where the entry allows it at all (outsideOf, binds: above).
      // (an entry whose every condition is a use a list cannot show raises no flag either: factFlags)
      const binding = binds(fact);
      const outside = [...(outsideOf.get(fact) ?? [])];
      if (outside.length && !binding) {
        notes.push(`${source} sets conditions for ${name} only in ${outside[0].allowed}.`);
        outside.length = 0;
      }
      let allowedIn: string | null = null;
      if (outside.length && (type || outside.length === 2)) {
        allowedIn = outside[0].allowed;
        alert(
          `${name} is allowed in EU cosmetics only in ${allowedIn} (${source})${type ? `: not in a ${TYPE_WORDS[type]} product of another kind` : ''}.`,
        );
      } else if (outside.length === 1) {
        allowedIn = outside[0].allowed;
        alert(
          `${name} is not allowed in EU ${TYPE_WORDS[outside[0].t]} products: ${source} allows it only in ${allowedIn}; ${UNKNOWN_TYPE}.`,
        );
      }
      // Over the maximum: the printed amount, or the least the list can hold.
      const max = maximumFor([fact], type, factor, area);
      const amount = printed ?? (estimate.min > 0 ? estimate.min : null);
      const exceeded = max !== null && amount !== null && amount > max.max;
      // Conditions by body area, where the product's area is not known: each area's reading, as a note.
      if (!area && differsByArea(fact)) {
        for (const at of ['face', 'body'] as const) {
          const there = maximumFor([fact], type, factor, at);
          const words = at === 'face' ? 'face products' : 'body products';
          if (!there) {
            const allowed = fact.limits.map((l) => l.products).filter(Boolean);
            if (allowed.length && fact.limits.every((l) => limitArea(l) !== at))
              notes.push(
                `EU law allows ${name} only in ${allowed.join('; ')} (${source}): not in ${words}, if this is one.`,
              );
          } else if (amount !== null && amount > there.max && !exceeded)
            notes.push(
              `${name} is ${printed !== null ? `printed at ${printed}%` : `at least ${amount}% by its place in the list`}: over the EU maximum of ${there.max}% for ${there.limit.products ?? words} (${source}), if this is one of them.`,
            );
        }
      }
      if (exceeded) {
        const where = max.limit.products ?? (type ? `${TYPE_WORDS[type]} products` : 'any product');
        alert(
          printed !== null
            ? `${name} is printed at ${printed}%, over the EU maximum of ${max.max}% for ${where} (${source}).`
            : `${name} is at least ${amount}% by its place in the list, over the EU maximum of ${max.max}% for ${where} (${source}).`,
        );
      }
      if (fact.warnings && (fact.class === 'restricted' || fact.class === 'preservative' || fact.class === 'uv_filter'))
        notes.push(`EU conditions of use and label warnings for ${name} (${source}): ${quote(fact.warnings)}.`);
      if (fact.transition) {
        const t = fact.transition;
        notes.push(
          `Under ${source}, products not complying with this entry ${[t.notPlacedFrom && `may not be placed on the EU market from ${t.notPlacedFrom}`, t.notAvailableFrom && `may not be made available from ${t.notAvailableFrom}`].filter(Boolean).join(', and ')}.`,
        );
      }
      if (fact.class === 'fragrance_allergen_2023' && !prohibitedHere)
        notes.push(
          `${name} is a fragrance allergen added by Regulation (EU) 2023/1545, to be named on EU labels above ${regulation.data.allergenThreshold.leaveOn}% (leave-on) / ${regulation.data.allergenThreshold.rinseOff}% (rinse-off) (${source}).`,
        );
      regulationNotes.push(
        note(fact, 'substance', {
          maxPercent: max?.max ?? null,
          products: max?.limit.products ?? null,
          exceeded,
          allowedIn,
        }),
      );
    }
    for (const pre of regulation.data.preambleNotes) {
      if (ingredient.flags?.includes(pre.flag) && facts.some((f) => f.annex === pre.annex))
        notes.push(
          `${pre.text} (${citation({ ...facts.find((f) => f.annex === pre.annex)!, entryId: null, entry: null, act: pre.act })})`,
        );
    }
    if (sensitiser) notes.push(`${name} is a recognised contact allergen (${sensitiser.join('; ')}).`);
    return { notes, alerts, regulation: regulationNotes };
  };
  // What finish() says depends on the estimate only through the amount held against the maximum: the printed %, else
  // the least the list can hold. One answer per amount, keyed by one number: the printed % (above 0), minus the
  // estimate's minimum (below 0), or 0 when neither gives an amount (most entries: that one is kept apart, found
  // without hashing a number). The answers are shared by every entry reading the same amount, so they are frozen.
  let atNoAmount: ReturnType<LawReading['finish']> | null = null;
  const finished = new Map<number, ReturnType<LawReading['finish']>>();
  const finishFrozen = (estimate: ConcentrationEstimate, printed: number | null) => {
    const said = finishUncached(estimate, printed);
    Object.freeze(said.notes);
    Object.freeze(said.alerts);
    Object.freeze(said.regulation);
    return Object.freeze(said);
  };
  const finish: LawReading['finish'] = (estimate, printed) => {
    const key = printed ?? (estimate.min > 0 ? -estimate.min : 0);
    if (key === 0) return (atNoAmount ??= finishFrozen(estimate, printed));
    let said = finished.get(key);
    if (!said) {
      if (finished.size >= 64) finished.clear();
      finished.set(key, (said = finishFrozen(estimate, printed)));
    }
    return said;
  };
  return {
    facts,
    cap: capOf ? { max: capOf.max, source: citation(capOf.fact) } : null,
    fragranceAllergen,
    flags,
    ingredientFlags,
    finish,
  };
}
