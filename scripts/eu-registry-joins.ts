// Every tie by a CAS or EC number alone between an annex entry and an ingredient of the knowledge base or
// the shipped CosIng inventory, and what each is:
//   node --import ./register.mjs scripts/eu-registry-joins.ts            (counts)
//   node --import ./register.mjs scripts/eu-registry-joins.ts --list     (and every tie, one a line)
//   node --import ./register.mjs scripts/eu-registry-joins.ts --json     (counts and ties as JSON)
// A tie is a registry-number join when the analysis takes it (relation "substance" or "may concern", basis
// "cas"); "refused" when the number is shared but the join no longer takes it. A registry number covers every
// part of a plant (a bay-leaf extract and the bay-seed oil of Annex II/359 share one), so botanical ties are
// classified by the plant, part and preparation the names give (src/modules/analysis/engine/botanical-name.ts).
import {
  type BotanicalName,
  botanicalCoverage,
  entryReadings,
  readBotanicalName,
} from '../src/modules/analysis/engine/botanical-name.js';
import type { RegulatedIngredient, RegulatoryFact } from '../src/modules/analysis/engine/regulation.js';
import { loadRegulation } from '../src/modules/analysis/regulation-data.js';
import { readInventory } from '../src/modules/knowledge/cosing-inventory.js';
import { loadIngredientRecords } from '../src/seeders/knowledge-base.js';

export type TieClass =
  | 'botanical: the entry names its plant, part and preparation'
  | 'botanical: the entry names its plant, not its part or preparation for sure'
  | 'botanical: another part or preparation of the plant'
  | 'botanical: another plant'
  | 'botanical ingredient, chemical entry'
  | 'chemical ingredient, botanical entry'
  | "chemical: the entry's Identified column names it"
  | "chemical: a salt, ester or member of the entry's class"
  | 'chemical: a colorant by its colour index or dye name'
  | "chemical: one part of a mixture's entry"
  | 'chemical: the same number under another name';

/** The classes that are wrong as a join of the entry's own substance. */
export const WRONG_AS_SUBSTANCE: ReadonlySet<TieClass> = new Set<TieClass>([
  'botanical: another part or preparation of the plant',
  'botanical: another plant',
  'botanical ingredient, chemical entry',
  'chemical ingredient, botanical entry',
  "chemical: one part of a mixture's entry",
]);

export interface RegistryTie {
  source: 'knowledge base' | 'inventory';
  ingredient: string;
  number: string;
  entry: string;
  entryName: string;
  /** What the analysis does with it now. */
  join: 'substance' | 'may_concern' | 'refused' | 'by name';
  cls: TieClass;
}

const soleNumber = (text: string | null | undefined): string | null => {
  const numbers = (text ?? '').split(/[\s/,;]+/).filter((n) => /^\d+-\d+-\d+$/.test(n));
  return numbers.length === 1 ? numbers[0] : null;
};
const firstNumber = (cell: string | null): string | null => cell?.split(/\s*[/,;]\s*/)[0]?.trim() || null;
const key = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
const DYE = /^(?:CI \d{5}|(?:ACID|BASIC|DIRECT|DISPERSE|FOOD|HC|PIGMENT|SOLVENT|VAT|REACTIVE) [A-Z]+(?: NO\.?)? ?\d+)/i;
const CLASS_WORDING =
  /\b(?:salts?|esters?|compounds?|derivatives|and its|and their|including|alkyl|secondary|borates?|parabens?)\b|4-hydroxybenzoic/i;
const MIXTURE = /\(and\)|\bmixture\b|\breaction mass\b/i;

export function classify(ingredient: RegulatedIngredient, fact: RegulatoryFact): TieClass {
  const read = (names: string[]) =>
    names.map((n) => readBotanicalName(n, false)).filter((r): r is BotanicalName => r !== null);
  const entry = entryReadings(read([...fact.names, ...(fact.wording ? [fact.wording] : [])]), read(fact.identified));
  // As the index reads them: a genus alone ("Eucalyptus Oil") only where the entry names that genus.
  const mine = [ingredient.name, ...ingredient.otherNames]
    .map((n) => readBotanicalName(n))
    .filter((r): r is BotanicalName => r !== null)
    .filter((r) => r.plants.some((p) => p.length > 1 || entry.some((e) => e.plants.some((q) => q[0] === p[0]))));
  if (mine.length && entry.length) {
    let best: 'covers' | 'may' | 'other' = 'other';
    let samePlant = false;
    for (const e of entry)
      for (const m of mine) {
        const c = botanicalCoverage(e, m);
        if (c === 'covers') best = 'covers';
        else if (c === 'may' && best === 'other') best = 'may';
        if (e.plants.some((p) => m.plants.some((q) => p.every((w, i) => w === q[i])))) samePlant = true;
      }
    if (best === 'covers') return 'botanical: the entry names its plant, part and preparation';
    if (best === 'may') return 'botanical: the entry names its plant, not its part or preparation for sure';
    return samePlant ? 'botanical: another part or preparation of the plant' : 'botanical: another plant';
  }
  if (mine.length) return 'botanical ingredient, chemical entry';
  if (entry.length) return 'chemical ingredient, botanical entry';
  if (fact.cas.length > 1 && fact.names.some((n) => MIXTURE.test(n))) return "chemical: one part of a mixture's entry";
  if (fact.identified.some((n) => key(n) === key(ingredient.name)))
    return "chemical: the entry's Identified column names it";
  if (DYE.test(ingredient.name) || fact.annex === 'IV') return 'chemical: a colorant by its colour index or dye name';
  if (fact.names.some((n) => CLASS_WORDING.test(n)) || CLASS_WORDING.test(fact.qualifier ?? ''))
    return "chemical: a salt, ester or member of the entry's class";
  return 'chemical: the same number under another name';
}

/** Every entry an ingredient of the knowledge base or the inventory shares a sole CAS or EC number with. */
export function registryTies(): RegistryTie[] {
  const regulation = loadRegulation();
  const byNumber = new Map<string, RegulatoryFact[]>();
  for (const fact of regulation.data.facts)
    for (const n of new Set([...fact.cas, ...fact.ec])) byNumber.set(n, [...(byNumber.get(n) ?? []), fact]);
  const candidates: Array<RegulatedIngredient & { source: RegistryTie['source'] }> = [
    ...loadIngredientRecords().map((r) => ({
      source: 'knowledge base' as const,
      name: r.inci,
      otherNames: (r.other_names ?? []).map(String),
      casNumber: r.cas ? String(r.cas) : null,
      ecNumber: null,
    })),
    ...readInventory().map((r) => ({
      source: 'inventory' as const,
      name: r.name,
      otherNames: [],
      casNumber: firstNumber(r.cas),
      ecNumber: firstNumber(r.ec),
    })),
  ];
  const ties: RegistryTie[] = [];
  for (const ingredient of candidates) {
    const matches = regulation.matchesFor(ingredient);
    const seen = new Set<RegulatoryFact>();
    for (const number of [soleNumber(ingredient.casNumber), soleNumber(ingredient.ecNumber)]) {
      for (const fact of (number && byNumber.get(number)) || []) {
        if (seen.has(fact) || !fact.entryId) continue;
        seen.add(fact);
        const match = matches.find((m) => m.fact === fact);
        ties.push({
          source: ingredient.source,
          ingredient: ingredient.name,
          number: number!,
          entry: fact.entryId,
          entryName: fact.names[0] ?? '',
          join: !match ? 'refused' : match.basis === 'cas' ? match.relation : 'by name',
          cls: classify(ingredient, fact),
        });
      }
    }
  }
  return ties;
}

export interface TieCounts {
  registryJoins: number;
  bySubstance: number;
  byMayConcern: number;
  refused: number;
  /** Joins as the entry's own substance, by number alone, of a class that is wrong as one (Annex II and III). */
  falseProhibitionsOrRestrictions: number;
  byClass: Record<string, { substance: number; may_concern: number; refused: number; 'by name': number }>;
}

export function countTies(ties: RegistryTie[]): TieCounts {
  const byClass: TieCounts['byClass'] = {};
  for (const t of ties) {
    byClass[t.cls] ??= { substance: 0, may_concern: 0, refused: 0, 'by name': 0 };
    byClass[t.cls][t.join]++;
  }
  const joins = ties.filter((t) => t.join === 'substance' || t.join === 'may_concern');
  return {
    registryJoins: joins.length,
    bySubstance: joins.filter((t) => t.join === 'substance').length,
    byMayConcern: joins.filter((t) => t.join === 'may_concern').length,
    refused: ties.filter((t) => t.join === 'refused').length,
    falseProhibitionsOrRestrictions: joins.filter(
      (t) => t.join === 'substance' && /^(?:II|III)\//.test(t.entry) && WRONG_AS_SUBSTANCE.has(t.cls),
    ).length,
    byClass,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ties = registryTies();
  const counts = countTies(ties);
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ counts, ties }, null, 1));
  } else {
    if (process.argv.includes('--list'))
      for (const t of ties)
        console.log([t.join, t.entry, t.source, t.ingredient, t.number, t.entryName.slice(0, 60), t.cls].join('\t'));
    console.log(JSON.stringify(counts, null, 1));
  }
}
