// What an analysis answer must never say at once (issue 40): the statements the answer holds about each entry,
// checked against each other and against EU law as the answer itself reads it. Pure; used by the consistency
// property test and by the before/after count in its header.
import { analyzeIngredientList } from '../../src/modules/analysis/engine/analyze.js';
import { IngredientMatcher } from '../../src/modules/analysis/engine/match.js';
import { readList, type ReadList } from '../../src/modules/analysis/engine/read-list.js';
import type { ProductType } from '../../src/modules/analysis/engine/regulation.js';
import { evaluateRules } from '../../src/modules/analysis/engine/rules.js';
import { evaluateSkinTypes } from '../../src/modules/analysis/engine/skin-types.js';
import { loadRegulation } from '../../src/modules/analysis/regulation-data.js';
import { slugify } from '../../src/modules/shared/ids.js';
import { ingredientRow, loadIngredientRecords } from '../../src/seeders/knowledge-base.js';

export const rows = loadIngredientRecords().map((r) => ({ ...ingredientRow(r), id: r.alias ?? slugify(r.inci) }));
export type Row = (typeof rows)[number];
const byId = new Map(rows.map((r) => [r.id, r]));
export const matcher = new IngredientMatcher(rows);
export const regulation = loadRegulation();

/** The members of Fragrance Mix I and II (European baseline series: Wilkinson M. et al., Contact Dermatitis 80(1):1-4, 2019). */
export const FRAGRANCE_MIX =
  /^(?:cinnamyl alcohol|cinnamal|hydroxycitronellal|amyl cinnamal|geraniol|eugenol|isoeugenol|evernia prunastri (?:\(oakmoss\) )?extract|hydroxyisohexyl 3-cyclohexene carboxaldehyde|citral|farnesol|coumarin|citronellol|hexyl cinnamal)$/i;
const WEAK_RETINOID_ESTER = /^retinyl (?:palmitate|acetate|linoleate|propionate)$/i;
/** A plant material by its INCI shape: a Latin binomial with a part or preparation. */
const BOTANICAL =
  /^[A-Z][a-z]+ [a-z]+(?: [a-z]+)?\b.*\b(?:extract|oil|leaf|root|flower|seed|bark|fruit|juice|water|powder|wax|butter|resin)\b/i;
/** Botanicals with clinical acne evidence: tea tree oil (Bassett I.B. et al., Med J Aust 153(8):455-458, 1990; Enshaieh S. et al., Indian J Dermatol Venereol Leprol 73(1):22-25, 2007). */
const ACNE_EVIDENCE = /^melaleuca alternifolia/i;

export interface Answer {
  reading: ReadList<Row>;
  rules: ReturnType<typeof evaluateRules<NonNullable<ReadList<Row>['entries'][number]['dosed']>>>;
  skin: ReturnType<typeof evaluateSkinTypes<NonNullable<ReadList<Row>['entries'][number]['dosed']>>>;
}

export function answer(text: string, type: ProductType | null = null): Answer {
  const analysis = analyzeIngredientList(text, matcher);
  const reading = readList(
    analysis.entries.map((e) => ({ ...e, ingredient: e.ingredientId ? byId.get(e.ingredientId)! : null })),
    regulation,
    type,
    [],
    null,
    analysis.nameLine,
  );
  const dosed = reading.entries.flatMap((e) => (e.dosed ? [e.dosed] : []));
  return { reading, rules: evaluateRules(dosed, { unread: !!analysis.unread }), skin: evaluateSkinTypes(dosed) };
}

/** Every pair of statements of the answer that contradict each other, in words (empty: consistent). */
export function contradictions({ reading, rules, skin }: Answer): string[] {
  const found: string[] = [];
  // A conditional alert ("the list does not say whether the product is rinsed off") judges nothing.
  const notAllowed = reading.alerts.filter(
    (a) => /not allowed|allowed in EU cosmetics only in/.test(a.message) && !/the list does not say/.test(a.message),
  );
  const permitted = rules.find((r) => r.rule === 'eu_permitted');
  if (notAllowed.length && permitted?.passes)
    found.push(`eu_permitted passes but an alert says: ${notAllowed[0].message}`);
  for (const entry of reading.entries) {
    const i = entry.dosed;
    if (!i) continue;
    const name = i.name;
    const prohibited =
      entry.flags.includes('eu_prohibited') ||
      reading.alerts.some(
        (a) => a.position === entry.position && /not allowed in EU cosmetics: Annex II/.test(a.message),
      );
    const goods = skin.flatMap((s) =>
      s.good.filter((g) => g.ingredient === i).map((g) => `${s.skinType}: ${g.reason}`),
    );
    if (prohibited && goods.length) found.push(`${name}: prohibited in the EU yet good (${goods[0]})`);
    if (prohibited && entry.flags.some((f) => f === 'eu_allergen' || f === 'eu_allergen_2023'))
      found.push(`${name}: prohibited in the EU yet an allergen EU labels must declare`);
    const acne = goods.filter((g) => /proven acne active|fights acne/.test(g));
    if (acne.length && (WEAK_RETINOID_ESTER.test(name) || (BOTANICAL.test(name) && !ACNE_EVIDENCE.test(name))))
      found.push(`${name}: no acne evidence yet "${acne[0]}"`);
    if (i.functions.includes('perfuming') && !entry.flags.includes('fragrance'))
      found.push(`${name}: a perfuming function without the fragrance flag`);
    if (FRAGRANCE_MIX.test(name) && !entry.flags.includes('sensitiser'))
      found.push(`${name}: a Fragrance Mix member without the sensitiser flag`);
  }
  return found;
}
