import { Arg, Authorized, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { User } from './user.entity.js';
import { canSeeEmail, getUser } from './user.service.js';

@Resolver(() => User)
export class UserResolver {
  // Queries
  @Authorized()
  @Query(() => User, { description: 'The signed-in user.' })
  me(@Ctx() ctx: Context): User {
    return ctx.viewer!;
  }

  @Query(() => User, { description: 'A user\'s public profile by id or username.' })
  user(@Arg('idOrUsername') idOrUsername: string, @Ctx() ctx: Context): Promise<User> {
    return getUser(ctx.em, idOrUsername);
  }

  // Field resolvers
  @FieldResolver(() => String, { nullable: true, description: 'Visible to the user and to admins only.' })
  email(@Root() user: User, @Ctx() ctx: Context): string | null {
    return canSeeEmail(user, ctx.viewer) ? user.email ?? null : null;
  }
}
