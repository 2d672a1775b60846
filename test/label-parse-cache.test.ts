// The parser reads each printed entry once and keeps the reading (labels repeat the names of thousands of others).
// What it answers must not depend on that: with the cache and without it, on every label of the corpora, in the
// same shapes the presentation tests use, and when the same entry comes again in another context (an actives
// section, a kit part, under "May contain").
import { afterAll, describe, expect, it } from '@jest/globals';
import { parseIngredientList, setEntryCacheSize } from '../src/modules/analysis/engine/parse.js';
import { loadCorpus, loadLayoutCorpus, loadRetailCorpus } from '../scripts/label-recall.js';

const texts = [...loadCorpus(), ...loadRetailCorpus(), ...loadLayoutCorpus()].map((l) => l.text);
// Other presentations of the same labels: upper case, one entry a line, HTML, a "free of" block before.
const shapes = texts.flatMap((t) => [
  t.toUpperCase(),
  t.replace(/, /g, ',\n'),
  `<p>${t.replace(/\n/g, '<br/>')}</p>`,
  `Free of: parabens, sulfates.\n${t}`,
]);

function readAll(cacheSize: number): string[] {
  setEntryCacheSize(cacheSize);
  return [...texts, ...shapes].map((t) => JSON.stringify(parseIngredientList(t)));
}

describe('the entry cache changes no answer', () => {
  afterAll(() => setEntryCacheSize(20_000));

  it('every corpus label, in several presentations, reads the same with the cache (cold and warm) and without it', () => {
    expect(texts.length).toBeGreaterThan(600);
    const uncached = readAll(0);
    const cold = readAll(20_000);
    // The second pass answers every entry from the cache.
    const warm = [...texts, ...shapes].map((t) => JSON.stringify(parseIngredientList(t)));
    const differing = uncached.flatMap((u, i) => (u !== cold[i] || u !== warm[i] ? [i] : []));
    expect(differing).toEqual([]);
  });

  it('a cache that empties as it fills reads the same', () => {
    const uncached = readAll(0);
    expect(readAll(7)).toEqual(uncached);
  });

  it('an entry read in one context keeps nothing of it in another', () => {
    setEntryCacheSize(20_000);
    const entry = ' Zinc Oxide 20% Sunscreen';
    // First as an inactive entry, then as an active one, then under "May contain" and in a kit part.
    const plain = parseIngredientList(`Ingredients: Water,${entry}, Glycerin`);
    const active = parseIngredientList(`Active ingredients:${entry}\nInactive ingredients: Water, Glycerin`);
    const may = parseIngredientList(`Ingredients: Water, Glycerin [+/-:${entry}, CI 77491]`);
    const kit = parseIngredientList(`Cleanser: Water, Glycerin,${entry}\nToner: Water, Butylene Glycol, Glycerin`);
    setEntryCacheSize(0);
    expect(parseIngredientList(`Ingredients: Water,${entry}, Glycerin`)).toEqual(plain);
    expect(parseIngredientList(`Active ingredients:${entry}\nInactive ingredients: Water, Glycerin`)).toEqual(active);
    expect(parseIngredientList(`Ingredients: Water, Glycerin [+/-:${entry}, CI 77491]`)).toEqual(may);
    expect(parseIngredientList(`Cleanser: Water, Glycerin,${entry}\nToner: Water, Butylene Glycol, Glycerin`)).toEqual(
      kit,
    );
    expect(active.entries[0]).toMatchObject({ input: 'Zinc Oxide', concentration: '20%', active: true });
    expect(plain.entries.find((e) => e.input.startsWith('Zinc'))).toMatchObject({ active: false, part: null });
    expect(may.entries.find((e) => e.input.startsWith('Zinc'))?.mayContain).toBe(true);
    expect(kit.entries.find((e) => e.input.startsWith('Zinc'))?.part).toBe('Cleanser');
  });
});
