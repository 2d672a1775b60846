// The GraphQL object types ProductRoutineCandidatesResolver returns.
import { Field, ObjectType } from 'type-graphql';
import { ProductCompatibility } from '../feeling/product-compatibility.types.js';

@ObjectType({ description: 'A routine step a product can fill, with when and why.' })
export class RoutineCandidate {
  @Field({ description: 'cleanse, tone, exfoliate, treat, mask, eye, moisturise or protect' })
  stepType!: string;

  @Field(() => [String], { description: 'am, pm or both' })
  timesOfDay!: string[];

  @Field(() => [String])
  reasons!: string[];
}

@ObjectType()
export class RoutineCandidatePage {
  @Field(() => [RoutineCandidate])
  items!: RoutineCandidate[];

  @Field(() => String, { nullable: true })
  nextCursor!: string | null;

  @Field(() => ProductCompatibility, {
    nullable: true,
    description:
      'For a signed-in caller: how the product suits them, from their skin type, concerns, survey sensitivities and ' +
      'ingredient feelings; null when anonymous.',
  })
  forYou!: ProductCompatibility | null;
}
