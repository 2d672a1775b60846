// Estimates that say what they assume (issue 40): an EU maximum bounds an amount outright only on a label known to
// be an EU one, else "if the product is EU-compliant"; a printed strength wins over every estimate; where the
// printed amounts show the label keeps neither to EU maxima nor to the order, the ranges widen rather than invent;
// a Drug Facts inactive list is read as alphabetical only when it is in alphabetical order.
//
// How the cases were chosen: the labels as families, each written as lists of plain entries the engine
// reads (a cap of each kind: one at or under 1 % that draws the 1 % line, one above 1 % that bounds what follows
// it; a printed amount under, at and over a cap, before and after it; printed amounts rising and falling), then
// properties over generated lists of those shapes (fast-check, fixed seeds) for what must hold whatever the list:
// a printed amount is the estimate; every EU-drawn bound names the market and its condition; removing the caps
// only widens; permuting an alphabetical inactive list changes no one's estimate. The read-level cases use the
// knowledge base as shipped (retinol, phenoxyethanol, a Drug Facts sunscreen).
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  type ConcentrationEstimate,
  type DoseEntry,
  estimateConcentrations,
  inAlphabeticalOrder,
  printedPercent,
} from '../src/modules/analysis/engine/concentration.js';
import { answer } from './helpers/answer-contradictions.js';

const plain = (name: string, position: number, extra: Partial<DoseEntry> = {}): DoseEntry => ({
  position,
  concentration: null,
  mayContain: false,
  name,
  ...extra,
});
const list = (...entries: Array<[string, Partial<DoseEntry>?]>): DoseEntry[] =>
  entries.map(([name, extra], i) => plain(name, i + 1, extra));
const PRESERVATIVE = { cap: { max: 1, source: 'Annex V/29' } };
const CAPPED_ACTIVE = { cap: { max: 2.6, source: 'Annex III/99' } };

describe('an EU maximum bounds an estimate as an assumption, naming its market', () => {
  it('on a label of unknown origin: "if the product is EU-compliant", the market named, the estimate marked', () => {
    const [, , capped, after] = estimateConcentrations(
      list(['Water'], ['Glycerin'], ['Capped Active', CAPPED_ACTIVE], ['Ascorbic Acid'], ['Xanthan Gum']),
    );
    expect(capped).toMatchObject({ max: 2.6, assumes: 'eu_compliant' });
    expect(capped.basis).toMatch(/^If the product is EU-compliant, at most 2.6% \(EU law: Annex III\/99\)/);
    expect(after).toMatchObject({ max: 2.6, assumes: 'eu_compliant' });
    expect(after.basis).toMatch(/at most 2.6% if the product is EU-compliant/);
  });

  it('behind a 1% line drawn by a cap: the line is an assumption too', () => {
    const estimates = estimateConcentrations(list(['Water'], ['Phenoxyethanol', PRESERVATIVE], ['Parfum']));
    expect(estimates[2]).toMatchObject({ max: 1, assumes: 'eu_compliant' });
    expect(estimates[2].basis).toMatch(/if the product is EU-compliant: Annex V\/29\), so behind the 1% line/);
  });

  it('on a label known to be an EU one: the same numbers, said outright', () => {
    const estimates = estimateConcentrations(
      list(
        ['Water'],
        ['Capped Active', CAPPED_ACTIVE],
        ['Ascorbic Acid'],
        ['Phenoxyethanol', PRESERVATIVE],
        ['Parfum'],
      ),
      { labelLaw: 'eu' },
    );
    expect(estimates.map((e) => e.max)).toEqual([100, 2.6, 2.6, 1, 1]);
    for (const e of estimates) {
      expect(e.assumes).toBeUndefined();
      expect(e.basis).not.toMatch(/if the product is EU-compliant/);
    }
    expect(estimates[1].basis).toMatch(/^EU law allows at most 2.6% \(Annex III\/99\)/);
  });

  it('a printed amount over its own EU maximum: the printed amount stands; the other caps stay assumptions', () => {
    const estimates = estimateConcentrations(
      list(
        ['Water'],
        ['Retinol', { concentration: '1%', cap: { max: 0.3, source: 'Annex III/376' } }],
        ['Glycerin'],
        ['Phenoxyethanol', PRESERVATIVE],
      ),
    );
    expect(estimates[1]).toEqual({ min: 1, max: 1, basis: 'Printed on the label: 1%.' });
    expect(estimates[3].max).toBe(1);
    expect(estimates[3].basis).not.toMatch(/EU law allows/);
  });

  it('a printed 15% after a capped entry: the printed strength stands, no "at most 2.6%" is drawn for anything', () => {
    const estimates = estimateConcentrations(
      list(
        ['Water'],
        ['Glycerin'],
        ['Capped Active', CAPPED_ACTIVE],
        ['Ascorbic Acid', { concentration: '15%' }],
        ['Tocopherol'],
      ),
    );
    expect(estimates[3]).toMatchObject({ min: 15, max: 15 });
    // The cap still bounds its own entry, as an assumption; the order (contradicted) bounds nothing.
    expect(estimates[2]).toMatchObject({ max: 2.6, assumes: 'eu_compliant' });
    for (const i of [0, 1, 4]) {
      expect(estimates[i]).toMatchObject({ min: 0, max: 85 });
      expect(estimates[i].assumes).toBeUndefined();
    }
  });
});

describe('printed amounts first; ranges widen rather than invent', () => {
  it('amounts printed out of descending order: the order bounds nothing, the printed total still does', () => {
    const estimates = estimateConcentrations(
      list(
        ['Water'],
        ['Niacinamide', { concentration: '2%' }],
        ['Glycerin'],
        ['Zinc PCA', { concentration: '5%' }],
        ['Carbomer'],
      ),
    );
    for (const i of [0, 2, 4]) {
      expect(estimates[i]).toMatchObject({ min: 0, max: 93 });
      expect(estimates[i].basis).toMatch(/printed .* add up to 7%/);
    }
  });

  const entryShape = fc.record({
    cap: fc.option(fc.constantFrom(0.1, 0.3, 1, 2.6, 5, 25), { nil: null }),
    printed: fc.option(fc.constantFrom('0.5%', '1%', '2%', '5%', '10%', '15%'), { nil: null }),
    mayContain: fc.boolean(),
  });
  const generated = fc.array(entryShape, { minLength: 1, maxLength: 30 }).map((shapes) =>
    shapes.map((s, i) =>
      plain(`Entry ${i + 1}`, i + 1, {
        concentration: s.printed,
        mayContain: s.mayContain && i > 0,
        cap: s.cap === null ? null : { max: s.cap, source: `Annex V/${i + 1}` },
      }),
    ),
  );
  const within = (inner: ConcentrationEstimate, outer: ConcentrationEstimate) =>
    inner.min >= outer.min - 1e-9 && inner.max <= outer.max + 1e-9;

  it('a printed amount is the estimate, whatever the caps and the order (property)', () => {
    fc.assert(
      fc.property(generated, fc.constantFrom<'eu' | null>('eu', null), (entries, labelLaw) => {
        const estimates = estimateConcentrations(entries, { labelLaw });
        entries.forEach((e, i) => {
          const p = printedPercent(e.concentration);
          if (p !== null && !e.mayContain) expect(estimates[i]).toMatchObject({ min: p, max: p });
          expect(estimates[i].min).toBeGreaterThanOrEqual(0);
          expect(estimates[i].min).toBeLessThanOrEqual(estimates[i].max);
          expect(estimates[i].max).toBeLessThanOrEqual(100);
        });
      }),
      { numRuns: 400, seed: 401 },
    );
  });

  it('on a label of unknown origin every bound EU law draws says "if the product is EU-compliant" (property)', () => {
    fc.assert(
      fc.property(generated, (entries) => {
        for (const e of estimateConcentrations(entries)) {
          if (/EU law:|by EU law|EU law allows/.test(e.basis))
            expect(e.basis).toMatch(/if the product is EU-compliant/i);
          if (e.assumes) expect(e.basis).toMatch(/if the product is EU-compliant/i);
        }
      }),
      { numRuns: 400, seed: 402 },
    );
  });

  it('taking the caps away only widens: a capped estimate lies within the uncapped one (metamorphic)', () => {
    fc.assert(
      fc.property(
        generated.map((entries) => entries.map((e) => ({ ...e, concentration: null }))),
        fc.constantFrom<'eu' | null>('eu', null),
        (entries, labelLaw) => {
          // A first entry capped below its equal share contradicts the order: there the order bounds nothing
          // (the case above), so the capped reading is the wider one.
          fc.pre(!entries[0].cap || entries[0].cap.max >= 100 / entries.length);
          const capped = estimateConcentrations(entries, { labelLaw });
          const uncapped = estimateConcentrations(
            entries.map((e) => ({ ...e, cap: null })),
            { labelLaw },
          );
          capped.forEach((e, i) => {
            expect(within(e, uncapped[i])).toBe(true);
          });
        },
      ),
      { numRuns: 400, seed: 403 },
    );
  });
});

describe('a Drug Facts inactive list: alphabetical only when it is in alphabetical order', () => {
  const actives = (): DoseEntry[] => [
    plain('Zinc Oxide', 1, { active: true, concentration: '7%' }),
    plain('Titanium Dioxide', 2, { active: true, concentration: '4%' }),
  ];
  const drugFacts = (inactive: Array<[string, Partial<DoseEntry>?]>) => [
    ...actives(),
    ...inactive.map(([name, extra], i) => plain(name, i + 3, extra)),
  ];

  it('alphabetical: no order bound, no 1% line; water is the base, the rest at most half of what the actives leave', () => {
    const estimates = estimateConcentrations(
      drugFacts([
        ['Aloe Barbadensis Leaf Juice'],
        ['Cetearyl Alcohol'],
        ['Glycerin'],
        ['Phenoxyethanol', PRESERVATIVE],
        ['Tocopherol'],
        ['Water'],
        ['Xanthan Gum'],
      ]),
    );
    const [aloe, cetearyl, glycerin, phenoxy, tocopherol, water, xanthan] = estimates.slice(2);
    for (const e of [aloe, cetearyl, glycerin, tocopherol, xanthan]) {
      expect(e).toMatchObject({ min: 0, max: 44.5 });
      expect(e.basis).toMatch(/listed alphabetically/);
    }
    // Phenoxyethanol is capped as an assumption; what follows it is not behind any line.
    expect(phenoxy).toMatchObject({ max: 1, assumes: 'eu_compliant' });
    expect(water.min).toBeCloseTo(89 / 7, 1);
    expect(water.max).toBe(89);
  });

  it('not alphabetical (water first): the order rule and the 1% line hold within the inactive list', () => {
    const estimates = estimateConcentrations(
      drugFacts([['Water'], ['Glycerin'], ['Cetearyl Alcohol'], ['Phenoxyethanol', PRESERVATIVE], ['Xanthan Gum']]),
    );
    const [water, glycerin, cetearyl, , xanthan] = estimates.slice(2);
    expect(water).toMatchObject({ min: 17.8, max: 89 });
    expect(glycerin.max).toBe(44.5);
    expect(cetearyl.max).toBe(29.7);
    expect(xanthan.max).toBe(1);
    expect(xanthan.basis).toMatch(/not in alphabetical order.*behind the 1% line/);
  });

  it('the order checked is the printed one: "Aqua" sorts under A though its ingredient is Water', () => {
    const estimates = estimateConcentrations(
      drugFacts([
        ['Aloe Barbadensis Leaf Juice', { printedAs: 'Aloe Barbadensis Leaf Juice' }],
        ['Water', { printedAs: 'Aqua' }],
        ['Glycerin', { printedAs: 'Glycerin' }],
        ['Xanthan Gum', { printedAs: 'Xanthan Gum' }],
      ]),
    );
    expect(estimates[2].basis).toMatch(/listed alphabetically/);
    expect(estimates[4]).toMatchObject({ min: 0, max: 44.5 });
  });

  it('an active printed without its amount: the inactive ones share at most what is left, and no lower bound', () => {
    const estimates = estimateConcentrations([
      plain('Avobenzone', 1, { active: true }),
      plain('Water', 2),
      plain('Glycerin', 3),
    ]);
    expect(estimates[1].min).toBe(0);
    expect(estimates[2].max).toBe(50);
  });

  it('the order is recognised as printed: sorted names are alphabetical, any list with one pair out of order is not', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[A-Z][a-z]{2,8}( [A-Z][a-z]{2,8})?$/), { minLength: 2, maxLength: 12 }),
        (names) => {
          const sorted = [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase(), 'en'));
          expect(inAlphabeticalOrder(sorted)).toBe(true);
          const swapped = [...sorted];
          [swapped[0], swapped[swapped.length - 1]] = [swapped[swapped.length - 1], swapped[0]];
          if (swapped[0].toLowerCase() !== sorted[0].toLowerCase()) expect(inAlphabeticalOrder(swapped)).toBe(false);
        },
      ),
      { numRuns: 300, seed: 404 },
    );
  });

  it('permuting an alphabetical inactive list and sorting it again changes no estimate (metamorphic)', () => {
    const names = ['Allantoin', 'Butylene Glycol', 'Dimethicone', 'Glycerin', 'Squalane', 'Water'];
    const byName = (entries: DoseEntry[]) => {
      const estimates = estimateConcentrations(entries);
      return new Map(entries.map((e, i) => [e.name, estimates[i]]));
    };
    const reference = byName(drugFacts(names.map((n) => [n])));
    fc.assert(
      fc.property(fc.shuffledSubarray(names, { minLength: names.length, maxLength: names.length }), (shuffled) => {
        const again = byName(drugFacts([...shuffled].sort().map((n) => [n])));
        for (const n of names) expect(again.get(n)).toEqual(reference.get(n));
      }),
      { numRuns: 50, seed: 405 },
    );
  });
});

describe('as the analysis reads a label (knowledge base as shipped)', () => {
  const entry = (text: string, input: string) => answer(text).reading.entries.find((e) => e.input === input)!;

  it('a cream printing retinol 1%: retinol is 1% as printed, never "at most 0.3%", and the EU maximum is an alert', () => {
    const text = 'Aqua, Retinol 1%, Glycerin, Dimethicone, Phenoxyethanol';
    const a = answer(text);
    expect(entry(text, 'Retinol').estimate).toMatchObject({ min: 1, max: 1 });
    const reasons = a.skin.flatMap((s) => s.caution.map((c) => c.reason));
    expect(reasons.join(' ')).toMatch(/retinoid \(1%, printed\)/);
    expect(reasons.join(' ')).not.toMatch(/0\.3%/);
    expect(a.reading.alerts.find((x) => x.input === 'Retinol')!.message).toMatch(/printed at 1%, over the EU maximum/);
  });

  it('retinol without a printed amount: "at most 0.3% if the product is EU-compliant"', () => {
    const a = answer('Aqua, Glycerin, Propylene Glycol, Retinol, Phenoxyethanol');
    const reasons = a.skin.flatMap((s) => s.caution.map((c) => c.reason)).join(' ');
    expect(reasons).toMatch(/retinoid \(at most 0.3% if the product is EU-compliant\)/);
  });
});
