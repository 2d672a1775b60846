import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parseArticle, renderArticle } from '../src/modules/article/article.js';
import { startTestApp, type TestApp } from './helpers/app.js';

describe('article rendering', () => {
  it('renders Markdown to sanitised HTML: no scripts, handlers or javascript: links', () => {
    const html = renderArticle(
      '## Title\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)> **bold**\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    );
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<table>');
    expect(html).not.toMatch(/<script|onerror|javascript:|<img/);
  });

  it('names the file whose front matter is wrong', () => {
    expect(() => parseArticle('bad.md', 'no front matter')).toThrow(/data\/articles\/bad.md/);
  });
});

describe('GET /articles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists articles newest first and serves one by alias', async () => {
    const page = (await t.inject({ method: 'GET', url: '/articles?limit=100' })).json() as {
      items: Array<{ alias: string; published_at: string }>;
    };
    expect(page.items.length).toBeGreaterThanOrEqual(10);
    const dates = page.items.map((a) => a.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const one = await t.inject({ method: 'GET', url: `/articles/${page.items[0].alias}` });
    expect(one.statusCode).toBe(200);
    expect((one.json() as { html: string }).html).toMatch(/<h2>/);
    expect((await t.inject({ method: 'GET', url: '/articles/nope' })).statusCode).toBe(404);
    const tagged = (await t.inject({ method: 'GET', url: '/articles?tag=no-such-tag' })).json() as { items: unknown[] };
    expect(tagged.items).toEqual([]);
  });
});
