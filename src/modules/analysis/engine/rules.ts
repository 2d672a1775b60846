// "Free of" rules over an analysed list: each passes or names the ingredients that break it.
// Pure: plain data in, plain data out. The labels promise no more than the flags behind them: each
// flag's source is in data/flags-and-ratings.yaml (a test checks every rule and flag is there).

export interface RuleIngredient {
  id: string;
  flags: string[];
  groups: string[];
}

export interface RuleDefinition {
  rule: string;
  label: string;
  /** The flags any of which breaks the rule. */
  brokenBy: string[];
}

export const RULES: RuleDefinition[] = [
  { rule: 'fragrance_free', label: 'Fragrance-free', brokenBy: ['fragrance', 'essential_oil'] },
  { rule: 'alcohol_free', label: 'Free of drying alcohols', brokenBy: ['drying_alcohol'] },
  { rule: 'silicone_free', label: 'Silicone-free', brokenBy: ['silicone'] },
  { rule: 'paraben_free', label: 'Paraben-free', brokenBy: ['paraben'] },
  { rule: 'sulfate_free', label: 'Sulfate-free', brokenBy: ['sulfate'] },
  { rule: 'essential_oil_free', label: 'Essential-oil-free', brokenBy: ['essential_oil'] },
  {
    rule: 'fungal_acne_safe',
    label: 'No ingredient known to feed Malassezia in vitro',
    brokenBy: ['fungal_acne_trigger'],
  },
  { rule: 'eu_allergen_free', label: 'Free of the EU fragrance allergens', brokenBy: ['eu_allergen'] },
  {
    rule: 'eu_allergen_2023_free',
    label: 'Free of the fragrance allergens added by Regulation (EU) 2023/1545',
    brokenBy: ['eu_allergen_2023'],
  },
  {
    rule: 'eu_permitted',
    label: 'Nothing prohibited in EU cosmetics or in this kind of product, and only UV filters the EU permits',
    brokenBy: ['eu_prohibited', 'eu_not_permitted_here', 'eu_uv_filter_not_permitted'],
  },
  { rule: 'formaldehyde_releaser_free', label: 'Free of formaldehyde releasers', brokenBy: ['formaldehyde_releaser'] },
  {
    rule: 'pregnancy_safe',
    label: 'No ingredient a regulator or clinical guideline advises against in pregnancy, at the amount it is here',
    brokenBy: ['pregnancy_caution'],
  },
  {
    rule: 'reef_safe',
    label: 'No UV filter named by a local reef sale rule (Hawaii, US Virgin Islands, Palau, Maui and Hawaii counties)',
    brokenBy: ['reef_concern'],
  },
];

/** The contract's `free_of` words, mapped to the flags they exclude. */
export const FREE_OF_FLAGS: Record<string, string[]> = {
  fragrance: ['fragrance'],
  alcohol: ['drying_alcohol'],
  silicones: ['silicone'],
  parabens: ['paraben'],
  sulfates: ['sulfate'],
  essential_oils: ['essential_oil'],
  fungal_acne_triggers: ['fungal_acne_trigger'],
  eu_allergens: ['eu_allergen'],
  formaldehyde_releasers: ['formaldehyde_releaser'],
  reef_concerns: ['reef_concern'],
  pregnancy_cautions: ['pregnancy_caution'],
};

/**
 * passes: nothing on the list breaks the rule and all of it was read; fails: an ingredient breaks it; unknown:
 * nothing read breaks it, but part of the list could not be read, and that part may.
 */
export type RuleOutcome = 'passes' | 'fails' | 'unknown';

export interface RuleVerdict<I> {
  rule: string;
  label: string;
  /** True only when the rule is known to hold (outcome passes). */
  passes: boolean;
  outcome: RuleOutcome;
  /** The ingredients that break it, in label order. */
  ingredients: I[];
  /** Some of the list could not be read: what we could not read may break the rule, so it does not pass. */
  unread: boolean;
}

/** `unread`: some of the list could not be read (words run together holding a name we do not know). */
export function evaluateRules<I extends RuleIngredient>(
  ingredients: I[],
  { unread = false }: { unread?: boolean } = {},
): RuleVerdict<I>[] {
  return RULES.map(({ rule, label, brokenBy }) => {
    const breaking = ingredients.filter((i) => i.flags.some((f) => brokenBy.includes(f)));
    const outcome: RuleOutcome = breaking.length ? 'fails' : unread ? 'unknown' : 'passes';
    return { rule, label, passes: outcome === 'passes', outcome, ingredients: breaking, unread };
  });
}
