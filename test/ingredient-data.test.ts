import { describe, expect, it } from '@jest/globals';
import { loadIngredientRecords } from '../src/seeders/knowledge-base.js';
import { validateKnowledgeBase, type Vocabulary } from '../src/seeders/validate-knowledge-base.js';
import { readYaml } from '../src/seeders/yaml-data.js';

describe('the ingredient knowledge base (data/ingredients)', () => {
  const records = loadIngredientRecords();

  it('has unique aliases and names, known vocabulary, ratings in range', () => {
    expect(validateKnowledgeBase(records, readYaml<Vocabulary>('vocabulary.yaml'))).toEqual([]);
  });

  it('covers the names every label uses', () => {
    const names = new Set(records.flatMap((r) => [r.inci, ...(r.other_names ?? [])].map((n) => String(n).toLowerCase())));
    for (const name of ['water', 'aqua', 'glycerin', 'parfum', 'fragrance', 'niacinamide', 'dimethicone', 'phenoxyethanol', 'retinol',
      'avobenzone', 'octinoxate', 'ci 77891', 'sodium hyaluronate', 'butylene glycol', 'alcohol denat.', 'limonene', 'linalool']) {
      expect(names.has(name)).toBe(true);
    }
  });

  it('rejects what the rules forbid', () => {
    const vocabulary = readYaml<Vocabulary>('vocabulary.yaml');
    const bad = [
      { file: 'x.yaml', inci: 'Water', functions: ['solvent'], description: 'A description long enough.' },
      { file: 'x.yaml', inci: 'Aqua Two', other_names: ['water'], functions: ['solvent'], description: 'A description long enough.' },
      { file: 'x.yaml', inci: 'Thing', alias: 'Not A Slug', functions: ['levitating'], flags: ['sparkly'], comedogenic: 7, description: 'A description long enough.' },
    ];
    const problems = validateKnowledgeBase(bad, vocabulary).join('\n');
    expect(problems).toMatch(/name "water" also belongs to Water/);
    expect(problems).toMatch(/alias "Not A Slug" is not a slug/);
    expect(problems).toMatch(/unknown functions value "levitating"/);
    expect(problems).toMatch(/unknown flags value "sparkly"/);
    expect(problems).toMatch(/comedogenic 7 is not 0-5/);
  });
});
