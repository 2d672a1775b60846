// Which active serves which goal, in evidence order; in pregnancy the ones a guideline names as safe. Used to
// choose what to buy when no shelf product serves the person's first goal. Every row carries its source.
import type { ActiveKind } from './classify.js';

export interface GoalActives {
  actives: ActiveKind[];
  inPregnancy: ActiveKind[];
  source: string;
}

export const GOAL_ACTIVES: Record<string, GoalActives> = {
  acne: {
    actives: ['retinoid', 'benzoyl_peroxide', 'azelaic_acid', 'exfoliant'],
    inPregnancy: ['azelaic_acid', 'benzoyl_peroxide'],
    source:
      'Reynolds R.V. et al., "Guidelines of care for the management of acne vulgaris", J Am Acad Dermatol 2024 (benzoyl peroxide and topical retinoids strong; azelaic and salicylic acid conditional); Chien A.L. et al., JABFM 29(2):254-262, 2016 (pregnancy)',
  },
  hyperpigmentation: {
    actives: ['azelaic_acid', 'vitamin_c', 'retinoid', 'niacinamide'],
    inPregnancy: ['azelaic_acid', 'vitamin_c', 'niacinamide'],
    source:
      'Rajaratnam R. et al., "Interventions for melasma", Cochrane Database Syst Rev 2010 CD003583 (20 % azelaic acid more effective than 2 % hydroquinone; tretinoin better than placebo); Searle T., Al-Niaimi F., Ali F.R., "The top 10 cosmeceuticals for facial hyperpigmentation", Dermatol Ther 33(6):e14095, 2020 (vitamin C, retinol, nicotinamide among the ten); Chien 2016 (azelaic acid in pregnancy)',
  },
  aging: {
    actives: ['retinoid', 'vitamin_c'],
    inPregnancy: ['vitamin_c'],
    source:
      'Mukherjee S. et al., "Retinoids in the treatment of skin aging: an overview of clinical efficacy and safety", Clin Interv Aging 1(4):327-348, 2006 (retinoids, with irritation that limits their use); Pinnell S.R., J Am Acad Dermatol 48(1):1-19, 2003 (topical vitamin C)',
  },
  redness: {
    actives: ['azelaic_acid'],
    inPregnancy: ['azelaic_acid'],
    source: 'AAD rosacea treatment (azelaic acid); Chien 2016 (azelaic acid in pregnancy)',
  },
  large_pores: {
    actives: ['niacinamide', 'exfoliant'],
    inPregnancy: ['niacinamide'],
    source: 'Draelos Z.D. et al., J Cosmet Laser Ther 8(2):96-101, 2006 (2 % niacinamide lowers sebum excretion)',
  },
};
GOAL_ACTIVES.rosacea = GOAL_ACTIVES.redness;

/** The survey's goals (data/survey.yaml) in the words of the concerns. */
const SURVEY_GOALS: Record<string, string> = {
  clear_skin: 'acne',
  even_tone: 'hyperpigmentation',
  glow: 'hyperpigmentation',
  anti_aging: 'aging',
  hydration: 'dryness',
};

export const goalConcern = (goal: string): string => SURVEY_GOALS[goal] ?? goal;
