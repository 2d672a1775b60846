// The e-mail digest of unread alerts (npm run mail:reformulation-digest). Each person with unread,
// un-mailed alerts and the digest on gets one message listing them; the alerts are marked mailed
// in the transaction that sends it, by an UPDATE that only takes alerts still un-mailed: a second
// run, or another instance running at the same time, finds nothing left and sends nothing.
import type { EntityManager, Orm } from '../../db.js';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import { greeting } from '../mail/messages.js';
import { quotedName } from '../mail/user-text.js';
import { pagePaths } from '../shared/page-paths.js';
import { ReformulationDigest } from './reformulation-alert.entity.js';
import { hashUnsubscribeToken, newUnsubscribeToken } from './reformulation-alert.service.js';
import type { ImpactReason } from './engine/impact.js';

export const unsubscribePath = (token: string) => `/p/reformulation/unsubscribe?token=${encodeURIComponent(token)}`;

interface Mailed {
  id: string;
  product_id: string;
  from_version: number;
  to_version: number;
  reasons: ImpactReason[] | string;
  name: string;
  alias: string;
}

export function digestMessage(
  to: string,
  username: string,
  alerts: Mailed[],
  publicUrl: string,
  token: string,
): MailMessage {
  const unsubscribe = `${publicUrl}${unsubscribePath(token)}`;
  const items = alerts.map((a) => {
    const reasons = (typeof a.reasons === 'string' ? JSON.parse(a.reasons) : a.reasons) as ImpactReason[];
    // A product's name may come from a member's draft: quoted, or its alias (a slug) instead.
    return `* ${quotedName(a.name, 80) ?? a.alias}: its ingredient list changed (version ${a.from_version} → ${a.to_version})\n${reasons.map((r) => `  - ${r.message}`).join('\n')}\n  What changed: ${publicUrl}${pagePaths.productChanges(a.alias, a.from_version, a.to_version)}`;
  });
  return {
    to,
    subject:
      alerts.length === 1
        ? 'A product of yours changed its ingredients'
        : `${alerts.length} of your products changed their ingredients`,
    text: `${greeting(username)}\n\nLabels change. These products you favour or use in a routine have a new ingredient list, and the change concerns you:\n\n${items.join('\n\n')}\n\nYou get this digest because reformulation e-mails are on for your account. Stop them with one click:\n${unsubscribe}\n\n— The Skincare team`,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

export interface DigestReport {
  people: number;
  messages: number;
  alerts: number;
  skipped: number;
}

/** Sends every due digest; each person in a transaction of their own (a failed send rolls back theirs only). */
export async function sendReformulationDigests(orm: Orm, mailer: Mailer, publicUrl: string): Promise<DigestReport> {
  const em = orm.em.fork() as EntityManager;
  const due = await em.execute<Array<{ user_id: string }>>(
    `select distinct a.user_id from reformulation_alert a join app_user u on u.id = a.user_id
      left join reformulation_settings s on s.user_id = a.user_id
      where a.mailed_at is null and a.read_at is null and a.dismissed_at is null and u.email is not null and coalesce(s.digest_enabled, true)`,
  );
  const report: DigestReport = { people: due.length, messages: 0, alerts: 0, skipped: 0 };
  for (const { user_id: userId } of due) {
    const sent = await (orm.em.fork() as EntityManager).transactional(async (tx) => {
      // Taken in this transaction: rows another run marked (or is marking) are not taken again.
      const alerts = await tx.execute<Mailed[]>(
        `update reformulation_alert a set mailed_at = now() from app_user u, product p
          where a.user_id = ? and u.id = a.user_id and p.id = a.product_id
            and a.mailed_at is null and a.read_at is null and a.dismissed_at is null and u.email is not null
            and coalesce((select s.digest_enabled from reformulation_settings s where s.user_id = a.user_id), true)
          returning a.id, a.product_id, a.from_version, a.to_version, a.reasons, p.name, p.alias`,
        [userId],
      );
      if (!alerts.length) return 0;
      const [user] = await tx.execute<Array<{ username: string; email: string }>>(
        'select username, email from app_user where id = ?',
        [userId],
      );
      const token = newUnsubscribeToken();
      tx.create(ReformulationDigest, {
        user: userId,
        alertCount: alerts.length,
        unsubscribeTokenHash: hashUnsubscribeToken(token),
      } as never);
      await tx.flush();
      alerts.sort((a, b) => a.name.localeCompare(b.name) || a.to_version - b.to_version);
      await mailer.send(digestMessage(user.email, user.username, alerts, publicUrl, token));
      return alerts.length;
    });
    if (sent) {
      report.messages++;
      report.alerts += sent;
    } else report.skipped++;
  }
  return report;
}
