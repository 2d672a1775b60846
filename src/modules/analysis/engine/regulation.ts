// EU cosmetics law as facts: every entry of Annexes II-VI of Regulation (EC) No 1223/2009 as the
// Commission's CosIng export words it (data/eu/annex-entries.json, built by `npm run data:eu-annexes`),
// with what the export does not carry kept in data/regulation/eu-cosmetics.yaml; and what the
// facts mean for one ingredient of a list. Pure: the parsed data in, facts and flags out.
import { plantNameVariants, type PlantSynonyms } from './botanical-synonyms.js';
import {
  botanicalCoverage,
  type BotanicalName,
  entryReadings,
  type Coverage,
  genusOf,
  readBotanicalName,
} from './botanical-name.js';
import type { AnnexEntry, AppliesTo } from './eu-annex-export.js';

export type RegulatoryClass =
  | 'fragrance_allergen'
  | 'fragrance_allergen_2023'
  | 'prohibited'
  | 'restricted'
  | 'colorant'
  | 'preservative'
  | 'uv_filter'
  | 'uv_filter_not_permitted';

export type ProductType = 'leave_on' | 'rinse_off';

export interface RegulatoryLimit {
  appliesTo: AppliesTo;
  /** % of the ready-for-use product; null where the annex sets no maximum in %. */
  max: number | null;
  /** The products and body parts, in the annex's words. */
  products: string | null;
  /** The maximum as the annex words it ("0,0015 % Rinse-off products"). */
  maximum?: string | null;
  /** "(a)", "(b)": the annex's letter for this condition. */
  label?: string | null;
}

export interface RegulatoryAct {
  id: string;
  title: string;
  /** Date of the text used: the Official Journal publication, or the export's last update. */
  published: string;
  oj: string;
}

export interface RegulatoryFact {
  class: RegulatoryClass;
  act: RegulatoryAct;
  /** Annex of Regulation (EC) No 1223/2009. */
  annex: 'II' | 'III' | 'IV' | 'V' | 'VI';
  /** Reference number in that annex; null where there is none (a UV filter the annex never listed). */
  entry: string | null;
  /** "III/196#2": annex, reference number and, where a number repeats, the row. */
  entryId: string | null;
  /** The entry's own substances (INCI names first). */
  names: string[];
  /** The chemical name column as printed, read whole for a plant's wording ("Jasminum grandiflorum / officinale oil and extract"). */
  wording?: string;
  /** What the entry may concern ("Identified INGREDIENTS or substances e.g."), beside its own names. */
  identified: string[];
  cas: string[];
  ec: string[];
  limits: RegulatoryLimit[];
  note: string | null;
  /** Words of the entry limiting it ("except for normal content in natural essences used", "(nano)"). */
  qualifier: string | null;
  nano: boolean;
  /** "with the exception of entry 14 in Annex III". */
  exceptEntry: { annex: string; ref: string } | null;
  /** The label warnings and conditions of use, in the annex's words. */
  warnings: string | null;
  /** The annex's "Other" column. */
  other: string | null;
  transition: { notPlacedFrom: string | null; notAvailableFrom: string | null } | null;
  sccsOpinions: string[];
}

/** How an ingredient stands to a fact: the entry's own substance, or a name the entry may concern. */
export type Relation = 'substance' | 'may_concern';

export interface FactMatch {
  fact: RegulatoryFact;
  relation: Relation;
  /** What tied them: its name, its CAS/EC number, the "Identified" column, or a curated promotion (with its reason). */
  basis: 'name' | 'cas' | 'identified' | 'promoted';
  reason?: string;
}

export interface Promotion {
  entry: string;
  names: string[];
  reason: string;
}

export interface PreambleNote {
  /** The flag an ingredient carries for the note to apply (formaldehyde_releaser). */
  flag: string;
  annex: RegulatoryFact['annex'];
  act: RegulatoryAct;
  text: string;
}

export interface RegulationData {
  facts: RegulatoryFact[];
  /** Labelling thresholds of the fragrance allergens, in %. */
  allergenThreshold: { leaveOn: number; rinseOff: number };
  promotions: Promotion[];
  preambleNotes: PreambleNote[];
  /** Maxima set in retinol equivalents: the factor turning one into % of an ester (by molar mass). */
  retinolEquivalents: Record<string, number>;
  /** Recognised contact allergens by name key, with their sources; and the flag that makes one (formaldehyde releasers). */
  sensitisers?: { byKey: Map<string, string[]>; flag: string; flagSources: string[] };
  /** Plants under a synonym of their accepted name, read as that plant in botanical joins. */
  plantSynonyms?: PlantSynonyms;
}

export const CLASSES: RegulatoryClass[] = [
  'fragrance_allergen',
  'fragrance_allergen_2023',
  'prohibited',
  'restricted',
  'colorant',
  'preservative',
  'uv_filter',
  'uv_filter_not_permitted',
];

/** The knowledge-base flag each class raises (the positive lists, Annexes IV-VI, raise none). */
export const CLASS_FLAGS: Partial<Record<RegulatoryClass, string>> = {
  fragrance_allergen: 'eu_allergen',
  fragrance_allergen_2023: 'eu_allergen_2023',
  prohibited: 'eu_prohibited',
  restricted: 'eu_restricted',
  uv_filter_not_permitted: 'eu_uv_filter_not_permitted',
};

const ANNEXES = ['II', 'III', 'IV', 'V', 'VI'];

export class RegulationDataError extends Error {}

/** A name as a key: case, parentheses ("(Lavender)") and spacing do not matter. */
export const regulationKey = (name: string): string =>
  name
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[^a-z0-9/,.-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A chemical name as a key: parentheses kept ("(2-Acetoxyethyl)trimethylammonium" is one name). */
export const strictKey = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const EMPTY = {
  identified: [],
  ec: [],
  qualifier: null,
  nano: false,
  exceptEntry: null,
  warnings: null,
  other: null,
  transition: null,
  sccsOpinions: [],
  entryId: null,
};

/** Checks the YAML (what the export does not carry) and returns it typed; every fact must name an act with a date, and an annex. */
export function parseRegulation(raw: unknown): Omit<RegulationData, 'promotions'> {
  const fail = (where: string, message: string): never => {
    throw new RegulationDataError(`regulation data: ${where}: ${message}`);
  };
  const top = (raw ?? {}) as Record<string, unknown>;
  const acts = new Map<string, RegulatoryAct>();
  for (const [id, value] of Object.entries((top.acts ?? {}) as Record<string, Record<string, unknown>>)) {
    const { title, published, oj } = value ?? {};
    if (typeof title !== 'string' || typeof oj !== 'string')
      fail(`acts.${id}`, 'needs a title and an Official Journal reference');
    if (typeof published !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(published))
      fail(`acts.${id}.published`, 'must be a date YYYY-MM-DD');
    acts.set(id, { id, title: title as string, published: published as string, oj: oj as string });
  }
  const threshold = (top.allergen_label_threshold ?? {}) as Record<string, unknown>;
  if (typeof threshold.leave_on !== 'number' || typeof threshold.rinse_off !== 'number')
    fail('allergen_label_threshold', 'needs leave_on and rinse_off');
  if (!Array.isArray(top.facts)) fail('facts', 'must be a list');
  const facts = (top.facts as Array<Record<string, unknown>>).map((f, i): RegulatoryFact => {
    const where = `facts[${i}] (${String((f.names as string[] | undefined)?.[0])})`;
    if (!CLASSES.includes(f.class as RegulatoryClass)) fail(where, `unknown class ${String(f.class)}`);
    const act = acts.get(String(f.act)) ?? fail(where, `unknown act ${String(f.act)}`);
    if (!ANNEXES.includes(String(f.annex))) fail(where, `annex must be one of ${ANNEXES.join(', ')}`);
    if (f.entry !== null && typeof f.entry !== 'string') fail(where, 'entry must be a string or null');
    const names = f.names;
    if (!Array.isArray(names) || !names.length || names.some((n) => typeof n !== 'string')) fail(where, 'needs names');
    const limits = ((f.limits ?? []) as Array<Record<string, unknown>>).map((l): RegulatoryLimit => {
      if (typeof l.max !== 'number' || !(l.max > 0 && l.max <= 100)) fail(where, 'a limit needs max in (0, 100]');
      if (!['any', 'leave_on', 'rinse_off'].includes(String(l.applies_to)))
        fail(where, 'applies_to must be any, leave_on or rinse_off');
      return {
        appliesTo: l.applies_to as AppliesTo,
        max: l.max as number,
        products: typeof l.products === 'string' ? l.products : null,
      };
    });
    return {
      ...EMPTY,
      class: f.class as RegulatoryClass,
      act,
      annex: f.annex as RegulatoryFact['annex'],
      entry: (f.entry as string | null) ?? null,
      names: names as string[],
      cas: ((f.cas ?? []) as unknown[]).map(String),
      limits,
      note: typeof f.note === 'string' ? f.note : null,
    };
  });
  const preambleNotes = ((top.preamble_notes ?? []) as Array<Record<string, unknown>>).map((n, i): PreambleNote => {
    const act = acts.get(String(n.act)) ?? fail(`preamble_notes[${i}]`, `unknown act ${String(n.act)}`);
    if (typeof n.flag !== 'string' || typeof n.text !== 'string' || !ANNEXES.includes(String(n.annex)))
      fail(`preamble_notes[${i}]`, 'needs flag, annex and text');
    return { flag: n.flag as string, annex: n.annex as RegulatoryFact['annex'], act, text: n.text as string };
  });
  const equivalents = (top.retinol_equivalents ?? {}) as Record<string, number>;
  return {
    facts,
    allergenThreshold: { leaveOn: threshold.leave_on as number, rinseOff: threshold.rinse_off as number },
    preambleNotes,
    retinolEquivalents: equivalents,
  };
}

const ANNEX_CLASS: Record<string, RegulatoryClass> = {
  II: 'prohibited',
  III: 'restricted',
  IV: 'colorant',
  V: 'preservative',
  VI: 'uv_filter',
};

/**
 * The export's entries as facts. `allergens2005`: the Annex III reference numbers of the fragrance
 * allergens labelled since 2005 (the others with a labelling threshold came with Regulation (EU) 2023/1545).
 */
export function factsFromAnnexes(entries: AnnexEntry[], lastUpdate: string, allergens2005: string[]): RegulatoryFact[] {
  return entries
    .filter((e) => !e.deleted)
    .map((e): RegulatoryFact => {
      const cls = e.labelThreshold
        ? allergens2005.includes(e.ref)
          ? 'fragrance_allergen'
          : 'fragrance_allergen_2023'
        : ANNEX_CLASS[e.annex];
      const regulation = e.regulation ?? '(EC) 2009/1223';
      return {
        class: cls,
        act: {
          id: regulation,
          title: `Regulation ${regulation.replace(/^\((EC|EU)\) (\d{4})\/(\d+)$/, '($1) $2/$3')}`,
          published: lastUpdate,
          oj: `CosIng, last update ${lastUpdate}`,
        },
        annex: e.annex,
        entry: e.ref,
        entryId: e.id,
        names: e.ownNames,
        wording: e.chemicalName,
        identified: e.identified,
        cas: e.cas,
        ec: e.ec,
        limits: e.conditions.map((c) => ({
          appliesTo: c.appliesTo,
          max: c.maxPercent,
          products: c.products,
          maximum: c.maximum,
          label: c.label,
        })),
        note: null,
        qualifier: e.qualifier,
        nano: e.nano,
        exceptEntry: e.exceptEntry,
        warnings: e.warnings,
        other: e.other,
        transition: e.transition,
        sccsOpinions: e.sccsOpinions,
      };
    });
}

export interface RegulatedIngredient {
  name: string;
  otherNames: string[];
  casNumber?: string | null;
  ecNumber?: string | null;
}

/** A qualifier the label lets us evaluate: a nano form (printed "(nano)"), or an exception that is another entry's product types. */
export const evaluable = (fact: RegulatoryFact): boolean => !fact.qualifier || fact.nano || fact.exceptEntry !== null;

const MIXTURE = /\(and\)|\bmixture\b|\breaction mass\b/i;

/** One number alone: a list of numbers names a family, and a family's number is no identity. */
const soleNumber = (text: string | null | undefined): string | null => {
  const numbers = (text ?? '').split(/[\s/,;]+/).filter((n) => /^\d+-\d+-\d+$/.test(n));
  return numbers.length === 1 ? numbers[0] : null;
};

interface Keyed {
  fact: RegulatoryFact;
  basis: FactMatch['basis'];
  reason?: string;
}

/** Facts by name key and by CAS/EC number, each with how it ties. */
export class RegulationIndex {
  private readonly byKey = new Map<string, Keyed[]>();
  private readonly byNumber = new Map<string, RegulatoryFact[]>();
  /** The botanical readings of each entry's own names, by genus; and those of each fact. */
  private readonly byGenus = new Map<string, Array<{ fact: RegulatoryFact; reading: BotanicalName }>>();
  private readonly botanicalReadings = new Map<RegulatoryFact, BotanicalName[]>();
  readonly byEntry = new Map<string, RegulatoryFact>();

  constructor(readonly data: RegulationData) {
    const add = (key: string, item: Keyed) => {
      if (!key) return;
      const list = this.byKey.get(key) ?? [];
      if (!list.some((k) => k.fact === item.fact && k.basis === item.basis)) list.push(item);
      this.byKey.set(key, list);
    };
    for (const fact of data.facts) {
      if (fact.entryId) this.byEntry.set(fact.entryId, fact);
      for (const name of fact.names) {
        add(strictKey(name), { fact, basis: 'name' });
        if (/^[A-Z0-9 ./,-]*(?:\([^)]*\))?[A-Za-z0-9 ./,-]*$/.test(name) && fact.annex !== 'II')
          add(regulationKey(name), { fact, basis: 'name' });
      }
      for (const name of fact.identified) add(regulationKey(name), { fact, basis: 'identified' });
      for (const n of [...fact.cas, ...fact.ec]) this.byNumber.set(n, [...(this.byNumber.get(n) ?? []), fact]);
      const read = (names: string[]) =>
        names
          .map((n) => readBotanicalName(n, false, this.data.plantSynonyms))
          .filter((r): r is BotanicalName => r !== null);
      const readings = entryReadings(
        read([...fact.names, ...(fact.wording ? [fact.wording] : [])]),
        read(fact.identified),
      );
      if (readings.length) this.botanicalReadings.set(fact, readings);
      for (const reading of readings)
        for (const genus of genusOf(reading))
          this.byGenus.set(genus, [...(this.byGenus.get(genus) ?? []), { fact, reading }]);
    }
    for (const p of data.promotions) {
      const fact = this.byEntry.get(p.entry);
      if (!fact) throw new RegulationDataError(`promotions: no entry ${p.entry}`);
      for (const name of p.names) add(regulationKey(name), { fact, basis: 'promoted', reason: p.reason });
    }
  }

  /** Every fact bearing on an ingredient, with how: its own substance (by name, a curated promotion, or CAS/EC of an unqualified entry) or a name the entry may concern. */
  matchesFor(ingredient: RegulatedIngredient): FactMatch[] {
    // The knowledge base's rows are read again by every analysis: their matches are worked out once.
    let matches = this.cache.get(ingredient);
    if (!matches) this.cache.set(ingredient, (matches = this.matchesUncached(ingredient)));
    return matches;
  }

  private readonly cache = new WeakMap<RegulatedIngredient, FactMatch[]>();

  private matchesUncached(ingredient: RegulatedIngredient): FactMatch[] {
    const found = new Map<RegulatoryFact, FactMatch>();
    const rank = { name: 0, promoted: 1, cas: 2, identified: 3 } as const;
    const take = (match: FactMatch) => {
      const had = found.get(match.fact);
      if (!had || rank[match.basis] < rank[had.basis]) found.set(match.fact, match);
    };
    // The plant's other scientific names ("Syzygium Aromaticum Bud Oil" for an entry on Eugenia caryophyllus) count
    // as other names: they tie to an entry's own names, as the label's other names do.
    const synonyms = this.data.plantSynonyms;
    const spelled = synonyms
      ? [ingredient.name, ...ingredient.otherNames].flatMap((n) => plantNameVariants(n, synonyms))
      : [];
    for (const name of [ingredient.name, ...ingredient.otherNames, ...spelled]) {
      const keys = new Set([strictKey(name), regulationKey(name)]);
      for (const key of keys) {
        for (const k of this.byKey.get(key) ?? []) {
          // Other names are looser than INCI names: they tie only to an entry's own names.
          if (name !== ingredient.name && k.basis === 'identified') continue;
          take({
            fact: k.fact,
            relation: k.basis === 'identified' || !evaluable(k.fact) ? 'may_concern' : 'substance',
            basis: k.basis,
            ...(k.reason ? { reason: k.reason } : {}),
          });
        }
      }
    }
    // A plant's ingredient joins an entry whose wording names its plant, part and preparation ("Lavandula
    // angustifolia oil/extract" names a lavender flower extract), whatever its registry numbers.
    const readings = [ingredient.name, ...ingredient.otherNames]
      .map((n) => readBotanicalName(n, true, this.data.plantSynonyms))
      // A genus alone ("Argan Oil", "Eucalyptus Oil") reads as a plant only where an entry names that genus.
      .filter((r): r is BotanicalName => r?.plants.some((p) => p.length > 1 || this.byGenus.has(p[0])) === true);
    const coverage = (fact: RegulatoryFact): Coverage => {
      let best: Coverage = 'other';
      for (const entry of this.botanicalReadings.get(fact) ?? [])
        for (const reading of readings) {
          const c = botanicalCoverage(entry, reading);
          if (c === 'covers') return c;
          if (c === 'may') best = c;
        }
      return best;
    };
    for (const reading of readings)
      for (const genus of genusOf(reading))
        for (const { fact, reading: entry } of this.byGenus.get(genus) ?? [])
          if (botanicalCoverage(entry, reading) === 'covers')
            take({ fact, relation: evaluable(fact) ? 'substance' : 'may_concern', basis: 'name' });
    // A CAS or EC number, only in annexes where no name matched: a mixture's entry lists its parts' numbers
    // (Annex V/39 holds methylisothiazolinone's), and V/57 names it.
    const named = new Set([...found.values()].filter((m) => m.relation === 'substance').map((m) => m.fact.annex));
    const cas = soleNumber(ingredient.casNumber);
    for (const number of [cas, soleNumber(ingredient.ecNumber)]) {
      if (!number) continue;
      // The same number as an entry with a qualifier says only that the entry may concern it.
      for (const fact of this.byNumber.get(number) ?? []) {
        if (named.has(fact.annex)) continue;
        if (readings.length || this.botanicalReadings.has(fact)) {
          // One number covers every part of a plant: it ties a plant's ingredient to an entry only where the
          // names agree. An oil named without its part ("Citrus Aurantium Dulcis Oil") is the entry's when its
          // own CAS number is one the entry lists; an entry on another part or preparation is none of its business.
          const c = coverage(fact);
          if (c === 'other') continue;
          const ownOil =
            number === cas &&
            fact.cas.includes(number) &&
            readings.some((r) => !r.parts.length && r.preparations.length === 1 && r.preparations[0] === 'oil');
          take({
            fact,
            relation: ownOil && evaluable(fact) && !fact.qualifier ? 'substance' : 'may_concern',
            basis: 'cas',
          });
          continue;
        }
        // A mixture's entry ("Citric acid (and) silver citrate") lists its parts' numbers: one part is not the mixture.
        const mixture = fact.cas.length > 1 && fact.names.some((n) => MIXTURE.test(n));
        take({ fact, relation: fact.qualifier || mixture ? 'may_concern' : 'substance', basis: 'cas' });
      }
    }
    return [...found.values()];
  }

  /** The facts whose own substance the ingredient is. */
  factsFor(ingredient: RegulatedIngredient): RegulatoryFact[] {
    return this.matchesFor(ingredient)
      .filter((m) => m.relation === 'substance')
      .map((m) => m.fact);
  }

  /** The flags the law gives an ingredient wherever it is used: prohibitions only when unconditional. */
  flagsFor(ingredient: RegulatedIngredient): string[] {
    return staticFlags(this.matchesFor(ingredient));
  }
}

/** Flags that hold in any list: a conditional prohibition (nano, product type, "except…") is read per list instead. */
export function staticFlags(matches: FactMatch[]): string[] {
  return [
    ...new Set(
      matches.flatMap((m) =>
        m.relation === 'substance' && !(m.fact.class === 'prohibited' && m.fact.qualifier) ? factFlags(m.fact) : [],
      ),
    ),
  ];
}

/**
 * Whether an entry's conditions bind a skin-care list: Annex III entries naming only uses a list cannot
 * show (hair dyes, nail systems, solvents) restrict that use, and neither alert nor flag elsewhere.
 */
export const bindsAnyList = (fact: RegulatoryFact): boolean =>
  fact.annex !== 'III' ||
  fact.class !== 'restricted' ||
  fact.limits.length === 0 ||
  fact.limits.some((l) => l.appliesTo !== 'specific') ||
  nailSystemsOnly(fact);

/**
 * An entry allowing its substance only in nail systems (benzoyl peroxide, III/94: "Artificial nail systems"): a
 * list read here is a skin, hair or body product, never an artificial nail system, so the entry binds it (unlike
 * a hair-dye entry, whose product a list may well be).
 */
export const nailSystemsOnly = (fact: RegulatoryFact): boolean =>
  fact.annex === 'III' &&
  fact.limits.length > 0 &&
  fact.limits.every((l) => l.appliesTo === 'specific' && /\bnail\b/i.test(l.products ?? ''));

/** The flags a fact raises for its own substance. */
export const factFlags = (fact: RegulatoryFact): string[] =>
  bindsAnyList(fact) && CLASS_FLAGS[fact.class] ? [CLASS_FLAGS[fact.class]!] : [];

/** The ingredient's flags with those its regulatory facts raise. */
export function withRegulatoryFlags(flags: string[], facts: RegulatoryFact[]): string[] {
  const extra = facts.flatMap((f) => CLASS_FLAGS[f.class] ?? []).filter((f) => !flags.includes(f));
  return extra.length ? [...flags, ...new Set(extra)] : flags;
}

/** Where on the body a product is used, where EU law sets different conditions (UV filters: face vs body). */
export type BodyArea = 'face' | 'body';

/**
 * The body area a limit's products name, in the annex's words: face (with hand and lip products, which the UV-filter
 * entries group with it), body, "other products" (those the entry names no area for), or none.
 */
export function limitArea(limit: RegulatoryLimit): BodyArea | 'other' | null {
  const products = limit.products ?? '';
  if (/^\s*other\b/i.test(products)) return 'other';
  if (/\bbody\b/i.test(products)) return 'body';
  if (/\b(?:face|facial)\b/i.test(products)) return 'face';
  return null;
}

/**
 * The limits of a fact that can apply to a product type (unknown: those of either) and, when known, its body area:
 * a limit naming the area applies whatever its type column says (a body lotion's limit is for leave-on body
 * products only); one naming the other area does not; "other products" only where no limit names the area.
 */
export function applicableLimits(
  fact: RegulatoryFact,
  productType: ProductType | null,
  area: BodyArea | null = null,
): RegulatoryLimit[] {
  const byType = (l: RegulatoryLimit) =>
    l.appliesTo === 'any' || (productType ? l.appliesTo === productType : l.appliesTo !== 'specific');
  if (!area) return fact.limits.filter(byType);
  // A limit for a leave-on kind of product ("Body lotion") names the area for leave-on products only.
  const forArea = (l: RegulatoryLimit) =>
    limitArea(l) === area && !(productType === 'rinse_off' && /\b(?:lotions?|creams?)\b/i.test(l.products ?? ''));
  const named = fact.limits.some(forArea);
  return fact.limits.filter((l) => {
    const at = limitArea(l);
    if (at === area) return forArea(l) || byType(l);
    if (at === 'face' || at === 'body') return false;
    if (at === 'other') return !named && byType(l);
    return byType(l);
  });
}

/** Whether a fact sets different conditions by body area (face, body): then an unknown area reads both. */
export const differsByArea = (fact: RegulatoryFact): boolean => fact.limits.some((l) => limitArea(l) !== null);

/** The highest concentration the law allows for this product type (unknown type: the most lenient). */
export function maximumFor(
  facts: RegulatoryFact[],
  productType: ProductType | null,
  factor: (fact: RegulatoryFact) => number = () => 1,
  area: BodyArea | null = null,
): { max: number; fact: RegulatoryFact; limit: RegulatoryLimit } | null {
  let best: { max: number; fact: RegulatoryFact; limit: RegulatoryLimit } | null = null;
  for (const fact of facts) {
    // Within one fact the most lenient limit that can apply; across facts the strictest (each must hold).
    let lenient: { max: number; limit: RegulatoryLimit } | null = null;
    for (const limit of applicableLimits(fact, productType, area)) {
      if (limit.max === null) continue;
      const max = Number((limit.max * factor(fact)).toPrecision(3));
      if (!lenient || max > lenient.max) lenient = { max, limit };
    }
    if (lenient && (!best || lenient.max < best.max)) best = { ...lenient, fact };
  }
  return best;
}

/** The products an entry allows, when it allows only some and the product type is outside them; null when it may be used here. */
export function outsideProducts(
  fact: RegulatoryFact,
  productType: ProductType,
  area: BodyArea | null = null,
): string | null {
  if (!fact.limits.length || fact.annex === 'II') return null;
  if (applicableLimits(fact, productType, area).length) return null;
  const allowed = fact.limits.map((l) => l.products ?? l.maximum ?? '').filter(Boolean);
  return allowed.length ? allowed.join('; ') : productType === 'rinse_off' ? 'leave-on products' : 'rinse-off products';
}

/** "Annex II/1371 of Regulation (EC) No 1223/2009 (entry set by (EC) 2013/344; CosIng, last update 2025-10-31)": where a fact comes from, in words. */
export function citation(fact: RegulatoryFact): string {
  if (fact.entryId)
    return `Annex ${fact.annex}/${fact.entry} of Regulation (EC) No 1223/2009 (entry as set by ${fact.act.id}; ${fact.act.oj})`;
  const entry = fact.entry ? ` entry ${fact.entry}` : '';
  const act = fact.act.title.replace(
    / (of the European Parliament and of the Council )?(on|as regards|amending) .*$/,
    '',
  );
  const annex = act.endsWith('1223/2009')
    ? `, Annex ${fact.annex}${entry}`
    : `, Annex ${fact.annex}${entry} of Regulation (EC) No 1223/2009`;
  return `${act}${annex} (${fact.act.oj})`;
}
