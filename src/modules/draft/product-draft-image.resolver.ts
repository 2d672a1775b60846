// A draft's product image: stored by the image module, it becomes the product's on approval.
import { Arg, Authorized, Ctx, FieldResolver, Mutation, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { ImageOwnerKind, ImageUrls } from '../image/image.entity.js';
import { imageUrlsOf, setImage } from '../image/image.service.js';
import { storeImageFirst } from '../image/stored-before-transaction.js';
import { UploadScalar, type UploadedFile } from '../shared/upload.scalar.js';
import { RunBeforeTransaction } from '../shared/transactional.js';
import { ProductDraft } from './product-draft.entity.js';
import { draftToChange } from './product-draft.service.js';

@Resolver(() => ProductDraft)
export class DraftImageResolver {
  // Mutations
  @Authorized()
  @RunBeforeTransaction(storeImageFirst)
  @Mutation(() => ProductDraft, {
    description: "Set a draft's product image (its author, moderators); it becomes the product's on approval.",
  })
  async setProductDraftImage(
    @Arg('id') id: string,
    @Arg('image', () => UploadScalar) image: UploadedFile,
    @Ctx() ctx: Context,
  ): Promise<ProductDraft> {
    const draft = await draftToChange(ctx.em, id, ctx.viewer!);
    await setImage(ctx.em, ImageOwnerKind.draft, draft.id, image);
    return draft;
  }

  // Field resolvers
  @FieldResolver(() => ImageUrls, { nullable: true })
  productImage(@Root() draft: ProductDraft, @Ctx() ctx: Context) {
    return imageUrlsOf(ctx, ImageOwnerKind.draft, draft.id);
  }
}
