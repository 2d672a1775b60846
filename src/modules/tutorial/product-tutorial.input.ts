// The GraphQL arguments and inputs ProductTutorialResolver takes.
import { ArgsType, Field } from 'type-graphql';
import { PageArgs } from '../shared/pagination.js';
import { TutorialFrequency, TutorialTimeOfDay } from './product-tutorial.entity.js';

@ArgsType()
export class TutorialListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Only tutorials of this product (id or alias).' })
  product?: string | null;
}

// Flat arguments, not an input object: a PATCH must tell "left out" from "set to null".
@ArgsType()
export class TutorialInfoArgs {
  @Field(() => String, { nullable: true })
  title?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => TutorialFrequency, { nullable: true })
  frequency?: TutorialFrequency | null;

  @Field(() => TutorialTimeOfDay, { nullable: true })
  timeOfDay?: TutorialTimeOfDay | null;
}

@ArgsType()
export class NewTutorialArgs {
  @Field({ description: 'The product (id or alias).' })
  product!: string;

  @Field()
  title!: string;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => TutorialFrequency, { nullable: true })
  frequency?: TutorialFrequency | null;

  @Field(() => TutorialTimeOfDay, { nullable: true })
  timeOfDay?: TutorialTimeOfDay | null;
}
