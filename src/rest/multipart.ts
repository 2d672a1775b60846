import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { safeFilename, sniffMediaType } from '../platform/uploads.js';

/**
 * A multipart body as the operation's variables expect it: text parts as strings, file parts
 * as `{ filename, mimetype, data }` (the schema's Upload scalar). Only the route's named file
 * fields are accepted; size limits are the multipart plugin's (over them: 413).
 * The client's file name and declared type are never trusted: `mimetype` is what the bytes
 * show (null when unknown) and `filename` a sanitised last path segment.
 */
export async function readMultipartBody(
  request: FastifyRequest,
  fileFields: string[],
): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (!fileFields.includes(part.fieldname)) {
        part.file.resume();
        throw new AppError(
          'VALIDATION_FAILED',
          `Unexpected file field "${part.fieldname}" (expected ${fileFields.join(' or ')})`,
          { field: part.fieldname },
        );
      }
      const data = await part.toBuffer();
      body[part.fieldname] = { filename: safeFilename(part.filename), mimetype: sniffMediaType(data), data };
    } else {
      body[part.fieldname] = part.value;
    }
  }
  return body;
}
