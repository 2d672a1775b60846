// GraphQL shapes of better alternatives.
import { Field, Float, ObjectType, registerEnumType } from 'type-graphql';
import { PersonalVerdict } from '../feeling/personalization.js';
import { Ingredient } from '../ingredient/ingredient.entity.js';
import { Product } from '../product/product.entity.js';
import { Routine } from '../routine/routine.entity.js';

export enum AlternativeComparison {
  better = 'better',
  worse = 'worse',
  same = 'same',
  unknown = 'unknown',
}
registerEnumType(AlternativeComparison, {
  name: 'AlternativeComparison',
  description: 'Against the original, for the caller; unknown for anonymous callers without a routine.',
});

export enum ReasonEffect {
  better = 'better',
  worse = 'worse',
  neutral = 'neutral',
}
registerEnumType(ReasonEffect, {
  name: 'ReasonEffect',
  description: 'Whether a reason counts for or against the alternative.',
});

@ObjectType({ description: 'Why an alternative is better or worse for the caller.' })
export class AlternativeReason {
  @Field(() => ReasonEffect)
  effect!: ReasonEffect;

  @Field({ description: 'kind, similarity, feeling, pregnancy, free_of, skin_profile or routine' })
  source!: string;

  @Field()
  text!: string;

  @Field(() => [Ingredient], { description: 'The ingredients behind it.' })
  ingredients!: Ingredient[];
}

@ObjectType({ description: 'A similar product, judged for the caller.' })
export class BetterAlternative {
  @Field(() => Product)
  product!: Product;

  @Field(() => Float, { description: 'Ingredient-list similarity to the original, 0-1.' })
  similarity!: number;

  @Field(() => Float, {
    description: "Similarity plus the caller's points (feelings, free-of wishes, skin profile, routine): the ranking.",
  })
  fitScore!: number;

  @Field(() => AlternativeComparison)
  comparedToOriginal!: AlternativeComparison;

  @Field({
    description:
      'same_category, same_step (a sibling category serving the same routine step), other (another kind of product, ' +
      'only with otherKinds: true) or unknown (the original has no category).',
  })
  kind!: string;

  @Field(() => PersonalVerdict, {
    nullable: true,
    description: 'As GET /my/compatibility/product judges it; null for anonymous callers.',
  })
  verdict!: PersonalVerdict | null;

  @Field(() => String, {
    nullable: true,
    description: 'fits, caution or does_not_fit in the routine given; null without one.',
  })
  routineFit!: string | null;

  @Field(() => [AlternativeReason], { description: 'Worse first, then better, then neutral.' })
  reasons!: AlternativeReason[];
}

@ObjectType({ description: 'The products most like one, ranked by how well they fit the caller.' })
export class BetterAlternatives {
  @Field(() => Product)
  product!: Product;

  @Field({ description: 'False for anonymous callers: ranked by similarity (and the routine, if given) only.' })
  personalised!: boolean;

  @Field(() => Routine, { nullable: true })
  routine!: Routine | null;

  @Field(() => [BetterAlternative])
  items!: BetterAlternative[];
}
