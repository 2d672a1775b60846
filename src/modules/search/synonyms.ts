// data/search-synonyms.yaml, data/search-readings.yaml and data/search-intents.yaml as the query
// engines read them (folded words), read once.
import { readYaml } from '../knowledge/yaml-data.js';
import type { IntentVocabulary } from './engine/intent.js';
import { fold, type Reading, type SearchVocabulary } from './engine/query.js';
import { stemsOf } from './stems.js';

interface SynonymFile {
  spelling: Array<[string, string]>;
  synonyms: Array<{ words: string[]; source: string }>;
}

interface ReadingFile {
  kinds: Array<{ means: string; search: string[]; words: string[]; avoid?: string[] }>;
  concerns: Array<{ means: string; search: string[]; words: string[]; source: string; actives?: string[] }>;
  kind_nouns: string[];
}

interface IntentFile {
  free_of: Array<{ words: string[]; free_of: string; check: string }>;
  alone: Array<{ words: string[]; free_of: string }>;
  safe: Array<{ words: string[]; free_of: string; check: string }>;
  unchecked: string[];
  claims: string[];
  comedogenic: string[];
  filler: string[];
  units: string[];
  kept_as_text: string[];
}

const phrase = (text: string) => fold(text).split(' ').filter(Boolean);

let vocabulary: SearchVocabulary | null = null;
let intents: IntentVocabulary | null = null;

export function searchVocabulary(): SearchVocabulary {
  if (!vocabulary) {
    const file = readYaml<SynonymFile>('search-synonyms.yaml');
    const readings = readYaml<ReadingFile>('search-readings.yaml');
    const read = (as: string, list: Array<ReadingFile['kinds'][number] & { actives?: string[] }>): Reading[] =>
      list.flatMap((r) =>
        r.words.map((w) => ({
          phrase: phrase(w),
          search: r.search.map(phrase),
          avoid: (r.avoid ?? []).map(fold),
          readAs: `${as}: ${r.means}`,
          ...(r.actives ? { actives: r.actives } : {}),
        })),
      );
    const all = [...read('kind', readings.kinds), ...read('concern', readings.concerns)];
    // Each reading under its phrase's stems in each language; the first listed wins a shared key.
    const byStems = new Map<string, Reading>();
    for (const r of all) {
      const stems = r.phrase.map(stemsOf);
      for (const [tag] of stems[0]) {
        const key = `${tag}:${stems.map((list) => list.find(([t]) => t === tag)?.[1] ?? '').join(' ')}`;
        if (!byStems.has(key)) byStems.set(key, r);
      }
    }
    vocabulary = {
      spelling: file.spelling.map(([uk, us]) => [fold(uk), fold(us)] as const),
      synonyms: file.synonyms.map((group) => group.words.map((w) => fold(w).split(' '))),
      readings: all,
      stemmed: { stems: stemsOf, byStems },
      kindNouns: new Set(readings.kind_nouns.map(fold)),
    };
  }
  return vocabulary;
}

let plain: SearchVocabulary | null = null;

/** The vocabulary without the readings: names searched as typed (ingredients, suggestions). */
export function plainVocabulary(): SearchVocabulary {
  plain ??= { ...searchVocabulary(), readings: [], stemmed: undefined, kindNouns: undefined };
  return plain;
}

export function intentVocabulary(): IntentVocabulary {
  if (!intents) {
    const file = readYaml<IntentFile>('search-intents.yaml');
    const checks = new Map(file.free_of.map((e) => [e.free_of, e.check]));
    intents = {
      avoided: file.free_of.flatMap((e) =>
        e.words.map((w) => ({ phrase: phrase(w), freeOf: e.free_of, check: e.check })),
      ),
      alone: file.alone.flatMap((e) =>
        e.words.map((w) => ({ phrase: phrase(w), freeOf: e.free_of, check: checks.get(e.free_of) ?? e.free_of })),
      ),
      safe: file.safe.flatMap((e) => e.words.map((w) => ({ phrase: phrase(w), freeOf: e.free_of, check: e.check }))),
      unchecked: new Set(file.unchecked.map(fold)),
      claims: file.claims.map(phrase),
      comedogenic: file.comedogenic.map(phrase),
      filler: new Set(file.filler.map(fold)),
      units: new Set(file.units.map(fold)),
      keptAsText: file.kept_as_text.map(fold),
    };
  }
  return intents;
}
