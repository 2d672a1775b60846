// The EU CosIng inventory as the long tail of the knowledge base: every name of
// data/eu/cosing-inventory.csv (Source: European Commission, CosIng database, CC BY 4.0) our curated
// entries do not already name, with its functions, CAS and EC numbers. Loaded with the curated base on
// an empty database, and on the first start of a database seeded before the inventory shipped.
import type { EntityManager, Orm } from '../db.js';
import { nameKey } from '../modules/analysis/engine/normalize.js';
import { loadRegulation } from '../modules/analysis/regulation-data.js';
import { createFunctionMapper, flagsFromFunctions } from '../modules/ingredient/cosing/functions.js';
import { cosingAlias, importedDescription, uniqueAlias } from '../modules/ingredient/cosing/parse.js';
import { loadVocabulary } from '../modules/ingredient/vocabulary.js';
import { readInventory, type InventoryRow } from '../modules/knowledge/cosing-inventory.js';
import { newId } from '../modules/shared/ids.js';

/** What the inventory is checked against: an ingredient the base already holds. */
export interface HeldIngredient {
  id: string;
  name: string;
  alias: string;
  otherNames: string[];
  curated: boolean;
  functions: string[];
  casNumber: string | null;
  ecNumber: string | null;
}

export interface InventoryIngredient {
  id: string;
  alias: string;
  name: string;
  description: string;
  functions: string[];
  flags: string[];
  casNumber: string | null;
  ecNumber: string | null;
}

/**
 * An inventory row's values in the column order both writers use (id, alias, name, description, functions,
 * flags, cas_number, ec_number): the first seeding here and `import:cosing`'s upsert.
 */
export function inventoryRowValues(rows: readonly InventoryIngredient[]): unknown[] {
  return rows.flatMap((r) => [
    r.id,
    r.alias,
    r.name,
    r.description,
    textArray(r.functions),
    textArray(r.flags),
    r.casNumber,
    r.ecNumber,
  ]);
}

/** What a curated ingredient of the inventory's name lacks and the inventory has. */
export interface CuratedFill {
  id: string;
  casNumber: string | null;
  ecNumber: string | null;
  functions: string[] | null;
}

/** One CAS or EC number of a cell ("56-81-5", "8001-54-5 / 63449-41-2"): the first. */
const firstNumber = (cell: string | null): string | null => cell?.split(/\s*[/,;]\s*/)[0]?.trim() || null;

/**
 * The inventory rows the base lacks, and what curated ingredients named in it lack. A row whose name is any
 * name of an ingredient held (its INCI name or another name, as the matcher reads them) is that ingredient:
 * curated ones win. Pure but for reading the shipped data.
 */
export function inventoryIngredients(
  held: readonly HeldIngredient[],
  rows: readonly InventoryRow[] = readInventory(),
): { rows: InventoryIngredient[]; fills: CuratedFill[] } {
  const vocabulary = loadVocabulary();
  const mapFunctions = createFunctionMapper(vocabulary.functions);
  const regulation = loadRegulation();
  const byName = new Map<string, HeldIngredient>();
  const byOtherName = new Map<string, HeldIngredient>();
  const aliases = new Set<string>();
  for (const ingredient of held) {
    aliases.add(ingredient.alias);
    byName.set(nameKey(ingredient.name), ingredient);
    for (const other of ingredient.otherNames) byOtherName.set(nameKey(other), ingredient);
  }
  const out: InventoryIngredient[] = [];
  const fills: CuratedFill[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const key = nameKey(row.name);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    const functions = mapFunctions(row.functions.join(',')).ids;
    const casNumber = firstNumber(row.cas);
    const ecNumber = firstNumber(row.ec);
    const same = byName.get(key);
    if (same) {
      if (same.curated) {
        const fill: CuratedFill = {
          id: same.id,
          casNumber: !same.casNumber && casNumber ? casNumber : null,
          ecNumber: !same.ecNumber && ecNumber ? ecNumber : null,
          functions: !same.functions.length && functions.length ? functions : null,
        };
        if (fill.casNumber || fill.ecNumber || fill.functions) fills.push(fill);
      }
      continue;
    }
    if (byOtherName.has(key)) continue;
    const alias = uniqueAlias(cosingAlias(row.name) || 'ingredient', aliases);
    aliases.add(alias);
    const flags = [
      ...new Set([
        ...flagsFromFunctions(functions),
        ...regulation.flagsFor({ name: row.name, otherNames: [], casNumber, ecNumber }),
      ]),
    ];
    out.push({
      id: newId(),
      alias,
      name: row.name,
      description: importedDescription({ chemicalDescription: '', functions }, vocabulary.functions),
      functions,
      flags,
      casNumber,
      ecNumber,
    });
  }
  return { rows: out, fills };
}

/** A Postgres array literal of plain words. */
const textArray = (items: readonly string[]): string =>
  `{${items.map((i) => `"${i.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

const CHUNK = 2000;

/**
 * Adds the inventory rows the base lacks to the ingredient table (and CAS, EC and functions to curated
 * ingredients that lack them), in `em`'s transaction: one multi-row insert per chunk, not one per row.
 */
export async function seedInventory(em: EntityManager): Promise<number> {
  const held = (
    await em.execute<
      Array<{
        id: string;
        name: string;
        alias: string;
        other_names: string[] | null;
        curated: boolean;
        functions: string[] | null;
        cas_number: string | null;
        ec_number: string | null;
      }>
    >('select id, name, alias, other_names, curated, functions, cas_number, ec_number from ingredient')
  ).map(
    (r): HeldIngredient => ({
      id: r.id,
      name: r.name,
      alias: r.alias,
      otherNames: r.other_names ?? [],
      curated: r.curated,
      functions: r.functions ?? [],
      casNumber: r.cas_number,
      ecNumber: r.ec_number,
    }),
  );
  const { rows, fills } = inventoryIngredients(held);
  // The search documents and words of each chunk are written by the ingredient table's statement trigger, set-based.
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const params = inventoryRowValues(chunk);
    await em.execute(
      `insert into ingredient (id, alias, name, other_names, description, functions, effects, flags, groups, cas_number, ec_number, curated, created_at, updated_at) values ${chunk
        .map(() => `(?, ?, ?, '{}', ?, ?::text[], '{}', ?::text[], '{}', ?, ?, false, now(), now())`)
        .join(', ')} on conflict do nothing`,
      params,
    );
  }
  for (let i = 0; i < fills.length; i += CHUNK) {
    const chunk = fills.slice(i, i + CHUNK);
    await em.execute(
      `update ingredient set cas_number = coalesce(ingredient.cas_number, v.cas), ec_number = coalesce(ingredient.ec_number, v.ec),
         functions = case when cardinality(ingredient.functions) = 0 and v.functions is not null then v.functions else ingredient.functions end
       from (values ${chunk.map(() => '(?::uuid, ?::text, ?::text, ?::text[])').join(', ')}) as v(id, cas, ec, functions)
       where ingredient.id = v.id and ingredient.curated = true`,
      chunk.flatMap((f) => [f.id, f.casNumber, f.ecNumber, f.functions ? textArray(f.functions) : null]),
    );
  }
  return rows.length;
}

/**
 * On a database seeded before the inventory shipped (no ingredient known from it alone): loads it, once,
 * under the seeding lock (instances starting together load it one time).
 */
export async function seedInventoryIfMissing(orm: Orm): Promise<number> {
  const em = orm.em.fork() as EntityManager;
  const present = async (tx: EntityManager) =>
    (
      await tx.execute<Array<{ any: boolean }>>('select exists (select 1 from ingredient where curated = false) as any')
    )[0].any;
  if (await present(em)) return 0;
  return em.transactional(async (tx) => {
    await tx.execute(`select pg_advisory_xact_lock(hashtext('skincare:seed'))`);
    if (await present(tx)) return 0;
    return seedInventory(tx);
  });
}
