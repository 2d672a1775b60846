// Large bodies that never change while the process runs (/openapi.json at 666 kB, /graphiql at 9 MB, the
// API reference's script) go out compressed when the client accepts it: Brotli, else gzip, else as they
// are. Each encoding is made once, on its first request, and kept.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip' | 'identity';

/** The encoding to send for an Accept-Encoding header: the client's preference by q-value, br before gzip. */
export function chooseEncoding(accept: string | undefined): Encoding {
  const weights = new Map<string, number>();
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).filter((e) => weight(e) > 0).sort((a, b) => weight(b) - weight(a))[0];
  return best ?? 'identity';
}

/** A body and its compressed forms, made on demand. */
export function compressedBody(body: string | Buffer): (request: FastifyRequest, reply: FastifyReply) => Buffer {
  const plain = Buffer.isBuffer(body) ? body : Buffer.from(body);
  const made = new Map<Encoding, Buffer>([['identity', plain]]);
  const encode = (encoding: Encoding): Buffer => {
    let out = made.get(encoding);
    if (!out) {
      // Quick settings (Brotli 4, gzip 6): /graphiql is 9 MB, and its first request waits for them.
      out =
        encoding === 'br'
          ? brotliCompressSync(plain, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length },
            })
          : gzipSync(plain, { level: 6 });
      made.set(encoding, out);
    }
    return out;
  };
  return (request, reply) => {
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    reply.header('vary', 'accept-encoding');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return encode(encoding);
  };
}
