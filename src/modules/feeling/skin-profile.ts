// The minimal skin profile kept on the user (a JSON column): what personalisation reads and
// whether the user's ingredient feelings are public. Types, checks and the one write.
import { ArgsType, Field, ObjectType, registerEnumType } from 'type-graphql';
import type { EntityManager } from '../../db.js';
import { forbidden, validationFailed } from '../../errors.js';
import { UserType, type StoredSkinProfile, type User } from '../user/user.entity.js';
import { getUser } from '../user/user.service.js';

export enum SkinType {
  oily = 'oily',
  dry = 'dry',
  combination = 'combination',
  normal = 'normal',
  sensitive = 'sensitive',
}
registerEnumType(SkinType, { name: 'SkinType', description: 'A person\'s skin type.' });

export enum SkinConcern {
  acne = 'acne',
  fungal_acne = 'fungal_acne',
  rosacea = 'rosacea',
  redness = 'redness',
  dryness = 'dryness',
  aging = 'aging',
  hyperpigmentation = 'hyperpigmentation',
  large_pores = 'large_pores',
  sensitivity = 'sensitivity',
}
registerEnumType(SkinConcern, { name: 'SkinConcern', description: 'What a person wants their products to address or spare.' });

@ObjectType({ description: 'A user\'s skin profile: seen by the user and admins only.' })
export class SkinProfile {
  @Field(() => SkinType, { nullable: true, description: 'Null until given.' })
  skinType!: SkinType | null;

  @Field(() => [SkinConcern])
  concerns!: SkinConcern[];

  @Field({ description: 'Pregnancy-caution ingredients are then to be avoided.' })
  pregnant!: boolean;

  @Field({ description: 'Whether others may see the user\'s ingredient feelings (default true).' })
  feelingsPublic!: boolean;

  // Fed by the intake survey (data/survey.yaml): informative, not used by personalisation yet.
  @Field(() => [String], { description: 'What the skin reacted badly to (survey).' })
  sensitivities!: string[];

  @Field(() => [String], { description: 'What matters in a routine (survey).' })
  goals!: string[];

  @Field(() => String, { nullable: true, description: 'Climate (survey).' })
  climate!: string | null;

  @Field(() => String, { nullable: true, description: 'Age range (survey).' })
  ageRange!: string | null;

  @Field(() => String, { nullable: true, description: 'Routine experience (survey).' })
  routineExperience!: string | null;
}

/**
 * Changes to a skin profile: omitted fields stay as they are. Flat arguments rather than an
 * input object: graphql-jit (the REST layer's executor) turns a variable missing from an input
 * object literal into null (graphql-jit issues #91, #230), so "omitted" and "null" would blur.
 */
@ArgsType()
export class SkinProfileChanges {
  @Field(() => SkinType, { nullable: true, description: 'null clears it.' })
  skinType?: SkinType | null;

  @Field(() => [SkinConcern], { nullable: true, description: 'Replaces the list; null or [] clears it.' })
  concerns?: SkinConcern[] | null;

  @Field(() => Boolean, { nullable: true })
  pregnant?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  feelingsPublic?: boolean | null;
}

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
export async function updateSkinProfile(em: EntityManager, idOrUsername: string, viewer: User, changes: SkinProfileChanges): Promise<SkinProfile> {
  const user = await getUser(em, idOrUsername);
  if (!isSelfOrAdmin(user, viewer)) throw forbidden('Only the user and admins change a skin profile');
  const current = skinProfileOf(user);
  const skinType = changes.skinType === undefined ? current.skinType : changes.skinType;
  if (skinType !== null && !Object.values(SkinType).includes(skinType)) throw validationFailed('skin_type', `skin_type: unknown value "${skinType}"`);
  const concerns = changes.concerns === undefined ? current.concerns : [...new Set(changes.concerns ?? [])];
  for (const concern of concerns) {
    if (!Object.values(SkinConcern).includes(concern)) throw validationFailed('concerns', `concerns: unknown value "${concern}"`);
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
