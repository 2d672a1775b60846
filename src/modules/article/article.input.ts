// The GraphQL arguments and inputs ArticleResolver takes.
import { ArgsType, Field } from 'type-graphql';
import { PageArgs } from '../shared/pagination.js';

@ArgsType()
export class ArticleListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Only articles with this tag.' })
  tag?: string | null;
}
