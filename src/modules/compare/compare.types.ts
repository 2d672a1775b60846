import { Field, Float, Int, ObjectType } from 'type-graphql';
import { Ingredient } from '../ingredient/ingredient.entity.js';
import { Product } from '../product/product.entity.js';

@ObjectType({ description: 'One compared item: a catalog product or an analysed list.' })
export class ComparedItem {
  @Field({ description: 'product or analysis' })
  kind!: string;

  @Field(() => Product, { nullable: true })
  product!: Product | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The analysis token, for an analysed list the caller named by its token; never given out by a shared comparison.',
  })
  analysisToken!: string | null;

  @Field(() => String, {
    nullable: true,
    description: "The product's name, also when it has been deleted since it was shared.",
  })
  name!: string | null;

  @Field(() => String, {
    nullable: true,
    description: "The product's brand name, also when it has been deleted since it was shared.",
  })
  brandName!: string | null;

  @Field({ description: 'The product was deleted after the comparison was shared: shown as it was then.' })
  removed!: boolean;

  @Field(() => Int, { description: 'Matched ingredients in the list.' })
  ingredientCount!: number;

  @Field(() => [Ingredient], { description: 'Ingredients no other item has, in label order.' })
  onlyHere!: Ingredient[];
}

@ObjectType({ description: "One item's side of a flag, effect or rule." })
export class ComparisonCell {
  @Field({ description: 'Flags and effects: the item has it. Rules: the item passes it.' })
  present!: boolean;

  @Field(() => String, {
    nullable: true,
    description:
      'Rules only: passes, fails (an ingredient breaks it) or unknown (nothing read breaks it, but part of the list ' +
      'could not be read); null for flags and effects.',
  })
  answer!: string | null;

  @Field(() => [Ingredient], { description: 'The ingredients behind it (for rules: those that break it).' })
  ingredients!: Ingredient[];
}

@ObjectType({ description: 'A flag, effect or free-of rule across the items, in item order.' })
export class ComparisonRow {
  @Field()
  name!: string;

  @Field()
  label!: string;

  @Field(() => [ComparisonCell])
  items!: ComparisonCell[];
}

@ObjectType({ description: 'How much two items have in common.' })
export class ComparisonOverlap {
  @Field(() => Int, { description: 'Index of the first item (from 0).' })
  a!: number;

  @Field(() => Int)
  b!: number;

  @Field(() => Float, { description: 'Shared ingredients over all of both (0-1).' })
  jaccard!: number;
}

@ObjectType({ description: 'Ingredient-level comparison of 2-5 products or analysed lists.' })
export class Comparison {
  @Field(() => String, { nullable: true, description: 'Set once shared: GET /compare/shared/:token.' })
  token!: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Absolute address of the shared comparison as JSON (GET /compare/shared/:token), for programs. People open pageUrl.',
  })
  url!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Absolute address of the shared comparison as a page people open and share (/p/comparisons/:token).',
  })
  pageUrl!: string | null;

  @Field(() => [ComparedItem])
  items!: ComparedItem[];

  @Field(() => [Ingredient], { description: "Ingredients every item has, in the first item's order." })
  shared!: Ingredient[];

  @Field(() => [ComparisonOverlap])
  overlap!: ComparisonOverlap[];

  @Field(() => [ComparisonRow])
  flags!: ComparisonRow[];

  @Field(() => [ComparisonRow])
  effects!: ComparisonRow[];

  @Field(() => [ComparisonRow], { description: 'Free-of rules: whether each item passes.' })
  rules!: ComparisonRow[];

  @Field(() => Date, { nullable: true })
  sharedAt!: Date | null;
}
