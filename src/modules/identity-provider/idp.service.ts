// Applies the identity provider's user events (POST /identity_provider): signed, fresh, once.
import { Field, ID, ObjectType } from 'type-graphql';
import type { Context } from '../../context.js';
import type { EntityManager } from '../../db.js';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { conflict, unauthenticated, validationFailed } from '../../errors.js';
import { removeImageFiles } from '../image/image-store.js';
import { newId } from '../shared/ids.js';
import { eraseAccount } from '../account/account-erasure.service.js';
import { isDeletedSubject, rememberDeletedSubject } from '../user/deleted-subject.service.js';
import { User, UserType } from '../user/user.entity.js';
import { checkedUsername } from '../user/user.service.js';
import { EventError, isFresh, parseEvent, signatureMatches, type IdpEvent, type IdpUser } from './engine/event.js';

@ObjectType({ description: 'What became of an identity-provider event.' })
export class IdentityProviderReceipt {
  @Field()
  eventId!: string;

  @Field({
    description:
      'applied; duplicate (this event id was applied before: nothing changed); ignored (user.deleted of an unknown ' +
      'subject).',
  })
  status!: string;

  @Field(() => ID, { nullable: true, description: 'The user the event was about, when there is one.' })
  userId!: string | null;
}

/** Applied event ids are kept this long (a replay must also be fresh, so 5 minutes would do). */
const KEEP_EVENTS_MS = 24 * 3600_000;

function usernameFor(wanted: string | null, subject: string): string {
  const candidate = (wanted ?? '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9_.-]+/g, '')
    .slice(0, 30);
  try {
    return checkedUsername(candidate);
  } catch {
    return `user-${Buffer.from(subject).toString('hex').slice(-10)}`;
  }
}

async function freeUsername(em: EntityManager, wanted: string | null, subject: string): Promise<string> {
  const base = usernameFor(wanted, subject);
  for (let attempt = 0; attempt < 5; attempt++) {
    const name = attempt === 0 ? base : `${base.slice(0, 24)}-${Math.random().toString(36).slice(2, 6)}`;
    if (!(await em.count(User, { username: name }))) return name;
  }
  return `user-${newId().slice(-12)}`;
}

/** Creates the user of a subject, or brings an existing one up to date (email, name). */
async function upsertUser(em: EntityManager, idp: IdpUser): Promise<User> {
  const now = new Date();
  let user = await em.findOne(User, { subject: idp.subject });
  if (!user) {
    user = em.create(User, {
      subject: idp.subject,
      username: await freeUsername(em, idp.username ?? idp.name, idp.subject),
      displayName: idp.name,
      email: idp.email,
      emailVerifiedAt: idp.email && idp.emailVerified ? now : null,
      userType: UserType.member,
      bio: '',
    } as never);
  } else {
    if (idp.email !== null && idp.email !== user.email) {
      user.email = idp.email;
      user.emailVerifiedAt = idp.emailVerified ? now : null;
    } else if (idp.email !== null && idp.emailVerified && !user.emailVerifiedAt) {
      user.emailVerifiedAt = now;
    }
    if (idp.name !== null) user.displayName = idp.name;
    user.updatedAt = now;
  }
  await em.flush();
  return user;
}

async function apply(
  em: EntityManager,
  event: IdpEvent,
  afterCommit: Array<() => Promise<void>>,
): Promise<{ status: string; userId: string | null }> {
  if (event.type === 'user.deleted') {
    const user = await em.findOne(User, { subject: event.user.subject });
    if (!user) {
      // Still no account for this subject later: its tokens are refused.
      await rememberDeletedSubject(em, event.user.subject);
      return { status: 'ignored', userId: null };
    }
    const imageKeys = await eraseAccount(em, user);
    afterCommit.push(async () => {
      for (const key of imageKeys) await removeImageFiles(key);
    });
    return { status: 'applied', userId: user.id };
  }
  if (await isDeletedSubject(em, event.user.subject)) {
    throw conflict("This subject's account was deleted: it is not created again", { field: 'user.subject' });
  }
  const user = await upsertUser(em, event.user);
  return { status: 'applied', userId: user.id };
}

/**
 * Checks, in this order, before touching the database: the signature (UNAUTHENTICATED), the event's shape
 * (VALIDATION_FAILED
 * naming the field), its timestamp (within 5 minutes of now, else VALIDATION_FAILED on
 * `timestamp`), and whether its id was applied before (status duplicate, nothing changes).
 */
export async function receiveEvent(
  ctx: Context,
  payload: string,
  signature: string | null | undefined,
): Promise<IdentityProviderReceipt> {
  if (!signature)
    throw unauthenticated('Missing X-Signature: the hex HMAC-SHA256 of the body under IDP_WEBHOOK_SECRET');
  if (!signatureMatches(ctx.services.idpWebhookSecret, payload, signature))
    throw unauthenticated('X-Signature does not match the body');
  let event: IdpEvent;
  try {
    event = parseEvent(payload);
  } catch (error) {
    if (error instanceof EventError) throw validationFailed(error.field, error.message);
    throw error;
  }
  if (!isFresh(event.timestamp, new Date()))
    throw validationFailed('timestamp', 'timestamp is more than 5 minutes from now: the event is not applied');
  // Only a signed, well-formed, fresh event opens a transaction: the whole event lands, or none of it.
  const afterCommit: Array<() => Promise<void>> = [];
  const receipt = await ctx.em.transactional((em) => applyOnce(em as EntityManager, event, afterCommit));
  for (const task of afterCommit) await task();
  return receipt;
}

async function applyOnce(
  em: EntityManager,
  event: IdpEvent,
  afterCommit: Array<() => Promise<void>>,
): Promise<IdentityProviderReceipt> {
  await em.execute('delete from identity_provider_event where received_at < ?', [
    new Date(Date.now() - KEEP_EVENTS_MS),
  ]);
  const inserted = await em.execute<Array<{ id: string }>>(
    'insert into identity_provider_event (id, type, subject, received_at) values (?, ?, ?, now()) on conflict (id) do nothing returning id',
    [event.id, event.type, event.user.subject],
  );
  if (inserted.length === 0) {
    const user = await em.findOne(User, { subject: event.user.subject }, { fields: ['id'] });
    return { eventId: event.id, status: 'duplicate', userId: user?.id ?? null };
  }
  try {
    return { eventId: event.id, ...(await apply(em, event, afterCommit)) };
  } catch (error) {
    // A concurrent event or sign-in created the same subject or username: nothing was kept
    // (the event id rolls back too), so the provider's retry applies it.
    if (error instanceof UniqueConstraintViolationException)
      throw conflict('Another request changed this user at the same time: send the event again');
    throw error;
  }
}
