// The large fixed bodies (/openapi.json, /graphiql, the API reference's assets) go out compressed when the
// client accepts it, and decode to what goes out uncompressed; /favicon.ico is a real icon that every page
// links; /docs is laid out for a phone too (its viewport and narrow-screen rules; the rendering itself is
// checked in Chromium by `npm run check:pages`).
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { chooseEncoding } from '../src/platform/compressed-body.js';
import { startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('Accept-Encoding', () => {
  it('picks by q-value, Brotli before gzip, nothing when neither is accepted', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('identity')).toBe('identity');
    expect(chooseEncoding(undefined)).toBe('identity');
    expect(chooseEncoding('gzip;q=0, br;q=0')).toBe('identity');
  });
});

describe('compressed bodies', () => {
  const paths = ['/openapi.json', '/graphiql', '/docs/swagger-ui-bundle.js', '/docs/swagger-ui.css'];

  it.each(paths)('%s: gzip and br decode to the uncompressed body, several times smaller', async (path) => {
    const plain = await t.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'identity' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    for (const [encoding, decode] of [
      ['gzip', gunzipSync],
      ['br', brotliDecompressSync],
    ] as const) {
      const packed = await t.inject({ method: 'GET', url: path, headers: { 'accept-encoding': encoding } });
      expect({ status: packed.statusCode, encoding: packed.headers['content-encoding'] }).toEqual({
        status: 200,
        encoding,
      });
      expect(packed.headers['content-type']).toBe(plain.headers['content-type']);
      expect(decode(packed.rawPayload).equals(plain.rawPayload)).toBe(true);
      expect(packed.rawPayload.length * 3).toBeLessThan(plain.rawPayload.length);
    }
  });

  it('/openapi.json decoded is the OpenAPI description', async () => {
    const packed = await t.inject({ method: 'GET', url: '/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(JSON.parse(brotliDecompressSync(packed.rawPayload).toString())).toMatchObject({ openapi: '3.1.0' });
  });
});

describe('/favicon.ico', () => {
  it('is an ICO holding a 32 × 32 PNG', async () => {
    const icon = await t.inject({ method: 'GET', url: '/favicon.ico' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/x-icon');
    const bytes = icon.rawPayload;
    // ICONDIR: reserved 0, type 1 (icon), one image; its entry points past the header.
    expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2), bytes.readUInt16LE(4), bytes.readUInt32LE(18)]).toEqual([
      0, 1, 1, 22,
    ]);
    const png = bytes.subarray(22);
    expect(bytes.readUInt32LE(14)).toBe(png.length);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 32, height: 32 });
  });

  it.each(['/', '/docs', '/graphiql', '/p/ingredients/niacinamide'])('%s links it', async (path) => {
    const page = await t.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<link rel="icon" href="/favicon.ico">');
  });
});

describe('/docs on a phone', () => {
  it('sets the viewport and loads the narrow-screen rules', async () => {
    const docs = await t.inject({ method: 'GET', url: '/docs' });
    expect(docs.body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(docs.body).toContain('<link rel="stylesheet" href="/docs/phone.css">');
    const css = await t.inject({ method: 'GET', url: '/docs/phone.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.body).toMatch(/@media \(max-width: 600px\)/);
  });
});
