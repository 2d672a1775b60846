import type { Context } from '../../context.js';
import type { EntityManager } from '../../db.js';
import { forbidden } from '../../errors.js';
import { getProduct } from '../product/product.service.js';
import { User, UserType } from '../user/user.entity.js';
import { getUser } from '../user/user.service.js';
import { fileName, removeImageFiles, storeImage } from './image-store.js';
import { ImageOwnerKind, StoredImage, type ImageUrls } from './image.entity.js';
import type { PrestoredUpload } from './stored-before-transaction.js';

const isStaff = (viewer: User): boolean => viewer.userType === UserType.moderator || viewer.userType === UserType.admin;

/** The image of an owner replaced by an upload; the old files go once the row is written. */
export async function setImage(
  em: EntityManager,
  kind: ImageOwnerKind,
  ownerId: string,
  upload: PrestoredUpload,
): Promise<StoredImage> {
  const stored = upload.stored ?? (await storeImage(upload));
  try {
    const old = await em.findOne(StoredImage, { ownerKind: kind, ownerId });
    if (old) em.remove(old);
    await em.flush();
    const image = em.create(StoredImage, {
      ownerKind: kind,
      ownerId,
      key: stored.key,
      width: stored.width,
      height: stored.height,
    });
    await em.flush();
    if (old) await removeImageFiles(old.key);
    return image;
  } catch (error) {
    await removeImageFiles(stored.key);
    throw error;
  }
}

/** Removes an owner's image (nothing to remove is fine: DELETE is idempotent). */
export async function removeImage(em: EntityManager, kind: ImageOwnerKind, ownerId: string): Promise<boolean> {
  const old = await em.findOne(StoredImage, { ownerKind: kind, ownerId });
  if (!old) return true;
  await em.remove(old).flush();
  await removeImageFiles(old.key);
  return true;
}

/** Moves an image to another owner (a draft's image becomes the product's on approval). */
export async function moveImage(
  em: EntityManager,
  from: { kind: ImageOwnerKind; id: string },
  to: { kind: ImageOwnerKind; id: string },
): Promise<void> {
  const image = await em.findOne(StoredImage, { ownerKind: from.kind, ownerId: from.id });
  if (!image) return;
  const previous = await em.findOne(StoredImage, { ownerKind: to.kind, ownerId: to.id });
  if (previous) {
    em.remove(previous);
    await em.flush();
  }
  image.ownerKind = to.kind;
  image.ownerId = to.id;
  await em.flush();
  if (previous) await removeImageFiles(previous.key);
}

export function imageUrls(publicUrl: string, image: StoredImage | null | undefined): ImageUrls | null {
  if (!image) return null;
  return {
    large: `${publicUrl}/images/${fileName(image.key, 'large')}`,
    thumbnail: `${publicUrl}/images/${fileName(image.key, 'thumbnail')}`,
    width: image.width,
    height: image.height,
    updatedAt: image.createdAt,
  };
}

/** A product whose image the viewer may change: its brand's owner, moderators and admins. */
export async function productForImage(em: EntityManager, idOrAlias: string, viewer: User) {
  const product = await getProduct(em, idOrAlias, viewer);
  if (!isStaff(viewer) && product.brand.getEntity().owner?.id !== viewer.id) {
    throw forbidden("Only the brand's owner, moderators and admins change a product's image");
  }
  return product;
}

/** A user whose profile picture the viewer may change: the user or an admin. */
export async function userForPicture(em: EntityManager, id: string, viewer: User): Promise<User> {
  const user = await getUser(em, id);
  if (user.id !== viewer.id && viewer.userType !== UserType.admin)
    throw forbidden('Only the user or an admin changes a profile picture');
  return user;
}

/** An owner's image URLs, through the request's loader (null when it has none). */
export async function imageUrlsOf(ctx: Context, kind: ImageOwnerKind, id: string): Promise<ImageUrls | null> {
  return imageUrls(ctx.publicUrl, await ctx.loaders.imageByOwner.load(`${kind}:${id}`));
}
