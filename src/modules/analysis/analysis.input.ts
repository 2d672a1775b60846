// The GraphQL arguments and inputs AnalysisResolver takes.
import { Field, Int, ArgsType } from 'type-graphql';

@ArgsType()
export class SimilarArgs {
  @Field(() => Int, { nullable: true, description: 'How many (1-100, default 20).' })
  limit?: number | null;
}
