// The EU's own annexes as the regulatory source, read as the law words each entry. Labels
// written for each class of the review; no database.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';
import { analyzeIngredientList } from '../src/modules/analysis/engine/analyze.js';
import {
  identifiedNames,
  readChemicalName,
  transitionOf,
  conditionsOf,
} from '../src/modules/analysis/engine/eu-annex-export.js';
import { IngredientMatcher } from '../src/modules/analysis/engine/match.js';
import { readList } from '../src/modules/analysis/engine/read-list.js';
import type { ProductType } from '../src/modules/analysis/engine/regulation.js';
import { ANNEX_DATA_FILE, buildAnnexData, loadAnnexData, REVIEW_FILE } from '../src/modules/analysis/eu-annex-data.js';
import { reviewPairs, reviewYaml } from '../scripts/eu-annex-review.js';
import { loadRegulation, regulationFrom } from '../src/modules/analysis/regulation-data.js';
import { dataDir } from '../src/modules/knowledge/yaml-data.js';
import { slugify } from '../src/modules/shared/ids.js';
import { ingredientRow, loadIngredientRecords } from '../src/seeders/knowledge-base.js';

const rows = loadIngredientRecords().map((r) => ({ ...ingredientRow(r), id: r.alias ?? slugify(r.inci) }));
const byId = new Map(rows.map((r) => [r.id, r]));
const matcher = new IngredientMatcher(rows);
const regulation = loadRegulation();

const read = (text: string, productType?: ProductType) => {
  const analysis = analyzeIngredientList(text, matcher);
  return readList(
    analysis.entries.map((e) => ({ ...e, ingredient: e.ingredientId ? byId.get(e.ingredientId)! : null })),
    regulation,
    productType,
  );
};
const alertsOf = (text: string, productType?: ProductType) =>
  read(text, productType).alerts.map((a) => `${a.input}: ${a.message}`);
const CREAM = 'Aqua, Glycerin, Cetearyl Alcohol, Glyceryl Stearate, Caprylic/Capric Triglyceride';

describe('the export read as data', () => {
  it('keys every entry by annex, reference number and row; repeated numbers and moved rows kept', () => {
    const data = loadAnnexData();
    expect(data.source).toBe('Source: European Commission, CosIng database');
    expect(data.exports.map((e) => e.lastUpdate)).toEqual(Array(5).fill('2025-10-31'));
    const ids = data.entries.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['III/196', 'III/196#2', 'II/1371', 'V/57', 'VI/3', 'IV/142']));
    expect(data.entries.find((e) => e.id === 'II/80')).toMatchObject({ deleted: true, ownNames: [] });
    const mi = data.entries.find((e) => e.id === 'V/57')!;
    // The export puts "Rinse-off products" in the maximum column.
    expect(mi.conditions).toEqual([expect.objectContaining({ maxPercent: 0.0015, appliesTo: 'rinse_off' })]);
    expect(mi.regulation).toBe('(EU) 2017/1224');
    const retinol = data.entries.find((e) => e.id === 'III/376')!;
    expect(retinol.transition).toEqual({ notPlacedFrom: '2025-11-01', notAvailableFrom: '2027-05-01' });
    expect(retinol.warnings).toMatch(/Contains Vitamin A/);
    expect(retinol.sccsOpinions.length).toBeGreaterThan(0);
    expect(data.entries.find((e) => e.id === 'III/98')!.conditions.map((c) => [c.maxPercent, c.appliesTo])).toEqual([
      [3, 'specific'],
      [2, 'any'],
      [0.5, 'specific'],
    ]);
  });

  it('keeps commas inside identified names, reads chemical names and transition sentences', () => {
    const known = new Set(['CITRUS PARADISI, X C. RETICULATA PEEL EXTRACT']);
    expect(
      identifiedNames('TOLUENE-2,6-DIAMINE,CITRUS PARADISI, X C. RETICULATA PEEL EXTRACT,PETROLATUM', (n) =>
        known.has(n),
      ),
    ).toEqual(['TOLUENE-2,6-DIAMINE', 'CITRUS PARADISI, X C. RETICULATA PEEL EXTRACT', 'PETROLATUM']);
    expect(
      readChemicalName('1,4-Dihydroxybenzene (Hydroquinone), with the exception of entry 14 in Annex III'),
    ).toMatchObject({
      names: expect.arrayContaining(['Hydroquinone']),
      qualifier: 'with the exception of entry 14 in Annex III',
      exceptEntry: { annex: 'III', ref: '14' },
    });
    expect(readChemicalName('Colloidal silver (nano) [INCI]')).toMatchObject({
      names: ['Colloidal silver'],
      nano: true,
      qualifier: '(nano)',
    });
    expect(readChemicalName('Tretinoin (INN) (retinoic acid and its salts)').names).toEqual(
      expect.arrayContaining(['Tretinoin', 'retinoic acid']),
    );
    expect(
      transitionOf(
        'Cosmetic products … may … be placed on the Union market until 31 December 2024 and … continue to be made available on the Union market until 31 October 2025.',
      ),
    ).toEqual({ notPlacedFrom: '2025-01-01', notAvailableFrom: '2025-11-01' });
    expect(
      conditionsOf(
        'a) Rinse-off products, except oral care products b) Oral care products c) Leave-on products',
        'a) 2.5% (acid) b) 1.7% (acid) c) 0.5% (acid)',
      ).map((c) => c.appliesTo),
    ).toEqual(['rinse_off', 'specific', 'leave_on']);
  });

  it('the shipped facts and review file are what `npm run data:eu-annexes` builds from the shipped exports', () => {
    const texts = Object.fromEntries(
      ['II', 'III', 'IV', 'V', 'VI'].map((a) => [
        a,
        readFileSync(join(dataDir, 'eu', `COSING_Annex_${a}_v2.txt`), 'utf8'),
      ]),
    );
    const fresh = buildAnnexData(texts);
    expect(JSON.parse(readFileSync(join(dataDir, ANNEX_DATA_FILE), 'utf8'))).toEqual(fresh);
    expect(readFileSync(join(dataDir, REVIEW_FILE), 'utf8')).toBe(reviewYaml(reviewPairs(regulationFrom(fresh))));
    const pairs = YAML.parse(readFileSync(join(dataDir, REVIEW_FILE), 'utf8')) as Array<{
      entry: string;
      name: string;
    }>;
    expect(pairs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ entry: 'II/1388', name: 'CYCLOMETHICONE' }),
        expect.objectContaining({ entry: 'II/358', name: 'CITRUS LIMON PEEL OIL' }),
        expect.objectContaining({ entry: 'II/1727', name: 'CI 77820' }),
        expect.objectContaining({ entry: 'II/904', name: 'PETROLATUM' }),
      ]),
    );
  });
});

describe('an entry read as the law words it', () => {
  it('alerts for substances Annex II prohibits outright, naming annex and reference', () => {
    expect(alertsOf(`${CREAM}, Phytonadione`)).toEqual([
      expect.stringMatching(/^Phytonadione: Phytonadione is not allowed in EU cosmetics: Annex II .*Annex II\/1371/),
    ]);
    expect(alertsOf(`${CREAM}, Quaternium-15`).join()).toMatch(/Annex II\/1386/);
    expect(alertsOf(`${CREAM}, Cyclotetrasiloxane`).join()).toMatch(/Annex II\/1388/);
    expect(alertsOf(`${CREAM}, Tretinoin`).join()).toMatch(/Annex II\/375/);
    expect(read(`${CREAM}, Phytonadione`).entries.at(-1)!.flags).toContain('eu_prohibited');
  });

  it('evaluates an exception it can: hydroquinone in a cream is prohibited (Annex II/1339 except Annex III/14, nail systems)', () => {
    const cream = read(`${CREAM}, Hydroquinone`);
    expect(cream.alerts.map((a) => a.message).join()).toMatch(
      /Hydroquinone is not allowed in EU cosmetics: .*II\/1339.*with the exception of entry 14 in Annex III/,
    );
    expect(cream.entries.at(-1)!.flags).toContain('eu_prohibited');
  });

  it('gives a note, never a prohibition, for names an entry only may concern', () => {
    for (const name of ['Cyclomethicone', 'Petrolatum', 'Citrus Limon (Lemon) Peel Oil', 'CI 77820']) {
      const reading = read(`${CREAM}, ${name}`);
      expect(reading.alerts).toEqual([]);
      const last = reading.entries.at(-1)!;
      expect(last.flags).not.toContain('eu_prohibited');
      expect(last.regulation.filter((r) => r.annex === 'II').every((r) => r.relation === 'may_concern')).toBe(true);
      expect(last.notes.join(' ')).toMatch(/not a prohibition .*Annex II\/\d+/);
    }
    const gold = {
      id: 'colloidal-gold',
      name: 'Colloidal Gold',
      otherNames: [],
      casNumber: '7440-57-5',
      flags: [],
      groups: [],
      effects: [],
      functions: [],
      comedogenic: null,
      irritancy: null,
    };
    const entry = (nano: boolean) => ({
      position: 6,
      input: nano ? 'Colloidal Gold (nano)' : 'Colloidal Gold',
      concentration: null,
      mayContain: false,
      nano,
      ingredient: gold,
    });
    expect(readList([entry(false)], regulation, 'leave_on').alerts).toEqual([]);
    expect(
      readList([entry(true)], regulation, 'leave_on')
        .alerts.map((a) => a.message)
        .join(),
    ).toMatch(/not allowed in EU cosmetics: .*II\/1728/);
  });

  it('reads a curated member of a class entry as the entry own substance, with the reason, and nothing else the column names', () => {
    const known = (name: string) => ({
      id: slugify(name),
      name,
      otherNames: [],
      flags: [],
      groups: [],
      effects: [],
      functions: [],
      comedogenic: null,
      irritancy: null,
    });
    const entry = (name: string) => ({
      position: 6,
      input: name,
      concentration: null,
      mayContain: false,
      nano: false,
      ingredient: known(name),
    });
    const paba = readList([entry('Ethyl PABA')], regulation, 'leave_on');
    expect(paba.alerts.map((a) => a.message).join()).toMatch(/Ethyl PABA is not allowed in EU cosmetics: .*II\/167/);
    expect(paba.entries[0].regulation.find((r) => r.annex === 'II')).toMatchObject({ relation: 'substance' });
    expect(regulation.matchesFor(known('Ethyl PABA'))).toContainEqual(
      expect.objectContaining({ basis: 'promoted', reason: expect.stringMatching(/free amino group/) }),
    );
    // The same entry's "identified" column also names a cell-culture medium: still only a note.
    const medium = readList([entry('Defined Cell Culture Media')], regulation, 'leave_on');
    expect(medium.alerts).toEqual([]);
    expect(medium.entries[0].flags).not.toContain('eu_prohibited');
    // A qualifier the label cannot settle keeps a class member a note, so the curated file lists none.
    const promoted = YAML.parse(readFileSync(join(dataDir, 'eu/promotions.yaml'), 'utf8')) as Array<{ entry: string }>;
    const byEntry = new Map(loadAnnexData().entries.map((e) => [`${e.annex}/${e.ref}`, e]));
    for (const p of promoted) expect([p.entry, byEntry.get(p.entry)?.qualifier ?? null]).toEqual([p.entry, null]);
  });
});

describe('alerts that say what the law says, and whose law', () => {
  it('MI in a leave-on product: Annex V/57 allows it in rinse-off products only; unknown type gives the reading it depends on', () => {
    expect(alertsOf(`${CREAM}, Methylisothiazolinone`).join()).toMatch(
      /Methylisothiazolinone is allowed in EU cosmetics only in .*rinse-off.*Annex V\/57 .*\(EU\) 2017\/1224/i,
    );
    expect(alertsOf('Aqua, Sodium Laureth Sulfate, Cocamidopropyl Betaine, Methylisothiazolinone')).toEqual([]);
    const unknown = alertsOf('Aqua, Methylisothiazolinone');
    expect(unknown.join()).toMatch(
      /not allowed in EU leave-on products: .*V\/57.*does not say whether the product is rinsed off/,
    );
  });

  it('triclosan in a face mask: outside the product types of Annex V/25', () => {
    expect(alertsOf('Aqua, Kaolin, Glycerin, Bentonite, Triclosan', 'leave_on').join()).toMatch(
      /Triclosan is allowed in EU cosmetics only in Toothpastes; Hand soaps.*Annex V\/25/,
    );
  });

  it('a US sunscreen with 10% homosalate is over the EU maximum, not "illegal"', () => {
    const messages = alertsOf('Homosalate 10%, Octisalate 5%, Avobenzone 3%, Aqua, Glycerin', 'leave_on');
    expect(messages.join()).toMatch(/Homosalate is printed at 10%, over the EU maximum of 7.34% .*Annex VI\/3/);
    expect(messages.join()).not.toMatch(/illegal/i);
  });

  it('shows the retinol warning and transition dates of Annex III/376', () => {
    const notes = read(`${CREAM}, Retinol`).entries.at(-1)!.notes.join(' ');
    expect(notes).toMatch(/Contains Vitamin A/);
    expect(notes).toMatch(
      /may not be placed on the EU market from 2025-11-01, and may not be made available from 2027-05-01/,
    );
  });

  it('keeps the Annex V preamble on formaldehyde releasers beside the export', () => {
    expect(read(`${CREAM}, DMDM Hydantoin`).entries.at(-1)!.notes.join(' ')).toMatch(
      /releases formaldehyde.*2022\/1181/,
    );
  });
});

describe('a sensitiser flag for recognised contact allergens', () => {
  it('flags MI, MCI/MI and formaldehyde releasers with their sources, and counts them for sensitive skin', async () => {
    const { evaluateSkinTypes } = await import('../src/modules/analysis/engine/skin-types.js');
    const wash = read(
      'Aqua, Sodium Laureth Sulfate, Cocamidopropyl Betaine, Methylchloroisothiazolinone, Methylisothiazolinone',
    );
    for (const name of ['Methylchloroisothiazolinone', 'Methylisothiazolinone']) {
      const e = wash.entries.find((x) => x.dosed?.name === name)!;
      expect(e.flags).toContain('sensitiser');
      expect(e.notes.join(' ')).toMatch(/recognised contact allergen \(.*European baseline series/);
    }
    expect(read(`${CREAM}, DMDM Hydantoin`).entries.at(-1)!.flags).toContain('sensitiser');
    expect(read(`${CREAM}, Phenoxyethanol`).entries.at(-1)!.flags).not.toContain('sensitiser');
    const sensitive = evaluateSkinTypes(wash.entries.flatMap((e) => (e.dosed ? [e.dosed] : []))).find(
      (s) => s.skinType === 'sensitive',
    )!;
    expect(sensitive.verdict).not.toBe('good');
    expect(JSON.stringify(sensitive)).toMatch(/recognised contact allergen/);
  });
});

describe('the long tail of real spelling', () => {
  const match = (input: string) => matcher.matchEntry({ input });
  it('reads two slips in a long word, a name cut short when one ingredient fits, and essential oils by their common names', () => {
    expect(match('Methylchloroisothiazollinonne')).toEqual({
      match: 'fuzzy',
      ingredientId: 'methylchloroisothiazolinone',
    });
    expect(match('Hydroxyisohexyl 3-Cyclohexene')).toEqual({
      match: 'fuzzy',
      ingredientId: 'hydroxyisohexyl-3-cyclohexene-carboxaldehyde',
    });
    expect(match('Tangerine Oil').ingredientId).toBe('citrus-reticulata-tangerine-peel-oil');
    expect(match('Citrus Aurantium Amara (Bitter Orange) Oil').ingredientId).toBe(
      'citrus-aurantium-amara-bitter-orange-peel-oil',
    );
    // HICC cut short on the label is still prohibited.
    expect(alertsOf(`${CREAM}, Hydroxyisohexyl 3-Cyclohexene`).join()).toMatch(
      /not allowed in EU cosmetics: .*II\/1380/,
    );
  });

  it('never changes a digit, an isomer letter or a short word', () => {
    const known = new IngredientMatcher([
      { id: 'ppd', name: 'p-Phenylenediamine Sulfate', otherNames: [] },
      { id: 'tea', name: 'TEA-Lauryl Sulfate', otherNames: [] },
      { id: 'mci', name: 'Methylchloroisothiazolinone', otherNames: [] },
    ]);
    expect(known.matchEntry({ input: 'm-Phenylenediamine Sulfate' }).match).toBe('none');
    expect(known.matchEntry({ input: 'DEA-Lauryl Sulfate' }).match).toBe('none');
    expect(known.matchEntry({ input: 'Methylchloroisothiazollinonne' })).toEqual({
      match: 'fuzzy',
      ingredientId: 'mci',
    });
    expect(match('Methylchloroisothiazolinone 2').match).toBe('none');
    // A complete name printed is not read as a cut one.
    expect(match('Citrus Aurantium Dulcis Peel Oil Xyz').match).toBe('none');
  });
});

describe('flags that hold in any list', () => {
  it('raise no restricted flag for an Annex III entry about a use a list cannot show (CI 42090 as a hair dye), and no static prohibition for a conditional one', () => {
    expect(regulation.flagsFor({ name: 'CI 42090', otherNames: [] })).not.toContain('eu_restricted');
    expect(regulation.flagsFor({ name: 'Salicylic Acid', otherNames: [] })).toContain('eu_restricted');
    expect(regulation.flagsFor({ name: 'Hydroquinone', otherNames: [] })).not.toContain('eu_prohibited');
    expect(regulation.flagsFor({ name: 'Phytonadione', otherNames: [] })).toContain('eu_prohibited');
  });
});
