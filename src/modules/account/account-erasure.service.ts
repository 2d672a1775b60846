// What deleting an account does (a signed `user.deleted` event of the identity provider), column by
// column as user-data-policy.ts declares it: personal and private data goes, public contributions
// stay under the anonymised account row (the tombstone), a few columns are cleared. Everything
// runs on the caller's transaction; image files go once it has committed.
import type { EntityManager } from '../../db.js';
import { idempotencyCaller, userCallerKey } from '../../platform/idempotency-caller.js';
import { newId } from '../shared/ids.js';
import { rememberDeletedSubject, subjectHash } from '../user/deleted-subject.service.js';
import type { User } from '../user/user.entity.js';
import { policyEntries, userRowPolicy, type Tombstone, type UserColumnPolicy } from './user-data-policy.js';

type Where = Record<string, unknown>;

/** The entity class the policy names (its keys are class names: the policy imports no entities). */
export const entityClass = (em: EntityManager, className: string) => em.getMetadata().getByClassName(className).class;

/** The value a policy's column holds for this person. */
export function valueFor(policy: UserColumnPolicy, user: Pick<User, 'id' | 'subject'>): string {
  if (policy.holds === 'subject') return user.subject;
  if (policy.holds === 'subjectHash') return subjectHash(user.subject);
  if (policy.holds === 'idempotencyCaller') return idempotencyCaller(userCallerKey(user.subject));
  return user.id;
}

/** Deletes and anonymises a user's data; returns the keys of image files to remove after commit. */
export async function eraseAccount(em: EntityManager, user: User): Promise<string[]> {
  const tombstone: Tombstone = {
    id: user.id,
    subject: `deleted:${newId()}`,
    username: `deleted-${user.id.replace(/-/g, '').slice(-12)}`,
    now: new Date(),
  };
  const entries = policyEntries();
  const filterOf = (property: string, policy: UserColumnPolicy): Where => ({
    [property]: valueFor(policy, user),
    ...policy.scope,
  });

  // What the database cannot follow by itself, read before the rows go: images of drafts that go
  // (their owner column is polymorphic, no foreign key), and opinions whose endorsement count drops.
  const drafts = entries.find(([entity, property]) => entity === 'ProductDraft' && property === 'author')!;
  const goingDrafts = (
    await em.find(
      entityClass(em, 'ProductDraft'),
      { ...filterOf('author', drafts[2]), ...drafts[2].deleteOnly } as never,
      { fields: ['id'] as never },
    )
  ).map((d) => (d as { id: string }).id);
  const images = (await em.find(entityClass(em, 'StoredImage'), {
    $or: [
      { ownerKind: 'user', ownerId: user.id },
      ...(goingDrafts.length ? [{ ownerKind: 'draft', ownerId: { $in: goingDrafts } }] : []),
    ],
  } as never)) as Array<{ id: string; key: string; ownerKind: string }>;
  const draftImages = images.filter((i) => i.ownerKind === 'draft').map((i) => i.id);
  if (draftImages.length) await em.nativeDelete(entityClass(em, 'StoredImage'), { id: { $in: draftImages } } as never);
  const endorsed = await em.execute<Array<{ opinion_id: string }>>(
    'select opinion_id from ingredient_opinion_endorsement where user_id = ?',
    [user.id],
  );

  for (const [entity, property, policy] of entries) {
    const where = filterOf(property, policy);
    if (policy.onErase === 'delete')
      await em.nativeDelete(entityClass(em, entity), { ...where, ...policy.deleteOnly } as never);
    else if (policy.onErase === 'null')
      await em.nativeUpdate(entityClass(em, entity), where as never, { [property]: null } as never);
    else if (policy.onErase === 'tombstone')
      await em.nativeUpdate(
        entityClass(em, entity),
        where as never,
        { [property]: valueFor(policy, tombstone) } as never,
      );
  }
  if (endorsed.length) {
    await em.execute(
      'update ingredient_opinion o set endorsement_count = (select count(*) from ingredient_opinion_endorsement e ' +
        'where e.opinion_id = o.id) where o.id in (?)',
      [endorsed.map((e) => e.opinion_id)],
    );
  }

  // The person's old tokens must not bring the account back; the row becomes the tombstone.
  await rememberDeletedSubject(em, user.subject);
  for (const [property, rule] of Object.entries(userRowPolicy)) {
    if (rule.onErase === 'set') Object.assign(user, { [property]: rule.to(tombstone) });
  }
  await em.flush();
  return images.map((i) => i.key);
}
