import { describe, expect, it } from '@jest/globals';
import { RULES } from '../src/modules/analysis/engine/rules.js';
import {
  LIST_CAUTIONS,
  SKIN_TYPES,
  evaluateSkinTypes,
  type SkinIngredient,
} from '../src/modules/analysis/engine/skin-types.js';
import { CONCERN_GOALS } from '../src/modules/analysis/engine/personalize.js';
import { readYaml } from '../src/modules/knowledge/yaml-data.js';
import { ingredientRow, loadIngredientRecords } from '../src/seeders/knowledge-base.js';

interface Table {
  flags: Record<string, { means: string; source: string }>;
  rating_scales: Record<string, { scale: string; source: string }>;
  rating_sources: Record<string, string>;
  rules: Record<string, { source: string }>;
  skin_type_criteria: Record<string, { source: string }>;
  concern_goals: Record<string, { source: string }>;
  pregnancy_sources: Record<string, string>;
  pregnancy_cautions: Record<string, string[]>;
  reef_sale_rules: Array<{ place: string; act: string; rule: string; filters: string[]; source: string }>;
}

const table = readYaml<Table>('flags-and-ratings.yaml');
const vocabulary = readYaml<{ flags: Record<string, string> }>('vocabulary.yaml');
const records = loadIngredientRecords();
const filled = (text: unknown) => typeof text === 'string' && text.trim().length > 10;

describe('the table of flags and ratings with their sources (data/flags-and-ratings.yaml)', () => {
  it('names a source for every flag of the vocabulary, and lists no flag the vocabulary lacks', () => {
    expect(Object.keys(table.flags).sort()).toEqual(Object.keys(vocabulary.flags).sort());
    for (const [flag, row] of Object.entries(table.flags))
      expect([flag, filled(row.source) && filled(row.means)]).toEqual([flag, true]);
  });

  it('names a source for every free-of rule, skin-type criterion and concern the engine can emit', () => {
    const missing = (ids: string[], rows: Record<string, { source: string }>) =>
      ids.filter((id) => !filled(rows[id]?.source));
    expect(
      missing(
        RULES.map((r) => r.rule),
        table.rules,
      ),
    ).toEqual([]);
    const criteria = [
      ...SKIN_TYPES.flatMap((p) => [...p.good, ...p.caution].map((c) => c.id)),
      ...LIST_CAUTIONS.map((l) => l.id),
    ];
    expect(new Set(criteria).size).toBe(criteria.length);
    expect(missing(criteria, table.skin_type_criteria)).toEqual([]);
    // No row for a criterion that no longer exists.
    expect(Object.keys(table.skin_type_criteria).filter((id) => !criteria.includes(id))).toEqual([]);
    expect(missing(Object.keys(CONCERN_GOALS), table.concern_goals)).toEqual([]);
  });

  it('cites a named source for every rating scale, and every ingredient rating cites one of them', () => {
    for (const scale of ['comedogenic', 'irritancy']) expect(filled(table.rating_scales[scale]?.source)).toBe(true);
    // The write paths and the data check read their list of sources from this table (loadRatingSources).
    expect(Object.keys(table.rating_sources).length).toBeGreaterThan(0);
    for (const text of Object.values(table.rating_sources)) expect(filled(text)).toBe(true);
    const uncited = records.filter(
      (r) =>
        (r.comedogenic != null || r.irritancy != null) && !(r.rating_source && table.rating_sources[r.rating_source]),
    );
    expect(uncited.map((r) => `${r.inci}: ${r.rating_source ?? 'no source'}`)).toEqual([]);
    // The uncited "community" tables are gone, and with them Algae Extract's comedogenic 5.
    expect(records.filter((r) => r.rating_source === 'community')).toEqual([]);
    expect(records.find((r) => r.inci === 'Algae Extract')?.comedogenic ?? null).toBeNull();
  });

  it('lists every pregnancy caution with a regulator or guideline, and nothing based on aromatherapy guidance', () => {
    const flagged = records
      .filter((r) => r.flags?.includes('pregnancy_caution'))
      .map((r) => r.inci)
      .sort();
    expect(flagged).toEqual(Object.keys(table.pregnancy_cautions).sort());
    for (const [inci, sources] of Object.entries(table.pregnancy_cautions)) {
      expect([inci, sources.length > 0 && sources.every((s) => filled(table.pregnancy_sources[s]))]).toEqual([
        inci,
        true,
      ]);
    }
    for (const inci of ['Rosmarinus Officinalis (Rosemary) Leaf Oil', 'Salvia Sclarea (Clary) Oil', 'Benzophenone-3'])
      expect(flagged).not.toContain(inci);
    expect(records.filter((r) => /aromatherapy guidance/i.test(r.description ?? '')).map((r) => r.inci)).toEqual([]);
  });

  it('flags exactly the UV filters a local sale rule names, each rule naming its place, act and source', () => {
    for (const rule of table.reef_sale_rules) {
      expect(
        rule.place.trim().length > 0 && filled(rule.act) && filled(rule.rule) && /https?:\/\//.test(rule.source),
      ).toBe(true);
    }
    const named = new Set(table.reef_sale_rules.flatMap((r) => r.filters));
    const flagged = records.filter((r) => r.flags?.includes('reef_concern')).map((r) => r.inci);
    expect(new Set(flagged)).toEqual(named);
    expect(named).toEqual(
      new Set(['Benzophenone-3', 'Ethylhexyl Methoxycinnamate', 'Octocrylene', '4-Methylbenzylidene Camphor']),
    );
    const places = table.reef_sale_rules.map((r) => r.place).join(' | ');
    expect(places).toMatch(/Hawaii/);
    expect(places).toMatch(/US Virgin Islands/);
    expect(places).toMatch(/Palau/);
    expect(places).toMatch(/Maui/);
  });

  it('never makes one ingredient of the base both a caution and a plus for the same skin type', () => {
    const rows: SkinIngredient[] = records.map((r) => ({ ...ingredientRow(r), id: r.inci }));
    const both: string[] = [];
    for (const ingredient of rows) {
      for (const result of evaluateSkinTypes([ingredient])) {
        if (result.good.length && result.caution.length) both.push(`${result.skinType}: ${ingredient.name}`);
      }
    }
    expect(both).toEqual([]);
  });
});
