// The caller's alerts and settings, and the digest's unsubscribe link.
import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '../../db.js';
import { notFound, validationFailed } from '../../errors.js';
import { paginate, type PageArgs } from '../shared/pagination.js';
import { isUuid } from '../shared/ids.js';
import { User } from '../user/user.entity.js';
import { ReformulationAlert, ReformulationDigest, ReformulationSettings } from './reformulation-alert.entity.js';

export const hashUnsubscribeToken = (token: string): string => createHash('sha256').update(token).digest('hex');
export const newUnsubscribeToken = (): string => randomBytes(24).toString('base64url');

/** Newest first; dismissed ones only when asked. */
export function listMyAlerts(em: EntityManager, viewer: User, includeDismissed: boolean, page: PageArgs) {
  return paginate(
    em,
    ReformulationAlert,
    { user: viewer.id, ...(includeDismissed ? {} : { dismissedAt: null }) },
    { createdAt: 'desc', id: 'desc' },
    page,
  );
}

/** One of the caller's alerts; anyone else's is NOT_FOUND (they learn nothing). */
async function myAlert(em: EntityManager, viewer: User, id: string): Promise<ReformulationAlert> {
  const alert = isUuid(id) ? await em.findOne(ReformulationAlert, { id: id.toLowerCase(), user: viewer.id }) : null;
  if (!alert) throw notFound('Reformulation alert', id);
  return alert;
}

export async function markAlertRead(em: EntityManager, viewer: User, id: string): Promise<ReformulationAlert> {
  const alert = await myAlert(em, viewer, id);
  alert.readAt ??= new Date();
  await em.flush();
  return alert;
}

export async function dismissAlert(em: EntityManager, viewer: User, id: string): Promise<ReformulationAlert> {
  const alert = await myAlert(em, viewer, id);
  const now = new Date();
  alert.readAt ??= now;
  alert.dismissedAt ??= now;
  await em.flush();
  return alert;
}

export async function digestEnabled(em: EntityManager, userId: string): Promise<boolean> {
  return (await em.findOne(ReformulationSettings, { user: userId }))?.digestEnabled ?? true;
}

export async function setDigestEnabled(em: EntityManager, userId: string, enabled: boolean): Promise<boolean> {
  if (typeof enabled !== 'boolean') throw validationFailed('enabled', 'enabled must be true or false');
  const settings = await em.findOne(ReformulationSettings, { user: userId });
  if (settings) settings.digestEnabled = enabled;
  else em.create(ReformulationSettings, { user: userId, digestEnabled: enabled } as never);
  await em.flush();
  return enabled;
}

/** The digest's link: its token alone switches the digest off, or back on (idempotent, no sign-in). */
export async function setDigestByToken(
  em: EntityManager,
  token: string,
  enabled: boolean,
): Promise<{ username: string; digestEnabled: boolean }> {
  const digest =
    token.length > 0 && token.length <= 200
      ? await em.findOne(ReformulationDigest, { unsubscribeTokenHash: hashUnsubscribeToken(token) })
      : null;
  if (!digest) throw validationFailed('token', 'This unsubscribe link is not valid');
  const user = await em.findOneOrFail(User, digest.user.id);
  await setDigestEnabled(em, user.id, enabled);
  return { username: user.username, digestEnabled: enabled };
}

export const unsubscribeByToken = (em: EntityManager, token: string) => setDigestByToken(em, token, false);
