// The GraphQL arguments and inputs CategoryResolver takes.
import { ArgsType, Field } from 'type-graphql';
import { PageArgs } from '../shared/pagination.js';

@ArgsType()
export class CategoryListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Only the children of this category (id or alias).' })
  parent?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Only the top-level categories.' })
  topLevel?: boolean | null;
}
