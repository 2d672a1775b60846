// The GraphQL object types of favourites: a caller's favourite state, and the best-in-category ranking.
import { Field, Float, Int, ObjectType } from 'type-graphql';
import { Product } from '../product/product.entity.js';

@ObjectType({ description: 'Whether the caller favours a product.' })
export class FavoriteState {
  @Field({ description: 'The id or alias as asked.' })
  key!: string;

  @Field(() => String, { nullable: true, description: 'Null when no such product exists.' })
  productId!: string | null;

  @Field()
  favorited!: boolean;
}

@ObjectType()
export class FavoriteStatePage {
  @Field(() => [FavoriteState])
  items!: FavoriteState[];

  @Field(() => String, { nullable: true })
  nextCursor!: string | null;
}

@ObjectType({ description: 'A product ranked in its category by favourites and label quality.' })
export class RankedProduct {
  @Field(() => Product)
  product!: Product;

  @Field(() => Float)
  score!: number;

  @Field(() => Float, { description: 'Label quality 0-1: recognised entries, free-of rules kept, benefits.' })
  quality!: number;

  @Field(() => Int)
  favoriteCount!: number;
}

@ObjectType()
export class RankedProductPage {
  @Field(() => [RankedProduct])
  items!: RankedProduct[];

  @Field(() => String, { nullable: true })
  nextCursor!: string | null;
}
