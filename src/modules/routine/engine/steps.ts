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
