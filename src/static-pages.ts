// Pages for people: GraphiQL, the API reference and the changelog. Every asset comes from npm
// packages installed with the service, so they work with no internet.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import type { FastifyInstance } from 'fastify';
import { renderArticle } from './modules/article/article.js';
import { graphiqlEditorsScript, graphiqlTabs } from './pages/graphiql-tabs.js';
import { Html, layout } from './pages/html.js';
import { docsRoute, graphiqlRoute, pageRoute } from './platform/security.js';
import { mappingsDir } from './rest/describe.js';

const require = createRequire(import.meta.url);
const swaggerDir = (require('swagger-ui-dist') as { getAbsoluteFSPath: () => string }).getAbsoluteFSPath();

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Skincare API reference</title>
  <link rel="stylesheet" href="/docs/swagger-ui.css">
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

export function registerStaticPages(app: FastifyInstance): void {
  // Opens on the service's own named operations (one tab each) rather than the welcome text.
  const tabs = graphiqlTabs(mappingsDir);
  const rendered = renderGraphiQL({ endpoint: '/graphql', title: 'Skincare GraphQL', defaultTabs: tabs } as never);
  const root = '<div id="root"></div>';
  if (!rendered.includes(root))
    throw new Error('@graphql-yoga/render-graphiql no longer renders <div id="root">: place the editors script anew');
  const graphiql = rendered.replace(root, `${root}\n${graphiqlEditorsScript(tabs)}`);
  app.get('/graphiql', { config: graphiqlRoute }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(graphiql),
  );

  const assets: Record<string, { type: string; body: Buffer }> = {
    'swagger-ui.css': { type: 'text/css; charset=utf-8', body: readFileSync(join(swaggerDir, 'swagger-ui.css')) },
    'swagger-ui-bundle.js': {
      type: 'application/javascript; charset=utf-8',
      body: readFileSync(join(swaggerDir, 'swagger-ui-bundle.js')),
    },
    'init.js': { type: 'application/javascript; charset=utf-8', body: Buffer.from(DOCS_INIT) },
  };
  app.get('/docs', { config: docsRoute }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(DOCS_HTML),
  );
  app.get<{ Params: { asset: string } }>('/docs/:asset', { config: docsRoute }, async (request, reply) => {
    const asset = assets[request.params.asset];
    if (!asset) return reply.callNotFound();
    return reply.type(asset.type).header('cache-control', 'public, max-age=86400').send(asset.body);
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
