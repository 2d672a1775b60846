import { Field, ObjectType } from 'type-graphql';
import { Product } from '../product/product.entity.js';
import { PersonalReason, PersonalVerdict } from './personalization.js';
import { SkinProfile } from './skin-profile.types.js';

@ObjectType({ description: 'How a product suits the caller, from their skin profile and ingredient feelings.' })
export class ProductCompatibility {
  @Field(() => Product)
  product!: Product;

  @Field(() => PersonalVerdict, {
    description: 'The worst reason decides: avoid > caution > good; no reason is neutral.',
  })
  verdict!: PersonalVerdict;

  @Field(() => [String], {
    description: 'The skin-type profiles applied (as in skin_calc), from the skin type and concerns.',
  })
  skinTypes!: string[];

  @Field(() => SkinProfile, { description: "The caller's profile the verdict used." })
  skinProfile!: SkinProfile;

  @Field(() => [PersonalReason], {
    description:
      "Avoid first, then caution, then good; in list order within each. Besides the analysis's sources, `sensitivity`: an ingredient of something the survey says the skin reacted to.",
  })
  reasons!: PersonalReason[];

  @Field(() => [String], { description: 'Entries of the list matched to no ingredient: not judged.' })
  unmatched!: string[];
}
