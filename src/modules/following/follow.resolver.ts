import { Arg, Args, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { Ingredient } from '../ingredient/ingredient.entity.js';
import { PageArgs } from '../shared/pagination.js';
import { User } from '../user/user.entity.js';
import { getUser } from '../user/user.service.js';
import {
  type FollowRow,
  follow,
  followedBy,
  followersOf,
  followingFeelings,
  relationshipLookup,
  unfollow,
} from './follow.service.js';
import { UserFollow } from './user-follow.entity.js';
import { Sentiment } from '../feeling/ingredient-feeling.entity.js';
import {
  FollowedIngredientFeeling,
  FollowedIngredientFeelingPage,
  UserFollowPage,
  UserRelationship,
  UserRelationshipPage,
} from './follow.types.js';

@Resolver(() => UserFollow)
export class FollowResolver {
  // Queries
  @Query(() => UserFollowPage, { description: 'Who follows a user, most recent first.' })
  async userFollowers(@Arg('idOrUsername') idOrUsername: string, @Args() page: PageArgs, @Ctx() ctx: Context) {
    return followersOf(ctx.em, (await getUser(ctx.em, idOrUsername)).id, page);
  }

  @Query(() => UserFollowPage, { description: 'Whom a user follows, most recent first.' })
  async userFollowing(@Arg('idOrUsername') idOrUsername: string, @Args() page: PageArgs, @Ctx() ctx: Context) {
    return followedBy(ctx.em, (await getUser(ctx.em, idOrUsername)).id, page);
  }

  @Authorized()
  @Query(() => UserFollowPage, { description: 'Who follows the caller, most recent first.' })
  myFollowers(@Args() page: PageArgs, @Ctx() ctx: Context) {
    return followersOf(ctx.em, ctx.viewer!.id, page);
  }

  @Authorized()
  @Query(() => UserFollowPage, { description: 'Whom the caller follows, most recent first.' })
  myFollowing(@Args() page: PageArgs, @Ctx() ctx: Context) {
    return followedBy(ctx.em, ctx.viewer!.id, page);
  }

  @Authorized()
  @Query(() => UserRelationshipPage, {
    description: 'Which of these users (ids or usernames, at most 100) the caller follows and is followed by.',
  })
  async userRelationshipLookup(
    @Arg('ids', () => [String]) ids: string[],
    @Ctx() ctx: Context,
  ): Promise<UserRelationshipPage> {
    return { items: await relationshipLookup(ctx.em, ctx.viewer!, ids), nextCursor: null };
  }

  @Authorized()
  @Query(() => FollowedIngredientFeelingPage, {
    description:
      'What the people the caller follows feel about ingredients (public feelings only), the most shared first.',
  })
  followingIngredientFeelings(
    @Arg('sentiment', () => Sentiment) sentiment: Sentiment,
    @Args() page: PageArgs,
    @Ctx() ctx: Context,
  ) {
    return followingFeelings(ctx.em, ctx.viewer!, sentiment, page);
  }

  // Mutations
  @Authorized()
  @Mutation(() => UserRelationship, { description: 'The caller follows a user (idempotent; not oneself).' })
  followUser(@Arg('idOrUsername') idOrUsername: string, @Ctx() ctx: Context) {
    return follow(ctx.em, ctx.viewer!, idOrUsername);
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'The caller stops following a user (idempotent).' })
  unfollowUser(@Arg('idOrUsername') idOrUsername: string, @Ctx() ctx: Context) {
    return unfollow(ctx.em, ctx.viewer!, idOrUsername);
  }

  // Field resolvers
  @FieldResolver(() => User, { description: 'Who follows.' })
  async follower(@Root() edge: UserFollow | FollowRow, @Ctx() ctx: Context): Promise<User> {
    // A page's rows carry the listed end whole; otherwise the loader reads it.
    return 'username' in edge.follower ? edge.follower : (await ctx.loaders.userById.load(edge.follower.id))!;
  }

  @FieldResolver(() => User, { description: 'Who is followed.' })
  async followed(@Root() edge: UserFollow | FollowRow, @Ctx() ctx: Context): Promise<User> {
    return 'username' in edge.followed ? edge.followed : (await ctx.loaders.userById.load(edge.followed.id))!;
  }
}

@Resolver(() => FollowedIngredientFeeling)
export class FollowedIngredientFeelingResolver {
  // Field resolvers
  @FieldResolver(() => Ingredient)
  async ingredient(@Root() row: FollowedIngredientFeeling, @Ctx() ctx: Context): Promise<Ingredient> {
    return (await ctx.loaders.ingredientById.load(row.ingredientId))!;
  }

  @FieldResolver(() => [User], { description: 'Which of them, most recent first (at most 20).' })
  async users(@Root() row: FollowedIngredientFeeling, @Ctx() ctx: Context): Promise<User[]> {
    return (await ctx.loaders.userById.loadMany(row.userIds)).filter((u): u is User => u instanceof User);
  }
}
