// What POST /products/search answers: a page of products and, for a text search, what the query
// was read as (issue 42), so a client can tell a partial answer from nonsense and show the
// constraints the service checked.
import { Field, ObjectType } from 'type-graphql';
import { ProductPage } from './product.types.js';

@ObjectType({ description: 'A word (or phrase) of the query and how the search read it.' })
export class SearchWordReading {
  @Field({ description: 'The word or phrase as typed (folded: lowercase, accents removed).' })
  word!: string;

  @Field({ description: 'Whether some result met it (a word read as a kind or concern always counts as met).' })
  matched!: boolean;

  @Field(() => String, {
    nullable: true,
    description: 'What it was read as ("kind: sunscreen", "concern: redness"); null when searched as itself.',
  })
  readAs!: string | null;
}

@ObjectType({
  description: 'A free-from constraint read from the query: the free_of filter, as the service checks it.',
})
export class SearchConstraint {
  @Field({ description: 'The words that asked for it, as typed ("fragrance free", "reef safe").' })
  typed!: string;

  @Field(() => String, {
    nullable: true,
    description:
      'The free_of word it applies (as POST /products/search `free_of`); null for one named ingredient (exclude_ingredient).',
  })
  freeOf!: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'For one named ingredient ("niacinamide free"): its id, excluded as `exclude_ingredients` does (lists read whole); else null.',
  })
  excludeIngredient!: string | null;

  @Field({ description: 'What the service checks, in words. It never says a product is "safe".' })
  check!: string;
}

@ObjectType({ description: 'What a text search read in its query.' })
export class SearchReading {
  @Field(() => [SearchWordReading])
  words!: SearchWordReading[];

  @Field(() => [SearchConstraint])
  constraints!: SearchConstraint[];

  @Field(() => [String], {
    description: 'Notes on what was read and not searched: claims not checked, a ranking asked for, words ignored.',
  })
  notes!: string[];
}

@ObjectType()
export class ProductSearchPage extends ProductPage {
  @Field(() => SearchReading, {
    nullable: true,
    description: 'For a text query: how it was read (each word matched or not, constraints, notes); null without one.',
  })
  reading!: SearchReading | null;
}
