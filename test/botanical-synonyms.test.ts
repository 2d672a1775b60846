// A plant printed under a synonym of its accepted name (issue 40): "Lavandula Officinalis" is Lavandula angustifolia,
// "Chamomilla Recutita" is Matricaria chamomilla. Written before the change, as a family over the sourced table
// (data/botanical-synonyms.yaml): every name of every group, with each part and preparation labels
// print, in title and upper case. Two properties: the EU annex entries an ingredient joins do not change with which
// name of its plant it is printed under; and a label printing any name of the plant matches an ingredient (the one of
// its own spelling when the base has it).
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { loadKnowledgeBase } from '../scripts/label-recall.js';
import { analyzeIngredientList } from '../src/modules/analysis/engine/analyze.js';
import { IngredientMatcher } from '../src/modules/analysis/engine/match.js';
import { loadPlantSynonyms } from '../src/modules/knowledge/plant-synonyms.js';
import { loadRegulation } from '../src/modules/analysis/regulation-data.js';
import { readYaml } from '../src/modules/knowledge/yaml-data.js';

const groups = readYaml<Array<{ accepted: string; synonyms: string[]; source: string }>>('botanical-synonyms.yaml');
const PREPARATIONS = [
  'Flower Extract',
  'Flower Oil',
  'Leaf Extract',
  'Leaf Oil',
  'Oil',
  'Extract',
  'Bark Oil',
  'Bud Oil',
];
const spell = (binomial: string, rest: string, upper: boolean) => {
  const name = `${binomial[0].toUpperCase()}${binomial.slice(1)} ${rest}`.replace(
    / (\w)/g,
    (_, c: string) => ` ${c.toUpperCase()}`,
  );
  return upper ? name.toUpperCase() : name;
};
const regulation = loadRegulation();
const factsOf = (name: string) =>
  regulation
    .matchesFor({ name, otherNames: [], casNumber: null, ecNumber: null })
    .map((m) => `${m.fact.annex}/${m.fact.entryId ?? m.fact.names[0]} ${m.relation}`)
    .sort();

describe('botanical synonyms', () => {
  it('every group is sourced and names binomials, none twice', () => {
    const table = loadPlantSynonyms();
    expect(groups.length).toBeGreaterThanOrEqual(5);
    for (const g of groups) {
      expect(g.source).toMatch(/POWO|World Flora Online/);
      expect(g.source).toMatch(/CosIng/);
      for (const name of [g.accepted, ...g.synonyms])
        expect(table.accepted.get(name.toLowerCase())?.join(' ')).toBe(g.accepted.toLowerCase());
    }
  });

  it('join the same EU annex entries under any name of the plant', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...groups),
        fc.nat(),
        fc.constantFrom(...PREPARATIONS),
        fc.boolean(),
        (g, pick, rest, upper) => {
          const synonym = g.synonyms[pick % g.synonyms.length];
          expect(factsOf(spell(synonym, rest, upper))).toEqual(factsOf(spell(g.accepted, rest, upper)));
        },
      ),
      { seed: 4051, numRuns: 200 },
    );
    // The issue's case: a lavender flower extract printed under Lavandula officinalis is Annex III/360's.
    expect(factsOf('Lavandula Officinalis Flower Extract').some((f) => f.startsWith('III/'))).toBe(true);
  });

  it('match a label printing any name of the plant', () => {
    const kb = loadKnowledgeBase();
    const matcher = new IngredientMatcher(kb.ingredients, { plantSynonyms: loadPlantSynonyms() });
    const byName = new Map(kb.ingredients.map((i) => [i.name.toLowerCase(), i.id]));
    let checked = 0;
    for (const g of groups)
      for (const rest of PREPARATIONS) {
        const spellings = [g.accepted, ...g.synonyms].map((b) => spell(b, rest, false));
        const known = spellings.filter((s) => byName.has(s.toLowerCase()));
        if (!known.length) continue;
        for (const printed of spellings) {
          const [entry] = analyzeIngredientList(`Water, ${printed}, Glycerin`, matcher).entries.slice(1, 2);
          const own = byName.get(printed.toLowerCase());
          if (own) expect(entry.ingredientId).toBe(own);
          else expect(known.map((k) => byName.get(k.toLowerCase()))).toContain(entry.ingredientId);
          checked++;
        }
      }
    expect(checked).toBeGreaterThan(5);
  });
});
