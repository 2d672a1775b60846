import type { FastifyInstance } from 'fastify';
import { configureImageStore, readImageFile } from './image-store.js';

/**
 * GET /images/:file serves the stored WebP files (outside the REST table: bytes, not JSON). A
 * file's name changes whenever its image does, so it is cached for a year as immutable.
 */
export function registerImageRoutes(app: FastifyInstance, dir: string): void {
  configureImageStore(dir);
  app.get<{ Params: { file: string } }>('/images/:file', async (request, reply) => {
    const data = await readImageFile(request.params.file);
    if (!data) {
      return reply
        .code(404)
        .send({ error: { code: 'NOT_FOUND', message: `Image "${request.params.file}" was not found` } });
    }
    return reply
      .header('content-type', 'image/webp')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(data);
  });
}
