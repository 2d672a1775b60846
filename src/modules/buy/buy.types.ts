import { Field, Float, ObjectType } from 'type-graphql';
import { ProductOffer } from '../product/product.entity.js';

@ObjectType({ description: 'Where to buy a product: its retailer offers, cheapest first in one currency.' })
export class ProductOffers {
  @Field(() => [ProductOffer])
  items!: ProductOffer[];

  @Field(() => String, { nullable: true, description: 'Always null: all offers in one page.' })
  nextCursor!: string | null;

  @Field({ description: 'The currency the offers were compared in (ISO 4217).' })
  comparedCurrency!: string;

  @Field({ description: 'The reference rates used: their source.' })
  ratesSource!: string;

  @Field({ description: 'The day of the reference rates used (YYYY-MM-DD).' })
  ratesDate!: string;
}

@ObjectType({ description: 'The retailer page a buy click leads to, and how the offer was chosen.' })
export class BuyRedirect {
  @Field()
  url!: string;

  @Field()
  retailer!: string;

  @Field(() => Float, { nullable: true, description: "The offer's price in its own currency." })
  price!: number | null;

  @Field(() => String, { nullable: true })
  currency!: string | null;

  @Field({
    description:
      "The currency offers were compared in (the caller's ?currency=, ?country=, profile country, else EUR).",
  })
  comparedCurrency!: string;

  @Field(() => Float, {
    nullable: true,
    description: "The offer's price converted into comparedCurrency (rounded to 2 decimals).",
  })
  comparedPrice!: number | null;

  @Field(() => Float, {
    nullable: true,
    description: "Units of comparedCurrency per unit of the offer's currency used for the comparison.",
  })
  exchangeRate!: number | null;

  @Field()
  ratesSource!: string;

  @Field()
  ratesDate!: string;
}
