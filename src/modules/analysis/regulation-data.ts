import { readYaml } from '../knowledge/yaml-data.js';
import { parseRegulation, RegulationIndex } from './engine/regulation.js';

let cached: RegulationIndex | null = null;

/** EU cosmetics law (data/regulation/eu-cosmetics.yaml), read and checked once per process. */
export function loadRegulation(): RegulationIndex {
  cached ??= new RegulationIndex(parseRegulation(readYaml('regulation/eu-cosmetics.yaml')));
  return cached;
}
