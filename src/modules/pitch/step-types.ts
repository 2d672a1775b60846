// The routine step types a product can be pitched for: those of the routine engine
// (src/modules/routine/engine/candidates.ts) and of the catalog's categories (data/catalog).

export const PITCH_STEP_TYPES = [
  'cleanse',
  'tone',
  'exfoliate',
  'treat',
  'mask',
  'eye',
  'moisturise',
  'protect',
] as const;

/** The distinct step types asked, in order; null when one is unknown or none is given. */
export function checkedStepTypes(stepTypes: string[]): string[] | null {
  const normalized = [...new Set(stepTypes.map((s) => s.trim().toLowerCase()))];
  if (!normalized.length || normalized.some((s) => !(PITCH_STEP_TYPES as readonly string[]).includes(s))) return null;
  return normalized;
}
