// GET /my/export: every row that refers to the person, found through the same user-data policy
// that account erasure follows, so the two cannot drift apart: one statement per policy entry (no
// N+1), all in one repeatable-read transaction so the document is one consistent picture.
import { IsolationLevel, ReferenceKind, type EntityMetadata } from '@mikro-orm/core';
import type { EntityManager } from '../../db.js';
import type { User } from '../user/user.entity.js';
import { valueFor } from './account-erasure.service.js';
import { policyEntries } from './user-data-policy.js';
import type { PersonalDataExport, PersonalDataSection } from './data-export.types.js';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The column of a property (a many-to-one's foreign key). */
const columnOf = (meta: EntityMetadata, property: string): string => meta.properties[property as never].fieldNames[0];

/** Every stored column of an entity, but the omitted properties'. */
function storedColumns(meta: EntityMetadata, omit: readonly string[] = []): string[] {
  return Object.values(meta.properties)
    .filter(
      (p) =>
        p.persist !== false &&
        !omit.includes(p.name) &&
        (p.kind === ReferenceKind.SCALAR ||
          p.kind === ReferenceKind.MANY_TO_ONE ||
          (p.kind === ReferenceKind.ONE_TO_ONE && p.owner)),
    )
    .flatMap((p) => p.fieldNames);
}

/** `select <columns> from <table> where <column> = ? [and <scope>] order by <primary key>`. */
function rowsOf(em: EntityManager, meta: EntityMetadata, match: Record<string, unknown>, omit?: readonly string[]) {
  const conditions = Object.keys(match).map((property) => `${quote(columnOf(meta, property))} = ?`);
  const order = meta.primaryKeys
    .flatMap((k) => meta.properties[k].fieldNames)
    .map(quote)
    .join(', ');
  return em.execute<Array<Record<string, unknown>>>(
    `select ${storedColumns(meta, omit).map(quote).join(', ')} from ${quote(meta.tableName)} where ${conditions.join(' and ')} order by ${order}`,
    Object.values(match),
  );
}

export async function exportPersonalData(em: EntityManager, viewer: User): Promise<PersonalDataExport> {
  const metadata = em.getMetadata();
  return em.transactional(
    async (tx) => {
      const [profile] = await rowsOf(tx as EntityManager, metadata.getByClassName('User'), { id: viewer.id });
      const sections: PersonalDataSection[] = [];
      for (const [entity, property, policy] of policyEntries()) {
        const meta = metadata.getByClassName(entity);
        const rows = await rowsOf(
          tx as EntityManager,
          meta,
          { [property]: valueFor(policy, viewer), ...policy.scope },
          policy.exportOmits,
        );
        sections.push({
          entity,
          property,
          table: meta.tableName,
          column: columnOf(meta, property),
          onAccountDeletion: policy.onErase,
          why: policy.why,
          rows,
        });
      }
      return { format: 'skincare-personal-data/1', exportedAt: new Date(), profile, sections };
    },
    { isolationLevel: IsolationLevel.REPEATABLE_READ },
  );
}
