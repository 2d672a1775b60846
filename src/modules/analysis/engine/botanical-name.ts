// Botanical names read as the plant, the parts and the preparation they name, so that an annex entry
// joins a plant ingredient on what the entry is about ("Oil from the seeds of Laurus nobilis" is the seed
// oil, not a leaf extract) and never on a CAS or EC number alone: one number covers every part of a plant.
// Pure: names in, readings out.

import { acceptedPlant, NO_PLANT_SYNONYMS, type PlantSynonyms } from './botanical-synonyms.js';

/** What a botanical name names. */
export interface BotanicalName {
  /** Genus and epithets, lower case ("citrus aurantium amara"); several where a name joins them ("amara and dulcis"). */
  plants: string[][];
  /** Canonical parts ("leaf", "seed"); empty when the name names none (the whole plant, or any part). */
  parts: string[];
  /** Canonical preparations ("oil", "extract"); "any" for "galenical preparations"; empty for the plant material itself. */
  preparations: string[];
  /** Words after the plant that are neither part nor preparation ("unsaponifiables", "ferment"): a substance made from it. */
  derived: boolean;
}

const PART_WORDS: Record<string, string> = {
  flower: 'flower',
  flowers: 'flower',
  blossom: 'flower',
  blossoms: 'flower',
  petal: 'flower',
  petals: 'flower',
  leaf: 'leaf',
  leaves: 'leaf',
  needle: 'leaf',
  needles: 'leaf',
  seed: 'seed',
  seeds: 'seed',
  kernel: 'kernel',
  kernels: 'kernel',
  nut: 'nut',
  nuts: 'nut',
  peel: 'peel',
  peels: 'peel',
  rind: 'peel',
  pericarp: 'peel',
  zest: 'peel',
  root: 'root',
  roots: 'root',
  rhizome: 'rhizome',
  rhizomes: 'rhizome',
  tuber: 'tuber',
  bulb: 'bulb',
  fruit: 'fruit',
  fruits: 'fruit',
  berry: 'fruit',
  berries: 'fruit',
  bark: 'bark',
  stem: 'stem',
  stems: 'stem',
  stalk: 'stem',
  twig: 'twig',
  twigs: 'twig',
  branch: 'twig',
  branches: 'twig',
  wood: 'wood',
  heartwood: 'wood',
  bud: 'bud',
  buds: 'bud',
  herb: 'herb',
  tops: 'herb',
  cone: 'cone',
  cones: 'cone',
  husk: 'husk',
  hull: 'husk',
  shell: 'husk',
  sprout: 'sprout',
  germ: 'germ',
  sap: 'sap',
  gum: 'gum',
};

/** "herb" (the aerial parts) holds flowers, leaves and stems: a herb extract overlaps an entry on one of them. */
const HERB_PARTS = new Set(['flower', 'leaf', 'stem', 'twig', 'bud']);

const PREPARATION_WORDS: Record<string, string> = {
  oil: 'oil',
  oils: 'oil',
  essence: 'oil',
  extract: 'extract',
  extracts: 'extract',
  ext: 'extract',
  'ext.': 'extract',
  absolute: 'absolute',
  concrete: 'concrete',
  resinoid: 'resinoid',
  tincture: 'tincture',
  water: 'water',
  hydrosol: 'water',
  distillate: 'water',
  juice: 'juice',
  powder: 'powder',
  wax: 'wax',
  cera: 'wax',
  butter: 'butter',
  resin: 'resin',
  balsam: 'resin',
  preparations: 'any',
  preparation: 'any',
};

// Words that join or qualify parts and preparations without changing what they are.
const FILLER = new Set([
  'and',
  'or',
  'of',
  'the',
  'essential',
  'volatile',
  'galenical',
  'whole',
  'aerial',
  'parts',
  'part',
  'plant',
  'dried',
  'fresh',
  'flowering',
  'obtained',
  'from',
  'its',
  'their',
  'e.g.',
]);

// Words of a substance grown or made from a plant, not a part of it: a callus culture is no flower.
const DERIVED = new Set([
  'callus',
  'culture',
  'cell',
  'cells',
  'meristem',
  'phytoplacenta',
  'ferment',
  'filtrate',
  'lysate',
  'protoplasts',
  'exosomes',
  'hydrolyzed',
  'hydrolysed',
]);

// First words of chemical names that read like a genus and an epithet ("Hydrogenated Castor Oil").
const NOT_A_GENUS =
  /^(?:hydrogenated|hydrolyzed|hydrolysed|sodium|potassium|calcium|magnesium|ammonium|peg|ppg|polyglyceryl|glyceryl|acetylated|ethoxylated|sulfated|sulphated|sulfonated|maleated|epoxidized|oxidized|ozonized|cetearyl|cetyl|isopropyl|ethylhexyl|mineral|synthetic|fragrance|parfum|aroma|natural|organic|tea|dimethicone|disodium|zinc|copper|iron|silver|gold|titanium)$/;

/** A word without the punctuation around it ("(leaves," → "leaves"); a final "." stays ("L.", "spp."). */
function word(w: string): string {
  let end = w.length;
  while (end > 0 && !/[a-z0-9.-]/.test(w[end - 1])) end--;
  return w.slice(0, end).replace(/^[^a-z0-9]+/, '');
}

/** "Laurus nobilis L.", "Citrus aurantium amara and dulcis": the plant words, without authorities, split at "and". */
function plantsOf(words: string[], minimum = 2): string[][] | null {
  const kept = words.filter((w) => !/^[a-z]{1,4}\.$/.test(w) || w === 'spp.');
  if (kept.some((w) => DERIVED.has(w))) return null;
  if (kept.length < minimum || !/^[a-z]{3,}$/.test(kept[0]) || NOT_A_GENUS.test(kept[0])) return null;
  if (!kept.slice(1).every((w) => /^(?:[a-z][a-z-]*|x|spp\.|and|or)$/.test(w))) return null;
  const and = kept.findIndex((w) => w === 'and' || w === 'or');
  if (and < 0) return [kept.filter((w) => w !== 'spp.' && w !== 'species').slice(0, 4)];
  // "Citrus aurantium amara and dulcis": the words before the last epithet, with each alternative.
  const base = kept.slice(0, and - 1);
  const alternatives = [kept[and - 1], ...kept.slice(and + 1).filter((w) => w !== 'and' && w !== 'or')];
  if (base.length < 1) return null;
  return alternatives.map((a) => [...base, a]);
}

/** The parts and preparations of the words after a plant; null when a word is neither. */
function partsOf(words: string[]): Omit<BotanicalName, 'plants'> {
  const parts = new Set<string>();
  const preparations = new Set<string>();
  let derived = false;
  for (const w of words) {
    if (!w || FILLER.has(w)) continue;
    if (PART_WORDS[w]) parts.add(PART_WORDS[w]);
    else if (PREPARATION_WORDS[w]) preparations.add(PREPARATION_WORDS[w]);
    else derived = true;
  }
  return { parts: [...parts], preparations: [...preparations], derived };
}

// Words ending a plant's name in an annex's wording ("… Azadirachta indica extracted with water").
const PLANT_STOP = new Set(['extracted', 'obtained', 'by', 'with', 'in', 'for', 'when', 'used']);

const isPartOrPreparation = (w: string) => Boolean(PART_WORDS[w] || PREPARATION_WORDS[w]);

/**
 * Reads a botanical name, an INCI name ("Lavandula Angustifolia (Lavender) Flower/Leaf/Stem Extract") or
 * an annex's wording ("Oil from the seeds of Laurus nobilis L.", "Lavandula angustifolia oil/extract",
 * "Aconitum napellus L. (leaves, roots and galenical preparations)"); null when it is not one plant's.
 * `genusAlone`: read "Eucalyptus Oil" as some species of the genus (an ingredient's name); an annex's
 * "Verbena absolute" names no genus (lemon verbena is Lippia citriodora), so entries are read without it.
 */
export function readBotanicalName(
  name: string,
  genusAlone = true,
  synonyms: PlantSynonyms = NO_PLANT_SYNONYMS,
): BotanicalName | null {
  const read = readAsPrinted(name, genusAlone);
  // A synonym of the accepted name is the same plant ("Lavandula officinalis" is Lavandula angustifolia).
  if (!read || !synonyms.accepted.size) return read;
  return { ...read, plants: read.plants.map((p) => acceptedPlant(p, synonyms)) };
}

function readAsPrinted(name: string, genusAlone: boolean): BotanicalName | null {
  // "Verbena essential oils (Lippia citriodora Kunth.)", "Peru balsam (INCI name: Myroxylon pereirae)": the plant
  // is the binomial in the parentheses, the words outside say the part and preparation.
  const binomial = /\((?:INCI name:\s*)?([A-Z][a-z]+ [a-z][a-z-]+)(?:\s[^()]*)?\)/.exec(name);
  if (binomial) {
    const outside = name
      .slice(0, binomial.index)
      .toLowerCase()
      .split(/[\s/,]+/)
      .map(word);
    const read = partsOf(outside.filter(isPartOrPreparation));
    if (read.preparations.length && !outside.some((w) => PLANT_STOP.has(w)))
      return { plants: [binomial[1].toLowerCase().split(' ')], ...read };
  }
  // Square brackets hold an annex's description ("Margosa, ext. [from the kernels of …]"): read as words.
  let text = name
    .toLowerCase()
    .replace(/[[\]\s]+/g, ' ')
    .trim();
  // "(leaves, roots and galenical preparations)" lists parts; "(Lavender)" is a common name.
  let listed: string[] = [];
  text = text.replace(/\(([^()]*)\)/g, (_, inside: string) => {
    const words = inside
      .split(/[\s,/]+/)
      .map(word)
      .filter(Boolean);
    if (words.length && words.every((w) => isPartOrPreparation(w) || FILLER.has(w))) listed = [...listed, ...words];
    return ' ';
  });
  // "Oil from the seeds of Laurus nobilis", "essential oil obtained from the leaves of …", "… ext. [from the kernels of Azadirachta indica …]".
  const fromAt = text.startsWith('from ') ? 0 : text.indexOf(' from ') + 1;
  const ofAt = fromAt > 0 || text.startsWith('from ') ? text.indexOf(' of ', fromAt) : -1;
  if (ofAt > 0) {
    const before = text
      .slice(0, fromAt)
      .split(/[\s,/[\]]+/)
      .map(word)
      .filter(isPartOrPreparation);
    const between = text
      .slice(fromAt + 5, ofAt)
      .split(/[\s,/]+/)
      .map(word);
    const after = text
      .slice(ofAt + 4)
      .split(/[\s\]]+/)
      .map(word);
    const end = after.findIndex((w) => !/^[a-z][a-z.-]*$/.test(w) || PLANT_STOP.has(w));
    const plants = plantsOf(end < 0 ? after : after.slice(0, end));
    const read = partsOf([...before, ...between, ...listed]);
    if (!plants || !read.parts.length) return null;
    return { plants, ...read };
  }
  // "Jasminum grandiflorum / officinale", "flower/leaf/stem": a slash joins alternatives, as "and" does.
  const words = text
    .split('/')
    .map((piece) => piece.trim())
    .join(' and ')
    .split(/[\s,]+/)
    .map(word)
    .filter(Boolean);
  const at = words.findIndex(isPartOrPreparation);
  if (at < 0 && !listed.length) return null;
  // "Eucalyptus Oil": a genus alone, before its preparation, names some species of it.
  const plants = plantsOf(at < 0 ? words : words.slice(0, at), at === 1 && genusAlone ? 1 : 2);
  if (!plants) return null;
  const read = partsOf([...(at < 0 ? [] : words.slice(at)), ...listed]);
  // A name with neither part nor preparation is a plant name alone: nothing to read.
  if (!read.parts.length && !read.preparations.length) return null;
  return { plants, ...read };
}

// Extracts made a particular way: an entry on extracts covers them; an entry on an absolute covers only absolutes.
const EXTRACTS = new Set(['extract', 'absolute', 'concrete', 'resinoid', 'tincture']);
const names = (entry: BotanicalName, preparation: string) =>
  entry.preparations.includes(preparation) || (EXTRACTS.has(preparation) && entry.preparations.includes('extract'));

/** How an entry's name stands to an ingredient's: it names the ingredient, it may, or it names something else. */
export type Coverage = 'covers' | 'may' | 'other';

const samePlant = (entry: string[], ingredient: string[]) =>
  // An entry on a species covers its subspecies and varieties ("Lavandula angustifolia angustifolia").
  entry.length <= ingredient.length && entry.every((w, i) => w === ingredient[i]);

/**
 * Whether the entry's botanical name names the ingredient's: the same plant (or a subspecies of it), the
 * ingredient's parts among the entry's (an entry naming no part names any), and its preparation the entry's.
 * "may" where the label does not tell (an oil named without its part, a herb against a leaf entry).
 */
export function botanicalCoverage(entry: BotanicalName, ingredient: BotanicalName): Coverage {
  const same = entry.plants.some((e) => ingredient.plants.some((i) => samePlant(e, i)));
  // A genus alone ("Eucalyptus Oil") may be the entry's species, never surely.
  const genus = ingredient.plants.some((i) => i.length === 1 && entry.plants.some((e) => e[0] === i[0]));
  if (!same && !genus) return 'other';
  const read = coverageOfPlant(entry, ingredient);
  return same || read === 'other' ? read : 'may';
}

function coverageOfPlant(entry: BotanicalName, ingredient: BotanicalName): Coverage {
  if (ingredient.derived || entry.derived) return 'other';
  // An entry naming neither a part nor a preparation is a plant name: only its own name ties to it.
  if (!entry.preparations.length) return 'other';
  const anyPreparation = entry.preparations.includes('any');
  let preparation: Coverage;
  if (!ingredient.preparations.length) preparation = anyPreparation ? 'covers' : 'may';
  else if (anyPreparation || ingredient.preparations.every((p) => names(entry, p))) preparation = 'covers';
  else if (ingredient.preparations.some((p) => names(entry, p))) preparation = 'may';
  else return 'other';
  let part: Coverage;
  if (!entry.parts.length) part = 'covers';
  else if (!ingredient.parts.length) part = 'may';
  else if (ingredient.parts.every((p) => entry.parts.includes(p))) part = 'covers';
  else if (
    ingredient.parts.some(
      (p) => entry.parts.includes(p) || (p === 'herb' && entry.parts.some((e) => HERB_PARTS.has(e))),
    )
  )
    part = 'may';
  else return 'other';
  return part === 'covers' && preparation === 'covers' ? 'covers' : 'may';
}

/** The genus of a reading, the key an index of entries is kept by. */
export const genusOf = (name: BotanicalName): string[] => [...new Set(name.plants.map((p) => p[0]))];

const samePlants = (a: BotanicalName, b: BotanicalName) =>
  a.plants.some((p) => b.plants.some((q) => p.length === q.length && p.every((w, i) => w === q[i])));

/**
 * An entry's readings, each narrowed to what the entry's other names say: "Pinus pinaster oil and extract",
 * whose other names are all twig and leaf oils and extracts, is about twig and leaf (not the bark extract);
 * "Lavandula angustifolia oil/extract" beside "Lavandula Angustifolia Oil" stays about every part.
 * `others`: readings of the entry's identified names, which inform but never join.
 */
export function entryReadings(read: BotanicalName[], others: BotanicalName[]): BotanicalName[] {
  // The chemical name read whole and its pieces often read alike: one of each.
  const own = read.filter((r, i) => read.findIndex((q) => JSON.stringify(q) === JSON.stringify(r)) === i);
  const all = [...own, ...others.filter((o) => !own.some((r) => JSON.stringify(r) === JSON.stringify(o)))];
  return own.map((reading) => {
    if (reading.parts.length || !reading.preparations.length) return reading;
    const peers = all.filter((p) => p !== reading && samePlants(p, reading));
    if (!peers.length || peers.some((p) => !p.parts.length)) return reading;
    return { ...reading, parts: [...new Set(peers.flatMap((p) => p.parts))] };
  });
}
