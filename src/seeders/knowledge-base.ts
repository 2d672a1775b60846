import type { EntityManager } from '../db.js';
import { nameKey } from '../modules/analysis/engine/normalize.js';
import { Ingredient } from '../modules/ingredient/ingredient.entity.js';
import { cosingAlias } from '../modules/ingredient/cosing/parse.js';
import { newId } from '../modules/shared/ids.js';
import { readYamlLists } from '../modules/knowledge/yaml-data.js';
import { loadRegulation } from '../modules/analysis/regulation-data.js';

/** One entry of data/ingredients/*.yaml (see data/ingredients/README.md). */
export interface IngredientRecord {
  inci: string;
  alias?: string;
  other_names?: string[];
  cas?: string | null;
  functions?: string[];
  effects?: string[];
  flags?: string[];
  groups?: string[];
  comedogenic?: number | null;
  irritancy?: number | null;
  rating_source?: string | null;
  description?: string;
}

/** The entries as authored in data/ingredients/*.yaml, without the label names of data/ingredient-names/. */
export const loadAuthoredIngredients = (): Array<IngredientRecord & { file: string }> =>
  readYamlLists<IngredientRecord>('ingredients');

/**
 * The languages and scripts of data/ingredient-names/*.yaml: Latin, French, German, Spanish, Italian,
 * Portuguese and Dutch label names printed after slashes on EU labels, Korean and Japanese label names,
 * and `en` for English and US names missing from an entry.
 */
export const LABEL_NAME_LANGUAGES = ['en', 'la', 'fr', 'de', 'es', 'it', 'pt', 'nl', 'ko', 'ja'] as const;
export type LabelNameLanguage = (typeof LABEL_NAME_LANGUAGES)[number];

/** One entry of data/ingredient-names/*.yaml: more label names of an ingredient the knowledge base holds. */
export type LabelNamesRecord = { inci: string; source?: string } & Partial<Record<LabelNameLanguage, string[]>>;

export const loadLabelNames = (): Array<LabelNamesRecord & { file: string }> =>
  readYamlLists<LabelNamesRecord>('ingredient-names');

/** Hangul, kana and Han (CJK) characters, full-width forms included. */
const EAST_ASIAN = /[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u3400-\u9fff\uac00-\ud7af\uff00-\uffef]/;

/**
 * Whether the matcher reads a name whole. Where its keys drop Hangul, kana and Han letters, a name that mixes
 * them with Latin ones would read as a shorter Latin name ("ラウリルPEG-9ポリジメチルシロキシエチルジメチコン" as
 * "PEG-9", "ヒアルロン酸Na" as "Na"): such a name joins the base only once the matcher keeps those scripts.
 */
export const readableByMatcher = (name: string): boolean => {
  if (!EAST_ASIAN.test(name)) return true;
  const key = nameKey(name);
  return key === '' || EAST_ASIAN.test(key);
};

/** Every name of a label-names entry, in the order of LABEL_NAME_LANGUAGES. */
export const labelNamesOf = (record: LabelNamesRecord): string[] =>
  LABEL_NAME_LANGUAGES.flatMap((language) =>
    (Array.isArray(record[language]) ? record[language] : []).map((n) => String(n).trim()),
  );

/**
 * The entries with their label names added to `other_names` (once each, case-insensitive). Names of an
 * INCI name the base does not hold are left out here (the validator reports them), and so are names the
 * matcher cannot read whole (readableByMatcher).
 */
export function withLabelNames<T extends IngredientRecord>(records: T[], labelNames: LabelNamesRecord[]): T[] {
  const byInci = new Map<string, string[]>();
  for (const entry of labelNames) {
    if (typeof entry?.inci !== 'string') continue;
    const key = entry.inci.trim().toLowerCase();
    byInci.set(key, [...(byInci.get(key) ?? []), ...labelNamesOf(entry)]);
  }
  return records.map((record) => {
    const extra = typeof record.inci === 'string' ? byInci.get(record.inci.trim().toLowerCase()) : undefined;
    if (!extra) return record;
    const names = (record.other_names ?? []).map(String);
    const seen = new Set([record.inci, ...names].map((n) => n.toLowerCase()));
    for (const name of extra) {
      if (!name || seen.has(name.toLowerCase()) || !readableByMatcher(name)) continue;
      seen.add(name.toLowerCase());
      names.push(name);
    }
    return { ...record, other_names: names };
  });
}

/** The knowledge base as loaded: the authored entries with their label names in other languages and scripts. */
export const loadIngredientRecords = (): Array<IngredientRecord & { file: string }> =>
  withLabelNames(loadAuthoredIngredients(), loadLabelNames());

export function ingredientRow(record: IngredientRecord) {
  const now = new Date();
  return {
    id: newId(),
    // Cut at a hyphen within MAX_ALIAS_LENGTH as the EU inventory's are: every alias can be named in a path.
    alias: record.alias ?? cosingAlias(record.inci),
    name: record.inci.trim(),
    otherNames: (record.other_names ?? []).map(String),
    description: record.description?.trim() ?? '',
    functions: record.functions ?? [],
    effects: record.effects ?? [],
    // With the flags EU law adds (data/regulation/), matched by name or CAS number.
    // Only what holds in any list: a conditional prohibition (nano, product type) is read per list.
    flags: [
      ...new Set([
        ...(record.flags ?? []),
        ...loadRegulation().flagsFor({
          name: record.inci,
          otherNames: (record.other_names ?? []).map(String),
          casNumber: record.cas ? String(record.cas) : null,
        }),
      ]),
    ],
    groups: record.groups ?? [],
    comedogenic: record.comedogenic ?? null,
    irritancy: record.irritancy ?? null,
    ratingSource: record.rating_source ?? null,
    casNumber: record.cas ? String(record.cas) : null,
    curated: true,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * The rows to load: the first entry of an alias or INCI name wins. The data test keeps the
 * files free of repeats; this only keeps a stray one from failing a start.
 */
export function uniqueIngredientRows(records: IngredientRecord[]) {
  const aliases = new Set<string>();
  const names = new Set<string>();
  const rows = [];
  for (const row of records.map(ingredientRow)) {
    const name = row.name.toLowerCase();
    if (aliases.has(row.alias) || names.has(name)) continue;
    aliases.add(row.alias);
    names.add(name);
    rows.push(row);
  }
  return rows;
}

/** Loads the authored knowledge base into an empty ingredient table. */
export async function seedKnowledgeBase(em: EntityManager): Promise<number> {
  const rows = uniqueIngredientRows(loadIngredientRecords());
  for (let i = 0; i < rows.length; i += 1000) await em.insertMany(Ingredient, rows.slice(i, i + 1000));
  return rows.length;
}
