// A list read the way an expert reads it: how much of each ingredient there can be, what that
// amount changes, what EU law says about each one, and which flags the list raises through which
// entries. Pure: the list's entries with their ingredients and the regulation index in.
import { estimateConcentrations, printedPercent, type ConcentrationEstimate, type DoseEntry } from './concentration.js';
import { doseOf, dosedIngredient, highAt, significantAt, type Dose, type DosedView } from './dose.js';
import { inferProductType, productAreaOf } from './product-type.js';
import type { SkinIngredient } from './skin-types.js';
import { type BodyArea, type ProductType, type RegulationIndex, type RegulatoryFact } from './regulation.js';
import { frozenEmpty, readLaw, type LawReading } from './regulation-reading.js';

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
  /** Printed with a nano marker. */
  nano?: boolean;
  /** The part of a kit it belongs to: each part is a product of its own, read on its own. */
  part?: string | null;
  ingredient: I | null;
}

export interface RegulatoryNote {
  class: RegulatoryFact['class'];
  /** substance: the entry's own substance; may_concern: a name the entry only may concern (its condition says when). */
  relation: 'substance' | 'may_concern';
  /** What limits the entry or where it applies, in the annex's words ("except for normal content in natural essences used"). */
  condition: string | null;
  /** The label warnings and conditions of use the annex requires, in its words. */
  warnings: string | null;
  /** The products the entry allows, when this product is outside them. */
  allowedIn: string | null;
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
  productType: ProductType | 'unknown';
  productTypeBasis: string;
}

export interface ReadList<I extends ListIngredient> {
  /** The product's type; for a kit, its first part's (each part's is in `parts`). */
  productType: ProductType | 'unknown';
  productTypeBasis: string;
  /** Each part of a kit with its own product type; empty for one product. */
  parts: PartReading[];
  entries: Array<ReadEntry<I>>;
  /** Each flag the list raises, with the entries raising it, in vocabulary order then label order. */
  flags: Array<FlagRaise<I>>;
  /** What the law says about the list as a whole: prohibited substances, printed amounts above a maximum. */
  alerts: Array<{ position: number; input: string; message: string }>;
}

/**
 * Where a label was made: `eu` when the caller knows it was made under EU law (Regulation (EC) No
 * 1223/2009), else null. Only an EU label names a fragrance allergen because it is above 0.001 %
 * (leave-on) / 0.01 % (rinse-off); a US label, a Drug Facts label or one of unknown origin may name it at
 * any amount, so no lower bound is drawn from its being named.
 */
export type LabelLaw = 'eu' | null;

// Every list reads the same few thousand ingredients again and again. What the law says of one depends only on the
// ingredient, the product type and a printed "(nano)" (the amount comes in with finish), and copying the knowledge
// base's row for each entry, to give it its dose, was the largest cost of a reading though the same few doses recur
// list after list (most entries sit behind the 1 % line, at 0-1 %). So both are kept: per regulation index, per
// ingredient row, per product type (unknown, leave-on, rinse-off) and nano marker, the law's reading and the dosed
// views by dose. A knowledge-base change replaces the changed ingredient's row (rows are read-only), so the cache is
// keyed on the row itself and the weak maps let a replaced row's readings go. The views are shared between readings:
// read-only, like the rows they copy.
interface IngredientReading {
  law: LawReading;
  /**
   * Dosed views by the estimate's maximum, then its minimum (a list searched in order: a maximum comes with one or two
   * minimums), then by the dose's four yes/no as one number. The first ingredients of a list meet a new maximum at
   * every place (100 ÷ their place, a bound before them) and a new minimum with every length (100 ÷ entries): a list
   * of all the bounds, searched in order, grew long enough that it was emptied again and again, and every view made
   * anew copies the row.
   */
  views: Map<number, Array<{ min: number; views: Array<DosedView<ListIngredient>> }>>;
  /** How many bounds `views` holds. */
  bounds: number;
  /** The views at 0-1 %, where most entries are (behind the 1 % line), found without a search. */
  upToOne: Array<DosedView<ListIngredient>>;
}
const ingredientReadings = new WeakMap<RegulationIndex, WeakMap<ListIngredient, Array<IngredientReading>>>();
/** An ingredient met at many different amounts: its views are dropped past this many bounds. */
const VIEW_BOUNDS = 512;

function readingsOf(regulation: RegulationIndex): WeakMap<ListIngredient, Array<IngredientReading>> {
  let byRow = ingredientReadings.get(regulation);
  if (!byRow) ingredientReadings.set(regulation, (byRow = new WeakMap()));
  return byRow;
}

function ingredientReading(
  byRow: WeakMap<ListIngredient, Array<IngredientReading>>,
  regulation: RegulationIndex,
  ingredient: ListIngredient,
  type: ProductType | null,
  nano: boolean,
  area: BodyArea | null,
): IngredientReading {
  let slots = byRow.get(ingredient);
  if (!slots) byRow.set(ingredient, (slots = []));
  const at =
    (type === null ? 0 : type === 'leave_on' ? 1 : 2) + (nano ? 3 : 0) + (area === null ? 0 : area === 'face' ? 6 : 12);
  return (slots[at] ??= {
    law: readLaw(regulation, ingredient, type, { nano, area }),
    views: new Map(),
    bounds: 0,
    upToOne: [],
  });
}

/** The ingredient's view at this dose (doseOf's arguments), made on first use. */
function dosedView<I extends ListIngredient>(
  ingredient: I,
  known: IngredientReading,
  estimate: ConcentrationEstimate,
  position: number,
  listLength: number,
  type: ProductType,
  printed: boolean,
  useAssumed: boolean,
): DosedView<I> {
  let views: Array<DosedView<I>> | undefined;
  if (estimate.min === 0 && estimate.max === 1) views = known.upToOne as Array<DosedView<I>>;
  else {
    const byMax = known.views as Map<number, Array<{ min: number; views: Array<DosedView<I>> }>>;
    let byMin = byMax.get(estimate.max);
    if (!byMin) byMax.set(estimate.max, (byMin = []));
    for (const b of byMin)
      if (b.min === estimate.min) {
        views = b.views;
        break;
      }
    if (!views) {
      if (known.bounds >= VIEW_BOUNDS) {
        byMax.clear();
        byMax.set(estimate.max, (byMin = []));
        known.bounds = 0;
      }
      known.bounds++;
      byMin.push({ min: estimate.min, views: (views = []) });
    }
  }
  const at =
    +significantAt(estimate, position, listLength) |
    (+highAt(estimate, position) << 1) |
    (+printed << 2) |
    (+(type === 'rinse_off') << 3) |
    // An estimate capped by an EU maximum on a label not known to be an EU one says "if EU-compliant" (dose.ts).
    (+(estimate.assumes === 'eu_compliant') << 4);
  let view = views[at];
  if (!view) {
    view = views[at] = dosedIngredient(
      ingredient,
      known.law.ingredientFlags,
      doseOf(estimate, position, listLength, type, printed, useAssumed),
    );
    // Its notes go out as the entries' own (readList): frozen, so that no reader changes them for the next list.
    Object.freeze(view.notes);
  }
  return view;
}

// An entry with nothing to note: one frozen answer shared by all of them (no reader changes an entry's notes).
const NO_NOTES = frozenEmpty<string>();
const NO_REGULATORY_NOTES = frozenEmpty<RegulatoryNote>();

// inferProductType reads only the names of a list's first twelve ingredients (and whether it has fewer) and its
// heading, and lists share their first names far more often than not (water, glycerin, …): its answer is kept by
// those, which cost a string to join against a dozen regular expressions to run. Bounded all the same.
const INFERENCE_READS = 12;
const guessedTypes = new Map<string, { known: ProductType | null; basis: string }>();

/** The product type inferProductType guesses for a list (or kit part), as the reading keeps it (shared, frozen). */
function guessedType(ingredients: Array<ListIngredient | null>, heading: string | null) {
  let key = heading ?? '';
  for (let i = 0; i < ingredients.length && i < INFERENCE_READS; i++) {
    const ingredient = ingredients[i];
    key += ingredient ? `\u0000${ingredient.name}` : '\u0000\u0001';
  }
  let type = guessedTypes.get(key);
  if (!type) {
    const guessed = inferProductType(ingredients, heading);
    type = Object.freeze({
      known: guessed.productType === 'unknown' ? null : guessed.productType,
      basis: guessed.basis,
    });
    if (guessedTypes.size >= 50_000) guessedTypes.clear();
    guessedTypes.set(key, type);
  }
  return type;
}

/** Why a list has its type; for one of unknown use, what its amounts and flags are read under meanwhile. */
const basisOf = (t: { known: ProductType | null; basis: string }): string =>
  t.known
    ? t.basis
    : `${t.basis} Until the label says, its amounts and flags are read as in a leave-on product (the stricter reading), and EU law both ways.`;

/**
 * Reads a list. `productType` when the caller knows it (a catalog category); else guessed from the list's name line
 * (a pasted label's "Gentle Milk Cleanser 200 ml", parse.ts) read as its heading, then from its ingredients.
 */
export function readList<I extends ListIngredient>(
  entries: Array<ListEntry<I>>,
  regulation: RegulationIndex,
  productType?: ProductType | null,
  flagOrder: string[] = [],
  labelLaw: LabelLaw = null,
  nameLine: string | null = null,
): ReadList<I> {
  const n = entries.length;
  // A kit's parts are products of their own: each has its type, and its order bounds only its own amounts. Most
  // lists are one product: their one part is the whole list, found without a map of indices.
  let kit = false;
  for (let i = 0; i < n && !kit; i++) kit = !!entries[i].part;
  const byPart = new Map<string, number[]>();
  if (kit)
    // Index loops here and below, not entries(): destructuring an iterator's pairs cost more than the work in them.
    for (let i = 0; i < n; i++) {
      const part = entries[i].part ?? '';
      const indices = byPart.get(part);
      if (indices) indices.push(i);
      else byPart.set(part, [i]);
    }
  const fromCategory = productType
    ? {
        known: productType,
        basis: `Read as a ${productType === 'rinse_off' ? 'rinse-off' : 'leave-on'} product from its category.`,
      }
    : null;
  // A part's name ("Gentle Cleanser") is its heading; a "may contain" block says nothing of the use.
  const typeOfPart = (indices: number[] | null, part: string) => {
    if (fromCategory) return fromCategory;
    const ingredients: Array<I | null> = [];
    const count = indices ? indices.length : n;
    for (let k = 0; k < count; k++) {
      const e = entries[indices ? indices[k] : k];
      if (!e.mayContain) ingredients.push(e.ingredient);
    }
    return guessedType(ingredients, part || null);
  };
  const typeOf = new Map<string, { known: ProductType | null; basis: string }>();
  if (kit) for (const [part, indices] of byPart) typeOf.set(part, typeOfPart(indices, part));
  const whole = kit ? null : typeOfPart(null, nameLine ?? '');
  // Each entry's part reading and the length of its part, looked up once (for a kit).
  const partReadings = kit ? entries.map((e) => typeOf.get(e.part ?? '')!) : null;
  const partLengths = kit ? entries.map((e) => byPart.get(e.part ?? '')!.length) : null;
  const partOf = (i: number) => (partReadings ? partReadings[i] : whole!);
  // Unknown: the doses are read as leave-on (the stricter reading); the law is read both ways.
  const entryType = (i: number): ProductType => partOf(i).known ?? 'leave_on';
  const first = n ? partOf(0) : guessedType([], null);
  const parts: PartReading[] = [...typeOf]
    .filter(([part]) => part)
    .map(([part, t]) => ({ part, productType: t.known ?? 'unknown', productTypeBasis: basisOf(t) }));
  const thresholdOf = (t: ProductType) =>
    t === 'rinse_off' ? regulation.data.allergenThreshold.rinseOff : regulation.data.allergenThreshold.leaveOn;
  let drugFacts = false;
  for (let i = 0; i < n && !drugFacts; i++) drugFacts = !!entries[i].active;
  const allergenFloors = labelLaw === 'eu' && !drugFacts;
  const byRow = readingsOf(regulation);
  // Face or body, where EU law sets conditions by it (homosalate, oxybenzone): from the part's name in a kit, else the
  // product's name line; unknown when neither says.
  const wholeArea = kit ? null : productAreaOf(nameLine);
  const partAreas = kit ? new Map([...byPart.keys()].map((part) => [part, productAreaOf(part || null)])) : null;
  const areaOf = (i: number): BodyArea | null => (partAreas ? partAreas.get(entries[i].part ?? '')! : wholeArea);
  // One pass for what the estimates need: each entry's law reading and its dose entry.
  const known: Array<IngredientReading | null> = new Array(n);
  const law: LawReading[] = new Array(n);
  const doseEntries: DoseEntry[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const e = entries[i];
    const k = e.ingredient
      ? ingredientReading(byRow, regulation, e.ingredient, partOf(i).known, e.nano ?? false, areaOf(i))
      : null;
    known[i] = k;
    const l = (law[i] = k?.law ?? readLaw(regulation, null, partOf(i).known, { nano: false }));
    let floor: DoseEntry['floor'] = null;
    if (l.fragranceAllergen && allergenFloors) {
      const type = entryType(i);
      const threshold = thresholdOf(type);
      floor = {
        min: threshold,
        source: `fragrance allergens are named on ${type === 'rinse_off' ? 'rinse-off' : 'leave-on'} products above ${threshold}%`,
      };
    }
    doseEntries[i] = {
      position: e.position,
      concentration: e.concentration,
      mayContain: e.mayContain,
      active: e.active ?? false,
      name: e.ingredient?.name ?? e.input,
      // The alphabetical check of a Drug Facts list reads the names as printed ("Aqua" sorts under A).
      printedAs: e.input,
      cap: l.cap,
      floor,
    };
  }
  let estimates: ConcentrationEstimate[];
  let positionInPart: number[] | null = null;
  const estimateOptions = { labelLaw };
  if (!kit) estimates = estimateConcentrations(doseEntries, estimateOptions);
  else {
    estimates = new Array(n);
    positionInPart = new Array(n);
    for (const indices of byPart.values()) {
      const partEstimates = estimateConcentrations(
        indices.map((i) => doseEntries[i]),
        estimateOptions,
      );
      for (let k = 0; k < indices.length; k++) {
        positionInPart[indices[k]] = k + 1;
        estimates[indices[k]] = partEstimates[k];
      }
    }
  }
  const alerts: ReadList<I>['alerts'] = [];
  const read: Array<ReadEntry<I>> = new Array(n);
  for (let i = 0; i < n; i++) {
    const e = entries[i];
    const estimate = estimates[i];
    const printed = e.concentration === null ? null : printedPercent(e.concentration);
    const said = law[i].finish(estimate, printed);
    let dosed: ReadEntry<I>['dosed'] = null;
    let flags: string[] = NO_NOTES;
    // The notes are shared read-only arrays (the view's, the law's) when only one of them says something: most
    // entries say nothing, and a new array per entry was most of what a reading threw away.
    let notes = NO_NOTES;
    if (e.ingredient) {
      const view = dosedView(
        e.ingredient,
        known[i]!,
        estimate,
        positionInPart ? positionInPart[i] : i + 1,
        partLengths ? partLengths[i] : n,
        entryType(i),
        printed !== null,
        // Its views are the unknown type's own (ingredientReading keeps them apart): the assumption goes with them.
        partOf(i).known === null,
      );
      dosed = view.ingredient;
      flags = view.flags;
      notes = view.notes;
    }
    if (said.notes.length) notes = notes.length ? [...notes, ...said.notes] : said.notes;
    if (!allergenFloors && law[i].fragranceAllergen) {
      notes = [
        ...notes,
        drugFacts
          ? 'A Drug Facts label names its inactive ingredients whatever their amount: being named says nothing of how much there is.'
          : `On a label made under EU law this fragrance allergen is named only above ${thresholdOf(entryType(i))}%; where this label was made is not known, so no lower bound is drawn from its being named.`,
      ];
    }
    for (const message of said.alerts) alerts.push({ position: e.position, input: e.input, message });
    // The regulatory notes go out as the entry's own array.
    const regulationNotes = said.regulation.length ? [...said.regulation] : NO_REGULATORY_NOTES;
    read[i] = { position: e.position, input: e.input, estimate, flags, regulation: regulationNotes, notes, dosed };
  }
  const byFlag = new Map<string, Array<ReadEntry<I>>>();
  // Index loops: the entries' flags arrays are of several kinds (the views' own, one frozen empty), and walking them
  // with an iterator was the largest part of this summary.
  for (let i = 0; i < n; i++) {
    const entry = read[i];
    const entryFlags = entry.flags;
    for (let k = 0; k < entryFlags.length; k++) {
      const raising = byFlag.get(entryFlags[k]);
      if (raising) raising.push(entry);
      else byFlag.set(entryFlags[k], [entry]);
    }
  }
  const rank = (flag: string) => {
    const at = flagOrder.indexOf(flag);
    return at === -1 ? flagOrder.length : at;
  };
  const flags = [...byFlag.entries()]
    .sort((a, b) => rank(a[0]) - rank(b[0]) || a[0].localeCompare(b[0]))
    .map(([flag, list]) => ({ flag, entries: list }));
  return {
    productType: first.known ?? 'unknown',
    productTypeBasis: basisOf(first),
    parts,
    entries: read,
    flags,
    alerts,
  };
}
