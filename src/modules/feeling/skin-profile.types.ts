// The skin profile's GraphQL types: what personalisation reads, kept on the user as JSON.
import { ArgsType, Field, ObjectType, registerEnumType } from 'type-graphql';

export enum SkinType {
  oily = 'oily',
  dry = 'dry',
  combination = 'combination',
  normal = 'normal',
  sensitive = 'sensitive',
}
registerEnumType(SkinType, { name: 'SkinType', description: "A person's skin type." });

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
registerEnumType(SkinConcern, {
  name: 'SkinConcern',
  description: 'What a person wants their products to address or spare.',
});

@ObjectType({ description: "A user's skin profile: seen by the user and admins only." })
export class SkinProfile {
  @Field(() => SkinType, { nullable: true, description: 'Null until given.' })
  skinType!: SkinType | null;

  @Field(() => [SkinConcern])
  concerns!: SkinConcern[];

  @Field({ description: 'Pregnancy-caution ingredients are then to be avoided.' })
  pregnant!: boolean;

  @Field({ description: "Whether others may see the user's ingredient feelings (default true)." })
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
