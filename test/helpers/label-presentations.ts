// Ways of presenting the same label that must not change what it reads as (issue 27's presentation invariance).
export type Presentation = (text: string) => string;

export const PRESENTATIONS: Record<string, Presentation> = {
  /** As a page's HTML: lines as <br/>, the whole in a <div><p>. */
  html: (t) => `<div class="ingredients"><p>${t.replace(/&(?!#?\w+;)/g, '&amp;').replace(/\n/g, '<br/>')}</p></div>`,
  /** Entities for the ampersand and apostrophes. */
  entities: (t) => t.replace(/&(?!#?\w+;)/g, '&amp;').replace(/'/g, '&#8217;'),
  /** Spacing: doubled spaces, spaces around line breaks, leading and trailing blanks. */
  spacing: (t) => `  ${t.replace(/ /g, '  ').replace(/\n/g, ' \n ')}\n `,
  upper: (t) => t.toUpperCase(),
  lower: (t) => t.toLowerCase(),
};
