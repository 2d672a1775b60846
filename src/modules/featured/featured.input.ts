// The GraphQL arguments and inputs FeaturedResolver takes.
import { ArgsType, Field, Int } from 'type-graphql';
import { FeaturedKind } from './featured-item.entity.js';

@ArgsType()
export class AddFeaturedArgs {
  @Field(() => FeaturedKind)
  kind!: FeaturedKind;

  @Field({ description: "The product's or routine's id (or a product alias), or the article's alias." })
  ref!: string;

  @Field(() => Int, { nullable: true, description: 'Display order, lowest first (default: after the last).' })
  position?: number | null;

  @Field(() => String, { nullable: true, description: 'At most 200 characters.' })
  headline?: string | null;
}
