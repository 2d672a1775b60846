import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context.js';
import {
  confirmEmailToken,
  EmailSent,
  InviteSent,
  requestEmailChange,
  resendVerificationEmail,
  sendInvite,
} from './identity.service.js';
import { loadSupergroups, setSupergroups, Supergroup } from './supergroups.js';
import { User } from './user.entity.js';
import { getUser } from './user.service.js';

/** E-mail address changes, verification, invitations and the caller's interest groups. */
@Resolver()
export class IdentityResolver {
  // Queries
  @Query(() => [Supergroup], { description: 'Every interest group users can join (data/supergroups.yaml).' })
  supergroups(): Supergroup[] {
    return loadSupergroups();
  }

  // Mutations
  @Authorized()
  @Mutation(() => EmailSent, {
    description:
      'E-mails a confirmation link to a new address (the user or an admin); nothing changes until the link is used.',
  })
  requestEmailChange(@Arg('userId') userId: string, @Arg('email') email: string, @Ctx() ctx: Context) {
    return requestEmailChange(ctx, userId, email);
  }

  @Authorized()
  @Mutation(() => User, {
    description: 'Uses the token of an e-mailed link (a change or a verification): single use, 24 hours.',
  })
  confirmEmailChange(@Arg('userId') userId: string, @Arg('token') token: string, @Ctx() ctx: Context) {
    return confirmEmailToken(ctx, userId, token);
  }

  @Authorized()
  @Mutation(() => EmailSent, {
    description: 'Sends the verification link again: at most once a minute per user (RATE_LIMITED with Retry-After).',
  })
  resendVerificationEmail(@Arg('userId') userId: string, @Ctx() ctx: Context) {
    return resendVerificationEmail(ctx, userId);
  }

  @Authorized()
  @Mutation(() => InviteSent, {
    description: 'Invites an e-mail address: at most once a minute per user (RATE_LIMITED with Retry-After).',
  })
  sendInviteLink(@Arg('email') email: string, @Ctx() ctx: Context) {
    return sendInvite(ctx, email);
  }

  @Authorized()
  @Mutation(() => User, {
    description: 'Replaces the interest groups the caller belongs to (ids of data/supergroups.yaml).',
  })
  async setMySupergroups(@Arg('supergroups', () => [String]) supergroups: string[], @Ctx() ctx: Context) {
    return setSupergroups(ctx.em, await getUser(ctx.em, ctx.viewer!.id), supergroups);
  }
}
