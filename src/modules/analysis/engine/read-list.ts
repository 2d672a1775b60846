// A list read the way an expert reads it: how much of each ingredient there can be, what that
// amount changes, what EU law says about each one, and which flags the list raises through which
// entries. Pure: the list's entries with their ingredients and the regulation index in.
import { estimateConcentrations, printedPercent, type ConcentrationEstimate, type DoseEntry } from './concentration.js';
import { dosedIngredient, inferProductType, type Dose } from './dose.js';
import type { SkinIngredient } from './skin-types.js';
import { citation, maximumFor, withRegulatoryFlags, type ProductType, type RegulationIndex, type RegulatoryFact } from './regulation.js';

/** What the reading needs of an ingredient: what the verdicts read, and the names EU law is keyed by. */
export interface ListIngredient extends Omit<SkinIngredient, 'name' | 'dose'> {
  name: string;
  otherNames: string[];
  casNumber?: string | null;
}

export interface ListEntry<I extends ListIngredient> {
  position: number;
  input: string;
  concentration: string | null;
  mayContain: boolean;
  /** An active ingredient of a US Drug Facts label. */
  active?: boolean;
  /** The part of a kit it belongs to: each part is a product of its own, read on its own. */
  part?: string | null;
  ingredient: I | null;
}

export interface RegulatoryNote {
  class: RegulatoryFact['class'];
  /** Where it comes from: act, annex, entry and Official Journal reference. */
  source: string;
  annex: string;
  entry: string | null;
  /** Date of the text used (its publication in the Official Journal). */
  published: string;
  /** The maximum for this product type, in %, where the law sets one. */
  maxPercent: number | null;
  products: string | null;
  note: string | null;
  /** The printed amount is above maxPercent. */
  exceeded: boolean;
}

export interface ReadEntry<I extends ListIngredient> {
  position: number;
  input: string;
  estimate: ConcentrationEstimate;
  /** The ingredient's flags with those EU law adds, as read at this dose (null without an ingredient). */
  flags: string[];
  regulation: RegulatoryNote[];
  /** Why the ingredient reads differently in this list, and what the law says, in plain words. */
  notes: string[];
  /** The ingredient as read at this dose, for the rules and skin-type verdicts. */
  dosed: (I & { dose: Dose }) | null;
}

export interface FlagRaise<I extends ListIngredient> {
  flag: string;
  entries: Array<ReadEntry<I>>;
}

/** How one part of a kit was read. */
export interface PartReading {
  part: string;
  productType: ProductType;
  productTypeBasis: string;
}

export interface ReadList<I extends ListIngredient> {
  /** The product's type; for a kit, its first part's (each part's is in `parts`). */
  productType: ProductType;
  productTypeBasis: string;
  /** Each part of a kit with its own product type; empty for one product. */
  parts: PartReading[];
  entries: Array<ReadEntry<I>>;
  /** Each flag the list raises, with the entries raising it, in vocabulary order then label order. */
  flags: Array<FlagRaise<I>>;
  /** What the law says about the list as a whole: prohibited substances, printed amounts above a maximum. */
  alerts: Array<{ position: number; input: string; message: string }>;
}

const CLASS_WORDS: Record<RegulatoryFact['class'], string> = {
  fragrance_allergen: 'a fragrance allergen that must be named on EU labels',
  fragrance_allergen_2023: 'a fragrance allergen added by Regulation (EU) 2023/1545 (to be named on EU labels from 31 July 2026)',
  prohibited: 'prohibited in EU cosmetic products',
  restricted: 'restricted in EU cosmetics',
  preservative: 'a preservative the EU permits',
  uv_filter: 'a UV filter the EU permits',
  uv_filter_not_permitted: 'not among the UV filters the EU permits',
};

/** Reads a list. `productType` when the caller knows it (a catalog category); else guessed from the list. */
export function readList<I extends ListIngredient>(entries: Array<ListEntry<I>>, regulation: RegulationIndex, productType?: ProductType | null, flagOrder: string[] = []): ReadList<I> {
  // A kit's parts are products of their own: each has its type, and its order bounds only its own amounts.
  const byPart = new Map<string, number[]>();
  entries.forEach((e, i) => byPart.set(e.part ?? '', [...(byPart.get(e.part ?? '') ?? []), i]));
  const typeOf = new Map<string, { productType: ProductType; basis: string }>();
  for (const [part, indices] of byPart) {
    const guessed = inferProductType(indices.map((i) => entries[i].ingredient));
    typeOf.set(part, productType
      ? { productType, basis: `Read as a ${productType === 'rinse_off' ? 'rinse-off' : 'leave-on'} product from its category.` }
      : guessed);
  }
  const entryType = (i: number): ProductType => typeOf.get(entries[i].part ?? '')!.productType;
  const first = typeOf.get(entries[0]?.part ?? '') ?? inferProductType([]);
  const type = productType ?? first.productType;
  const typeBasis = first.basis;
  const parts: PartReading[] = [...typeOf].filter(([part]) => part).map(([part, t]) => ({ part, productType: t.productType, productTypeBasis: t.basis }));
  const facts = entries.map((e) => (e.ingredient ? regulation.factsFor(e.ingredient) : []));
  const thresholdOf = (t: ProductType) => (t === 'rinse_off' ? regulation.data.allergenThreshold.rinseOff : regulation.data.allergenThreshold.leaveOn);
  const doseEntries: DoseEntry[] = entries.map((e, i) => {
    const type = entryType(i);
    const threshold = thresholdOf(type);
    const cap = maximumFor(facts[i], type);
    const allergen = facts[i].some((f) => f.class === 'fragrance_allergen' || f.class === 'fragrance_allergen_2023');
    return {
      position: e.position, concentration: e.concentration, mayContain: e.mayContain, active: e.active ?? false, name: e.ingredient?.name ?? e.input,
      cap: cap ? { max: cap.max, source: citation(cap.fact) } : null,
      floor: allergen ? { min: threshold, source: `fragrance allergens are named on ${type === 'rinse_off' ? 'rinse-off' : 'leave-on'} products above ${threshold}%` } : null,
    };
  });
  const estimates: ConcentrationEstimate[] = new Array(entries.length);
  const positionInPart: number[] = new Array(entries.length);
  for (const indices of byPart.values()) {
    indices.forEach((i, k) => (positionInPart[i] = k + 1));
    const partEstimates = estimateConcentrations(indices.map((i) => doseEntries[i]));
    indices.forEach((i, k) => (estimates[i] = partEstimates[k]));
  }
  const alerts: ReadList<I>['alerts'] = [];
  const read = entries.map((e, i): ReadEntry<I> => {
    const estimate = estimates[i];
    const type = entryType(i);
    const partLength = byPart.get(e.part ?? '')!.length;
    const partPosition = positionInPart[i];
    const printed = printedPercent(e.concentration);
    const regulationNotes = facts[i].map((fact): RegulatoryNote => {
      const max = maximumFor([fact], type);
      const exceeded = printed !== null && max !== null && printed > max.max;
      return {
        class: fact.class, source: citation(fact), annex: fact.annex, entry: fact.entry, published: fact.act.published,
        maxPercent: max?.max ?? null, products: max?.limit.products ?? null, note: fact.note, exceeded,
      };
    });
    const notes: string[] = [];
    let dosed: ReadEntry<I>['dosed'] = null;
    let flags: string[] = [];
    if (e.ingredient) {
      const withLaw = { ...e.ingredient, flags: withRegulatoryFlags(e.ingredient.flags, facts[i]) };
      const view = dosedIngredient(withLaw, estimate, partPosition, partLength, type, printed !== null);
      dosed = view.ingredient;
      flags = view.ingredient.flags;
      notes.push(...view.notes);
    }
    for (const note of regulationNotes) {
      const name = e.ingredient?.name ?? e.input;
      if (note.class === 'prohibited' || note.class === 'uv_filter_not_permitted') {
        const message = `${name} is ${CLASS_WORDS[note.class]} (${note.source}).${note.note ? ` ${note.note}` : ''}`;
        notes.push(message);
        alerts.push({ position: e.position, input: e.input, message });
      } else if (note.exceeded) {
        const message = `${name} is printed at ${printed}%, above the EU maximum of ${note.maxPercent}% for ${note.products ?? (type === 'rinse_off' ? 'rinse-off products' : 'leave-on products')} (${note.source}).`;
        notes.push(message);
        alerts.push({ position: e.position, input: e.input, message });
      } else if (note.class === 'fragrance_allergen_2023') {
        notes.push(`${name} is ${CLASS_WORDS[note.class]} (${note.source}).`);
      }
    }
    return { position: e.position, input: e.input, estimate, flags, regulation: regulationNotes, notes, dosed };
  });
  const byFlag = new Map<string, Array<ReadEntry<I>>>();
  for (const entry of read) for (const flag of entry.flags) byFlag.set(flag, [...(byFlag.get(flag) ?? []), entry]);
  const rank = (flag: string) => (flagOrder.includes(flag) ? flagOrder.indexOf(flag) : flagOrder.length);
  const flags = [...byFlag.entries()].sort((a, b) => rank(a[0]) - rank(b[0]) || a[0].localeCompare(b[0])).map(([flag, list]) => ({ flag, entries: list }));
  return { productType: type, productTypeBasis: typeBasis, parts, entries: read, flags, alerts };
}
