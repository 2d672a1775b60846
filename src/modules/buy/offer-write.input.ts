// The GraphQL arguments and inputs OfferWriteResolver takes.
import { Field, Float, InputType } from 'type-graphql';

@InputType({ description: 'A retailer offer: where the product is sold and at what price.' })
export class OfferInput {
  @Field(() => String, { nullable: true, description: "The shop's name (one active offer per retailer and product)." })
  retailer?: string | null;

  @Field(() => String, { nullable: true, description: "The product's page at the retailer (http or https)." })
  url?: string | null;

  @Field(() => Float, { nullable: true, description: 'Price with at most 2 decimals; with currency, or both null.' })
  price?: number | null;

  @Field(() => String, {
    nullable: true,
    description: 'ISO 4217 code with a shipped reference rate (EUR, USD, GBP, KRW…).',
  })
  currency?: string | null;
}
