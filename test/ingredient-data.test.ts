import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { nameKey } from '../src/modules/analysis/engine/normalize.js';
import {
  loadAuthoredIngredients,
  loadIngredientRecords,
  loadLabelNames,
  readableByMatcher,
  uniqueIngredientRows,
  withLabelNames,
} from '../src/seeders/knowledge-base.js';
import { validateKnowledgeBase, type Vocabulary } from '../src/seeders/validate-knowledge-base.js';
import { readYaml } from '../src/modules/knowledge/yaml-data.js';
import { startTestApp, type TestApp } from './helpers/app.js';

describe('the ingredient knowledge base (data/ingredients)', () => {
  const records = loadIngredientRecords();

  it('has unique aliases and names, known vocabulary, ratings in range', () => {
    expect(
      validateKnowledgeBase(loadAuthoredIngredients(), readYaml<Vocabulary>('vocabulary.yaml'), loadLabelNames()),
    ).toEqual([]);
  });

  it('covers the names every label uses', () => {
    const names = new Set(
      records.flatMap((r) => [r.inci, ...(r.other_names ?? [])].map((n) => String(n).toLowerCase())),
    );
    for (const name of [
      'water',
      'aqua',
      'glycerin',
      'parfum',
      'fragrance',
      'niacinamide',
      'dimethicone',
      'phenoxyethanol',
      'retinol',
      'avobenzone',
      'octinoxate',
      'ci 77891',
      'sodium hyaluronate',
      'butylene glycol',
      'alcohol denat.',
      'limonene',
      'linalool',
    ]) {
      expect(names.has(name)).toBe(true);
    }
  });

  it('rejects what the rules forbid', () => {
    const vocabulary = readYaml<Vocabulary>('vocabulary.yaml');
    const bad = [
      { file: 'x.yaml', inci: 'Water', functions: ['solvent'], description: 'A description long enough.' },
      {
        file: 'x.yaml',
        inci: 'Aqua Two',
        other_names: ['water'],
        functions: ['solvent'],
        description: 'A description long enough.',
      },
      {
        file: 'x.yaml',
        inci: 'Thing',
        alias: 'Not A Slug',
        functions: ['levitating'],
        flags: ['sparkly'],
        comedogenic: 7,
        description: 'A description long enough.',
      },
    ];
    const problems = validateKnowledgeBase(bad, vocabulary).join('\n');
    expect(problems).toMatch(/name "water" also belongs to Water/);
    expect(problems).toMatch(/alias "Not A Slug" is not a slug/);
    expect(problems).toMatch(/unknown functions value "levitating"/);
    expect(problems).toMatch(/unknown flags value "sparkly"/);
    expect(problems).toMatch(/comedogenic 7 is not 0-5/);
  });
});

describe('label names in other languages and scripts (data/ingredient-names)', () => {
  const vocabulary = readYaml<Vocabulary>('vocabulary.yaml');
  const entry = (inci: string, other_names: string[] = []) => ({
    file: 'x.yaml',
    inci,
    other_names,
    functions: ['solvent'],
    description: 'A description long enough.',
  });

  it('adds each name once to the other names of its ingredient, and leaves unknown INCI names out', () => {
    const merged = withLabelNames(
      [entry('Water', ['Aqua']), entry('Glycerin')],
      [
        { inci: 'water', la: ['Aqua'], fr: ['Eau'], ko: ['정제수'], ja: ['水'] },
        { inci: 'Water', de: ['Wasser', 'eau'] },
        { inci: 'Nothing Known', ko: ['없는성분'] },
      ],
    );
    expect(merged.map((r) => r.other_names)).toEqual([['Aqua', 'Eau', '정제수', '水', 'Wasser'], []]);
  });

  it('rejects an unknown INCI name or language, a name of another ingredient and a name the matcher cannot tell apart', () => {
    const problems = validateKnowledgeBase([entry('Water', ['Aqua']), entry('Glycerin', ['Glycerol'])], vocabulary, [
      { file: 'names.yaml', inci: 'Nothing Known', ko: ['없는성분'] },
      { file: 'names.yaml', inci: 'Water', xx: ['Agwa'] } as never,
      { file: 'names.yaml', inci: 'Water', fr: ['Glycérol'], de: ['glycerol'] },
      { file: 'names.yaml', inci: 'Glycerin', es: ['Aqua'], ja: 'グリセリン' } as never,
    ]).join('\n');
    expect(problems).toMatch(/names.yaml: Nothing Known: no ingredient with this inci/);
    expect(problems).toMatch(/unknown language "xx"/);
    expect(problems).toMatch(/names.yaml: Water: name "glycerol" also belongs to Glycerin/);
    expect(problems).toMatch(/names.yaml: Glycerin: name "Aqua" also belongs to Water/);
    expect(problems).toMatch(/ja is not a list/);
    // "Glycérol" differs from Glycerin's name only by its accent and spelling: the matcher reads both as "glycerin".
    expect(problems).toMatch(/Water: name "glycérol" reads as "glycerin" to the matcher, like "glycerin" of Glycerin/);
  });

  it('loads a name in Hangul, kana or Han only when the matcher reads it whole', () => {
    const eastAsian = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;
    // A matcher whose keys dropped the kana would read this name as "PEG-9": it waits for one that keeps them.
    const name = 'ラウリルPEG-9ポリジメチルシロキシエチルジメチコン';
    expect(readableByMatcher(name)).toBe(nameKey(name) !== 'peg 9');
    expect(withLabelNames([entry('Water')], [{ inci: 'Water', ja: [name, '水'] }])[0].other_names).toEqual(
      readableByMatcher(name) ? [name, '水'] : ['水'],
    );
    for (const record of loadIngredientRecords()) {
      for (const other of (record.other_names ?? []).map(String)) {
        if (!eastAsian.test(other)) continue;
        const key = nameKey(other);
        expect(key === '' || eastAsian.test(key)).toBe(true);
      }
    }
  });

  it("gives the most common ingredients their Korean and Japanese label names and the EU labels' translations", () => {
    const byName = new Map(loadIngredientRecords().map((r) => [r.inci, (r.other_names ?? []).map(String)]));
    expect(byName.get('Water')).toEqual(expect.arrayContaining(['정제수', '水', 'Eau', 'Wasser']));
    expect(byName.get('Glycerin')).toEqual(expect.arrayContaining(['글리세린', 'グリセリン']));
    expect(byName.get('Niacinamide')).toEqual(expect.arrayContaining(['나이아신아마이드', 'ナイアシンアミド']));
    expect(byName.get('Butylene Glycol')).toEqual(expect.arrayContaining(['부틸렌글라이콜', 'BG']));
    expect(byName.get('Yeast Extract')).toEqual(expect.arrayContaining(['Faex', 'Extrait de Levure']));
    expect(byName.get('Cera Alba')).toEqual(expect.arrayContaining(["Cire d'Abeille"]));
    const labelNames = loadLabelNames();
    expect(
      new Set(labelNames.filter((e) => e.ko?.length && e.ja?.length).map((e) => e.inci)).size,
    ).toBeGreaterThanOrEqual(300);
    // The rows the seeder inserts carry them too.
    const water = uniqueIngredientRows(loadIngredientRecords()).find((row) => row.name === 'Water');
    expect(water?.otherNames).toEqual(expect.arrayContaining(['정제수', '水']));
  });
});

describe('the seeded knowledge base', () => {
  let t: TestApp;
  // The first test file after a data change builds the seeded snapshot: that takes longer than a test.
  beforeAll(async () => {
    t = await startTestApp();
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it('serves the Korean, Japanese and translated label names as other names', async () => {
    const water = (await t.inject({ method: 'GET', url: '/ingredients/water' })).json() as { other_names: string[] };
    expect(water.other_names).toEqual(expect.arrayContaining(['Aqua', '정제수', '水', 'Eau']));
    const niacinamide = (await t.inject({ method: 'GET', url: '/ingredients/niacinamide' })).json() as {
      other_names: string[];
    };
    expect(niacinamide.other_names).toEqual(expect.arrayContaining(['나이아신아마이드', 'ナイアシンアミド']));
  });
});
