// Pages for people: GraphiQL, the API reference and the changelog. Every asset comes from npm
// packages installed with the service, so they work with no internet.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import type { FastifyInstance } from 'fastify';
import { renderArticle } from './modules/article/article.js';
import { graphiqlEditorsScript, graphiqlTabs } from './pages/graphiql-tabs.js';
import { favicon } from './pages/favicon.js';
import { Html, layout } from './pages/html.js';
import { compressedBody } from './platform/compressed-body.js';
import { docsRoute, graphiqlRoute, pageRoute } from './platform/security.js';
import { mappingsDir } from './rest/describe.js';

const require = createRequire(import.meta.url);
const swaggerDir = (require('swagger-ui-dist') as { getAbsoluteFSPath: () => string }).getAbsoluteFSPath();

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Skincare API reference</title>
  <link rel="icon" href="/favicon.ico">
  <link rel="stylesheet" href="/docs/swagger-ui.css">
  <link rel="stylesheet" href="/docs/phone.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/swagger-ui-bundle.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>`;

// Groups start collapsed: 210 operations are too many to read at once, and Swagger UI 5 stops
// rendering an expanded list past 127 operations (the rest silently never appear).
const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', deepLinking: true, docExpansion: 'none', validatorUrl: null });`;

/**
 * Swagger UI is laid out for a desktop: on a phone its wrapper, operation rows, tables and code overflow
 * the screen sideways. Within 600 px: narrower margins, rows that wrap, long paths and words broken, and
 * wide tables and code scrolling inside their own box rather than the page.
 */
const DOCS_PHONE_CSS = `html, body { margin: 0; overflow-x: hidden; }
@media (max-width: 600px) {
  .swagger-ui .wrapper { padding: 0 8px; }
  .swagger-ui .info { margin: 16px 0; }
  .swagger-ui .info .title { font-size: 24px; }
  .swagger-ui .info .title small { display: inline-block; }
  .swagger-ui .scheme-container { padding: 12px 0; }
  .swagger-ui .opblock-tag { flex-wrap: wrap; font-size: 18px; padding: 8px 4px; }
  .swagger-ui .opblock-tag small { flex-basis: 100%; padding: 4px 0 0; font-size: 14px; }
  .swagger-ui .opblock .opblock-summary { flex-wrap: wrap; }
  .swagger-ui .opblock .opblock-summary-path, .swagger-ui .opblock .opblock-summary-path__deprecated {
    max-width: 100%; word-break: break-all; font-size: 14px; }
  .swagger-ui .opblock .opblock-summary-description { flex-basis: 100%; font-size: 14px; }
  .swagger-ui .opblock-body, .swagger-ui .opblock-section, .swagger-ui .responses-wrapper { max-width: 100%; }
  .swagger-ui table { display: block; max-width: 100%; overflow-x: auto; }
  .swagger-ui pre, .swagger-ui .highlight-code, .swagger-ui .model-box { max-width: 100%; overflow-x: auto; }
  .swagger-ui .markdown p, .swagger-ui .renderedMarkdown p, .swagger-ui td, .swagger-ui .model { overflow-wrap: anywhere; }
  .swagger-ui section.models { margin: 12px 0; }
  .swagger-ui .parameters-col_description input, .swagger-ui .parameters-col_description select { max-width: 100%; }
}`;

export function registerStaticPages(app: FastifyInstance): void {
  // Opens on the service's own named operations (one tab each) rather than the welcome text.
  const tabs = graphiqlTabs(mappingsDir);
  const rendered = renderGraphiQL({ endpoint: '/graphql', title: 'Skincare GraphQL', defaultTabs: tabs } as never);
  const root = '<div id="root"></div>';
  if (!rendered.includes(root))
    throw new Error('@graphql-yoga/render-graphiql no longer renders <div id="root">: place the editors script anew');
  if (!rendered.includes('</head>')) throw new Error('@graphql-yoga/render-graphiql no longer renders </head>');
  const graphiql = compressedBody(
    rendered
      .replace('</head>', '<link rel="icon" href="/favicon.ico"></head>')
      .replace(root, `${root}\n${graphiqlEditorsScript(tabs)}`),
  );
  app.get('/graphiql', { config: graphiqlRoute }, async (request, reply) =>
    reply.type('text/html; charset=utf-8').send(graphiql(request, reply)),
  );
  app.get('/favicon.ico', async (_request, reply) =>
    reply
      .type('image/x-icon')
      .header('cache-control', 'public, max-age=86400')
      .send(await favicon()),
  );

  const assets: Record<string, { type: string; body: ReturnType<typeof compressedBody> }> = {
    'swagger-ui.css': {
      type: 'text/css; charset=utf-8',
      body: compressedBody(readFileSync(join(swaggerDir, 'swagger-ui.css'))),
    },
    'swagger-ui-bundle.js': {
      type: 'application/javascript; charset=utf-8',
      body: compressedBody(readFileSync(join(swaggerDir, 'swagger-ui-bundle.js'))),
    },
    'init.js': { type: 'application/javascript; charset=utf-8', body: compressedBody(DOCS_INIT) },
    'phone.css': { type: 'text/css; charset=utf-8', body: compressedBody(DOCS_PHONE_CSS) },
  };
  app.get('/docs', { config: docsRoute }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(DOCS_HTML),
  );
  app.get<{ Params: { asset: string } }>('/docs/:asset', { config: docsRoute }, async (request, reply) => {
    const asset = Object.hasOwn(assets, request.params.asset) ? assets[request.params.asset] : undefined;
    if (!asset) return reply.callNotFound();
    return reply.type(asset.type).header('cache-control', 'public, max-age=86400').send(asset.body(request, reply));
  });

  // A page for people (Markdown rendered as articles are: marked, then sanitize-html keeping only
  // the tags a text needs); the Markdown itself to a client that asks for it (Accept: text/markdown).
  const changelog = readFileSync(new URL('../CHANGELOG.md', import.meta.url), 'utf8');
  const changelogPage = layout({
    title: 'Changes',
    description: "What changed in the service's interface, release by release.",
    main: new Html(`<h1>Changes</h1>\n${renderArticle(changelog.replace(/^# .*\n/, ''))}`),
  });
  app.get('/changelog', { config: pageRoute }, async (request, reply) => {
    reply.header('vary', 'accept');
    const accept = request.headers.accept ?? '';
    const wantsMarkdown = accept.includes('text/markdown') && !accept.includes('text/html');
    return wantsMarkdown
      ? reply.type('text/markdown; charset=utf-8').send(changelog)
      : reply.type('text/html; charset=utf-8').send(changelogPage);
  });
}
