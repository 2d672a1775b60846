// CosIng function names (upper case, as in the EU inventory export) → our vocabulary ids
// (data/vocabulary.yaml `functions`). Pure: no ORM, no file access.

/**
 * Names that need more than "lowercase, spaces to underscores": compound CosIng functions,
 * US spellings and synonyms. Everything else is looked up as `uv filter` → `uv_filter`.
 */
export const COSING_FUNCTION_MAP: Readonly<Record<string, readonly string[]>> = {
  'SKIN CONDITIONING - EMOLLIENT': ['emollient', 'skin_conditioning'],
  'SKIN CONDITIONING - HUMECTANT': ['humectant', 'skin_conditioning'],
  'SKIN CONDITIONING - OCCLUSIVE': ['occlusive'],
  'SKIN CONDITIONING - MISCELLANEOUS': ['skin_conditioning'],
  'SURFACTANT - CLEANSING': ['surfactant', 'cleansing'],
  'SURFACTANT - EMULSIFYING': ['surfactant', 'emulsifying'],
  'SURFACTANT - FOAM BOOSTING': ['surfactant', 'foam_boosting'],
  'SURFACTANT - HYDROTROPE': ['surfactant', 'hydrotrope'],
  'SURFACTANT - DISPERSING': ['surfactant'],
  'SURFACTANT - SOLUBILIZING': ['surfactant'],
  'SURFACTANT - SOLUBILISING': ['surfactant'],
  'COSMETIC COLORANT': ['colorant'],
  COLORANT: ['colorant'],
  COLOURANT: ['colorant'],
  'LIGHT STABILIZER': ['light_stabiliser'],
  'EMULSION STABILIZING': ['emulsion_stabilising'],
  PLASTICIZER: ['plasticiser'],
  MOISTURIZING: ['moisturising'],
  OXIDIZING: ['oxidising'],
  FRAGRANCE: ['perfuming'],
  'ANTI-CAKING': ['anticaking'],
  'ANTI-FOAMING': ['antifoaming'],
  'ANTI-MICROBIAL': ['antimicrobial'],
  'ANTI-OXIDANT': ['antioxidant'],
  'ANTI-STATIC': ['antistatic'],
  'UV-ABSORBER': ['uv_absorber'],
  'UV-FILTER': ['uv_filter'],
};

/**
 * The function names the EU CosIng inventory uses (Commission Decision (EU) 2019/701 glossary
 * and older exports). The benchmark draws from this list; names we have no id for (HAIR DYEING,
 * ORAL CARE, …) are dropped by the mapper and counted as unknown.
 */
export const COSING_FUNCTION_NAMES: readonly string[] = [
  'ABRASIVE',
  'ABSORBENT',
  'ANTICAKING',
  'ANTICORROSIVE',
  'ANTIDANDRUFF',
  'ANTIFOAMING',
  'ANTIMICROBIAL',
  'ANTIOXIDANT',
  'ANTIPERSPIRANT',
  'ANTIPLAQUE',
  'ANTISEBORRHOEIC',
  'ANTISTATIC',
  'ASTRINGENT',
  'BINDING',
  'BLEACHING',
  'BUFFERING',
  'BULKING',
  'CHELATING',
  'CLEANSING',
  'COSMETIC COLORANT',
  'DENATURANT',
  'DEODORANT',
  'DEPILATORY',
  'DETANGLING',
  'EMOLLIENT',
  'EMULSIFYING',
  'EMULSION STABILISING',
  'EPILATING',
  'EXFOLIATING',
  'FILM FORMING',
  'FLAVOURING',
  'FOAM BOOSTING',
  'FOAMING',
  'GEL FORMING',
  'HAIR CONDITIONING',
  'HAIR DYEING',
  'HAIR FIXING',
  'HAIR WAVING OR STRAIGHTENING',
  'HUMECTANT',
  'HYDROTROPE',
  'KERATOLYTIC',
  'LIGHT STABILIZER',
  'MASKING',
  'MOISTURISING',
  'NAIL CONDITIONING',
  'OPACIFYING',
  'ORAL CARE',
  'OXIDISING',
  'PEARLESCENT',
  'PERFUMING',
  'PLASTICISER',
  'PRESERVATIVE',
  'PROPELLANT',
  'REDUCING',
  'REFATTING',
  'REFRESHING',
  'SKIN CONDITIONING',
  'SKIN CONDITIONING - EMOLLIENT',
  'SKIN CONDITIONING - HUMECTANT',
  'SKIN CONDITIONING - MISCELLANEOUS',
  'SKIN CONDITIONING - OCCLUSIVE',
  'SKIN PROTECTING',
  'SMOOTHING',
  'SOLVENT',
  'SOOTHING',
  'SURFACTANT',
  'SURFACTANT - CLEANSING',
  'SURFACTANT - DISPERSING',
  'SURFACTANT - EMULSIFYING',
  'SURFACTANT - FOAM BOOSTING',
  'SURFACTANT - HYDROTROPE',
  'SURFACTANT - SOLUBILIZING',
  'TANNING',
  'TONIC',
  'UV ABSORBER',
  'UV FILTER',
  'VISCOSITY CONTROLLING',
];

/** "skin  conditioning – emollient" → "SKIN CONDITIONING - EMOLLIENT". */
export function normalizeFunctionName(text: string): string {
  return text
    .toUpperCase()
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s*-\s*/g, (dash) => (/\s/.test(dash) ? ' - ' : '-'))
    .replace(/\s+/g, ' ')
    .trim();
}

export interface MappedFunctions {
  /** Vocabulary ids in the order the cell names them, without repeats. */
  ids: string[];
  /** Normalised function names we have no id for. */
  unknown: string[];
}

export type FunctionMapper = (cell: string) => MappedFunctions;

/**
 * A mapper onto `vocabulary` (id → label). Functions are separated by commas (or semicolons)
 * in one cell. A compound name not in the table ("SURFACTANT - X") maps each side it knows.
 */
export function createFunctionMapper(vocabulary: Readonly<Record<string, string>>): FunctionMapper {
  const known = (id: string) => Object.hasOwn(vocabulary, id);
  for (const [name, ids] of Object.entries(COSING_FUNCTION_MAP)) {
    for (const id of ids)
      if (!known(id)) throw new Error(`CosIng function ${name} maps to "${id}", which is not in the vocabulary`);
  }
  const single = (name: string): string[] | null => {
    const mapped = COSING_FUNCTION_MAP[name];
    if (mapped) return [...mapped];
    const id = name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '');
    return id && known(id) ? [id] : null;
  };
  const cache = new Map<string, string[] | null>();
  const lookup = (name: string): string[] | null => {
    let ids = cache.get(name);
    if (ids === undefined) {
      ids = single(name);
      if (!ids && name.includes(' - ')) {
        const parts = name.split(' - ').map(single);
        ids = parts.every((p) => p) ? parts.flatMap((p) => p!) : null;
      }
      cache.set(name, ids);
    }
    return ids;
  };
  return (cell: string) => {
    const ids: string[] = [];
    const unknown: string[] = [];
    for (const piece of cell.split(/[,;]/)) {
      const name = normalizeFunctionName(piece);
      if (!name || name === '-') continue;
      const mapped = lookup(name);
      if (!mapped) {
        if (!unknown.includes(name)) unknown.push(name);
        continue;
      }
      for (const id of mapped) if (!ids.includes(id)) ids.push(id);
    }
    return { ids, unknown };
  };
}

/** The flags functions make by themselves: the analysis's own rule (analysis/engine/function-flags.ts). */
export { flagsFromFunctions } from '../../analysis/engine/function-flags.js';
