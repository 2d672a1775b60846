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

let ratingSources: Record<string, string> | null = null;

/** The sources a comedogenic or irritancy rating may cite (`rating_source`): id → citation, from data/flags-and-ratings.yaml. */
export function loadRatingSources(): Record<string, string> {
  ratingSources ??= readYaml<{ rating_sources: Record<string, string> }>('flags-and-ratings.yaml').rating_sources;
  return ratingSources;
}
