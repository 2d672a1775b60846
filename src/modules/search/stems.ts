// Word stems in the languages the readings table holds (data/search-readings.yaml), by the Snowball
// stemmers (@orama/stemmers: the same algorithms as PostgreSQL's *_stem dictionaries), so an
// inflected form the table does not list ("crèmes de nuit", "Gesichtsmasken", "protectores solares")
// meets the listed one. Words are folded first (accents removed), as the table's are.
import { stemmer as dutch } from '@orama/stemmers/dutch';
import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as italian } from '@orama/stemmers/italian';
import { stemmer as portuguese } from '@orama/stemmers/portuguese';
import { stemmer as spanish } from '@orama/stemmers/spanish';

const STEMMERS: ReadonlyArray<readonly [string, (word: string) => string]> = [
  ['en', english],
  ['fr', french],
  ['de', german],
  ['es', spanish],
  ['it', italian],
  ['pt', portuguese],
  ['nl', dutch],
];

/** Only words of Latin letters are stemmed (Korean and Japanese are listed as typed). */
const LATIN = /^[a-z]+$/;
const cache = new Map<string, ReadonlyArray<readonly [string, string]>>();
const CACHE_LIMIT = 20_000;

/** A folded word's stem in each language: [tag, stem]; the word itself, untagged per language, when not Latin. */
export function stemsOf(word: string): ReadonlyArray<readonly [string, string]> {
  const known = cache.get(word);
  if (known) return known;
  const stems = LATIN.test(word)
    ? STEMMERS.map(([tag, stem]) => [tag, stem(word)] as const)
    : STEMMERS.map(([tag]) => [tag, word] as const);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(word, stems);
  return stems;
}
