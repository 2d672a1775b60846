import { readYaml } from '../knowledge/yaml-data.js';

/** The closed vocabularies of data/vocabulary.yaml: value → label. */
export interface Vocabulary {
  functions: Record<string, string>;
  effects: Record<string, string>;
  flags: Record<string, string>;
  groups: Record<string, string>;
}

let vocabulary: Vocabulary | null = null;

export function loadVocabulary(): Vocabulary {
  vocabulary ??= readYaml<Vocabulary>('vocabulary.yaml');
  return vocabulary;
}
