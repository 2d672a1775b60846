// Ways of presenting the same label that must not change what it reads as (presentation invariance).
export type Presentation = (text: string) => string;

export const PRESENTATIONS: Record<string, Presentation> = {
  /** As a page's HTML: lines as <br/>, the whole in a <div><p>. */
  html: (t) => `<div class="ingredients"><p>${t.replace(/&(?!#?\w+;)/g, '&amp;').replace(/\n/g, '<br/>')}</p></div>`,
  /** Entities for the ampersand and apostrophes. */
  entities: (t) => t.replace(/&(?!#?\w+;)/g, '&amp;').replace(/'/g, '&#8217;'),
  /** Spacing: doubled spaces, spaces around line breaks, leading and trailing blanks. */
  spacing: (t) => `  ${t.replace(/ /g, '  ').replace(/\n/g, ' \n ')}\n `,
  /** The whole text upper- or lower-cased (its words: tags and entities are markup, not text). */
  upper: (t) => casedText(t, (w) => w.toUpperCase()),
  lower: (t) => casedText(t, (w) => w.toLowerCase()),
};

function casedText(text: string, change: (text: string) => string): string {
  return text
    .split(/(<[^>]*>?|&#?\w+;)/)
    .map((piece, i) => (i % 2 ? piece : change(piece)))
    .join('');
}
