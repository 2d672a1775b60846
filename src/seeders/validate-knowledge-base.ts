// Checks the authored knowledge base against the vocabulary and itself. Pure: used by the data
// test and by `npm run check:data` while authoring.
import { slugify } from '../modules/shared/ids.js';
import { loadRatingSources, type Vocabulary } from '../modules/ingredient/vocabulary.js';
import { nameKey, spellingKey, withoutParentheses } from '../modules/analysis/engine/normalize.js';
import {
  LABEL_NAME_LANGUAGES,
  readableByMatcher,
  type IngredientRecord,
  type LabelNamesRecord,
} from './knowledge-base.js';

export type { Vocabulary };

const ALIAS = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** The `rating_source` ids a rating may cite: those of data/flags-and-ratings.yaml. */
const ratingSourceIds = (): Set<string> => new Set(Object.keys(loadRatingSources()));

/** The keys the matcher looks a name up by (see engine/match.ts): two ingredients sharing one match neither. */
const matchKeys = (name: string): string[] => {
  const key = nameKey(name);
  return [...new Set([key, spellingKey(key), nameKey(withoutParentheses(name))])].filter(Boolean);
};

/**
 * Every problem found, one line each, naming the file and the entry. `records` as authored
 * (loadAuthoredIngredients), `labelNames` the entries of data/ingredient-names/.
 */
export function validateKnowledgeBase(
  records: Array<IngredientRecord & { file: string }>,
  vocabulary: Vocabulary,
  labelNames: Array<LabelNamesRecord & { file: string }> = [],
): string[] {
  const problems: string[] = [];
  const aliases = new Map<string, string>();
  const names = new Map<string, string>();
  for (const e of records) {
    const where = `${e.file}: ${e.inci ?? '?'}`;
    if (!e.inci || typeof e.inci !== 'string') {
      problems.push(`${where}: no inci`);
      continue;
    }
    const alias = e.alias ?? slugify(e.inci);
    if (!ALIAS.test(alias)) problems.push(`${where}: alias "${alias}" is not a slug`);
    if (aliases.has(alias)) problems.push(`${where}: alias "${alias}" is also ${aliases.get(alias)}`);
    aliases.set(alias, where);
    for (const name of [e.inci, ...(e.other_names ?? [])].map(String)) {
      const key = name.toLowerCase().trim();
      const owner = names.get(key);
      if (owner !== undefined && owner !== e.inci) problems.push(`${where}: name "${name}" also belongs to ${owner}`);
      else if (owner !== undefined && name !== e.inci) problems.push(`${where}: name "${name}" is listed twice`);
      names.set(key, e.inci);
    }
    for (const key of ['functions', 'effects', 'flags', 'groups'] as const) {
      const values = e[key] ?? [];
      if (!Array.isArray(values)) problems.push(`${where}: ${key} is not a list`);
      else for (const v of values) if (!(v in vocabulary[key])) problems.push(`${where}: unknown ${key} value "${v}"`);
    }
    if (!(e.functions ?? []).length) problems.push(`${where}: no functions`);
    for (const rating of ['comedogenic', 'irritancy'] as const) {
      const v = e[rating];
      if (v != null && !(Number.isInteger(v) && v >= 0 && v <= 5)) problems.push(`${where}: ${rating} ${v} is not 0-5`);
      if (v != null && !e.rating_source) problems.push(`${where}: ${rating} without rating_source`);
    }
    if (e.rating_source && !ratingSourceIds().has(e.rating_source))
      problems.push(`${where}: unknown rating_source "${e.rating_source}"`);
    if (!e.description || e.description.trim().length < 20) problems.push(`${where}: description missing or too short`);
  }
  const known = new Map(
    records.filter((e) => typeof e.inci === 'string').map((e) => [e.inci.toLowerCase().trim(), e.inci]),
  );
  const languages = new Set<string>(LABEL_NAME_LANGUAGES);
  for (const entry of labelNames) {
    const where = `${entry.file}: ${entry.inci ?? '?'}`;
    const inci = typeof entry.inci === 'string' ? known.get(entry.inci.toLowerCase().trim()) : undefined;
    if (!inci) {
      problems.push(`${where}: no ingredient with this inci in data/ingredients`);
      continue;
    }
    for (const [language, values] of Object.entries(entry)) {
      // `source`: where the names come from (data/ingredient-names/variants.yaml), a note, not a language.
      if (language === 'inci' || language === 'file' || (language === 'source' && typeof values === 'string')) continue;
      if (!languages.has(language))
        problems.push(`${where}: unknown language "${language}" (use ${LABEL_NAME_LANGUAGES.join(', ')})`);
      if (!Array.isArray(values)) {
        problems.push(`${where}: ${language} is not a list`);
        continue;
      }
      for (const value of values) {
        const name = String(value ?? '').trim();
        if (!name || typeof value !== 'string') {
          problems.push(`${where}: ${language} name "${String(value)}" is not a name`);
          continue;
        }
        const key = name.toLowerCase();
        const owner = names.get(key);
        if (owner !== undefined && owner !== inci) problems.push(`${where}: name "${name}" also belongs to ${owner}`);
        else if (owner !== undefined) problems.push(`${where}: name "${name}" is listed twice`);
        names.set(key, inci);
      }
    }
  }
  // Names that differ only in case, punctuation, spelling or a parenthesised part read the same to the matcher.
  // Names it cannot read whole are not loaded (readableByMatcher) and so cannot clash.
  const keyOwners = new Map<string, { inci: string; name: string }>();
  for (const [lowerName, inci] of names) {
    if (!readableByMatcher(lowerName)) continue;
    for (const key of matchKeys(lowerName)) {
      const other = keyOwners.get(key);
      if (other && other.inci !== inci)
        problems.push(
          `${inci}: name "${lowerName}" reads as "${key}" to the matcher, like "${other.name}" of ${other.inci}`,
        );
      else keyOwners.set(key, { inci, name: lowerName });
    }
  }
  return problems;
}
