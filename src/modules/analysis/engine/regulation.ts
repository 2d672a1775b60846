// EU cosmetics law facts (data/regulation/eu-cosmetics.yaml) keyed by INCI name and CAS number,
// and what they mean for one ingredient of a list. Pure: the parsed data in, facts and flags out.

export type RegulatoryClass =
  | 'fragrance_allergen' | 'fragrance_allergen_2023' | 'prohibited' | 'restricted'
  | 'preservative' | 'uv_filter' | 'uv_filter_not_permitted';

export type ProductType = 'leave_on' | 'rinse_off';

export interface RegulatoryLimit {
  appliesTo: 'any' | ProductType;
  /** % of the ready-for-use product. */
  max: number;
  products: string | null;
}

export interface RegulatoryAct {
  id: string;
  title: string;
  /** Publication in the Official Journal: the date of the text used. */
  published: string;
  oj: string;
}

export interface RegulatoryFact {
  class: RegulatoryClass;
  act: RegulatoryAct;
  /** Annex of Regulation (EC) No 1223/2009. */
  annex: 'II' | 'III' | 'V' | 'VI';
  /** Reference number in that annex; null where we have not recorded it. */
  entry: string | null;
  names: string[];
  cas: string[];
  limits: RegulatoryLimit[];
  note: string | null;
}

export interface RegulationData {
  facts: RegulatoryFact[];
  /** Labelling thresholds of the fragrance allergens, in %. */
  allergenThreshold: { leaveOn: number; rinseOff: number };
}

export const CLASSES: RegulatoryClass[] = ['fragrance_allergen', 'fragrance_allergen_2023', 'prohibited', 'restricted', 'preservative', 'uv_filter', 'uv_filter_not_permitted'];

/** The knowledge-base flag each class raises (the positive lists, Annex V and VI, raise none). */
export const CLASS_FLAGS: Partial<Record<RegulatoryClass, string>> = {
  fragrance_allergen: 'eu_allergen',
  fragrance_allergen_2023: 'eu_allergen_2023',
  prohibited: 'eu_prohibited',
  restricted: 'eu_restricted',
  uv_filter_not_permitted: 'eu_uv_filter_not_permitted',
};

const ANNEXES = ['II', 'III', 'V', 'VI'];

export class RegulationDataError extends Error {}

/** A name as a key: case, parentheses ("(Lavender)") and spacing do not matter. */
export const regulationKey = (name: string): string =>
  name.toLowerCase().replace(/\([^)]*\)/g, ' ').replace(/[^a-z0-9/,.-]+/g, ' ').replace(/\s+/g, ' ').trim();

/** Checks the YAML and returns it typed; every fact must name an act with a date, and an annex. */
export function parseRegulation(raw: unknown): RegulationData {
  const fail = (where: string, message: string): never => {
    throw new RegulationDataError(`regulation data: ${where}: ${message}`);
  };
  const top = (raw ?? {}) as Record<string, unknown>;
  const acts = new Map<string, RegulatoryAct>();
  for (const [id, value] of Object.entries((top.acts ?? {}) as Record<string, Record<string, unknown>>)) {
    const { title, published, oj } = value ?? {};
    if (typeof title !== 'string' || typeof oj !== 'string') fail(`acts.${id}`, 'needs a title and an Official Journal reference');
    if (typeof published !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(published)) fail(`acts.${id}.published`, 'must be a date YYYY-MM-DD');
    acts.set(id, { id, title: title as string, published: published as string, oj: oj as string });
  }
  const threshold = (top.allergen_label_threshold ?? {}) as Record<string, unknown>;
  if (typeof threshold.leave_on !== 'number' || typeof threshold.rinse_off !== 'number') fail('allergen_label_threshold', 'needs leave_on and rinse_off');
  if (!Array.isArray(top.facts)) fail('facts', 'must be a list');
  const facts = (top.facts as Array<Record<string, unknown>>).map((f, i): RegulatoryFact => {
    const where = `facts[${i}] (${String((f.names as string[] | undefined)?.[0])})`;
    if (!CLASSES.includes(f.class as RegulatoryClass)) fail(where, `unknown class ${String(f.class)}`);
    const act = acts.get(String(f.act)) ?? fail(where, `unknown act ${String(f.act)}`);
    if (!ANNEXES.includes(String(f.annex))) fail(where, `annex must be one of ${ANNEXES.join(', ')}`);
    if (f.entry !== null && typeof f.entry !== 'string') fail(where, 'entry must be a string or null');
    const names = f.names;
    if (!Array.isArray(names) || !names.length || names.some((n) => typeof n !== 'string')) fail(where, 'needs names');
    const limits = ((f.limits ?? []) as Array<Record<string, unknown>>).map((l) => {
      if (typeof l.max !== 'number' || !(l.max > 0 && l.max <= 100)) fail(where, 'a limit needs max in (0, 100]');
      if (!['any', 'leave_on', 'rinse_off'].includes(String(l.applies_to))) fail(where, 'applies_to must be any, leave_on or rinse_off');
      return { appliesTo: l.applies_to as RegulatoryLimit['appliesTo'], max: l.max as number, products: typeof l.products === 'string' ? l.products : null };
    });
    if ((f.class === 'restricted' || f.class === 'preservative' || f.class === 'uv_filter') && !limits.length) fail(where, 'needs limits');
    return {
      class: f.class as RegulatoryClass, act, annex: f.annex as RegulatoryFact['annex'], entry: (f.entry as string | null) ?? null,
      names: names as string[], cas: ((f.cas ?? []) as unknown[]).map(String), limits, note: typeof f.note === 'string' ? f.note : null,
    };
  });
  return { facts, allergenThreshold: { leaveOn: threshold.leave_on as number, rinseOff: threshold.rinse_off as number } };
}

export interface RegulatedIngredient {
  name: string;
  otherNames: string[];
  casNumber?: string | null;
}

/** Facts by name key and by CAS number. */
export class RegulationIndex {
  private readonly byKey = new Map<string, RegulatoryFact[]>();
  private readonly byCas = new Map<string, RegulatoryFact[]>();

  constructor(readonly data: RegulationData) {
    const add = (map: Map<string, RegulatoryFact[]>, key: string, fact: RegulatoryFact) => {
      const list = map.get(key) ?? [];
      if (!list.includes(fact)) list.push(fact);
      map.set(key, list);
    };
    for (const fact of data.facts) {
      for (const name of fact.names) add(this.byKey, regulationKey(name), fact);
      for (const cas of fact.cas) add(this.byCas, cas.trim(), fact);
    }
  }

  /** The facts about an ingredient: its INCI name first, then its other names, then its CAS number. */
  factsFor(ingredient: RegulatedIngredient): RegulatoryFact[] {
    const found: RegulatoryFact[] = [];
    const take = (list: RegulatoryFact[] | undefined) => {
      for (const f of list ?? []) if (!found.includes(f)) found.push(f);
    };
    take(this.byKey.get(regulationKey(ingredient.name)));
    for (const other of ingredient.otherNames) take(this.byKey.get(regulationKey(other)));
    // A CAS number may cover a family (one entry, many INCI names): used only when no name matched.
    if (!found.length && ingredient.casNumber) for (const cas of ingredient.casNumber.split(/[\s/,]+/)) take(this.byCas.get(cas));
    return found;
  }

  flagsFor(ingredient: RegulatedIngredient): string[] {
    return [...new Set(this.factsFor(ingredient).flatMap((f) => CLASS_FLAGS[f.class] ?? []))];
  }
}

/** The ingredient's flags with those its regulatory facts raise. */
export function withRegulatoryFlags(flags: string[], facts: RegulatoryFact[]): string[] {
  const extra = facts.flatMap((f) => CLASS_FLAGS[f.class] ?? []).filter((f) => !flags.includes(f));
  return extra.length ? [...flags, ...new Set(extra)] : flags;
}

/** The highest concentration the law allows for this product type (unknown type: the most lenient). */
export function maximumFor(facts: RegulatoryFact[], productType: ProductType | null): { max: number; fact: RegulatoryFact; limit: RegulatoryLimit } | null {
  let best: { max: number; fact: RegulatoryFact; limit: RegulatoryLimit } | null = null;
  for (const fact of facts) {
    if (!fact.limits.length) continue;
    // Within one fact the most lenient limit that can apply; across facts the strictest (each must hold).
    let lenient: { max: number; limit: RegulatoryLimit } | null = null;
    for (const limit of fact.limits) {
      if (productType && limit.appliesTo !== 'any' && limit.appliesTo !== productType) continue;
      if (!lenient || limit.max > lenient.max) lenient = { max: limit.max, limit };
    }
    if (lenient && (!best || lenient.max < best.max)) best = { ...lenient, fact };
  }
  return best;
}

/** "Regulation (EU) 2023/1545, Annex III entry 338 (OJ 2023-07-27)": where a fact comes from, in words. */
export function citation(fact: RegulatoryFact): string {
  const entry = fact.entry ? ` entry ${fact.entry}` : '';
  const act = fact.act.title.replace(/ (of the European Parliament and of the Council )?(on|as regards|amending) .*$/, '');
  const annex = act.endsWith('1223/2009') ? `, Annex ${fact.annex}${entry}` : `, Annex ${fact.annex}${entry} of Regulation (EC) No 1223/2009`;
  return `${act}${annex} (${fact.act.oj})`;
}
