// Image decoding is the costliest thing a request can ask for: an 8k × 8k 16-bit PNG is about 2 s
// of CPU. sharp already decodes off the event loop (libuv's thread pool), so the risk is not a
// blocked loop but every core busy with images while reads wait. Hence:
//  - the header is read first (cheap: no pixels decoded) and too many pixels or 16-bit samples
//    are refused before any decoding;
//  - decoding runs one image at a time, on at most (cores - 1) libvips threads, so a core stays
//    free for the requests;
//  - a bounded queue: past IMAGE_QUEUE_MAX waiting jobs, 429 (retry shortly) instead of a backlog.
// OCR itself runs in tesseract.js's worker thread (label-ocr.ts), one job at a time.
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import sharp, { type Metadata } from 'sharp';
import { AppError, validationFailed } from '../../errors.js';

/** At most 40 megapixels (a 48 MP phone photo is binned to 12 MP; 8,000 × 8,000 is refused). */
export const MAX_IMAGE_PIXELS = 40_000_000;
const IMAGE_QUEUE_MAX = 16;
/** 8-bit samples only: 16-bit (and float) images cost twice the memory and time for nothing a label needs. */
const EIGHT_BIT = new Set(['uchar', 'char']);

sharp.concurrency(Math.max(1, availableParallelism() - 1));
const limit = pLimit(1);

export interface ImageHeader {
  format: string;
  width: number;
  height: number;
}

/** Reads the header only (no pixels): the format and size, refusing what is too big to decode. */
export async function checkedImageHeader(
  data: Buffer,
  field: string,
  formats: ReadonlySet<string>,
  formatNames: string,
): Promise<ImageHeader> {
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw validationFailed(field, `${field} is not an image (${formatNames})`);
  }
  if (!meta.format || !formats.has(meta.format))
    throw validationFailed(
      field,
      `${field} is not an accepted image format (${meta.format ?? 'unknown'}): send ${formatNames}`,
    );
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `${field} is ${width} × ${height} pixels: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`,
      { field, max_pixels: MAX_IMAGE_PIXELS },
    );
  }
  if (meta.depth && !EIGHT_BIT.has(meta.depth))
    throw validationFailed(field, `${field} has ${meta.depth} samples: send an 8-bit image`);
  return { format: meta.format, width, height };
}

/** Runs decoding work in the bounded queue (one at a time); 429 when too many wait already. */
export function runImageWork<T>(work: () => Promise<T>): Promise<T> {
  if (limit.pendingCount >= IMAGE_QUEUE_MAX) {
    return Promise.reject(
      new AppError('RATE_LIMITED', 'Too many images are being processed: retry in a few seconds', {
        retry_after_seconds: 5,
      }),
    );
  }
  return limit(work);
}

/** Options every decoding pipeline uses: the same pixel cap as the header check. */
export const DECODE_OPTIONS = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' } as const;
