// Reads the text of a label photo: sharp checks and cleans the image, tesseract.js (English
// data from an npm package, so it works offline) reads it. One OCR worker per process, reused:
// it is a worker thread, so recognition never runs on the event loop; jobs queue one at a time.
// Image decoding goes through image-work.ts (pixel cap, 8-bit only, bounded concurrency).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { createWorker, type Worker } from 'tesseract.js';
import { AppError, validationFailed } from '../../errors.js';
import { MAX_UPLOAD_BYTES, type UploadedFile } from '../shared/upload.scalar.js';
import { checkedImageHeader, DECODE_OPTIONS, runImageWork } from '../image/image-work.js';

const require = createRequire(import.meta.url);
const langPath = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'tiff', 'gif', 'heif', 'avif']);

let worker: Promise<Worker> | null = null;
let queue: Promise<unknown> = Promise.resolve();

const ocrWorker = (): Promise<Worker> => {
  worker ??= createWorker('eng', 1, { langPath, gzip: true, cacheMethod: 'none', logger: () => undefined });
  return worker;
};

/** Ends the OCR worker (the app calls it on close, so tests and shutdown leave no thread behind). */
export async function stopOcr(): Promise<void> {
  const running = worker;
  worker = null;
  if (running) await (await running).terminate();
}

/** The image, checked by its content and prepared for OCR: grey, normalised, at most 2,000 px wide. */
async function preparedImage(file: UploadedFile, field: string): Promise<Buffer> {
  if (file.data.length > MAX_UPLOAD_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', `${field} is over ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`, { field });
  await checkedImageHeader(file.data, field, IMAGE_FORMATS, 'JPEG, PNG, WebP, TIFF, GIF, HEIF or AVIF');
  try {
    return await runImageWork(() =>
      sharp(file.data, DECODE_OPTIONS)
        .rotate()
        .grayscale()
        .normalize()
        .resize({ width: 2000, withoutEnlargement: true })
        .png()
        .toBuffer(),
    );
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw validationFailed(field, `${field} could not be decoded as an image`);
  }
}

/** The text on a label photo. OCR jobs run one at a time on the shared worker. */
export async function readLabelText(file: UploadedFile, field = 'image'): Promise<string> {
  const image = await preparedImage(file, field);
  const job = queue.then(async () => (await (await ocrWorker()).recognize(image)).data.text);
  queue = job.catch(() => undefined);
  return job;
}
