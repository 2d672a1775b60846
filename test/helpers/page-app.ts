// A test app whose pages are read as a browser builds them (htmlparser2), and the readers the page tests share:
// an element's text, elements by tag and class, a page's <main>. htmlparser2 is imported once the app is up:
// sanitize-html (the app's) require()s it, and an ES import of it first makes jest see a require(esm) cycle.
import type { Element } from 'domhandler';
import { startTestApp, type TestApp } from './app.js';

type HtmlParser = typeof import('htmlparser2');
let htmlparser: HtmlParser | null = null;

/** The app, and htmlparser2's DomUtils and parseDocument (loaded after the app). */
export async function startPageTestApp(): Promise<{
  t: TestApp;
  DomUtils: HtmlParser['DomUtils'];
  parseDocument: HtmlParser['parseDocument'];
}> {
  const t = await startTestApp();
  htmlparser ??= await import('htmlparser2');
  return { t, DomUtils: htmlparser.DomUtils, parseDocument: htmlparser.parseDocument };
}

const parser = (): HtmlParser => {
  if (!htmlparser) throw new Error('startPageTestApp() first');
  return htmlparser;
};

/** An element's text, its white space collapsed ('' without one). */
export const text = (node: Element | null | undefined): string =>
  node ? parser().DomUtils.textContent(node).replace(/\s+/g, ' ').trim() : '';

/** The elements under `root` of this tag carrying this class. */
export const byClass = (root: Element, tag: string, cls: string): Element[] =>
  parser().DomUtils.findAll(
    (e) => e.name === tag && (e.attribs.class ?? '').split(' ').includes(cls),
    root.children,
  ) as Element[];

/** A page's <main>. */
export const mainOf = (body: string): Element =>
  parser().DomUtils.findOne((e) => e.name === 'main', parser().parseDocument(body).children) as Element;
