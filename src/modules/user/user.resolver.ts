import { Arg, Args, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { PageArgs } from '../shared/pagination.js';
import { Supergroup, supergroupsOf } from './supergroups.js';
import { IntakeDecision, User, UserType } from './user.entity.js';
import {
  canSeeEmail,
  changeUserType,
  changeUsername,
  getUser,
  listUsers,
  lookupUsers,
  updateProfile,
} from './user.service.js';
import { UserPage } from './user.types.js';
import { ProfileChangesArgs } from './user.input.js';

@Resolver(() => User)
export class UserResolver {
  // Queries
  @Authorized()
  @Query(() => User, { description: 'The signed-in user.' })
  me(@Ctx() ctx: Context): User {
    return ctx.viewer!;
  }

  @Query(() => User, { description: "A user's public profile by id or username." })
  user(@Arg('idOrUsername') idOrUsername: string, @Ctx() ctx: Context): Promise<User> {
    return getUser(ctx.em, idOrUsername);
  }

  @Query(() => UserPage, { description: 'Users, newest first (deleted accounts left out), optionally of one type.' })
  users(
    @Args() page: PageArgs,
    @Ctx() ctx: Context,
    @Arg('userType', () => UserType, { nullable: true }) userType?: UserType | null,
  ) {
    return listUsers(ctx.em, userType, page);
  }

  @Query(() => UserPage, { description: 'Users whose username starts with a prefix, alphabetically.' })
  userLookup(@Arg('username') username: string, @Args() page: PageArgs, @Ctx() ctx: Context) {
    return lookupUsers(ctx.em, username, page);
  }

  // Mutations
  @Authorized()
  @Mutation(() => User, {
    description: 'Changes display name, bio or country (the user or an admin); omitted fields stay.',
  })
  updateUserProfile(
    @Arg('userId', { description: 'User id or username.' }) userId: string,
    @Args() changes: ProfileChangesArgs,
    @Ctx() ctx: Context,
  ) {
    return updateProfile(ctx.em, userId, ctx.viewer!, changes);
  }

  @Authorized()
  @Mutation(() => User, {
    description:
      'Changes a username (the user or an admin): 3-30 of a-z 0-9 _ . -, starting with a letter or digit; CONFLICT ' +
      'when taken.',
  })
  changeUsername(@Arg('userId') userId: string, @Arg('username') username: string, @Ctx() ctx: Context) {
    return changeUsername(ctx.em, userId, ctx.viewer!, username);
  }

  @Authorized([UserType.admin])
  @Mutation(() => User, { description: "Sets a user's type (admins only)." })
  changeUserType(
    @Arg('userId') userId: string,
    @Arg('userType', () => UserType) userType: UserType,
    @Ctx() ctx: Context,
  ) {
    return changeUserType(ctx.em, userId, userType);
  }

  // Field resolvers
  @FieldResolver(() => String, { nullable: true, description: 'Visible to the user and to admins only.' })
  email(@Root() user: User, @Ctx() ctx: Context): string | null {
    return canSeeEmail(user, ctx.viewer) ? (user.email ?? null) : null;
  }

  @FieldResolver(() => Boolean, {
    nullable: true,
    description: 'Whether the e-mail address is verified: the user and admins only.',
  })
  emailVerified(@Root() user: User, @Ctx() ctx: Context): boolean | null {
    return canSeeEmail(user, ctx.viewer) ? Boolean(user.emailVerifiedAt) : null;
  }

  @FieldResolver(() => [Supergroup], {
    nullable: true,
    description: 'The interest groups the user joined: the user and admins only.',
  })
  supergroups(@Root() user: User, @Ctx() ctx: Context): Supergroup[] | null {
    return canSeeEmail(user, ctx.viewer) ? supergroupsOf(user.supergroups ?? []) : null;
  }

  @FieldResolver(() => IntakeDecision, {
    nullable: true,
    description: 'Whether the user takes the intake survey: the user and admins only.',
  })
  intakeDecision(@Root() user: User, @Ctx() ctx: Context): IntakeDecision | null {
    return canSeeEmail(user, ctx.viewer) ? user.intakeDecision : null;
  }
}
