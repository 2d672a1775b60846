import { Arg, Args, Authorized, Ctx, FieldResolver, Mutation, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { User } from '../user/user.entity.js';
import { isSelfOrAdmin, skinProfileOf, updateSkinProfile } from './skin-profile.service.js';
import { SkinProfile, SkinProfileChanges } from './skin-profile.types.js';

@Resolver(() => User)
export class SkinProfileResolver {
  // Mutations
  @Authorized()
  @Mutation(() => SkinProfile, {
    description: 'Changes a skin profile (the user or an admin); omitted fields stay as they are.',
  })
  updateSkinProfile(
    @Arg('userId', { description: 'User id or username.' }) userId: string,
    @Args() changes: SkinProfileChanges,
    @Ctx() ctx: Context,
  ): Promise<SkinProfile> {
    return updateSkinProfile(ctx.em, userId, ctx.viewer!, changes);
  }

  // Field resolvers
  @FieldResolver(() => SkinProfile, { nullable: true, description: 'Visible to the user and to admins only.' })
  skinProfile(@Root() user: User, @Ctx() ctx: Context): SkinProfile | null {
    return isSelfOrAdmin(user, ctx.viewer) ? skinProfileOf(user) : null;
  }
}
