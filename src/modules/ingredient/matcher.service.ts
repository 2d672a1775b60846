import { loadPlantSynonyms } from '../knowledge/plant-synonyms.js';
import type { EntityManager } from '../../db.js';
import { Ingredient } from './ingredient.entity.js';
import { IngredientMatcher, type KnownIngredient } from '../analysis/engine/match.js';
import { dropProcessCache, noteProcessCacheRead, registerProcessCache } from '../shared/process-caches.js';

/** The ingredient knowledge base in memory: the matcher over its names and the rows by id. */
export interface KnowledgeBase {
  matcher: IngredientMatcher;
  byId: Map<string, Ingredient>;
}

// Indexing every name costs a second or more with the EU inventory and every analysis reads dozens
// of ingredients, so the whole base is kept in memory. An ingredient write does not rebuild it: the
// ingredient's id is marked (here at once, on every other instance through the cache-drop message
// once the write has committed) and the next reader re-reads the marked rows and updates the matcher
// and the rows in place. The whole base is reloaded only when dropped whole (an inventory import).
let cached: Promise<KnowledgeBase> | null = null;
const stale = new Set<string>();
/** Reads of the base, for the tests and the operator: whole loads, and rows read (whole or marked). */
const stats = { loads: 0, rowsRead: 0 };
export const knowledgeBaseStats = (): Readonly<typeof stats> => ({ ...stats });

const matcherView = (row: Ingredient): KnownIngredient => ({
  id: row.id,
  name: row.name,
  otherNames: row.otherNames,
  inventoryOnly: !row.curated,
});

/** A matcher over the ingredients `em` sees (inside a transaction: including uncommitted ones). */
export async function buildMatcher(em: EntityManager): Promise<IngredientMatcher> {
  const rows = await em.execute<Array<{ id: string; name: string; other_names: string[] | null; curated: boolean }>>(
    'select id, name, other_names, curated from ingredient',
  );
  return new IngredientMatcher(
    rows.map((r) => ({ id: r.id, name: r.name, otherNames: r.other_names ?? [], inventoryOnly: !r.curated })),
    { plantSynonyms: loadPlantSynonyms() },
  );
}

interface InventoryRow {
  id: string;
  alias: string;
  name: string;
  description: string;
  functions: string[];
  flags: string[];
  cas_number: string | null;
  ec_number: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const NONE = Object.freeze<string[]>([]) as string[];

/**
 * The prototype of an ingredient known from the inventory alone: Ingredient's, under a layer of plain writable
 * fields. The ORM puts a setter on Ingredient's prototype for each column that, on a row's first assignment, gives
 * the row a getter and a setter of its own and a tracking record: 3 kB a row, 90 MB for the inventory's 25,000.
 * Assigning through this layer makes plain fields instead (a row is detached and read-only here); the row is still
 * an Ingredient (`instanceof`, `inventoryOnly`).
 */
const inventoryPrototype: Ingredient = Object.create(
  Ingredient.prototype,
  Object.fromEntries(
    [
      'id',
      'alias',
      'name',
      'otherNames',
      'description',
      'functions',
      'effects',
      'flags',
      'groups',
      'comedogenic',
      'irritancy',
      'ratingSource',
      'casNumber',
      'ecNumber',
      'curated',
      'createdAt',
      'updatedAt',
    ].map((field) => [field, { value: undefined, writable: true, configurable: true }]),
  ),
);

/**
 * One copy of each value many inventory rows share: descriptions and function lists come from the inventory's
 * functions (1,555 kinds for 25,000 rows), flags from a dozen, and every row seeded at once has one timestamp.
 */
class SharedValues {
  private readonly texts = new Map<string, string>();
  private readonly lists = new Map<string, string[]>();
  private readonly dates = new Map<number, Date>();

  text(value: string): string {
    const known = this.texts.get(value);
    if (known !== undefined) return known;
    this.texts.set(value, value);
    return value;
  }

  list(values: string[]): string[] {
    if (!values.length) return NONE;
    const key = values.join('\u0000');
    const known = this.lists.get(key);
    if (known) return known;
    this.lists.set(key, values);
    return values;
  }

  date(value: Date | string): Date {
    const time = new Date(value).getTime();
    let known = this.dates.get(time);
    if (!known) this.dates.set(time, (known = new Date(time)));
    return known;
  }
}

/**
 * An ingredient known from the inventory alone, read as a plain row: 28,000 hydrated entities would
 * cost seconds and tens of megabytes; these have no other names, effects, groups or ratings to read.
 */
function inventoryIngredient(row: InventoryRow, shared: SharedValues): Ingredient {
  const ingredient = Object.create(inventoryPrototype) as Ingredient;
  // Always in this order: every row gets the same hidden class.
  ingredient.id = row.id;
  ingredient.alias = row.alias;
  ingredient.name = row.name;
  ingredient.otherNames = NONE;
  ingredient.description = shared.text(row.description);
  ingredient.functions = shared.list(row.functions);
  ingredient.effects = NONE;
  ingredient.flags = shared.list(row.flags);
  ingredient.groups = NONE;
  ingredient.comedogenic = null;
  ingredient.irritancy = null;
  ingredient.ratingSource = null;
  ingredient.casNumber = row.cas_number;
  ingredient.ecNumber = row.ec_number;
  ingredient.curated = false;
  ingredient.createdAt = shared.date(row.created_at);
  ingredient.updatedAt = shared.date(row.updated_at);
  return ingredient;
}

const INVENTORY_COLUMNS =
  'id, alias, name, description, functions, flags, cas_number, ec_number, created_at, updated_at';

async function readBase(em: EntityManager, ids?: string[]): Promise<Ingredient[]> {
  const only = ids ? { id: { $in: ids } } : {};
  const curated = await em.find(Ingredient, { ...only, curated: true }, { disableIdentityMap: true });
  const inventory = ids
    ? await em.execute<InventoryRow[]>(
        `select ${INVENTORY_COLUMNS} from ingredient where curated = false and id in (${ids.map(() => '?').join(', ')})`,
        ids,
      )
    : await em.execute<InventoryRow[]>(`select ${INVENTORY_COLUMNS} from ingredient where curated = false`);
  const shared = new SharedValues();
  const rows = [...curated, ...inventory.map((row) => inventoryIngredient(row, shared))];
  stats.rowsRead += rows.length;
  return rows;
}

/** Re-reads the marked ingredients and puts them in place (or takes them out, gone). */
async function applyChanges(em: EntityManager, base: KnowledgeBase): Promise<void> {
  const ids = [...stale];
  stale.clear();
  try {
    const found = new Map((await readBase(em, ids)).map((row) => [row.id, row]));
    for (const id of ids) {
      const row = found.get(id);
      if (row) {
        base.matcher.upsert(matcherView(row));
        base.byId.set(id, row);
      } else {
        base.matcher.remove(id);
        base.byId.delete(id);
      }
    }
  } catch (error) {
    for (const id of ids) stale.add(id);
    throw error;
  }
}

/**
 * The cached knowledge base. `em` is used as given, never forked: inside a transaction on
 * PGlite's single connection, a query from a fork would wait for the transaction forever.
 * The rows are detached: read them, never change them.
 */
export async function loadKnowledgeBase(em: EntityManager): Promise<KnowledgeBase> {
  noteProcessCacheRead('knowledge-base');
  const loading = (cached ??= (async () => {
    stale.clear();
    stats.loads++;
    const rows = await readBase(em);
    return {
      matcher: new IngredientMatcher(rows.map(matcherView), { plantSynonyms: loadPlantSynonyms() }),
      byId: new Map(rows.map((row) => [row.id, row])),
    };
  })().catch((error) => {
    cached = null;
    throw error;
  }));
  const base = await loading;
  if (stale.size && cached === loading) await applyChanges(em, base);
  return base;
}

export async function loadMatcher(em: EntityManager): Promise<IngredientMatcher> {
  return (await loadKnowledgeBase(em)).matcher;
}

registerProcessCache('knowledge-base', (ingredientId) => {
  if (ingredientId === undefined) cached = null;
  else if (cached) stale.add(ingredientId);
});

/** After a write that changes the knowledge base wholesale (an import): every instance reloads it. */
export function invalidateMatcher(): void {
  dropProcessCache('knowledge-base');
}

/** After a write that adds, renames or changes one ingredient: every instance re-reads that one. */
export function ingredientChanged(id: string): void {
  dropProcessCache('knowledge-base', id);
}
