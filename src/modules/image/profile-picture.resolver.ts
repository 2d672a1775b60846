import { Arg, Authorized, Ctx, FieldResolver, Mutation, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { UploadScalar, type UploadedFile } from '../shared/upload.scalar.js';
import { RunBeforeTransaction } from '../shared/transactional.js';
import { User } from '../user/user.entity.js';
import { ImageOwnerKind, ImageUrls } from './image.entity.js';
import { imageUrlsOf, removeImage, setImage, userForPicture } from './image.service.js';
import { storeImageFirst } from './stored-before-transaction.js';

@Resolver(() => User)
export class ProfilePictureResolver {
  // Mutations
  @Authorized()
  @RunBeforeTransaction(storeImageFirst)
  @Mutation(() => User, { description: "Set a user's profile picture (the user or an admin)." })
  async setProfilePicture(
    @Arg('id') id: string,
    @Arg('image', () => UploadScalar) image: UploadedFile,
    @Ctx() ctx: Context,
  ): Promise<User> {
    const user = await userForPicture(ctx.em, id, ctx.viewer!);
    await setImage(ctx.em, ImageOwnerKind.user, user.id, image);
    return user;
  }

  @Authorized()
  @Mutation(() => Boolean, { description: "Remove a user's profile picture (the user or an admin)." })
  async removeProfilePicture(@Arg('id') id: string, @Ctx() ctx: Context): Promise<boolean> {
    const user = await userForPicture(ctx.em, id, ctx.viewer!);
    return removeImage(ctx.em, ImageOwnerKind.user, user.id);
  }

  // Field resolvers
  @FieldResolver(() => ImageUrls, { nullable: true })
  profilePicture(@Root() user: User, @Ctx() ctx: Context) {
    return imageUrlsOf(ctx, ImageOwnerKind.user, user.id);
  }
}
