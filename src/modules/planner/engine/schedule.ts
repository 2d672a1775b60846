// How many nights a week a strong active gets, and which nights, week by week from its first use (I13, I14, I16).
// Positions are days of the plan's week (0 = the start date's weekday). Retinoid and exfoliant positions never
// overlap, so taking one active out of a plan leaves the other's nights where they were (a re-plan keeps steps).

/** Retinoid nights by count: never two nights running while the count is 3 or less (weeks 1-2 of I13). */
const RETINOID_POSITIONS: Record<number, number[]> = {
  1: [0],
  2: [0, 4],
  3: [0, 2, 4],
  4: [0, 2, 4, 6],
};
/** Exfoliant nights, in order of preference, none of them a retinoid position. */
const EXFOLIANT_POSITIONS = [5, 1];

export interface RampProfile {
  /** Sensitive, rosacea or redness (I12), or dry skin: the slower ramps of I13 and I14. */
  gentle: boolean;
}

/**
 * Retinoid nights in week `k` of its use (0-based). New: 2 nights in its first week, one more a week up to 4
 * (gentle skin: one more every two weeks, up to 3); known (tolerated, or in a current routine): the top from
 * the start. Never nightly: with at most 4 retinoid and 2 exfoliant nights, every week keeps a recovery night,
 * two while either ramps (I16).
 * Sources: Village Dermatology regimen; Apostrophe tretinoin start; AAD acne guideline 2024 (data/plan-invariants.yaml, I13).
 */
export function retinoidNights(k: number, known: boolean, ramp: RampProfile): number {
  const top = ramp.gentle ? 3 : 4;
  if (known) return top;
  return Math.min(top, 2 + (ramp.gentle ? Math.floor(k / 2) : k));
}

/** Whether the retinoid is still ramping in week k (its count below the top). */
export const retinoidRamping = (k: number, known: boolean, ramp: RampProfile): boolean =>
  !known && retinoidNights(k, known, ramp) < (ramp.gentle ? 3 : 4);

/** Exfoliant nights in week k of its use: a new one 1 night for two weeks, then 2; gentle skin 1 (I12, I14). */
export function exfoliantNights(k: number, known: boolean, ramp: RampProfile): number {
  if (ramp.gentle) return 1;
  return known || k >= 2 ? 2 : 1;
}

export const exfoliantRamping = (k: number, known: boolean, ramp: RampProfile): boolean =>
  !known && !ramp.gentle && k < 2;

export const retinoidPositions = (count: number): number[] => RETINOID_POSITIONS[count] ?? [];
export const exfoliantPositions = (count: number): number[] => EXFOLIANT_POSITIONS.slice(0, count);

/** Exfoliant positions beside a prescribed retinoid's fixed nights: the free days, in a fixed order. */
export function exfoliantPositionsAround(count: number, taken: Set<number>): number[] {
  return [5, 1, 3, 6, 2, 4, 0].filter((p) => !taken.has(p)).slice(0, count);
}
