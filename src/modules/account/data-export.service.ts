// GET /my/export and Query.myExport: every row that refers to the person, found through the same
// user-data policy that account erasure follows, so the two cannot drift apart. The document is
// the account row and one section per policy entry; a section's rows come in keyset pages (by the
// table's primary key, one statement per page), so no answer holds a whole account in memory: the
// REST route streams the pages one after another (route `pages` in rest-mappings/routes.ts), a
// GraphQL client follows `next_cursor` (PersonalDataSection.rows, Query.myExportRows).
// Pages are read outside any transaction: a repeatable-read snapshot held open while gigabytes
// stream out would hold PGlite's one connection for all that time. Each row comes exactly once
// (the keyset); a row written while the export runs may or may not be in it.
import { ReferenceKind, type EntityMetadata } from '@mikro-orm/core';
import type { EntityManager } from '../../db.js';
import { validationFailed } from '../../errors.js';
import { checkedLimit, openCursor, signCursor, type PageResult } from '../shared/pagination.js';
import type { User } from '../user/user.entity.js';
import { valueFor } from './account-erasure.service.js';
import { policyEntries, type UserColumnPolicy } from './user-data-policy.js';
import type { PersonalDataExport, PersonalDataSection } from './data-export.types.js';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The column of a property (a many-to-one's foreign key). */
const columnOf = (meta: EntityMetadata, property: string): string => meta.properties[property as never].fieldNames[0];

/**
 * The select list of every stored column of an entity: only the listed properties' when `only` is
 * given, never the omitted ones'. Timestamps are written in SQL as ISO 8601 in UTC (the contract's
 * form), whatever the driver makes of them (node-postgres answers text such as `2026-12-08 15:08:19.548+00`).
 */
function storedColumns(meta: EntityMetadata, omit: readonly string[] = [], only?: readonly string[]): string[] {
  const unknown = [...omit, ...(only ?? [])].filter((name) => !(name in meta.properties));
  if (unknown.length) throw new Error(`user-data policy of ${meta.className} names unknown properties: ${unknown}`);
  return Object.values(meta.properties)
    .filter(
      (p) =>
        p.persist !== false &&
        !omit.includes(p.name) &&
        (!only || only.includes(p.name)) &&
        (p.kind === ReferenceKind.SCALAR ||
          p.kind === ReferenceKind.MANY_TO_ONE ||
          (p.kind === ReferenceKind.ONE_TO_ONE && p.owner)),
    )
    .flatMap((p) =>
      p.fieldNames.map((column, i) =>
        /^timestamp/i.test(p.columnTypes?.[i] ?? '')
          ? `to_char(${quote(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${quote(column)}`
          : quote(column),
      ),
    );
}

/** A section of the export: the policy entry, its table, and how its rows are found. */
interface SectionSource {
  key: string;
  meta: EntityMetadata;
  property: string;
  policy: UserColumnPolicy;
}

function sectionSources(em: EntityManager): Map<string, SectionSource> {
  const metadata = em.getMetadata();
  return new Map(
    policyEntries().map(([entity, property, policy]) => {
      const key = `${entity}.${property}`;
      return [key, { key, meta: metadata.getByClassName(entity), property, policy }];
    }),
  );
}

/**
 * Bytes of stored rows a page of the export holds at most (their size on disk, `pg_column_size`; the JSON is larger,
 * a few times for compressed lists): a page of large rows (analyses of 20,000-character lists with their results,
 * about 120 kB of JSON each) is fewer rows, so that reading one page (PGlite reads in the server's own thread) and
 * writing it hold the event loop briefly. A page always holds one row, however large.
 */
export const EXPORT_PAGE_BYTES = 256 * 1024;

/**
 * Keyset page of `select <columns> from <table> where <match> [and (<pk>) > (<after>)] order by <pk> limit n`, cut
 * (when `maxBytes` is given) after the row whose stored bytes, with the rows before it, reach `maxBytes`. Each row then
 * carries `page_bytes`, the running total up to it.
 */
async function rowsOf(
  em: EntityManager,
  meta: EntityMetadata,
  match: Record<string, unknown>,
  options: {
    omit?: readonly string[];
    only?: readonly string[];
    after?: unknown[];
    limit?: number;
    maxBytes?: number;
  } = {},
): Promise<Array<Record<string, unknown>>> {
  const conditions = Object.keys(match).map((property) => `${quote(columnOf(meta, property))} = ?`);
  const keys = meta.primaryKeys.flatMap((k) => meta.properties[k].fieldNames).map(quote);
  const params = Object.values(match);
  if (options.after) {
    conditions.push(`(${keys.join(', ')}) > (${keys.map(() => '?').join(', ')})`);
    params.push(...options.after);
  }
  // The primary key is always read (the next cursor is made of it), even when the policy leaves it out.
  const columns = [...new Set([...keys, ...storedColumns(meta, options.omit, options.only)])];
  const select = `select ${columns.join(', ')}`;
  const table = quote(meta.tableName);
  const from = `from ${table} where ${conditions.join(' and ')}`;
  const limit = options.limit ? ` limit ${options.limit}` : '';
  if (!options.maxBytes) return em.execute(`${select} ${from} order by ${keys.join(', ')}${limit}`, params);
  // The running total is a window over the key order, which PostgreSQL computes as the index scan goes and the
  // limit stops: rows past the cut are neither read out nor sent. The outer select keeps the first row, and every
  // row whose predecessors hold less than maxBytes (so the row that reaches it is the page's last).
  // The names the inner select gives its columns: `to_char(…) as "created_at"` is "created_at" outside.
  const outer = columns.map((c) => (c.includes(' as "') ? c.slice(c.lastIndexOf(' as "') + 4) : c));
  return em.execute(
    `select ${outer.join(', ')}, page_bytes from (
       ${select}, sum(pg_column_size(${table}.*)) over w as page_bytes, pg_column_size(${table}.*) as row_bytes
       ${from} window w as (order by ${keys.join(', ')}) order by ${keys.join(', ')}${limit}
     ) page where page_bytes - row_bytes < ? order by ${keys.join(', ')}`,
    [...params, options.maxBytes],
  );
}

/** The account row and the sections (policy entries) of the document, without their rows. */
export async function exportHead(
  em: EntityManager,
  viewer: User,
): Promise<Omit<PersonalDataExport, 'sections'> & { sections: PersonalDataSection[] }> {
  const [profile] = await rowsOf(em, em.getMetadata().getByClassName('User'), { id: viewer.id });
  const sections = [...sectionSources(em).values()].map(({ meta, property, policy }) => ({
    entity: meta.className,
    property,
    table: meta.tableName,
    column: columnOf(meta, property),
    onAccountDeletion: policy.onErase,
    why: policy.why,
  }));
  return { format: 'skincare-personal-data/1', exportedAt: new Date(), profile, sections };
}

/**
 * One page of a section's rows: the caller's own, in primary-key order. The cursor is signed and
 * names its section, so a cursor of another section (other key types) is a 400, never a database error.
 */
export async function exportRowsPage(
  em: EntityManager,
  viewer: User,
  entity: string,
  property: string,
  args: { limit?: number | null; cursor?: string | null },
): Promise<PageResult<Record<string, unknown>>> {
  const limit = checkedLimit(args.limit);
  const source = sectionSources(em).get(`${entity}.${property}`);
  if (!source) throw validationFailed('entity', `No section ${entity}.${property} in the export`);
  let after: unknown[] | undefined;
  if (args.cursor) {
    const [key, ...values] = JSON.parse(openCursor(args.cursor)) as [string, ...unknown[]];
    if (key !== source.key) throw validationFailed('cursor', 'cursor is of another section');
    after = values;
  }
  const { meta, policy } = source;
  const rows = await rowsOf(
    em,
    meta,
    { [property]: valueFor(policy, viewer), ...policy.scope },
    { omit: policy.exportOmits, only: policy.exportOnly, after, limit: limit + 1, maxBytes: EXPORT_PAGE_BYTES },
  );
  // More rows: one beyond the limit came, or the page was cut at its bytes (perhaps before the last row: the next
  // page is then empty, one statement).
  const cut = rows.length > 0 && Number(rows.at(-1)!.page_bytes) >= EXPORT_PAGE_BYTES;
  const more = rows.length > limit || cut;
  const items = (rows.length > limit ? rows.slice(0, limit) : rows).map(({ page_bytes: _, ...row }) => row);
  const keys = meta.primaryKeys.flatMap((k) => meta.properties[k].fieldNames);
  const last = items.at(-1);
  return {
    items,
    nextCursor: more && last ? signCursor(JSON.stringify([source.key, ...keys.map((k) => last[k])])) : null,
  };
}
