// HTML by tagged template: every interpolated value is escaped unless it is already Html.
// Pure: no Fastify, no GraphQL.

export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export type HtmlPart = Html | string | number | null | undefined | false | HtmlPart[];

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const render = (part: HtmlPart): string => {
  if (part === null || part === undefined || part === false) return '';
  if (Array.isArray(part)) return part.map(render).join('');
  if (part instanceof Html) return part.text;
  return escapeHtml(String(part));
};

export function html(strings: TemplateStringsArray, ...values: HtmlPart[]): Html {
  let out = strings[0];
  for (let i = 0; i < values.length; i += 1) out += render(values[i]) + strings[i + 1];
  return new Html(out);
}

export interface PageFrame {
  title: string;
  /** One sentence for search engines and link previews. */
  description: string;
  /** Absolute URL of this page (PUBLIC_URL based), when it has one worth sharing. */
  canonical?: string;
  /** Never indexed nor followed by search engines (a page behind an unguessable link). */
  noindex?: boolean;
  main: Html;
}

/** The document around every page: landmarks, a skip link, the language, the one stylesheet. */
export function layout(page: PageFrame): string {
  return `<!doctype html>${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title} · Skincare</title>
<meta name="description" content="${page.description}">
${page.noindex ? html`<meta name="robots" content="noindex, nofollow">` : ''}${page.canonical ? html`<link rel="canonical" href="${page.canonical}">` : ''}
<link rel="icon" href="/favicon.ico">
<link rel="stylesheet" href="/p/pages.css">
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site">
<nav aria-label="Site">
<a class="brand" href="/">Skincare</a>
<ul>
<li><a href="/docs">API reference</a></li>
<li><a href="/graphiql">GraphiQL</a></li>
</ul>
</nav>
</header>
<main id="main" tabindex="-1">
${page.main}
</main>
<footer class="site">
<p>Skincare ingredient and routine service: <a href="/docs">REST reference</a> · <a href="/openapi.json">OpenAPI</a> · <a href="/graphiql">GraphQL</a> · <a href="/changelog">changes</a></p>
</footer>
</body>
</html>`}\n`;
}
