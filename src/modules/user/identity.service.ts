// Identity changes that need the user's mailbox: a new e-mail address (confirmed by a link sent
// to it), the verification mail, and invitations. Tokens are single-use, expire after 24 h and
// are stored hashed.
import { createHash, randomBytes } from 'node:crypto';
import { Field, ObjectType } from 'type-graphql';
import type { Context } from '../../context.js';
import { conflict, validationFailed } from '../../errors.js';
import { pagePaths } from '../shared/page-paths.js';
import { changeIfStill } from '../shared/single-use.js';
import { emailChangeMessage, inviteMessage, verificationMessage } from '../mail/messages.js';
import { EmailToken, type EmailTokenPurpose } from './email-token.entity.js';
import { throttle } from './throttle.service.js';
import { UserInvite } from './user-invite.entity.js';
import type { User } from './user.entity.js';
import { ownUser } from './user.service.js';

export const TOKEN_HOURS = 24;
/** At most one e-mail-change link, one verification mail and one invitation per user and minute. */
export const MAIL_INTERVAL_SECONDS = 60;

@ObjectType({ description: 'A link was e-mailed; nothing changes until it is used.' })
export class EmailSent {
  @Field({ description: 'Where the link went.' })
  sentTo!: string;

  @Field({ description: 'When the link stops working.' })
  expiresAt!: Date;
}

@ObjectType({ description: 'An invitation e-mailed to someone.' })
export class InviteSent {
  @Field()
  email!: string;

  @Field()
  sentAt!: Date;
}

const EMAIL =
  /^[^\s@"<>(),;:\\[\]]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** A plausible address (local@domain.tld, at most 254 characters); the domain is lowercased. */
export function checkedEmail(raw: string, field = 'email'): string {
  const email = raw.trim();
  if (email.length > 254 || !EMAIL.test(email) || /[\u0000-\u001f\u007f]/.test(email))
    throw validationFailed(field, `${field} must be an e-mail address such as name@example.com`);
  const at = email.lastIndexOf('@');
  return `${email.slice(0, at)}@${email.slice(at + 1).toLowerCase()}`;
}

export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** Stores a new token (hashed) and returns it in clear: the only moment it exists in clear. */
export async function issueEmailToken(
  ctx: Pick<Context, 'em'>,
  user: User,
  purpose: EmailTokenPurpose,
  email: string,
): Promise<{ token: string; expiresAt: Date }> {
  // A new link replaces the unused ones of the same purpose.
  await ctx.em.nativeDelete(EmailToken, { user: user.id, purpose, usedAt: null });
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + TOKEN_HOURS * 3600_000);
  ctx.em.create(EmailToken, { user: user.id, purpose, tokenHash: hashToken(token), email, expiresAt });
  await ctx.em.flush();
  return { token, expiresAt };
}

/** The page that confirms by the token alone (src/pages): opening it in a browser works. */
const confirmLink = (ctx: Context, _user: User, token: string): string =>
  `${ctx.publicUrl}${pagePaths.confirmEmail(token)}`;

/** Sends a confirmation link to the new address; the address changes only when it is used. */
export async function requestEmailChange(ctx: Context, idOrUsername: string, rawEmail: string): Promise<EmailSent> {
  const user = await ownUser(ctx.em, idOrUsername, ctx.viewer!, 'change an e-mail address');
  const email = checkedEmail(rawEmail);
  if (user.email && user.email.toLowerCase() === email.toLowerCase())
    throw conflict("This is already the account's e-mail address", { field: 'email' });
  // Each request mails someone: limited like the other mails, so it cannot be used to spam.
  await throttle(ctx.em, user.id, 'email_change', MAIL_INTERVAL_SECONDS);
  const { token, expiresAt } = await issueEmailToken(ctx, user, 'email_change', email);
  await ctx.services.mailer.send(emailChangeMessage(email, user.username, confirmLink(ctx, user, token), TOKEN_HOURS));
  return { sentTo: email, expiresAt };
}

/**
 * Uses a token from an e-mailed link: a change link sets the new address, a verification link
 * marks the current one verified. Both make the address verified. Unknown, used and expired
 * tokens are VALIDATION_FAILED on `token`, and change nothing.
 */
export async function confirmEmailToken(ctx: Context, idOrUsername: string, token: string): Promise<User> {
  const user = await ownUser(ctx.em, idOrUsername, ctx.viewer!, 'confirm an e-mail address');
  const found =
    token.length > 0 && token.length <= 200
      ? await ctx.em.findOne(EmailToken, { user: user.id, tokenHash: hashToken(token) })
      : null;
  if (!found) throw validationFailed('token', 'This link is not valid for this account: ask for a new one');
  await useEmailToken(ctx, user, found);
  return user;
}

/** Spends a found token on its user (also for the link page, which has the token only). */
export async function useEmailToken(ctx: Pick<Context, 'em'>, user: User, found: EmailToken): Promise<void> {
  if (found.usedAt) throw validationFailed('token', 'This link was already used: each link works once');
  if (found.expiresAt.getTime() <= Date.now())
    throw validationFailed('token', `This link has expired (links work for ${TOKEN_HOURS} hours): ask for a new one`);
  if (found.purpose === 'email_verification' && (user.email ?? '').toLowerCase() !== found.email.toLowerCase()) {
    throw validationFailed('token', "The account's address changed since this link was sent: ask for a new one");
  }
  const now = new Date();
  // Only the request that marks it used goes on: twenty at once confirm once.
  if (!(await changeIfStill(ctx.em, found, { id: found.id, usedAt: null }, { usedAt: now }))) {
    throw validationFailed('token', 'This link was already used: each link works once');
  }
  if (found.purpose === 'email_change') user.email = found.email;
  user.emailVerifiedAt = now;
  user.updatedAt = now;
  await ctx.em.flush();
}

/** Sends the verification link again: once a minute per user, for an unverified address. */
export async function resendVerificationEmail(ctx: Context, idOrUsername: string): Promise<EmailSent> {
  const user = await ownUser(ctx.em, idOrUsername, ctx.viewer!, 'ask for a verification e-mail');
  if (!user.email) throw conflict('The account has no e-mail address: set one with PATCH /users/:id/identity/email');
  if (user.emailVerifiedAt) throw conflict('The e-mail address is already verified');
  await throttle(ctx.em, user.id, 'verification_email', MAIL_INTERVAL_SECONDS);
  const { token, expiresAt } = await issueEmailToken(ctx, user, 'email_verification', user.email);
  await ctx.services.mailer.send(
    verificationMessage(user.email, user.username, confirmLink(ctx, user, token), TOKEN_HOURS),
  );
  return { sentTo: user.email, expiresAt };
}

/** The caller invites an address: once a minute per user; the invitation is recorded. */
export async function sendInvite(ctx: Context, rawEmail: string): Promise<InviteSent> {
  const viewer = ctx.viewer!;
  const email = checkedEmail(rawEmail);
  if (viewer.email && viewer.email.toLowerCase() === email.toLowerCase())
    throw validationFailed('email', 'You cannot invite yourself');
  await throttle(ctx.em, viewer.id, 'invite', MAIL_INTERVAL_SECONDS);
  const invite = ctx.em.create(UserInvite, { inviter: viewer.id, email });
  await ctx.em.flush();
  await ctx.services.mailer.send(inviteMessage(email, viewer, `${ctx.publicUrl}${pagePaths.join(viewer.id)}`));
  return { email, sentAt: invite.createdAt };
}
