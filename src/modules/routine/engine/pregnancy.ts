// A routine read for its owner who is pregnant, trying to conceive or breastfeeding (the skin profile's `pregnant`,
// which the intake survey sets for all three): each step product holding an ingredient advised against in pregnancy
// at the amount it has there is named, as the personal check of one product names it an avoid
// (analysis/engine/personalize.ts). Pure: the steps' ingredients, with the flags the product's reading gives them.
import type { EngineStep, Finding } from './compatibility.js';

export const PREGNANCY_RULE = 'pregnancy_avoid';

/** The pregnancy-caution flag's authority, as data/flags-and-ratings.yaml words it. */
const REFERENCE =
  'data/flags-and-ratings.yaml, pregnancy_cautions: advised against in pregnancy by a regulator or a clinical ' +
  "guideline, weighed by the ingredient's dose in the product (engine/dose.ts).";

/** One high finding per step whose product raises pregnancy_caution, in step order. */
export function pregnancyFindings(steps: EngineStep[]): Finding[] {
  return [...steps]
    .sort((a, b) => a.position - b.position)
    .flatMap((step): Finding[] => {
      const flagged = (step.product?.ingredients ?? []).filter((i) => i.flags.includes('pregnancy_caution'));
      if (!flagged.length) return [];
      const unique = [...new Map(flagged.map((i) => [i.id, i])).values()];
      const product = step.product?.name ? `“${step.product.name}”` : 'The product';
      return [
        {
          rule: PREGNANCY_RULE,
          severity: 'high',
          title: 'Avoid during pregnancy',
          reason:
            `${product} at step ${step.position} (${step.stepType}) holds ${unique.map((i) => i.name).join(', ')}, ` +
            'advised against during pregnancy at the amount it has there. Your profile says you are pregnant, ' +
            'trying to conceive or breastfeeding: leave it out, or ask your doctor or midwife.',
          reference: REFERENCE,
          steps: [{ id: step.id, position: step.position, stepType: step.stepType }],
          ingredients: unique.map((i) => ({ id: i.id, alias: i.alias, name: i.name })),
        },
      ];
    });
}
