// The one SPF reader (analysis/engine/spf.ts): the spellings labels print, and what is not an SPF. Examples: the
// demo catalog's sunscreen names, the German and Romance-language abbreviations, and the near misses (no number,
// a number out of range, a word that only contains the letters).
import { describe, expect, it } from '@jest/globals';
import { readSpf } from '../src/modules/analysis/engine/spf.js';

describe('readSpf', () => {
  it.each([
    ['Watery Sun Gel SPF 50+ PA++++', 50],
    ['Daily Face Lotion SPF 30', 30],
    ['sun fluid spf30', 30],
    ['Sonnencreme LSF 50', 50],
    ['Crème solaire FPS-30', 30],
    ['SPF: 15 lip balm', 15],
    ['Tinted SPF 15 and SPF 45 duo', 45],
  ])('%s → %d', (text, spf) => {
    expect(readSpf(text).spf).toBe(spf);
  });

  it.each([['Moisturiser with SPF'], ['SPF 500 marketing'], ['Respfect cream 30 ml'], ['']])('%s → none', (text) => {
    expect(readSpf(text).spf).toBeNull();
  });

  it('reads "broad spectrum" and any of several texts', () => {
    expect(readSpf('Lotion', 'Broad Spectrum SPF 30 sunscreen')).toEqual({ spf: 30, broadSpectrum: true });
    expect(readSpf(null, undefined, 'SPF 50')).toEqual({ spf: 50, broadSpectrum: false });
  });
});
