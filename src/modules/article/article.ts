import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import YAML from 'yaml';
import { Field, ObjectType } from 'type-graphql';
import { dataDir } from '../knowledge/yaml-data.js';

@ObjectType({ description: 'An editorial article, written in Markdown under data/articles/.' })
export class Article {
  @Field()
  id!: string;

  @Field()
  alias!: string;

  @Field()
  title!: string;

  @Field()
  summary!: string;

  @Field(() => [String])
  tags!: string[];

  @Field()
  author!: string;

  @Field({ description: 'ISO date of publication.' })
  publishedAt!: string;

  @Field({ description: 'The article as written (Markdown).' })
  markdown!: string;

  @Field({ description: 'The article rendered to sanitised HTML.' })
  html!: string;
}

const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n?/;
const ALIAS = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Markdown to HTML, keeping only the tags and attributes an article needs. */
export function renderArticle(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true }) as string;
  return sanitizeHtml(html, {
    allowedTags: [
      'h2',
      'h3',
      'h4',
      'p',
      'ul',
      'ol',
      'li',
      'strong',
      'em',
      'code',
      'pre',
      'blockquote',
      'a',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
      'hr',
      'br',
    ],
    allowedAttributes: { a: ['href'] },
    allowedSchemes: ['https'],
    allowProtocolRelative: false,
  });
}

/** Parses one article file; throws naming the file when its front matter is wrong. */
export function parseArticle(file: string, text: string): Article {
  const match = FRONT_MATTER.exec(text);
  if (!match) throw new Error(`data/articles/${file}: no front matter`);
  const meta = YAML.parse(match[1]) as Record<string, unknown>;
  const alias = String(meta.alias ?? file.replace(/\.md$/, ''));
  if (!ALIAS.test(alias) || typeof meta.title !== 'string')
    throw new Error(`data/articles/${file}: needs a title and a slug alias`);
  const markdown = text.slice(match[0].length).trim();
  const published =
    meta.published_at instanceof Date ? meta.published_at.toISOString().slice(0, 10) : String(meta.published_at ?? '');
  return {
    id: alias,
    alias,
    title: meta.title,
    summary: String(meta.summary ?? ''),
    tags: Array.isArray(meta.tags) ? meta.tags.map(String) : [],
    author: String(meta.author ?? ''),
    publishedAt: published,
    markdown,
    html: renderArticle(markdown),
  };
}

let articles: Article[] | null = null;

/** All articles, newest first; read and rendered once per process. */
export function loadArticles(): Article[] {
  if (!articles) {
    const dir = join(dataDir, 'articles');
    articles = readdirSync(dir)
      .filter((f) => f.endsWith('.md'))
      .sort()
      .map((file) => parseArticle(file, readFileSync(join(dir, file), 'utf8')))
      .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.alias.localeCompare(b.alias));
  }
  return articles;
}
