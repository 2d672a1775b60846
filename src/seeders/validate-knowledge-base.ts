// Checks the authored knowledge base against the vocabulary and itself. Pure: used by the data
// test and by `npm run check:data` while authoring.
import { slugify } from '../modules/shared/ids.js';
import type { Vocabulary } from '../modules/ingredient/vocabulary.js';
import type { IngredientRecord } from './knowledge-base.js';

export type { Vocabulary };

const ALIAS = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const RATING_SOURCES = new Set(['fulton-1989', 'fulton-1976', 'community', 'fulton-1989-tables']);

/** Every problem found, one line each, naming the file and the entry. */
export function validateKnowledgeBase(records: Array<IngredientRecord & { file: string }>, vocabulary: Vocabulary): string[] {
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
    if (e.rating_source && !RATING_SOURCES.has(e.rating_source)) problems.push(`${where}: unknown rating_source "${e.rating_source}"`);
    if (!e.description || e.description.trim().length < 20) problems.push(`${where}: description missing or too short`);
  }
  return problems;
}
