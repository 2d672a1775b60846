// The image store on local disk: checks an upload is an image by its content (sharp reads it,
// whatever its name or declared type), strips its metadata and writes it as WebP in two sizes.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { AppError, validationFailed } from '../../errors.js';
import { newId } from '../shared/ids.js';
import { checkedImageHeader, DECODE_OPTIONS, runImageWork } from './image-work.js';
import { MAX_UPLOAD_BYTES, type UploadedFile } from '../shared/upload.scalar.js';

export const IMAGE_SIZES = { large: 1200, thumbnail: 300 } as const;
export type ImageSize = keyof typeof IMAGE_SIZES;

/** Formats we take: what sharp decodes, without SVG (scripts) and raw pixel buffers. */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'tiff', 'gif', 'heif']);
const FORMAT_NAMES = 'JPEG, PNG, WebP, TIFF, GIF, HEIF or AVIF';
const FILE = /^([0-9a-f-]{36})-(1200|300)\.webp$/;

let directory: string | null = null;

/** Where image files live: set once at start-up (the data folder's `images/`). */
export function configureImageStore(dir: string): void {
  directory = dir;
}

function imageDir(): string {
  if (!directory) throw new Error('The image store is not configured (configureImageStore)');
  return directory;
}

export const fileName = (key: string, size: ImageSize): string => `${key}-${IMAGE_SIZES[size]}.webp`;

export interface StoredFiles {
  key: string;
  width: number;
  height: number;
}

/** Checks and stores an upload; `field` names it in errors. */
export async function storeImage(upload: UploadedFile, field = 'image'): Promise<StoredFiles> {
  if (upload.data.length > MAX_UPLOAD_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', `${field} is over ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`, { field });
  if (upload.data.length === 0) throw validationFailed(field, `${field} is empty`);
  await checkedImageHeader(upload.data, field, ACCEPTED, FORMAT_NAMES);
  const key = newId();
  await mkdir(imageDir(), { recursive: true });
  let width = 0;
  let height = 0;
  try {
    // One decode: the large WebP from the upload, the thumbnail from the large one.
    await runImageWork(async () => {
      // rotate() applies the EXIF orientation; without withMetadata() nothing else (EXIF, GPS, ICC) is kept.
      const large = await sharp(upload.data, DECODE_OPTIONS)
        .rotate()
        .resize({ width: IMAGE_SIZES.large, height: IMAGE_SIZES.large, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      const thumbnail = await sharp(large.data)
        .resize({
          width: IMAGE_SIZES.thumbnail,
          height: IMAGE_SIZES.thumbnail,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 75 })
        .toBuffer();
      await writeFile(join(imageDir(), fileName(key, 'large')), large.data);
      await writeFile(join(imageDir(), fileName(key, 'thumbnail')), thumbnail);
      ({ width, height } = large.info);
    });
  } catch (error) {
    await removeImageFiles(key);
    if (error instanceof AppError) throw error;
    throw validationFailed(field, `${field} could not be decoded as an image`);
  }
  return { key, width, height };
}

/** Removes both files of an image (missing files are fine). */
export async function removeImageFiles(key: string): Promise<void> {
  await Promise.all(
    (Object.keys(IMAGE_SIZES) as ImageSize[]).map((size) => rm(join(imageDir(), fileName(key, size)), { force: true })),
  );
}

/** The bytes of a served file, or null when the name is not one of ours or it is gone. */
export async function readImageFile(name: string): Promise<Buffer | null> {
  if (!FILE.test(name)) return null;
  try {
    return await readFile(join(imageDir(), name));
  } catch {
    return null;
  }
}
