import { Entity, Index, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Field, ObjectType } from 'type-graphql';
import { IngredientOpinion } from '../opinion/ingredient-opinion.entity.js';
import { Product } from '../product/product.entity.js';
import { BaseEntity, EditableEntity } from '../shared/base.entity.js';
import { User } from '../user/user.entity.js';

/** A brand user's pitch of one of their products for routine steps. Routine steps may point at one. */
@Entity()
@ObjectType({ description: "A brand's pitch of a product for routine steps, with ingredient opinions attached." })
@Index({ properties: ['author', 'createdAt'] })
export class ProductPitch extends EditableEntity {
  @Index()
  @ManyToOne(() => Product, { ref: true, deleteRule: 'cascade' })
  product!: Ref<Product>;

  /** The brand user who pitched it. */
  @Index()
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  author!: Ref<User>;

  /** The step types (cleanse, treat, moisturise…) the product is pitched for. */
  @Property({ type: 'text[]' })
  @Field(() => [String])
  stepTypes: string[] = [];

  @Property({ type: 'text', default: '' })
  @Field()
  message: string = '';

  /** Where the pitch sends buyers: an https URL, null until assigned. */
  @Property({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'The affiliate link (https), null until assigned.' })
  affiliateUrl?: string | null;

  /** The user credited for sales through the link, if any (the `affiliateUser` field resolver). */
  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  affiliateUser?: Ref<User> | null;

  @Property({ type: 'datetime', nullable: true })
  @Field(() => Date, { nullable: true })
  affiliateAssignedAt?: Date | null;
}

/** An ingredient opinion attached to a pitch. Once per pitch and opinion. */
@Entity()
@Unique({ properties: ['pitch', 'opinion'] })
export class ProductPitchOpinion extends BaseEntity {
  @ManyToOne(() => ProductPitch, { ref: true, deleteRule: 'cascade' })
  pitch!: Ref<ProductPitch>;

  @Index()
  @ManyToOne(() => IngredientOpinion, { ref: true, deleteRule: 'cascade' })
  opinion!: Ref<IngredientOpinion>;
}
