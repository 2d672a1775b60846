// The GraphQL arguments and inputs FeedbackModerationResolver takes.
import { Field, InputType, Int } from 'type-graphql';

@InputType({ description: 'What accepting feedback changes on its ingredient; fields left out stay as they are.' })
export class IngredientCorrectionInput {
  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => [String], { nullable: true })
  addOtherNames?: string[] | null;

  @Field(() => [String], { nullable: true })
  removeOtherNames?: string[] | null;

  @Field(() => [String], { nullable: true, description: 'Replaces the functions (vocabulary values).' })
  functions?: string[] | null;

  @Field(() => [String], { nullable: true, description: 'Replaces the effects.' })
  effects?: string[] | null;

  @Field(() => [String], { nullable: true, description: 'Replaces the flags.' })
  flags?: string[] | null;

  @Field(() => Int, { nullable: true })
  comedogenic?: number | null;

  @Field(() => Int, { nullable: true })
  irritancy?: number | null;

  @Field(() => String, { nullable: true, description: 'fulton-1989, fulton-1976 or community' })
  ratingSource?: string | null;
}
