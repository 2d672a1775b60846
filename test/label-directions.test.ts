// Directions and copy printed under an ingredient list without a heading (issue 40): "Apply to clean skin…", "Use
// morning and evening", "For external use only", "Avoid contact with eyes", in every language the label corpora hold
// (en, fr, de, es, it, ko, ja; pt and nl as well), and copy after the list behind a bullet with no cue ("• Dermatologist
// tested", "- Made in Korea"). They are set aside by the shape of the sentence, never entries, never unmatched, and
// never run into the last entry. Written before the change, as families of shapes: the list (comma or ideographic
// separators, with or without a final full stop), what joins it to the copy (a line break, a blank line, a full stop
// on the same line), the sentences (several per language, one or more, in any order), the bullets; each checked as a
// property over how the label is presented (PRESENTATIONS: HTML, entities, spacing). And the shapes that must stay
// entries: a list printed one name a line behind dashes, a "may contain" line, a strength in a bullet after the list.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { loadKnowledgeBase } from '../scripts/label-recall.js';
import { analyzeIngredientList } from '../src/modules/analysis/engine/analyze.js';
import { IngredientMatcher } from '../src/modules/analysis/engine/match.js';
import { PRESENTATIONS } from './helpers/label-presentations.js';

const kb = loadKnowledgeBase({ inventory: false });
const matcher = new IngredientMatcher(kb.ingredients);
const analyze = (text: string) => analyzeIngredientList(text, matcher);

const LATIN_LIST = ['Water', 'Glycerin', 'Niacinamide', 'Butylene Glycol', 'Carbomer', 'Phenoxyethanol'];
const HEADINGS = ['Ingredients: ', 'INGREDIENTS:\n', ''];

/** Directions as labels print them, by language: imperatives and the fixed warnings. */
const DIRECTIONS: Record<string, string[]> = {
  en: [
    'Apply to clean skin morning and evening.',
    'Use morning and evening',
    'For external use only.',
    'Avoid contact with eyes.',
    'Gently massage into face and neck until absorbed.',
    'Rinse thoroughly with water',
    'Keep out of reach of children.',
    'Discontinue use if irritation occurs.',
    'Store in a cool, dry place.',
    'Shake well before use.',
  ],
  fr: [
    'Appliquer sur peau propre matin et soir.',
    'Usage externe uniquement.',
    'Éviter le contact avec les yeux.',
    'Masser délicatement jusqu’à absorption.',
    'Rincer abondamment à l’eau.',
  ],
  de: [
    'Morgens und abends auf die gereinigte Haut auftragen.',
    'Auf die gereinigte Haut auftragen.',
    'Kontakt mit den Augen vermeiden.',
    'Nur zur äußerlichen Anwendung.',
  ],
  es: ['Aplicar sobre la piel limpia mañana y noche.', 'Evitar el contacto con los ojos.', 'Uso externo.'],
  it: ['Applicare sulla pelle detersa mattina e sera.', 'Evitare il contatto con gli occhi.', 'Solo per uso esterno.'],
  pt: ['Aplicar na pele limpa de manhã e à noite.', 'Evitar o contacto com os olhos.'],
  nl: ['Aanbrengen op de gereinigde huid.', 'Vermijd contact met de ogen.'],
};
const KOREAN = { list: '정제수, 글리세린, 나이아신아마이드', names: ['정제수', '글리세린', '나이아신아마이드'] };
const KOREAN_DIRECTIONS = [
  '사용법: 적당량을 덜어 얼굴에 펴 발라줍니다.',
  '적당량을 덜어 얼굴 전체에 골고루 펴 바릅니다.',
  '주의사항: 눈에 들어가지 않도록 주의하십시오.',
];
const JAPANESE = {
  list: '水、グリセリン、BG、ナイアシンアミド',
  names: ['水', 'グリセリン', 'BG', 'ナイアシンアミド'],
};
const JAPANESE_DIRECTIONS = [
  '適量を手に取り、顔全体になじませてください。',
  '使用方法：洗顔後、適量を肌になじませます。',
  '目に入ったときは、すぐに洗い流してください。',
];

const BULLETS = ['• ', '- ', '– ', '► ', '✔ ', '▪ ', '·'];
const COPY = [
  'Dermatologist tested',
  'Made in Korea',
  'Hydrates for 72 hours',
  'Lightweight texture',
  'Vegan formula',
  'Absorbs quickly',
  'Soothing and calming',
  '200 ml',
];

/** The list's entries as read, and whether any text was read as an entry that matched nothing. */
const readAs = (text: string) => {
  const a = analyze(text);
  return {
    inputs: a.entries.map((e) => e.input),
    unmatched: a.unmatched,
    setAside: a.setAside.map((s) => s.text).join(' | '),
  };
};
const presentation = fc.constantFrom<keyof typeof PRESENTATIONS | 'plain'>('plain', 'html', 'entities', 'spacing');
const present = (p: keyof typeof PRESENTATIONS | 'plain', text: string) =>
  p === 'plain' ? text : PRESENTATIONS[p](text);

describe('directions printed under a list without a heading', () => {
  it('are set aside, in every language, however joined to the list and presented', () => {
    const languages = fc.constantFrom(...Object.keys(DIRECTIONS));
    fc.assert(
      fc.property(
        languages.chain((lang) =>
          fc.tuple(
            fc.constant(lang),
            fc.shuffledSubarray(DIRECTIONS[lang], { minLength: 1, maxLength: Math.min(3, DIRECTIONS[lang].length) }),
          ),
        ),
        fc.constantFrom(...HEADINGS),
        fc.constantFrom('\n', '\n\n', ' '),
        fc.boolean(),
        presentation,
        ([, sentences], heading, joiner, stop, shown) => {
          // On the same line, the list ends with a full stop (else the sentence is one more entry, as on the label).
          const end = stop || joiner === ' ' ? '.' : '';
          const copy = sentences
            .map((s) => (joiner === ' ' && !/[.!]$/.test(s) ? `${s}.` : s))
            .join(joiner === ' ' ? ' ' : '\n');
          const text = `${heading}${LATIN_LIST.join(', ')}${end}${joiner}${copy}`;
          const read = readAs(present(shown, text));
          expect(read.inputs).toEqual(LATIN_LIST);
          expect(read.unmatched).toEqual([]);
        },
      ),
      { seed: 4021, numRuns: 300 },
    );
  });

  it('are set aside after Korean and Japanese lists', () => {
    fc.assert(
      fc.property(
        fc.constantFrom([KOREAN, KOREAN_DIRECTIONS] as const, [JAPANESE, JAPANESE_DIRECTIONS] as const),
        fc.constantFrom('\n', '\n\n'),
        fc.nat(),
        presentation,
        ([list, directions], joiner, pick, shown) => {
          const text = `${list.list}${joiner}${directions[pick % directions.length]}`;
          const read = readAs(present(shown, text));
          expect(read.inputs).toEqual(list.names);
        },
      ),
      { seed: 4022, numRuns: 100 },
    );
  });

  it('keep what they say readable: the set-aside text holds each sentence', () => {
    const text = `Ingredients: ${LATIN_LIST.join(', ')}\nApply to clean skin morning and evening.\nAvoid contact with eyes.`;
    const a = analyze(text);
    expect(a.setAside.filter((s) => s.kind !== 'heading').map((s) => [s.kind, s.text])).toEqual([
      ['other', 'Apply to clean skin morning and evening.'],
      ['other', 'Avoid contact with eyes.'],
    ]);
  });
});

describe('copy after the list behind a bullet with no cue', () => {
  it('never runs into the last entry and is never an entry', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...HEADINGS),
        fc.constantFrom(...BULLETS),
        fc.shuffledSubarray(COPY, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('\n', '\n\n'),
        fc.boolean(),
        presentation,
        (heading, bullet, copy, joiner, stop, shown) => {
          const text = `${heading}${LATIN_LIST.join(', ')}${stop ? '.' : ''}${joiner}${copy.map((c) => `${bullet}${c}`).join('\n')}`;
          const read = readAs(present(shown, text));
          expect(read.inputs).toEqual(LATIN_LIST);
          expect(read.unmatched).toEqual([]);
        },
      ),
      { seed: 4023, numRuns: 300 },
    );
  });
});

describe('what stays an entry', () => {
  it('a list printed one name a line behind bullets', () => {
    for (const bullet of ['- ', '• ', '* '])
      expect(readAs(`Ingredients:\n${LATIN_LIST.map((n) => `${bullet}${n}`).join('\n')}`).inputs).toEqual(LATIN_LIST);
  });

  it('a "may contain" line, and a strength printed in a bullet after the list', () => {
    const mayContain = analyze(`Ingredients: ${LATIN_LIST.join(', ')}\n+/- May contain: CI 77491, CI 77891`);
    expect(mayContain.entries.filter((e) => e.mayContain).map((e) => e.input)).toEqual(['CI 77491', 'CI 77891']);
    const strength = analyze(`Ingredients: ${LATIN_LIST.join(', ')}\n• Niacinamide 10%: evens the tone`);
    expect(strength.entries.map((e) => e.input)).toEqual(LATIN_LIST);
    expect(strength.entries.find((e) => e.input === 'Niacinamide')?.concentration).toBe('10%');
  });
});
