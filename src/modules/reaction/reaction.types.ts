// GraphQL shapes of the reaction detective's answer.
import { Field, Float, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Ingredient } from '../ingredient/ingredient.entity.js';
import { Product } from '../product/product.entity.js';
import { Page } from '../shared/pagination.js';
import { ProductReaction, ReactionOutcome } from './product-reaction.entity.js';

export enum DetectiveStatus {
  ok = 'ok',
  nothing_rated = 'nothing_rated',
  no_bad_products = 'no_bad_products',
  too_few_bad_products = 'too_few_bad_products',
  no_good_products = 'no_good_products',
  no_clear_suspect = 'no_clear_suspect',
}
registerEnumType(DetectiveStatus, {
  name: 'DetectiveStatus',
  description:
    'ok: suspects are ranked. Otherwise why not: nothing_rated, no_bad_products, too_few_bad_products (fewer than 2 ' +
    'went badly), no_good_products (nothing to contrast with), no_clear_suspect (nothing is more common in the bad ' +
    'ones).',
});

export enum SuspectKind {
  ingredient = 'ingredient',
  group = 'group',
}
registerEnumType(SuspectKind, {
  name: 'SuspectKind',
  description: 'One ingredient, or a knowledge-base group (fatty_alcohols, eu_allergens…).',
});

export enum SuspectConfidence {
  high = 'high',
  medium = 'medium',
  low = 'low',
}
registerEnumType(SuspectConfidence, {
  name: 'SuspectConfidence',
  description: 'From the one-sided Fisher exact p-value: high ≤ 0.05 with 3+ bad products, medium ≤ 0.2, else low.',
});

@ObjectType()
export class ProductReactionPage extends Page(ProductReaction) {}

@ObjectType({ description: 'A rated product (or analysed list) containing a suspect.' })
export class ReactionEvidence {
  @Field(() => Product, { nullable: true })
  product!: Product | null;

  @Field(() => String, { nullable: true, description: 'The analysis rated, when a pasted list was.' })
  analysisToken!: string | null;

  @Field(() => ReactionOutcome, { description: 'Its latest outcome.' })
  outcome!: ReactionOutcome;

  @Field()
  reactedOn!: string;
}

@ObjectType({ description: 'An ingredient or group that may explain the reactions, with the evidence for it.' })
export class ReactionSuspect {
  @Field(() => SuspectKind)
  kind!: SuspectKind;

  @Field({ description: 'The ingredient id, or the group name (fatty_alcohols).' })
  id!: string;

  @Field()
  name!: string;

  @Field(() => Ingredient, { nullable: true, description: 'The ingredient (kind ingredient).' })
  ingredient!: Ingredient | null;

  @Field(() => Int, { description: 'Products that went badly containing it.' })
  badWith!: number;

  @Field(() => Int, { description: 'Products that went well containing it.' })
  goodWith!: number;

  @Field(() => Int)
  badTotal!: number;

  @Field(() => Int)
  goodTotal!: number;

  @Field(() => Float, { description: 'badWith / badTotal.' })
  badRate!: number;

  @Field(() => Float, { description: 'goodWith / goodTotal.' })
  goodRate!: number;

  @Field(() => Float, {
    description: 'Smoothed presence in bad products over presence in good ones (Laplace: (k+1)/(n+2) each).',
  })
  likelihoodRatio!: number;

  @Field(() => Float, {
    description: 'One-sided Fisher exact test: the chance of a split at least this lopsided by accident.',
  })
  pValue!: number;

  @Field(() => Float, {
    description:
      'pValue adjusted for the false discovery rate over every ingredient and group tested for the caller ' +
      '(Benjamini-Hochberg q); the confidence follows it.',
  })
  adjustedPValue!: number;

  @Field(() => SuspectConfidence)
  confidence!: SuspectConfidence;

  @Field(() => Float, { description: 'Mean list position in the bad products containing it.' })
  averagePosition!: number;

  @Field(() => Float, {
    description:
      'The G statistic (log-likelihood ratio) of the with/without × bad/good table, times a position weight (1 high ' +
      'in the list, down to 0.8 behind the 1% line): the ranking.',
  })
  score!: number;

  @Field({ description: 'The evidence in plain words.' })
  reason!: string;

  @Field(() => [Ingredient], { description: 'Always in the same products: cannot be told apart from it.' })
  alwaysWith!: Ingredient[];

  @Field(() => [Ingredient], { description: 'For a group: its members found in the bad products.' })
  members!: Ingredient[];

  @Field(() => [ReactionEvidence], { description: 'The rated products containing it.' })
  evidence!: ReactionEvidence[];
}

@ObjectType({ description: "What the caller's reactions point at, or why they do not point at anything yet." })
export class ReactionSuspects {
  @Field(() => DetectiveStatus)
  status!: DetectiveStatus;

  @Field()
  message!: string;

  @Field(() => Int, { description: 'Rated products (latest rating each) that went badly.' })
  badProducts!: number;

  @Field(() => Int)
  goodProducts!: number;

  @Field(() => [ReactionSuspect], { description: 'Best first; empty unless status is ok.' })
  suspects!: ReactionSuspect[];

  @Field(() => [Ingredient], { description: 'In every rated product: cannot explain the difference.' })
  inEveryProduct!: Ingredient[];

  @Field(() => [Ingredient], {
    description: 'When there is too little to contrast: what every product that went badly contains (not blamed).',
  })
  sharedByBadProducts!: Ingredient[];
}
