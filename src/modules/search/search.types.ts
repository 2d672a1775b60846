import { Field, ObjectType } from 'type-graphql';

@ObjectType({
  description: 'Something to suggest while a person types: a product, a brand or an ingredient.',
  simpleResolvers: true,
})
export class SearchSuggestion {
  @Field()
  id!: string;

  @Field()
  alias!: string;

  @Field()
  name!: string;

  @Field(() => String, { nullable: true, description: "A product's brand name; null for brands and ingredients." })
  brand!: string | null;
}

@ObjectType({ description: 'As-you-type suggestions, each list best first.' })
export class SearchSuggestions {
  @Field(() => [SearchSuggestion])
  products!: SearchSuggestion[];

  @Field(() => [SearchSuggestion])
  brands!: SearchSuggestion[];

  @Field(() => [SearchSuggestion])
  ingredients!: SearchSuggestion[];
}
