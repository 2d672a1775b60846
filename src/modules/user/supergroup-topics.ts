// Pure: which interest groups (data/supergroups.yaml) a skin profile belongs to. Routine requests
// reach the experts who cover those groups; routines and opinions are filtered by them.

export interface ProfileFacts {
  skinType?: string | null;
  concerns?: readonly string[] | null;
  pregnant?: boolean | null;
}

/** Skin-profile concern → supergroup id. */
const CONCERN_GROUPS: Record<string, string[]> = {
  acne: ['acne'],
  fungal_acne: ['fungal-acne'],
  rosacea: ['rosacea'],
  redness: ['rosacea', 'sensitive-skin'],
  dryness: ['dry-skin'],
  aging: ['anti-aging'],
  hyperpigmentation: ['hyperpigmentation'],
  large_pores: ['oily-skin'],
  sensitivity: ['sensitive-skin'],
};

/** Skin type → supergroup id. */
const SKIN_TYPE_GROUPS: Record<string, string[]> = {
  oily: ['oily-skin'],
  dry: ['dry-skin'],
  combination: ['oily-skin'],
  sensitive: ['sensitive-skin'],
  normal: [],
};

/** The supergroups a skin profile falls in, sorted. */
export function supergroupsOfProfile(profile: ProfileFacts): string[] {
  const groups = new Set<string>();
  for (const g of SKIN_TYPE_GROUPS[profile.skinType ?? ''] ?? []) groups.add(g);
  for (const concern of profile.concerns ?? []) for (const g of CONCERN_GROUPS[concern] ?? []) groups.add(g);
  if (profile.pregnant) groups.add('pregnancy-safe');
  return [...groups].sort();
}
