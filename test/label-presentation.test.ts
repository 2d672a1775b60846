// The entries and matches of a label do not change with how it is presented (property tests over every
// label of data/labels/), and the honesty invariant: every word of the input is read into an entry or set aside
// with a kind, tags as markup; a list we could not read passes no rule. Pure engine, no database.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { analyzeIngredientList } from '../src/modules/analysis/engine/analyze.js';
import { IngredientMatcher } from '../src/modules/analysis/engine/match.js';
import { evaluateRules } from '../src/modules/analysis/engine/rules.js';
import {
  loadCorpus,
  loadKnowledgeBase,
  loadLayoutCorpus,
  loadRetailCorpus,
  loadWholeLabelCorpus,
} from '../scripts/label-recall.js';
import { unaccounted } from './helpers/label-accounting.js';
import { PRESENTATIONS } from './helpers/label-presentations.js';

const kb = loadKnowledgeBase();
const matcher = new IngredientMatcher(kb.ingredients);
const analyze = (text: string) => analyzeIngredientList(text, matcher);
const labels = [...loadCorpus(), ...loadRetailCorpus(), ...loadLayoutCorpus(), ...loadWholeLabelCorpus()].map((l) => ({
  name: l.name,
  text: l.text,
}));
/** What a label reads as: each entry's ingredient (or its text, for one matching none), part and active flag. */
const reading = (text: string): string[] =>
  analyze(text).entries.map(
    (e) => `${e.ingredientId ?? e.input.toLowerCase().replace(/’/g, "'")}|${(e.part ?? '').toLowerCase()}|${e.active}`,
  );
const endsInOpenTag = (text: string) => /<[^>]*$/.test(text);

describe('presentation invariance over every label of data/labels/', () => {
  it('has the labels of the three corpora', () => {
    expect(labels.length).toBeGreaterThanOrEqual(600);
  });

  for (const name of ['html', 'entities', 'spacing', 'upper', 'lower'] as const) {
    it(`reads every label the same presented as ${name}`, () => {
      const changed = labels
        .filter((l) => !(name === 'html' && endsInOpenTag(l.text)))
        .filter((l) => reading(PRESENTATIONS[name](l.text)).join() !== reading(l.text).join())
        .map((l) => l.name);
      expect(changed).toEqual([]);
    });
  }

  // Lists drawn from the clean corpus, presented in the shapes retailers and packs use.
  const lists = loadCorpus()
    .filter((l) => !/[\n:]/.test(l.text) && !/\d\s*%/.test(l.text))
    .map((l) => l.text.replace(/\.$/, ''));
  const FREE_OF = [
    '<b>Clean at Luma products are formulated without:</b><br/>Sulfates—SLS + SLES, Parabens, Formaldehydes, Phthalates, Mineral Oil, Retinyl Palmitate, Oxybenzone, Coal Tar, Hydroquinone, Triclosan, and Triclocarban.',
    '<strong>Formulated without:</strong><br>Parabens, Sulfates, Phthalates, Mineral Oil, Formaldehyde',
    'Free of: parabens, sulfates, phthalates, mineral oil, silicones.',
    'This product is formulated without:\nParabens\nMineral Oil\nHydroquinone',
  ];
  const HEADINGS = [
    'Ingredients: ',
    'Ingredients:\n',
    '<b>Ingredients:</b> ',
    '<b>Ingredients:</b><br/>',
    '<strong>INGREDIENTS</strong><br>',
    '<h3>Ingredients</h3>',
    '',
  ];
  const BETWEEN = ['\n\n', '<br/><br/>', '</p><p>', '\n\n'];

  it('reads a list the same whatever its heading, the blocks between, a free-of block before or after it, entities, spacing and case', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...lists),
        fc.constantFrom(...HEADINGS),
        fc.constantFrom(...BETWEEN),
        fc.constantFrom(...FREE_OF),
        fc.constantFrom('before', 'after', 'none'),
        fc.constantFrom('entities', 'spacing', 'upper', 'lower', 'none'),
        (list, heading, between, freeOf, where, presentation) => {
          const body = `${heading}${list}.`;
          const text =
            where === 'none' ? body : where === 'before' ? `${freeOf}${between}${body}` : `${body}${between}${freeOf}`;
          const presented = presentation === 'none' ? text : PRESENTATIONS[presentation](text);
          expect(reading(presented)).toEqual(reading(list));
        },
      ),
      { numRuns: 300, seed: 27 },
    );
  });
});

describe('the honesty invariant', () => {
  it('reads every word of every label into an entry or sets it aside with a kind, and every tag as markup', () => {
    const dropped = labels
      .map((l) => ({ name: l.name, missing: unaccounted(l.text, analyze(l.text)) }))
      .filter((l) => l.missing.length);
    expect(dropped).toEqual([]);
  });

  it('never lets a rule pass on a list it could not read', () => {
    const known = ['Water', 'Glycerin', 'Dimethicone', 'Phenoxyethanol', 'Cetearyl Alcohol', 'Squalane', 'Niacinamide'];
    fc.assert(
      fc.property(
        fc.shuffledSubarray(known, { minLength: 2 }),
        fc.stringMatching(/^[A-Z][a-z]{6,10}ine Complex$/),
        fc.nat(),
        (names, unknown, at) => {
          const words = [...names];
          words.splice(at % (words.length + 1), 0, unknown);
          const analysis = analyze(`Ingredients: ${words.join(' ')}`);
          if (analysis.unread) {
            expect(evaluateRules([], { unread: true }).every((r) => !r.passes)).toBe(true);
          } else {
            // Read: then every word went into a known name, and the unknown one is not hidden among them.
            expect(analysis.entries.some((e) => e.match === 'none')).toBe(true);
          }
          expect(analysis.entries.filter((e) => e.unread).length).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 100, seed: 27 },
    );
  });
});
