// The pages people open (src/pages) through the app: status, content type, what they show,
// the paste form, errors as pages, and that the REST paths of the specification are untouched.
// Browser, axe-core and real SMTP checks of the same pages: scripts/check-pages.ts.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { html } from '../src/pages/html.js';
import { startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
const form = { 'content-type': 'application/x-www-form-urlencoded' };

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://skin.example' });
});
afterAll(async () => {
  await t?.close();
});

describe('pages', () => {
  it('serves the home page with the paste form and the developer links, as accessible HTML', async () => {
    const home = await t.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.body).toContain('<html lang="en">');
    expect(home.body).toMatch(/<label for="ingredient_list">/);
    for (const link of ['/docs', '/graphiql', '/openapi.json']) expect(home.body).toContain(`href="${link}"`);
    expect(home.body).toContain('<link rel="stylesheet" href="/p/pages.css">');
    const css = await t.inject({ method: 'GET', url: '/p/pages.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/text\/css/);
  });

  it('turns a pasted list into a shared analysis page: entries, flags with their ingredients, skin types', async () => {
    const posted = await t.inject({
      method: 'POST',
      url: '/p/analyze',
      headers: form,
      payload: `ingredient_list=${encodeURIComponent('Aqua, Glycerin, Parfum, Linalool, Alcohol Denat., <script>alert(1)</script>')}`,
    });
    expect(posted.statusCode).toBe(303);
    const location = posted.headers.location as string;
    expect(location).toMatch(/^\/p\/analyses\/[\w-]+$/);
    const page = await t.inject({ method: 'GET', url: location });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<link rel="canonical" href="https://skin.example${location}">`);
    expect(page.body).toContain('<a href="/p/ingredients/glycerin">Glycerin</a>');
    expect(page.body).toMatch(
      /<dt>Fragrance[^<]*<\/dt><dd><a href="\/p\/ingredients\/fragrance">Parfum<\/a>, <a href="\/p\/ingredients\/linalool">Linalool<\/a><\/dd>/,
    );
    expect(page.body).toMatch(/Dry skin<\/span> <span class="verdict caution">Caution/);
    // What was pasted is text, never markup.
    expect(page.body).not.toContain('<script>');
    // The same analysis through REST.
    const token = location.split('/').at(-1);
    expect((await t.inject({ method: 'GET', url: `/analyze/shared/${token}` })).json()).toMatchObject({ token });
  });

  it('answers an empty or oversized paste with the form and its error, and an unknown token with a 404 page', async () => {
    const empty = await t.inject({ method: 'POST', url: '/p/analyze', headers: form, payload: 'ingredient_list=%20' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('aria-invalid="true"');
    expect(empty.body).toContain('role="alert"');
    const huge = await t.inject({
      method: 'POST',
      url: '/p/analyze',
      headers: form,
      payload: `ingredient_list=${'a'.repeat(20_001)}`,
    });
    expect(huge.statusCode).toBe(400);
    const missing = await t.inject({ method: 'GET', url: '/p/analyses/no-such-token' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/text\/html/);
    expect(missing.body).toContain('<h1>Not found</h1>');
    expect((await t.inject({ method: 'GET', url: '/p/products/no-such-product' })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/p/ingredients/no-such-ingredient' })).statusCode).toBe(404);
  });

  it('serves product, ingredient and comparison pages, linked from the sitemaps', async () => {
    const products = (
      (await t.inject({ method: 'GET', url: '/products?limit=2' })).json() as {
        items: Array<{ alias: string; name: string }>;
      }
    ).items;
    const product = await t.inject({ method: 'GET', url: `/p/products/${products[0].alias}` });
    expect(product.statusCode).toBe(200);
    expect(product.body).toContain(`<h1>${products[0].name.replace(/&/g, '&amp;')}</h1>`);
    expect(product.body).toContain('id="skin-types"');
    const ingredient = await t.inject({ method: 'GET', url: '/p/ingredients/niacinamide' });
    expect(ingredient.statusCode).toBe(200);
    expect(ingredient.body).toContain('<h1>Niacinamide</h1>');
    const shared = (
      await t.inject({ method: 'POST', url: '/compare/share', payload: { items: products.map((p) => p.alias) } })
    ).json() as { token: string };
    const comparison = await t.inject({ method: 'GET', url: `/p/comparisons/${shared.token}` });
    expect(comparison.statusCode).toBe(200);
    expect(comparison.body).toContain(`<a href="/p/products/${products[0].alias}">`);
    const sitemaps = await Promise.all(
      ['products', 'ingredients', 'comparisons'].map((s) => t.inject({ method: 'GET', url: `/sitemap/${s}` })),
    );
    expect(sitemaps[0].body).toContain(`<loc>https://skin.example/p/products/`);
    expect(sitemaps[1].body).toContain('<loc>https://skin.example/p/ingredients/niacinamide</loc>');
    expect(sitemaps[2].body).toContain(`<loc>https://skin.example/p/comparisons/${shared.token}</loc>`);
  });

  it('leaves the REST operations as they were: JSON only, the same paths', async () => {
    // A form body to a REST route is still refused: only the pages parse forms.
    const formToRest = await t.inject({
      method: 'POST',
      url: '/analyze/ingredient_list',
      headers: form,
      payload: 'ingredient_list=aqua',
    });
    expect(formToRest.statusCode).toBe(415);
    const rest = await t.inject({ method: 'GET', url: '/ingredients/niacinamide' });
    expect(rest.headers['content-type']).toMatch(/application\/json/);
    // No path of the specification is under /p/ or is GET /.
    // The specification's paths, copied into the repository (tests read nothing outside it).
    const spec = readFileSync(new URL('./fixtures/spec-endpoints.tsv', import.meta.url), 'utf8')
      .trim()
      .split('\n')
      .filter((l) => !l.startsWith('#'))
      .slice(1);
    expect(spec.length).toBeGreaterThan(200);
    for (const line of spec) {
      const [method, path] = line.split('\t');
      expect(`${method} ${path}`).not.toMatch(/^GET \/$|^\w+ \/p\//);
    }
  });
});

describe('html``', () => {
  it('escapes every value but Html, in text and in attributes', () => {
    const name = '<script>alert("x")</script> & \'co\'';
    expect(html`<a title="${name}">${name}</a>${html`<b>${[1, ' ', null, false, 'x']}</b>`}`.text).toBe(
      '<a title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</a><b>1 x</b>',
    );
  });
});

describe('GraphiQL and the OpenAPI description', () => {
  it('opens GraphiQL on the named operations, not the welcome text', async () => {
    const page = await t.inject({ method: 'GET', url: '/graphiql' });
    expect(page.body).toContain('defaultTabs');
    expect(page.body).toContain('mutation AnalyzeIngredientList');
    expect(page.body).toContain('query GetIngredient');
  });

  it('declares every tag it uses, with a line each, and a relative server', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      servers: Array<{ url: string }>;
      tags: Array<{ name: string; description?: string }>;
      paths: Record<string, Record<string, { tags: string[] }>>;
    };
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    const declared = new Map(doc.tags.map((tag) => [tag.name, tag.description]));
    for (const ops of Object.values(doc.paths))
      for (const op of Object.values(ops))
        for (const tag of op.tags) expect(declared.get(tag)).toEqual(expect.any(String));
    // One spelling per path: DELETE and GET /products/{id_or_alias} share it; both spellings still route.
    expect(Object.keys(doc.paths['/products/{id_or_alias}'])).toEqual(expect.arrayContaining(['get', 'delete']));
    expect(doc.paths['/products/{id}']).toBeUndefined();
    expect((await t.inject({ method: 'DELETE', url: '/products/whatever' })).statusCode).toBe(401);
  });
});
