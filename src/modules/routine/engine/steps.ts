// The step types a routine is made of, in the order they are applied (the types
// candidates.ts proposes, and the category step types of the catalog).

export const STEP_TYPES = ['cleanse', 'tone', 'exfoliate', 'treat', 'eye', 'mask', 'moisturise', 'protect'] as const;
export type StepType = (typeof STEP_TYPES)[number];

export const isStepType = (value: string): value is StepType => (STEP_TYPES as readonly string[]).includes(value);

/** Where a step of this type goes in a routine: cleanse first, protect last. */
export const stepRank = (stepType: string): number => {
  const rank = STEP_TYPES.indexOf(stepType as StepType);
  return rank < 0 ? STEP_TYPES.indexOf('treat') : rank;
};

/** A step of this type in words, with its article: "an exfoliating step (exfoliate)". */
const STEP_NOUNS: Record<StepType, string> = {
  cleanse: 'a cleansing',
  tone: 'a toning',
  exfoliate: 'an exfoliating',
  treat: 'a treatment',
  eye: 'an eye-care',
  mask: 'a mask',
  moisturise: 'a moisturising',
  protect: 'a sun-protection',
};
export const stepInWords = (stepType: string): string =>
  isStepType(stepType)
    ? `${STEP_NOUNS[stepType]} step (${stepType})`
    : `${/^[aeiou]/i.test(stepType) ? 'an' : 'a'} ${stepType} step`;
