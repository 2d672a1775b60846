// The GraphQL object types ProductInsightsResolver returns.
import { Field, ObjectType } from 'type-graphql';
import { EffectSummary, RuleVerdict, SkinTypeVerdict } from './analysis.types.js';
import { Product } from '../product/product.entity.js';

@ObjectType({ description: "What a product's label says: entries, free-of rules and skin-type verdicts." })
export class ProductAnalysis {
  @Field(() => Product)
  product!: Product;

  @Field(() => [String], { description: 'Entries that matched no ingredient.' })
  unmatched!: string[];

  @Field(() => [RuleVerdict])
  rules!: RuleVerdict[];

  @Field(() => [SkinTypeVerdict])
  skinTypes!: SkinTypeVerdict[];
}

@ObjectType({ description: "A product's effects, effect by effect, with the ingredients that bring them." })
export class ProductEffects {
  @Field(() => Product)
  product!: Product;

  @Field(() => [EffectSummary])
  effects!: EffectSummary[];
}
