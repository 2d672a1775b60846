// The GraphQL arguments and inputs ProductInsightsResolver takes.
import { ArgsType, Field, Int } from 'type-graphql';

@ArgsType()
export class SimilarProductArgs {
  @Field(() => Int, { nullable: true, description: 'How many (1-100, default 20).' })
  limit?: number | null;
}
