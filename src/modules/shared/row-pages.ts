// Keyset pages read as plain rows: one statement, no entities. Cursors are the ones
// `paginate` issues (MikroORM's `[<sort value>, <id>]` JSON, base64url, signed), so a cursor
// from either reads the next page of the other.
import { Cursor, ReferenceKind } from '@mikro-orm/core';
import { readRows, type EntityManager } from '../../read-rows.js';
import { validationFailed } from '../../errors.js';
import { checkedLimit, openCursor, signCursor, type PageArgs, type PageResult } from './pagination.js';

/** An entity's class, as MikroORM's metadata is keyed. */
export type EntityClass = abstract new (...args: never[]) => unknown;

export interface RowPageQuery {
  /** The select list (without `select`). */
  select: string;
  /** `from` and joins (without `from`). */
  from: string;
  /** SQL conditions with `?` placeholders, and their values. */
  where: string;
  params: unknown[];
  /** The sort column and the unique id column. */
  key: string;
  id: string;
  /** 'desc' (the default: newest first, nulls first as PostgreSQL sorts them) or 'asc' (nulls last). */
  order?: 'asc' | 'desc';
  /** What the sort column holds: 'date' (the default; the cursor carries its ISO form) or 'text'. */
  keyType?: 'date' | 'text';
}

const notIssued = () => validationFailed('cursor', 'cursor is not one this service issued');

/** A page of `query`'s rows in `key` order (then id), mapped by `toItem`; a null key sorts as `paginate` does. */
export async function rowPage<R extends Record<string, unknown>, T>(
  em: EntityManager,
  query: RowPageQuery,
  page: PageArgs,
  toItem: (row: R) => T,
): Promise<PageResult<T>> {
  const limit = checkedLimit(page.limit);
  const values = [...query.params];
  const desc = (query.order ?? 'desc') === 'desc';
  const dates = (query.keyType ?? 'date') === 'date';
  let after = '';
  if (page.cursor) {
    let key: unknown;
    try {
      key = Cursor.decode(openCursor(page.cursor));
    } catch (error) {
      if ((error as { code?: string }).code) throw error;
      throw notIssued();
    }
    if (!Array.isArray(key) || key.length !== 2 || typeof key[1] !== 'string') throw notIssued();
    const [value, id] = key as [unknown, string];
    if (value !== null && (typeof value !== 'string' || (dates && Number.isNaN(Date.parse(value))))) throw notIssued();
    const { key: k, id: i } = query;
    // Nulls come first descending and last ascending (PostgreSQL's order, MikroORM's cursor condition).
    if (value === null)
      after = desc ? ` and ((${k} is null and ${i} < ?) or ${k} is not null)` : ` and ${k} is null and ${i} > ?`;
    else after = desc ? ` and (${k}, ${i}) < (?, ?)` : ` and ((${k}, ${i}) > (?, ?) or ${k} is null)`;
    values.push(...(value === null ? [id] : [dates ? new Date(value as string) : value, id]));
  }
  const direction = desc ? 'desc' : 'asc';
  const rows = await readRows<R>(
    em,
    `select ${query.select}, ${query.key} as page_key, ${query.id} as page_id from ${query.from}
     where (${query.where})${after} order by ${query.key} ${direction}, ${query.id} ${direction} limit ?`,
    [...values, limit + 1],
  );
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  const lastKey = last?.page_key as Date | string | null | undefined;
  return {
    items: items.map(toItem),
    nextCursor:
      rows.length > limit && last
        ? signCursor(Cursor.encode([lastKey == null ? null : dates ? asDate(lastKey) : lastKey, last.page_id]))
        : null,
  };
}

/** A timestamp column's value as a Date (drivers give Date or an ISO-like string; nested json, epoch milliseconds). */
export const asDate = (value: Date | string | number): Date => (value instanceof Date ? value : new Date(value));

interface Column {
  property: string;
  column: string;
  date: boolean;
  reference: boolean;
}
const columnCache = new Map<EntityClass, Column[]>();

function columnsOf(em: EntityManager, entity: EntityClass): Column[] {
  let columns = columnCache.get(entity);
  if (!columns) {
    columns = em
      .getMetadata()
      .get(entity as never)
      .props.filter(
        (p) =>
          (p.kind === ReferenceKind.SCALAR || p.kind === ReferenceKind.MANY_TO_ONE) &&
          p.fieldNames?.length === 1 &&
          p.persist !== false &&
          !p.formula,
      )
      .map((p) => ({
        property: p.name,
        column: p.fieldNames[0],
        date: p.runtimeType === 'Date',
        reference: p.kind === ReferenceKind.MANY_TO_ONE,
      }));
    columnCache.set(entity, columns);
  }
  return columns;
}

/** The select list of an entity's columns under `alias`, each named `<prefix><column>`, but the properties in `omit`. */
export const selectColumns = (
  em: EntityManager,
  entity: EntityClass,
  alias: string,
  prefix: string,
  omit: readonly string[] = [],
): string =>
  columnsOf(em, entity)
    .filter((c) => !omit.includes(c.property))
    .map((c) => `${alias}."${c.column}" as "${prefix}${c.column}"`)
    .join(', ');

/**
 * The properties a row of `entity` may leave out (selectColumns' and entityFromRow's `omit`) when
 * an operation shows `fields` of it: every column but `id` and the shown fields, provided each
 * shown field is in `plain` (fields served by their own column alone: no field resolver reading
 * other properties); otherwise none. A list of ~70 products or 20 owners read whole cost more
 * to parse than everything else on a routine page.
 */
export function omitUnshown(
  em: EntityManager,
  entity: EntityClass,
  fields: ReadonlySet<string>,
  plain: ReadonlySet<string>,
): string[] {
  for (const field of fields) if (field !== '__typename' && !plain.has(field)) return [];
  return columnsOf(em, entity)
    .filter((c) => c.property !== 'id' && !fields.has(c.property))
    .map((c) => c.property);
}

type RowMapper = (row: Record<string, unknown>) => Record<string, unknown>;
const mapperCache = new Map<EntityClass, Map<string, RowMapper>>();

/**
 * A function that maps a row's `<prefix><column>` values to an entity's property names, generated
 * once per entity and prefix: a page maps hundreds of rows, and a loop over the column list per
 * row (building the key, testing each column's kind) was a tenth of a routine page's CPU time.
 */
function rowMapper(em: EntityManager, entity: EntityClass, prefix: string, omit: readonly string[]): RowMapper {
  let byPrefix = mapperCache.get(entity);
  if (!byPrefix) mapperCache.set(entity, (byPrefix = new Map()));
  const key = `${prefix}|${omit.join(',')}`;
  let mapper = byPrefix.get(key);
  if (!mapper) {
    const body = columnsOf(em, entity)
      .filter((c) => !omit.includes(c.property))
      .map((c, i) => {
        const value = `row[${JSON.stringify(prefix + c.column)}]`;
        const mapped = c.reference
          ? `(v${i} == null ? null : { id: v${i} })`
          : c.date
            ? `(v${i} == null ? v${i} : asDate(v${i}))`
            : `v${i}`;
        return `const v${i} = ${value}; out[${JSON.stringify(c.property)}] = ${mapped};`;
      })
      .join('\n');
    // Only column and property names from the ORM's metadata reach the generated code, quoted.
    mapper = new Function('asDate', `return function mapRow(row) { const out = {};\n${body}\nreturn out; }`)(
      asDate,
    ) as RowMapper;
    byPrefix.set(key, mapper);
  }
  return mapper;
}

/**
 * A row selected with selectColumns as a read-only object with the entity's property names
 * (many-to-one relations as `{ id }`): it serves the entity's field resolvers, which read
 * properties and ids. Never written or persisted. The properties in `omit` are left out (not read).
 * `R` is the row's own type (ProductRow, …); by default the entity's, for rows read whole.
 */
export function entityFromRow<T, R = T>(
  em: EntityManager,
  entity: new () => T,
  row: Record<string, unknown>,
  prefix: string,
  omit: readonly string[] = [],
): R {
  return rowMapper(em, entity, prefix, omit)(row) as R;
}
