// The minimal skin profile kept on the user (a JSON column): what personalisation reads and
// whether the user's ingredient feelings are public. Its defaults, checks and the one write
// (its GraphQL types: skin-profile.types.ts).
import type { EntityManager } from '../../db.js';
import { forbidden, validationFailed } from '../../errors.js';
import { UserType, type StoredSkinProfile, type User } from '../user/user.entity.js';
import { getUser } from '../user/user.service.js';
import { SkinConcern, SkinType, type SkinProfile, type SkinProfileChanges } from './skin-profile.types.js';

/** The profile with its defaults filled in. */
export function skinProfileOf(user: User): SkinProfile {
  const stored: StoredSkinProfile = user.skinProfile ?? {};
  return {
    skinType: (stored.skinType as SkinType | null | undefined) ?? null,
    concerns: (stored.concerns ?? []) as SkinConcern[],
    pregnant: stored.pregnant ?? false,
    feelingsPublic: stored.feelingsPublic ?? true,
    sensitivities: stored.sensitivities ?? [],
    goals: stored.goals ?? [],
    climate: stored.climate ?? null,
    ageRange: stored.ageRange ?? null,
    routineExperience: stored.routineExperience ?? null,
  };
}

export const isSelfOrAdmin = (user: User, viewer: User | null): boolean =>
  viewer !== null && (viewer.id === user.id || viewer.userType === UserType.admin);

const boolOrUnchanged = (field: string, value: boolean | null | undefined, current: boolean): boolean => {
  if (value === undefined) return current;
  if (typeof value !== 'boolean') throw validationFailed(field, `${field} must be true or false`);
  return value;
};

/** Updates a user's profile (the user or an admin); the enums have checked the values already. */
export async function updateSkinProfile(
  em: EntityManager,
  idOrUsername: string,
  viewer: User,
  changes: SkinProfileChanges,
): Promise<SkinProfile> {
  const user = await getUser(em, idOrUsername);
  if (!isSelfOrAdmin(user, viewer)) throw forbidden('Only the user and admins change a skin profile');
  const current = skinProfileOf(user);
  const skinType = changes.skinType === undefined ? current.skinType : changes.skinType;
  if (skinType !== null && !Object.values(SkinType).includes(skinType))
    throw validationFailed('skin_type', `skin_type: unknown value "${skinType}"`);
  const concerns = changes.concerns === undefined ? current.concerns : [...new Set(changes.concerns ?? [])];
  for (const concern of concerns) {
    if (!Object.values(SkinConcern).includes(concern))
      throw validationFailed('concerns', `concerns: unknown value "${concern}"`);
  }
  const next: SkinProfile = {
    ...current,
    skinType,
    concerns,
    pregnant: boolOrUnchanged('pregnant', changes.pregnant, current.pregnant),
    feelingsPublic: boolOrUnchanged('feelings_public', changes.feelingsPublic, current.feelingsPublic),
  };
  user.skinProfile = { ...next };
  user.updatedAt = new Date();
  await em.flush();
  return next;
}
