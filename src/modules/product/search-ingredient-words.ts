// The knowledge base as the product search reads it (issue 42): the ingredient a free-from phrase
// names ("niacinamide free", "without shea butter", "sans phénoxyéthanol"), and the ingredients a
// concern's actives name (data/search-readings.yaml `actives`: groups and names). Both from the
// cached knowledge base (src/modules/ingredient/matcher.service.ts): no statement per search.
import type { EntityManager } from '../../db.js';
import { type KnowledgeBase, loadKnowledgeBase } from '../ingredient/matcher.service.js';
import { fold } from '../search/engine/query.js';
import type { NamedIngredient } from '../search/engine/intent.js';
import { intentVocabulary } from '../search/synonyms.js';

/**
 * Least letters of a name read through a typing slip: the matcher forgives one in a long name
 * ("niacinimide"); a short word one letter from a name is more often another word.
 */
const SLIP_MIN_LETTERS = 8;

/** A lookup of the ingredient a phrase (folded words) names: exact, another name, or a slip of a long one. */
export async function ingredientLookup(
  em: EntityManager,
): Promise<(words: readonly string[]) => NamedIngredient | null> {
  const base = await loadKnowledgeBase(em);
  const text = new Set(intentVocabulary().keptAsText);
  return (words) => {
    const phrase = words.join(' ');
    if (phrase.length < 3 || text.has(phrase)) return null;
    const found = base.matcher.matchEntry({ input: phrase });
    if (!found.ingredientId || found.match === 'none') return null;
    if (found.match === 'fuzzy' && phrase.replace(/ /g, '').length < SLIP_MIN_LETTERS) return null;
    const row = base.byId.get(found.ingredientId);
    return row ? { id: row.id, name: row.name } : null;
  };
}

/**
 * The ids of the ingredients `actives` names: those of a group named (data/vocabulary.yaml) and those
 * whose name or other name is one named. A pass over the base's rows (25,000 with the EU inventory,
 * about a millisecond), only for a query that names a concern.
 */
const activeIds = new WeakMap<KnowledgeBase, Map<string, string[]>>();

/**
 * As activeIngredientIds, remembered per loaded base and list (folding every row's names takes tens
 * of milliseconds). An ingredient edited to join or leave a group is seen on the base's next whole
 * load, not at once.
 */
export function cachedActiveIngredientIds(base: KnowledgeBase, actives: readonly string[]): string[] {
  let byList = activeIds.get(base);
  if (!byList) activeIds.set(base, (byList = new Map()));
  const key = actives.join('\n');
  let ids = byList.get(key);
  if (!ids) byList.set(key, (ids = activeIngredientIds(base, actives)));
  return ids;
}

export function activeIngredientIds(base: KnowledgeBase, actives: readonly string[]): string[] {
  const wanted = new Set(actives.map(fold));
  const ids: string[] = [];
  for (const row of base.byId.values()) {
    if (
      (row.groups ?? []).some((g) => wanted.has(fold(g))) ||
      wanted.has(fold(row.name)) ||
      (row.otherNames ?? []).some((n) => wanted.has(fold(n)))
    )
      ids.push(row.id);
  }
  return ids;
}

export { loadKnowledgeBase };
