import { Entity, Enum, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Product } from '../product/product.entity.js';
import { BaseEntity, EditableEntity } from '../shared/base.entity.js';
import { UnitOfMeasurement } from '../unit/unit.entity.js';
import { User } from '../user/user.entity.js';

export enum ProductTutorialStatus {
  draft = 'draft',
  published = 'published',
}
registerEnumType(ProductTutorialStatus, { name: 'ProductTutorialStatus' });

export enum TutorialFrequency {
  twice_daily = 'twice_daily',
  daily = 'daily',
  every_other_day = 'every_other_day',
  twice_weekly = 'twice_weekly',
  weekly = 'weekly',
  as_needed = 'as_needed',
}
registerEnumType(TutorialFrequency, { name: 'TutorialFrequency', description: 'How often to use the product.' });

export enum TutorialTimeOfDay {
  am = 'am',
  pm = 'pm',
  any = 'any',
}
registerEnumType(TutorialTimeOfDay, {
  name: 'TutorialTimeOfDay',
  description: 'Mornings (am), evenings (pm) or either (any).',
});

/** How to use a product: written by a user, public once published. Routine steps may point at one. */
@Entity()
@ObjectType({ description: 'How to use a product: ordered instructions, warnings, quantity and media.' })
@Index({ properties: ['product', 'status'] })
@Index({ properties: ['status', 'createdAt'] })
export class ProductTutorial extends EditableEntity {
  @ManyToOne(() => Product, { ref: true, deleteRule: 'cascade' })
  product!: Ref<Product>;

  @Index()
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  author!: Ref<User>;

  @Property({ type: 'text' })
  @Field()
  title!: string;

  @Property({ type: 'text', default: '' })
  @Field()
  description: string = '';

  @Enum({ items: () => TutorialFrequency, nativeEnumName: 'tutorial_frequency', nullable: true })
  @Field(() => TutorialFrequency, { nullable: true })
  frequency?: TutorialFrequency | null;

  @Enum({ items: () => TutorialTimeOfDay, nativeEnumName: 'tutorial_time_of_day', nullable: true })
  @Field(() => TutorialTimeOfDay, { nullable: true })
  timeOfDay?: TutorialTimeOfDay | null;

  @Property({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'An https URL of a video or picture showing how.' })
  mediaUrl?: string | null;

  /** How much to use per application: amount and unit (the `quantity` field resolver). */
  @Property({ type: 'double', nullable: true })
  quantityAmount?: number | null;

  @ManyToOne(() => UnitOfMeasurement, { ref: true, nullable: true, deleteRule: 'set null' })
  quantityUnit?: Ref<UnitOfMeasurement> | null;

  /** Denormalised number of instructions (= the highest position), kept by their writes. */
  @Property({ type: 'int', default: 0 })
  @Field(() => Int)
  instructionCount: number = 0;

  @Enum({ items: () => ProductTutorialStatus, nativeEnumName: 'product_tutorial_status' })
  @Field(() => ProductTutorialStatus)
  status: ProductTutorialStatus = ProductTutorialStatus.draft;

  @Property({ type: 'datetime', nullable: true })
  @Field(() => Date, { nullable: true })
  publishedAt?: Date | null;
}

/** One step of a tutorial. Positions are 1..n with no gaps. */
@Entity()
@ObjectType({ description: 'One instruction of a product tutorial; positions run 1..n without gaps.' })
@Index({ properties: ['tutorial', 'position'] })
export class ProductTutorialInstruction extends BaseEntity {
  @ManyToOne(() => ProductTutorial, { ref: true, deleteRule: 'cascade' })
  tutorial!: Ref<ProductTutorial>;

  @Property({ type: 'int' })
  @Field(() => Int)
  position!: number;

  @Property({ type: 'text' })
  @Field()
  text!: string;
}

/** A caution that goes with a tutorial (patch test first, avoid the eye area…). */
@Entity()
@ObjectType({ description: 'A warning of a product tutorial.' })
@Index({ properties: ['tutorial', 'createdAt'] })
export class ProductTutorialWarning extends BaseEntity {
  @ManyToOne(() => ProductTutorial, { ref: true, deleteRule: 'cascade' })
  tutorial!: Ref<ProductTutorial>;

  @Property({ type: 'text' })
  @Field()
  text!: string;
}
