// Subjects of deleted accounts: a token of one is refused (UNAUTHENTICATED), never a new account.
import { createHash } from 'node:crypto';
import type { EntityManager } from '../../db.js';
import { DeletedSubject } from './deleted-subject.entity.js';

export const subjectHash = (subject: string): string => createHash('sha256').update(subject, 'utf8').digest('hex');

export async function isDeletedSubject(em: EntityManager, subject: string): Promise<boolean> {
  return (await em.count(DeletedSubject, { subjectHash: subjectHash(subject) })) > 0;
}

/** Records a deleted subject (again is fine). */
export async function rememberDeletedSubject(em: EntityManager, subject: string): Promise<void> {
  await em.upsert(DeletedSubject, { subjectHash: subjectHash(subject), deletedAt: new Date() });
}
