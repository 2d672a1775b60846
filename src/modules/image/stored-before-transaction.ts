import type { BeforeTransaction } from '../shared/transactional.js';
import type { UploadedFile } from '../shared/upload.scalar.js';
import { removeImageFiles, storeImage, type StoredFiles } from './image-store.js';

/** An upload whose files were already written (by StoreImageFirst). */
export type PrestoredUpload = UploadedFile & { stored?: StoredFiles };

/**
 * Decodes and stores the `image` argument BEFORE the mutation's transaction opens: on PGlite
 * (one connection) a transaction held open while an image decodes would make every other
 * request wait for it. Used as `@RunBeforeTransaction(storeImageFirst)`. The files are removed
 * again when the mutation then fails (forbidden, not found, a failed commit).
 */
export const storeImageFirst: BeforeTransaction = async (args, next) => {
  const upload = args.image as PrestoredUpload | undefined;
  if (!upload) return next();
  upload.stored = await storeImage(upload);
  try {
    return await next();
  } catch (error) {
    await removeImageFiles(upload.stored.key);
    throw error;
  }
};
