// The GraphQL object types ProductDraftResolver returns.
import { Field, Float, ObjectType } from 'type-graphql';
import { CategoryGuess } from '../analysis/analysis.types.js';
import { Brand } from '../brand/brand.entity.js';
import { Page } from '../shared/pagination.js';
import { ProductDraft } from './product-draft.entity.js';

@ObjectType()
export class ProductDraftPage extends Page(ProductDraft) {}

@ObjectType({ description: 'A brand the product name points at, with confidence (0-1).' })
export class BrandGuess {
  @Field(() => Brand)
  brand!: Brand;

  @Field(() => Float)
  confidence!: number;
}

@ObjectType({ description: 'A proposed category and brand for a new product.' })
export class DraftClassification {
  @Field(() => CategoryGuess, {
    nullable: true,
    description: 'From the categories of the catalog products with the most similar lists; null when none is similar.',
  })
  category!: CategoryGuess | null;

  @Field(() => [CategoryGuess])
  alternativeCategories!: CategoryGuess[];

  @Field(() => BrandGuess, {
    nullable: true,
    description: 'A catalog brand whose name appears in the product name; null when none does.',
  })
  brand!: BrandGuess | null;

  @Field(() => [BrandGuess])
  alternativeBrands!: BrandGuess[];
}
