// The query engine alone (src/modules/search/engine/query.ts): websearch syntax, spellings,
// synonyms, the prefix being typed, corrections. No database.
import { describe, expect, it } from '@jest/globals';
import {
  fold,
  inflectionOf,
  oneEditAway,
  parseQuery,
  queryTexts,
  spellings,
  twoParts,
} from '../src/modules/search/engine/query.js';
import { searchVocabulary } from '../src/modules/search/synonyms.js';

const vocabulary = searchVocabulary();
const terms = (q: string) => parseQuery(q, vocabulary).terms;

describe('search query engine', () => {
  it('folds accents (not kana voicing marks) and keeps Hangul composed', () => {
    expect(fold('Sérum ÉCLAT  Cupuaçu!')).toBe('serum eclat cupuacu');
    expect(fold('グリセリン')).toBe('グリセリン');
    expect(fold('정제수')).toBe('정제수');
    // A decimal point between digits stays (the documents' parser reads "0.5" as one word); a comma one becomes a point.
    expect(fold('Retinol 0.5% pH 5,5. Done.')).toBe('retinol 0.5 ph 5.5 done');
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

  it('takes the words after "for" or "with" as optional, unless nothing else is typed', () => {
    const parsed = terms('cleanser for oily skin');
    expect(parsed.map((t) => [t.words.join(' '), t.optional])).toEqual([
      ['cleanser', false],
      ['oily', true],
      ['skin', true],
    ]);
    const texts = queryTexts(parseQuery('lip balm with spf', vocabulary), vocabulary)!;
    expect(texts.boost).toHaveLength(1);
    expect(texts.full.params.join(' ')).not.toMatch(/spf/);
    expect(terms('for dry skin').every((t) => !t.optional)).toBe(true);
  });

  it('searches spf30 also as "spf 30", and "vitamin a" only as retinol (a is a stop word)', () => {
    expect(terms('spf30')[0].alternatives).toEqual([['spf30'], ['spf', '30']]);
    const [vitaminA] = terms('vitamin a serum');
    expect(vitaminA.alternatives.map((a) => a.join(' '))).toEqual(['retinol']);
  });

  it('relaxes a query of two plain terms or more, never its quoted or negated ones', () => {
    const texts = queryTexts(parseQuery('retinol night cream -fragrance', vocabulary), vocabulary)!;
    expect(texts.relaxed!.terms).toHaveLength(3);
    expect(texts.relaxed!.any.sql).toMatch(/!!/);
    expect(queryTexts(parseQuery('"night cream" retinol', vocabulary), vocabulary)!.relaxed).toBeNull();
    expect(queryTexts(parseQuery('bakuchiol or retinal', vocabulary), vocabulary)!.relaxed).toBeNull();
  });

  it('lists the strings one typing error away, and the ways to cut a word in two', () => {
    expect(oneEditAway('retinl')).toEqual(expect.arrayContaining(['retinol', 'retinal', 'retin', 'etinl']));
    expect(oneEditAway('snial')).toContain('snail');
    // Four letters: only two swapped.
    expect(oneEditAway('aicd')).toContain('acid');
    expect(oneEditAway('good')).not.toContain('gold');
    expect(oneEditAway('spf')).toEqual([]);
    expect(twoParts('eyecream')).toContainEqual(['eye', 'cream']);
  });

  it('takes several corrections of a word, and a word run together as a phrase', () => {
    const texts = queryTexts(parseQuery('eyecream', vocabulary), vocabulary, new Map([['eyecream', ['eye cream']]]))!;
    expect(texts.full.params[0]).toBe(`('eyecream' | 'eye' <-> 'cream')`);
    const two = queryTexts(
      parseQuery('retinl ', vocabulary),
      vocabulary,
      new Map([['retinl', ['retinal', 'retinol']]]),
    )!;
    expect(two.full.params[0]).toBe(`('retinl' | 'retinal' | 'retinol')`);
  });
  it('meets an inflected form of a listed reading by its stems, never a word with a letter dropped', () => {
    const vocabulary = searchVocabulary();
    expect(parseQuery('crèmes de nuit', vocabulary).terms[0].readAs).toBe('kind: night cream');
    expect(parseQuery('limpiadores faciales', vocabulary).terms[0].readAs).toBe('kind: cleanser');
    expect(parseQuery('lip mask', vocabulary).terms.some((t) => t.readAs === 'kind: mask')).toBe(false);
    expect(inflectionOf('creme', 'crema')).toBe(true);
    expect(inflectionOf('arruga', 'arrugas')).toBe(true);
    expect(inflectionOf('mask', 'maske')).toBe(false);
    expect(inflectionOf('masks', 'maske')).toBe(false);
  });

  it('meets a kind noun only in name, brand and category (weights A-C), as typed and as a prefix', () => {
    const texts = queryTexts(parseQuery('waterproof mascara', searchVocabulary()), searchVocabulary())!;
    expect(texts.full.params.join(' ')).toContain("'mascara':*ABC");
    expect(texts.full.params.join(' ')).toContain("'waterproof'");
    expect(texts.full.params.join(' ')).not.toContain("'waterproof':");
  });
});
