// The GraphQL arguments and inputs IngredientWriteResolver takes.
import { Field, InputType, Int } from 'type-graphql';

@InputType({
  description: 'A new ingredient. Functions, effects, flags and groups come from the published vocabulary.',
})
export class IngredientInput {
  @Field({ description: 'The INCI name.' })
  name!: string;

  @Field(() => String, { nullable: true, description: 'Lowercase slug; defaults to one made from the name.' })
  alias?: string | null;

  @Field(() => [String], { nullable: true })
  otherNames?: string[] | null;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => [String])
  functions!: string[];

  @Field(() => [String], { nullable: true })
  effects?: string[] | null;

  @Field(() => [String], { nullable: true })
  flags?: string[] | null;

  @Field(() => [String], { nullable: true })
  groups?: string[] | null;

  @Field(() => Int, { nullable: true })
  comedogenic?: number | null;

  @Field(() => Int, { nullable: true })
  irritancy?: number | null;

  @Field(() => String, { nullable: true, description: 'fulton-1989, fulton-1976 or community' })
  ratingSource?: string | null;

  @Field(() => String, { nullable: true })
  casNumber?: string | null;
}
