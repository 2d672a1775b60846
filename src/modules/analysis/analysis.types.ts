import { Field, Float, Int, ObjectType } from 'type-graphql';
import { Ingredient } from '../ingredient/ingredient.entity.js';
import { ProductCategory } from '../category/category.entity.js';
import { Product } from '../product/product.entity.js';
import { Page } from '../shared/pagination.js';
import { IngredientAnalysis } from './analysis.entity.js';
import type { NewAnalysis } from './analysis-writer.service.js';
import { ConcentrationEstimate, RegulatoryNote } from './analysis-knowledge.types.js';

@ObjectType({ description: 'One entry of an analysed list.', simpleResolvers: true })
export class AnalysisEntry {
  @Field(() => Int)
  position!: number;

  @Field({ description: 'The entry as printed.' })
  input!: string;

  @Field({ description: 'exact, alias, fuzzy or none' })
  match!: string;

  @Field(() => String, { nullable: true })
  concentration!: string | null;

  @Field({ description: 'Listed under "May contain" / "+/-".' })
  mayContain!: boolean;

  @Field({ description: 'Printed as a nano form.' })
  nano!: boolean;

  @Field({ description: 'An active ingredient of a drug-facts label.' })
  active!: boolean;

  @Field(() => String, {
    nullable: true,
    description: 'The part of a kit or set the entry belongs to ("Toner", "Step 2 Toner"); null for a single product.',
  })
  part?: string | null;

  @Field(() => Boolean, {
    description: 'Words run together that could not be read as ingredient names: no "free of" rule passes on the list.',
  })
  unread?: boolean;

  @Field(() => [String], {
    description: 'Other names the same ingredient is printed under further down the list: kept once, here.',
  })
  alsoPrintedAs?: string[];

  @Field(() => Boolean, {
    description:
      'An active printed with its strength outside the list ("-5% Benzoyl Peroxide: …" above a list of inactives), ' +
      'read as an entry of the product.',
  })
  outsideList?: boolean;

  ingredientId!: string | null;

  @Field(() => Ingredient, { nullable: true, description: 'Null exactly when match is none.' })
  ingredient!: Ingredient | null;

  @Field(() => ConcentrationEstimate, { description: 'How much of it the list can hold, and why.' })
  concentrationEstimate!: ConcentrationEstimate;

  @Field(() => [String], {
    description: 'Its flags as read in this list: with those EU law adds, weighed by dose and product type.',
  })
  flags!: string[];

  @Field(() => Int, { nullable: true, description: 'Comedogenic rating 0-5 where one is published.' })
  comedogenic!: number | null;

  @Field(() => Int, { nullable: true, description: 'Irritancy rating 0-5 where one is published.' })
  irritancy!: number | null;

  @Field(() => String, { nullable: true, description: 'Where the ratings come from (data/ingredients/README.md).' })
  ratingSource!: string | null;

  @Field({
    description:
      "The ingredient is known from the EU CosIng inventory alone: what it does (its functions) is the inventory's word, not a review of ours. False when it matches nothing.",
  })
  inventoryOnly!: boolean;

  @Field(() => [RegulatoryNote], { description: 'What EU cosmetics law says about it, with sources.' })
  regulation!: RegulatoryNote[];

  @Field(() => [String], {
    description: 'What its amount, the product type or the law change about it, in plain words.',
  })
  notes!: string[];
}

@ObjectType()
export class IngredientAnalysisPage extends Page(IngredientAnalysis) {}

@ObjectType({ description: 'Text of the pasted label that the parser set aside as not an ingredient.' })
export class SetAsideText {
  @Field({
    description:
      'free_of (a "free of" / "formulated without" claim), marketing, disclaimer, footnote or other (directions, ' +
      'warnings, origin…)',
  })
  kind!: string;

  @Field()
  text!: string;
}

@ObjectType({
  description:
    'An active the label names with a strength outside its ingredient list (a bullet, a claim, a drug-facts line), ' +
    'and whether the analysis read it.',
})
export class ActiveOutsideList {
  @Field({ description: 'The name as printed.' })
  name!: string;

  @Field({ description: 'The strength as printed ("5%", "0.3%").' })
  strength!: string;

  @Field({
    description:
      "True when the analysis reads it: the list's entry of that ingredient takes the strength, or it became an active " +
      'entry (outsideList). False: a name we do not know, or one the list does not hold under that name ("Vitamin C", ' +
      '"BHA"): an active named outside the list was not analysed, and no flag or rule assumes it absent.',
  })
  analysed!: boolean;

  @Field(() => String, { nullable: true, description: 'The kit part whose text printed it; null for one product.' })
  part!: string | null;
}

@ObjectType({ description: 'An input that matched no ingredient.' })
export class MissingIngredient {
  @Field(() => Int)
  position!: number;

  @Field()
  input!: string;
}

@ObjectType()
export class MissingIngredientPage extends Page(MissingIngredient) {}

@ObjectType({ description: 'A "free of" rule and whether the list keeps it.' })
export class RuleVerdict {
  @Field()
  rule!: string;

  @Field()
  label!: string;

  @Field({ description: 'False when an ingredient breaks it, and when some of the list could not be read (unread).' })
  passes!: boolean;

  @Field({
    description:
      'passes, fails (an ingredient breaks it) or unknown (nothing read breaks it, but part of the list could not be read).',
  })
  outcome!: string;

  @Field(() => [Ingredient], { description: 'The ingredients that break it.' })
  ingredients!: Ingredient[];

  @Field({
    description: 'Some of the list could not be read: what we could not read may break the rule, so it does not pass.',
  })
  unread!: boolean;
}

@ObjectType()
export class AnalysisRules {
  @Field()
  token!: string;

  @Field({ description: 'True when every rule passes.' })
  passesAll!: boolean;

  @Field({ description: 'Some of the list could not be read: no rule passes.' })
  unread!: boolean;

  @Field(() => [RuleVerdict])
  rules!: RuleVerdict[];
}

@ObjectType({ description: 'An ingredient and why it counts.' })
export class IngredientReason {
  @Field(() => Ingredient)
  ingredient!: Ingredient;

  @Field()
  reason!: string;
}

@ObjectType({ description: 'How the list suits one skin type.' })
export class SkinTypeVerdict {
  @Field({ description: 'oily, dry, combination, sensitive, acne_prone, fungal_acne_prone, rosacea_prone' })
  skinType!: string;

  @Field()
  label!: string;

  @Field({ description: 'good, neutral or caution' })
  verdict!: string;

  @Field(() => [IngredientReason])
  good!: IngredientReason[];

  @Field(() => [IngredientReason])
  caution!: IngredientReason[];
}

@ObjectType()
export class SkinCalc {
  @Field()
  token!: string;

  @Field(() => [SkinTypeVerdict])
  skinTypes!: SkinTypeVerdict[];
}

@ObjectType({ description: 'A catalog product and how similar its list is (0-1).' })
export class SimilarProduct {
  @Field(() => Product)
  product!: Product;

  @Field(() => Float)
  score!: number;
}

@ObjectType()
export class SimilarProductPage extends Page(SimilarProduct) {}

@ObjectType({ description: 'A likely category, with the share of similar products in it.' })
export class CategoryGuess {
  @Field(() => ProductCategory)
  category!: ProductCategory;

  @Field(() => Float)
  confidence!: number;
}

@ObjectType()
export class Categorization {
  @Field()
  token!: string;

  @Field(() => CategoryGuess, { nullable: true, description: 'Null when no similar product is known.' })
  best!: CategoryGuess | null;

  @Field(() => [CategoryGuess])
  alternatives!: CategoryGuess[];
}

@ObjectType({ description: 'An effect and the ingredients that bring it.' })
export class EffectSummary {
  @Field()
  effect!: string;

  @Field()
  label!: string;

  @Field(() => [Ingredient])
  ingredients!: Ingredient[];
}

@ObjectType()
export class EffectsReport {
  @Field(() => [EffectSummary])
  effects!: EffectSummary[];

  @Field(() => [String], { description: 'Inputs that matched no ingredient.' })
  unmatched!: string[];
}

@ObjectType({ description: 'The text read from a label and the analysis of its ingredient list.' })
export class LabelExtraction {
  @Field({ description: 'The full text read from the photo (or sent).' })
  text!: string;

  @Field(() => IngredientAnalysis)
  analysis!: NewAnalysis;
}
