// The hashtag parser of ingredient opinions, on plain data.
import { describe, expect, it } from '@jest/globals';
import { MAX_HASHTAGS, normalizeHashtag, parseHashtags } from '../src/modules/opinion/engine/hashtags.js';

describe('parseHashtags', () => {
  it.each([
    ['Great #humectant for #DrySkin.', ['humectant', 'dryskin']],
    ['#first word, then #second', ['first', 'second']],
    ['dupes #Niacinamide #niacinamide #NIACINAMIDE', ['niacinamide']],
    ['snake #barrier_repair and digits #vitamin_b3', ['barrier_repair', 'vitamin_b3']],
    ['accents #crème and #Ölbasis', ['crème', 'ölbasis']],
    ['no letters #123 #_ #', []],
    ['not inside words: a#b c##d', []],
    ['a URL https://example.com/page#section and /#anchor', []],
    ['an entity &#39; is no tag', []],
    ['punctuation ends it: #retinol, #aha! (#bha)', ['retinol', 'aha', 'bha']],
    ['full-width ＃tag is NFKC-normalised', ['tag']],
    ['', []],
  ])('%s', (text, tags) => {
    expect(parseHashtags(text)).toEqual(tags);
  });

  it('skips a run of word characters longer than 50', () => {
    expect(parseHashtags(`#${'a'.repeat(51)} #ok #${'b'.repeat(50)}`)).toEqual(['ok', 'b'.repeat(50)]);
  });

  it(`keeps at most ${MAX_HASHTAGS}, the first ones`, () => {
    const text = Array.from({ length: 40 }, (_, i) => `#tag${i}`).join(' ');
    const tags = parseHashtags(text);
    expect(tags).toHaveLength(MAX_HASHTAGS);
    expect(tags[0]).toBe('tag0');
    expect(tags.at(-1)).toBe(`tag${MAX_HASHTAGS - 1}`);
  });
});

describe('normalizeHashtag', () => {
  it.each([
    ['Humectant', 'humectant'],
    ['#Humectant', 'humectant'],
    ['vitamin_c', 'vitamin_c'],
    ['123', null],
    ['two words', null],
    ['', null],
    ['#', null],
    ['semi;colon', null],
    ['a'.repeat(51), null],
  ])('%s → %s', (tag, expected) => {
    expect(normalizeHashtag(tag)).toBe(expected);
  });
});
