import { Arg, Authorized, Ctx, FieldResolver, Mutation, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { Product } from '../product/product.entity.js';
import { UploadScalar, type UploadedFile } from '../shared/upload.scalar.js';
import { ImageOwnerKind, ImageUrls } from './image.entity.js';
import { imageUrlsOf, productForImage, removeImage, setImage } from './image.service.js';
import { storeImageFirst } from './stored-before-transaction.js';
import { RunBeforeTransaction } from '../shared/transactional.js';
import type { ProductRow } from '../product/product-rows.js';

@Resolver(() => Product)
export class ProductImageResolver {
  // Mutations
  @Authorized()
  @RunBeforeTransaction(storeImageFirst)
  @Mutation(() => Product, { description: "Set a product's image (its brand's owner, moderators, admins)." })
  async setProductImage(
    @Arg('idOrAlias') idOrAlias: string,
    @Arg('image', () => UploadScalar) image: UploadedFile,
    @Ctx() ctx: Context,
  ): Promise<Product> {
    const product = await productForImage(ctx.em, idOrAlias, ctx.viewer!);
    await setImage(ctx.em, ImageOwnerKind.product, product.id, image);
    return product;
  }

  @Authorized()
  @Mutation(() => Boolean, { description: "Remove a product's image (its brand's owner, moderators, admins)." })
  async removeProductImage(@Arg('idOrAlias') idOrAlias: string, @Ctx() ctx: Context): Promise<boolean> {
    const product = await productForImage(ctx.em, idOrAlias, ctx.viewer!);
    return removeImage(ctx.em, ImageOwnerKind.product, product.id);
  }

  // Field resolvers
  @FieldResolver(() => ImageUrls, { nullable: true, description: 'The product photo, WebP in two sizes.' })
  productImage(@Root() product: Product | ProductRow, @Ctx() ctx: Context) {
    return imageUrlsOf(ctx, ImageOwnerKind.product, product.id);
  }
}
