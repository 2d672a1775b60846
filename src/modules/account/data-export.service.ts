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

/** Keyset page of `select <columns> from <table> where <match> [and (<pk>) > (<after>)] order by <pk> limit n`. */
async function rowsOf(
  em: EntityManager,
  meta: EntityMetadata,
  match: Record<string, unknown>,
  options: { omit?: readonly string[]; only?: readonly string[]; after?: unknown[]; limit?: number } = {},
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
  return em.execute<Array<Record<string, unknown>>>(
    `select ${columns.join(', ')} from ${quote(meta.tableName)} where ${conditions.join(' and ')} order by ${keys.join(', ')}${options.limit ? ` limit ${options.limit}` : ''}`,
    params,
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
    { omit: policy.exportOmits, only: policy.exportOnly, after, limit: limit + 1 },
  );
  const more = rows.length > limit;
  const items = more ? rows.slice(0, limit) : rows;
  const keys = meta.primaryKeys.flatMap((k) => meta.properties[k].fieldNames);
  const last = items.at(-1);
  return {
    items,
    nextCursor: more && last ? signCursor(JSON.stringify([source.key, ...keys.map((k) => last[k])])) : null,
  };
}
