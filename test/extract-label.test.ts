import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

function multipart(field: string, filename: string, type: string, data: Buffer) {
  const boundary = '----skincare-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function labelPhoto(): Promise<Buffer> {
  const lines = [
    'Hydrating Serum 30 ml',
    'Ingredients: Aqua (Water), Glycerin, Niacinamide,',
    'Butylene Glycol, Sodium Hyaluronate, Panthenol,',
    'Phenoxyethanol, Ethylhexylglycerin.',
  ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="320"><rect width="100%" height="100%" fill="white"/>${lines
    .map((line, i) => `<text x="30" y="${60 + i * 60}" font-family="DejaVu Sans" font-size="32">${line}</text>`)
    .join('')}</svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

type Extraction = {
  text: string;
  analysis: {
    token: string;
    ingredients: Array<{ input: string; match: string; ingredient: { alias: string } | null }>;
  };
};

describe('POST /analyze/extract_label', () => {
  it('reads a label photo offline, finds the ingredient section and analyses it', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/analyze/extract_label',
      ...multipart('image', 'label.jpg', 'image/jpeg', await labelPhoto()),
    });
    expect(response.statusCode).toBe(201);
    const body = response.json() as Extraction;
    expect(body.text).toMatch(/Ingredients/);
    const aliases = body.analysis.ingredients.map((e) => e.ingredient?.alias);
    expect(aliases).toEqual(
      expect.arrayContaining(['water', 'glycerin', 'niacinamide', 'sodium-hyaluronate', 'phenoxyethanol']),
    );
    expect(body.analysis.ingredients.filter((e) => e.match === 'none')).toHaveLength(0);
    expect((await t.inject({ method: 'GET', url: `/analyze/shared/${body.analysis.token}` })).statusCode).toBe(200);
  }, 60_000);

  it("takes the label's full text as JSON instead", async () => {
    const text =
      'New! Dewy glow cream with 5% niacinamide.\nIngredients: Water, Glycerin, Niacinamide, Squalane, Cetearyl Alcohol.\nMade in France.';
    const response = await t.inject({ method: 'POST', url: '/analyze/extract_label', payload: { text } });
    expect(response.statusCode).toBe(201);
    const body = response.json() as Extraction;
    expect(body.analysis.ingredients.map((e) => e.input)).toEqual([
      'Water',
      'Glycerin',
      'Niacinamide',
      'Squalane',
      'Cetearyl Alcohol',
    ]);
  });

  it('rejects a file that is not an image (by content, not name), an oversized one, and a wrong field', async () => {
    const fake = await t.inject({
      method: 'POST',
      url: '/analyze/extract_label',
      ...multipart('image', 'label.jpg', 'image/jpeg', Buffer.from('not really a jpeg')),
    });
    expect(fake.statusCode).toBe(400);
    expect(errorOf(fake)).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'image' } });
    const huge = await t.inject({
      method: 'POST',
      url: '/analyze/extract_label',
      ...multipart('image', 'big.jpg', 'image/jpeg', Buffer.alloc(11 * 1024 * 1024, 1)),
    });
    expect(huge.statusCode).toBe(413);
    expect(errorOf(huge).code).toBe('PAYLOAD_TOO_LARGE');
    const wrong = await t.inject({
      method: 'POST',
      url: '/analyze/extract_label',
      ...multipart('photo', 'label.jpg', 'image/jpeg', await labelPhoto()),
    });
    expect(errorOf(wrong)).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'photo' } });
  });

  it('wants exactly one of image and text, and multipart only where a route takes files', async () => {
    expect(errorOf(await t.inject({ method: 'POST', url: '/analyze/extract_label', payload: {} })).code).toBe(
      'VALIDATION_FAILED',
    );
    expect(
      (await t.inject({ method: 'POST', url: '/analyze/extract_label', payload: { text: '   ' } })).statusCode,
    ).toBe(400);
    const elsewhere = await t.inject({
      method: 'POST',
      url: '/analyze/ingredient_list',
      ...multipart('image', 'label.jpg', 'image/jpeg', await labelPhoto()),
    });
    expect(elsewhere.statusCode).toBe(415);
    expect(errorOf(elsewhere).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});
