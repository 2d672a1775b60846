// The query engine alone (src/modules/search/engine/query.ts): websearch syntax, spellings,
// synonyms, the prefix being typed, corrections. No database.
import { describe, expect, it } from '@jest/globals';
import { fold, parseQuery, queryTexts, spellings } from '../src/modules/search/engine/query.js';
import { searchVocabulary } from '../src/modules/search/synonyms.js';

const vocabulary = searchVocabulary();
const terms = (q: string) => parseQuery(q, vocabulary).terms;

describe('search query engine', () => {
  it('folds accents (not kana voicing marks) and keeps Hangul composed', () => {
    expect(fold('Sérum ÉCLAT  Cupuaçu!')).toBe('serum eclat cupuacu');
    expect(fold('グリセリン')).toBe('グリセリン');
    expect(fold('정제수')).toBe('정제수');
  });

  it('reads quotes, -word and or; the last word typed is a prefix', () => {
    const parsed = terms('"eye cream" -retinol ginseng or cica');
    expect(parsed.map((t) => [t.words.join(' '), t.quoted, t.negated, t.or, t.prefix])).toEqual([
      ['eye cream', true, false, false, false],
      ['retinol', false, true, false, false],
      ['ginseng', false, false, false, false],
      ['cica', false, false, true, true],
    ]);
    expect(terms('niacinamide ').at(-1)!.prefix).toBe(false);
    expect(terms('-fragrance').at(-1)!.prefix).toBe(false);
  });

  it('maps British and American spellings both ways, prefixes included', () => {
    expect(spellings('moisturiser', vocabulary)).toEqual(expect.arrayContaining(['moisturiser', 'moisturizer']));
    expect(spellings('color', vocabulary)).toEqual(expect.arrayContaining(['color', 'colour']));
    const texts = queryTexts(parseQuery('moisturis', vocabulary), vocabulary)!;
    expect(texts.full.params.join(' ')).toMatch(/'moisturiz':\*/);
  });

  it('makes one term of a synonym phrase, with the group as alternatives', () => {
    const [sun] = terms('sun cream spf');
    expect(sun.words).toEqual(['sun', 'cream']);
    expect(sun.alternatives.map((a) => a.join(' '))).toEqual(expect.arrayContaining(['sunscreen', 'spf', 'sun cream']));
    expect(terms('sun cream spf')).toHaveLength(2);
  });

  it('writes prefixes for the simple configuration, whole words for english, corrections as alternatives', () => {
    const texts = queryTexts(parseQuery('vitamn c se', vocabulary), vocabulary, new Map([['vitamn', 'vitamin']]))!;
    expect(texts.full.sql).toBe(
      `(to_tsquery('english', ?) && to_tsquery('english', ?) && (to_tsquery('english', ?) || to_tsquery('simple', ?)))`,
    );
    expect(texts.full.params).toEqual([`('vitamn' | 'vitamin')`, `'c'`, `'se'`, `'se':*`]);
    expect(queryTexts(parseQuery('-cream', vocabulary), vocabulary)).toBeNull();
  });
});
