import { Arg, Authorized, Ctx, FieldResolver, Mutation, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { ProductDraft } from '../draft/product-draft.entity.js';
import { draftToChange } from '../draft/product-draft.service.js';
import { Product } from '../product/product.entity.js';
import { UploadScalar, type UploadedFile } from '../shared/upload.scalar.js';
import { User } from '../user/user.entity.js';
import { ImageOwnerKind, ImageUrls } from './image.entity.js';
import { imageUrls, productForImage, removeImage, setImage, userForPicture } from './image.service.js';
import { storeImageFirst } from './stored-before-transaction.js';
import { RunBeforeTransaction } from '../shared/transactional.js';

async function urlsOf(ctx: Context, kind: ImageOwnerKind, id: string): Promise<ImageUrls | null> {
  return imageUrls(ctx.publicUrl, await ctx.loaders.imageByOwner.load(`${kind}:${id}`));
}

@Resolver(() => Product)
export class ProductImageResolver {
  // Mutations
  @Authorized()
  @RunBeforeTransaction(storeImageFirst)
  @Mutation(() => Product, { description: 'Set a product\'s image (its brand\'s owner, moderators, admins).' })
  async setProductImage(@Arg('idOrAlias') idOrAlias: string, @Arg('image', () => UploadScalar) image: UploadedFile, @Ctx() ctx: Context): Promise<Product> {
    const product = await productForImage(ctx.em, idOrAlias, ctx.viewer!);
    await setImage(ctx.em, ImageOwnerKind.product, product.id, image);
    return product;
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Remove a product\'s image (its brand\'s owner, moderators, admins).' })
  async removeProductImage(@Arg('idOrAlias') idOrAlias: string, @Ctx() ctx: Context): Promise<boolean> {
    const product = await productForImage(ctx.em, idOrAlias, ctx.viewer!);
    return removeImage(ctx.em, ImageOwnerKind.product, product.id);
  }

  // Field resolvers
  @FieldResolver(() => ImageUrls, { nullable: true, description: 'The product photo, WebP in two sizes.' })
  productImage(@Root() product: Product, @Ctx() ctx: Context) {
    return urlsOf(ctx, ImageOwnerKind.product, product.id);
  }
}

@Resolver(() => ProductDraft)
export class DraftImageResolver {
  // Mutations
  @Authorized()
  @RunBeforeTransaction(storeImageFirst)
  @Mutation(() => ProductDraft, { description: 'Set a draft\'s product image (its author, moderators); it becomes the product\'s on approval.' })
  async setProductDraftImage(@Arg('id') id: string, @Arg('image', () => UploadScalar) image: UploadedFile, @Ctx() ctx: Context): Promise<ProductDraft> {
    const draft = await draftToChange(ctx.em, id, ctx.viewer!);
    await setImage(ctx.em, ImageOwnerKind.draft, draft.id, image);
    return draft;
  }

  // Field resolvers
  @FieldResolver(() => ImageUrls, { nullable: true })
  productImage(@Root() draft: ProductDraft, @Ctx() ctx: Context) {
    return urlsOf(ctx, ImageOwnerKind.draft, draft.id);
  }
}

@Resolver(() => User)
export class ProfilePictureResolver {
  // Mutations
  @Authorized()
  @RunBeforeTransaction(storeImageFirst)
  @Mutation(() => User, { description: 'Set a user\'s profile picture (the user or an admin).' })
  async setProfilePicture(@Arg('id') id: string, @Arg('image', () => UploadScalar) image: UploadedFile, @Ctx() ctx: Context): Promise<User> {
    const user = await userForPicture(ctx.em, id, ctx.viewer!);
    await setImage(ctx.em, ImageOwnerKind.user, user.id, image);
    return user;
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Remove a user\'s profile picture (the user or an admin).' })
  async removeProfilePicture(@Arg('id') id: string, @Ctx() ctx: Context): Promise<boolean> {
    const user = await userForPicture(ctx.em, id, ctx.viewer!);
    return removeImage(ctx.em, ImageOwnerKind.user, user.id);
  }

  // Field resolvers
  @FieldResolver(() => ImageUrls, { nullable: true })
  profilePicture(@Root() user: User, @Ctx() ctx: Context) {
    return urlsOf(ctx, ImageOwnerKind.user, user.id);
  }
}
