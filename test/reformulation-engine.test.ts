// The reformulation watch's pure engines on plain data: the list diff and who a change touches.
import { estimateConcentrations } from '../src/modules/analysis/engine/concentration.js';
import { impactOf, type PersonView } from '../src/modules/reformulation/engine/impact.js';
import { diffIngredientLists, type VersionEntry } from '../src/modules/reformulation/engine/list-diff.js';

/** Entries from names; `id` is the ingredient (a synonym gives the same id); `*` marks an entry at most 1 %. */
const list = (...items: Array<string | [string, string | null]>): VersionEntry[] =>
  items.map((item, i) => {
    const [input, id] = typeof item === 'string' ? [item, item.replace('*', '').toLowerCase()] : item;
    return {
      position: i + 1,
      input: input.replace('*', ''),
      ingredientId: id === null ? null : id.replace('*', ''),
      belowOnePercent: input.endsWith('*'),
    };
  });

const ids = (entries: Array<{ ingredientId: string | null; input: string }>) =>
  entries.map((e) => e.ingredientId ?? e.input);

describe('diffIngredientLists', () => {
  it('says two identical lists are identical', () => {
    const a = list('Water', 'Glycerin', 'Niacinamide', 'Phenoxyethanol*');
    const diff = diffIngredientLists(a, list('Water', 'Glycerin', 'Niacinamide', 'Phenoxyethanol*'));
    expect(diff).toEqual({ identical: true, added: [], removed: [], moved: [], crossedOnePercent: [] });
  });

  it('a reorder only: the entry that moved, with its direction, and nothing added or removed', () => {
    const diff = diffIngredientLists(
      list('Water', 'Glycerin', 'Squalane', 'Niacinamide'),
      list('Water', 'Niacinamide', 'Glycerin', 'Squalane'),
    );
    expect(diff.added).toEqual([]);
    expect(diff.removed).toEqual([]);
    expect(ids(diff.moved)).toEqual(['niacinamide']);
    expect(diff.moved[0]).toMatchObject({ direction: 'up', from: { position: 4 }, to: { position: 2 } });
    expect(diff.identical).toBe(false);
  });

  it('an added entry does not make everything below it "moved"; a removed one neither', () => {
    const diff = diffIngredientLists(
      list('Water', 'Glycerin', 'Squalane', 'Tocopherol'),
      list('Water', 'Fragrance', 'Glycerin', 'Tocopherol'),
    );
    expect(ids(diff.added)).toEqual(['fragrance']);
    expect(diff.added[0]).toMatchObject({ from: null, to: { position: 2 } });
    expect(ids(diff.removed)).toEqual(['squalane']);
    expect(diff.removed[0]).toMatchObject({ from: { position: 3 }, to: null });
    expect(diff.moved).toEqual([]);
  });

  it('a renamed entry matched to the same ingredient is no change (Aqua → Water)', () => {
    const diff = diffIngredientLists(
      list(['Aqua', 'water'], 'Glycerin', ['Vitamin E', 'tocopherol']),
      list(['Water', 'water'], 'Glycerin', ['Tocopherol', 'tocopherol']),
    );
    expect(diff.identical).toBe(true);
  });

  it('unmatched entries are compared by their text, whatever the case and spaces', () => {
    const diff = diffIngredientLists(
      list(['Secret  Extract', null], 'Water'),
      list(['secret extract', null], 'Water', ['New Thing', null]),
    );
    expect(ids(diff.added)).toEqual(['New Thing']);
    expect(diff.removed).toEqual([]);
    expect(diff.added[0].ingredientId).toBeNull();
  });

  it('an entry that crosses the 1% line downwards (now at most 1%)', () => {
    const diff = diffIngredientLists(
      list('Water', 'Niacinamide', 'Phenoxyethanol*', 'Panthenol*'),
      list('Water', 'Phenoxyethanol*', 'Niacinamide*', 'Panthenol*'),
    );
    expect(ids(diff.crossedOnePercent)).toEqual(['niacinamide']);
    expect(diff.crossedOnePercent[0]).toMatchObject({
      direction: 'down',
      from: { belowOnePercent: false },
      to: { belowOnePercent: true },
    });
  });

  it("an entry that crosses the 1% line upwards (there can be more than 1% now), from the analysis' own estimate", () => {
    // The estimate draws the line after an entry printed at 1% or less (here "0.5%"), as for any analysis.
    const read = (names: string[], printed: Record<string, string>) => {
      const estimates = estimateConcentrations(
        names.map((name, i) => ({ position: i + 1, name, concentration: printed[name] ?? null, mayContain: false })),
      );
      return names.map(
        (name, i): VersionEntry => ({
          position: i + 1,
          input: name,
          ingredientId: name.toLowerCase(),
          belowOnePercent: estimates[i].max <= 1,
        }),
      );
    };
    const before = read(['Water', 'Glycerin', 'Salicylic Acid', 'Panthenol', 'Allantoin'], {
      'Salicylic Acid': '0.5%',
    });
    const after = read(['Water', 'Glycerin', 'Panthenol', 'Salicylic Acid', 'Allantoin'], { 'Salicylic Acid': '0.5%' });
    expect(before.map((e) => e.belowOnePercent)).toEqual([false, false, true, true, true]);
    const diff = diffIngredientLists(before, after);
    expect(ids(diff.crossedOnePercent)).toEqual(['panthenol']);
    expect(diff.crossedOnePercent[0].direction).toBe('up');
    // Two neighbours swapped: one of them is the one that "moved" (either reading is right).
    expect(diff.moved).toHaveLength(1);
  });
});

describe('impactOf', () => {
  const nobody: PersonView = {
    negative: new Set(),
    positive: new Set(),
    cautionsBefore: [],
    cautionsAfter: [],
    clashesBefore: [],
    clashesAfter: [],
  };
  const name = (id: string) => id[0].toUpperCase() + id.slice(1);
  const diff = diffIngredientLists(
    list('Water', 'Glycerin', 'Squalane', 'Niacinamide', 'Phenoxyethanol*', 'Panthenol*'),
    list('Water', 'Panthenol', 'Glycerin', 'Niacinamide', 'Phenoxyethanol*', 'Fragrance*'),
  );

  it('touches nobody who feels nothing about what changed', () => {
    expect(impactOf(diff, nobody, name)).toEqual([]);
    expect(impactOf(diff, { ...nobody, negative: new Set(['water']), positive: new Set(['glycerin']) }, name)).toEqual(
      [],
    );
  });

  it('an added ingredient marked negative; a removed one marked positive; a negative one moved up', () => {
    const reasons = impactOf(
      diff,
      { ...nobody, negative: new Set(['fragrance', 'panthenol']), positive: new Set(['squalane']) },
      name,
    );
    expect(reasons.map((r) => [r.kind, r.ingredientId])).toEqual([
      ['negative_added', 'fragrance'],
      ['negative_moved_up', 'panthenol'],
      ['positive_removed', 'squalane'],
    ]);
    expect(reasons[1].message).toMatch(/Panthenol.*moved up/);
  });

  it('only new profile cautions and new routine clashes count', () => {
    const caution = { ingredientId: 'fragrance', basis: 'sensitive', reason: 'fragrance can irritate' };
    const clash = {
      routineId: 'r1',
      routineName: 'Evening',
      rule: 'retinoid_acid',
      title: 'Retinoid with acids',
      ingredientIds: ['retinol', 'glycolic-acid'],
    };
    expect(
      impactOf(
        diff,
        {
          ...nobody,
          cautionsBefore: [caution],
          cautionsAfter: [caution],
          clashesBefore: [clash],
          clashesAfter: [clash],
        },
        name,
      ),
    ).toEqual([]);
    const reasons = impactOf(diff, { ...nobody, cautionsAfter: [caution], clashesAfter: [clash] }, name);
    expect(reasons.map((r) => r.kind)).toEqual(['profile_caution', 'routine_clash']);
    expect(reasons[1]).toMatchObject({ routineId: 'r1' });
    expect(reasons[1].message).toContain('Evening');
  });
});
