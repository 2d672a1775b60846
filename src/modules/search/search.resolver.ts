import { FieldResolver, Resolver, Root } from 'type-graphql';
import { Product } from '../product/product.entity.js';
import type { ProductRow } from '../product/product-rows.js';
import { matchedWordsOf } from './product-text-search.js';

@Resolver(() => Product)
export class ProductMatchResolver {
  // Field resolvers
  @FieldResolver(() => [String], { nullable: true, description: 'In a free-text search\'s results: the words of the name and brand that matched the query, as printed (to highlight); null elsewhere.' })
  matchedWords(@Root() product: Product | ProductRow): string[] | null {
    return matchedWordsOf(product);
  }
}
