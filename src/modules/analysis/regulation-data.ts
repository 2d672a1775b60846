// EU cosmetics law as the analysis reads it: every entry of the Commission's annex exports
// (data/eu/annex-entries.json) with what the export does not carry (data/regulation/eu-cosmetics.yaml)
// and the curated promotions of names an entry may concern (data/eu/promotions.yaml).
import { loadPlantSynonyms } from '../knowledge/plant-synonyms.js';
import { readYaml } from '../knowledge/yaml-data.js';
import {
  factsFromAnnexes,
  parseRegulation,
  RegulationDataError,
  RegulationIndex,
  regulationKey,
  type Promotion,
  type RegulationData,
} from './engine/regulation.js';
import { loadAnnexData, type AnnexData } from './eu-annex-data.js';

function promotionsOf(raw: unknown): Promotion[] {
  if (!Array.isArray(raw)) throw new RegulationDataError('data/eu/promotions.yaml must be a list');
  return raw.map((p: Record<string, unknown>, i) => {
    if (
      typeof p.entry !== 'string' ||
      !Array.isArray(p.names) ||
      typeof p.reason !== 'string' ||
      p.reason.trim().length < 20
    ) {
      throw new RegulationDataError(`promotions[${i}]: needs entry ("II/167"), names and a reason of a sentence`);
    }
    return { entry: p.entry, names: p.names.map(String), reason: p.reason.trim() };
  });
}

interface SensitiserFile {
  sources: Record<string, string>;
  releasers_flag: string;
  releasers_source: string;
  sensitisers: Array<{ names: string[]; sources: string[] }>;
}

/** data/regulation/sensitisers.yaml: every entry's sources must be named. */
function sensitisersOf(raw: SensitiserFile): NonNullable<RegulationData['sensitisers']> {
  const source = (id: string) =>
    raw.sources[id] ??
    (() => {
      throw new RegulationDataError(`sensitisers: unknown source ${id}`);
    })();
  const byKey = new Map<string, string[]>();
  for (const s of raw.sensitisers) {
    if (!s.sources?.length) throw new RegulationDataError(`sensitisers: ${s.names[0]} needs a source`);
    for (const name of s.names) byKey.set(regulationKey(name), s.sources.map(source));
  }
  return { byKey, flag: raw.releasers_flag, flagSources: [source(raw.releasers_source)] };
}

/** The regulation index over given annex data (the shipped data, or a freshly built one). */
export function regulationFrom(annexes: AnnexData): RegulationIndex {
  const own = readYaml<Record<string, unknown>>('regulation/eu-cosmetics.yaml');
  const parsed = parseRegulation(own);
  const lastUpdate =
    annexes.exports
      .map((e) => e.lastUpdate ?? '')
      .sort()
      .at(-1) ?? '';
  const facts = [
    ...factsFromAnnexes(annexes.entries, lastUpdate, ((own.allergens_2005 ?? []) as unknown[]).map(String)),
    ...parsed.facts,
  ];
  return new RegulationIndex({
    ...parsed,
    facts,
    promotions: promotionsOf(readYaml('eu/promotions.yaml')),
    sensitisers: sensitisersOf(readYaml('regulation/sensitisers.yaml')),
    plantSynonyms: loadPlantSynonyms(),
  });
}

let cached: RegulationIndex | null = null;

/** EU cosmetics law, read and checked once per process. */
export function loadRegulation(): RegulationIndex {
  cached ??= regulationFrom(loadAnnexData());
  return cached;
}
