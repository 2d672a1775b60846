// The botanical synonym table (data/botanical-synonyms.yaml), read and checked once per process. Here, beside the
// other shipped data, so that the annex joins (analysis) and the matcher (ingredient) share it without one module
// importing the other.
import { parsePlantSynonyms, type PlantSynonyms } from '../analysis/engine/botanical-synonyms.js';
import { readYaml } from './yaml-data.js';

let synonyms: PlantSynonyms | null = null;

export function loadPlantSynonyms(): PlantSynonyms {
  synonyms ??= parsePlantSynonyms(readYaml('botanical-synonyms.yaml'));
  return synonyms;
}
