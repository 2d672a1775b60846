// An e-mailed link opened in a browser: whoever holds the token (it went to that mailbox) may see
// what it is for and use it, without signing in. Single use and expiring like every link.
import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context.js';
import { validationFailed } from '../../errors.js';
import { EmailToken } from './email-token.entity.js';
import { hashToken, useEmailToken } from './identity.service.js';
import { User } from './user.entity.js';
import { EmailLink } from './email-link.types.js';

async function findLink(ctx: Context, token: string): Promise<{ found: EmailToken; user: User } | null> {
  if (token.length === 0 || token.length > 200) return null;
  const found = await ctx.em.findOne(EmailToken, { tokenHash: hashToken(token) });
  if (!found) return null;
  const user = await ctx.em.findOneOrFail(User, found.user.id);
  return { found, user };
}

const describe = ({ found, user }: { found: EmailToken; user: User }): EmailLink => ({
  purpose: found.purpose,
  email: found.email,
  username: user.username,
  state: found.usedAt ? 'used' : found.expiresAt.getTime() <= Date.now() ? 'expired' : 'valid',
  expiresAt: found.expiresAt,
});

@Resolver()
export class EmailLinkResolver {
  // Queries
  @Query(() => EmailLink, {
    nullable: true,
    description: 'What the token of an e-mailed link is for; null when no link has it. Changes nothing.',
  })
  async emailLink(@Arg('token') token: string, @Ctx() ctx: Context): Promise<EmailLink | null> {
    const link = await findLink(ctx, token);
    return link ? describe(link) : null;
  }

  // Mutations
  @Mutation(() => EmailLink, {
    description:
      'Uses an e-mailed link by its token alone (the token authorises it): sets or verifies the address. Single use, ' +
      '24 hours.',
  })
  async confirmEmailLink(@Arg('token') token: string, @Ctx() ctx: Context): Promise<EmailLink> {
    const link = await findLink(ctx, token);
    if (!link) throw validationFailed('token', 'This link is not valid: ask for a new one');
    await useEmailToken(ctx, link.user, link.found);
    return describe(link);
  }
}
