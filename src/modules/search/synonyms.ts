// data/search-synonyms.yaml as the query engine reads it (folded words), read once.
import { readYaml } from '../knowledge/yaml-data.js';
import { fold, type SearchVocabulary } from './engine/query.js';

interface SynonymFile {
  spelling: Array<[string, string]>;
  synonyms: Array<{ words: string[]; source: string }>;
}

let vocabulary: SearchVocabulary | null = null;

export function searchVocabulary(): SearchVocabulary {
  if (!vocabulary) {
    const file = readYaml<SynonymFile>('search-synonyms.yaml');
    vocabulary = {
      spelling: file.spelling.map(([uk, us]) => [fold(uk), fold(us)] as const),
      synonyms: file.synonyms.map((group) => group.words.map((w) => fold(w).split(' '))),
    };
  }
  return vocabulary;
}
