import { Entity, Index, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { Opt, Ref } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Ingredient } from '../ingredient/ingredient.entity.js';
import { BaseEntity } from '../shared/base.entity.js';
import { User } from '../user/user.entity.js';

/**
 * An expert's opinion about an ingredient. Its id is stable; each edit adds an entry (a
 * version), and the opinion row keeps a copy of the newest one for lists and hashtag search.
 */
@Entity()
@ObjectType({ description: "An expert's opinion about an ingredient; its text is the newest entry's." })
@Index({ properties: ['ingredient', 'endorsementCount', 'createdAt'] })
@Index({ properties: ['author', 'createdAt'] })
export class IngredientOpinion extends BaseEntity {
  /** Only its GraphQL description is its own (the column is the base's). */
  @Field(() => ID, { description: "The opinion's uuid, the same across edits." })
  override id!: string;

  @ManyToOne(() => Ingredient, { ref: true, deleteRule: 'cascade' })
  ingredient!: Ref<Ingredient>;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  author!: Ref<User>;

  @Property({ type: 'text' })
  @Field({ description: 'The current text.' })
  text!: string;

  @Index({ type: 'gin' })
  @Property({ type: 'text[]' })
  @Field(() => [String], { description: 'Hashtags of the current text, lowercase, without #.' })
  hashtags: string[] = [];

  @Property({ type: 'int' })
  @Field(() => Int, { description: "The current entry's version: 1 when created, +1 per edit." })
  version: number = 1;

  @Property({ type: 'uuid' })
  @Field(() => ID, { description: 'The uuid of the current (newest) entry.' })
  currentEntryId!: string;

  /** Denormalised count of endorsements, kept by the endorse/unendorse mutations. */
  @Property({ type: 'int', default: 0 })
  @Field(() => Int)
  endorsementCount: number = 0;

  /** Set by each new entry (not onUpdate: an endorsement is no edit). */
  @Property({ type: 'datetime' })
  @Field(() => Date, { description: 'When the current entry was written.' })
  updatedAt: Opt<Date> = new Date(this.createdAt);
}

/** One version of an opinion: written once, never changed. */
@Entity()
@ObjectType({ description: 'One version of an ingredient opinion.' })
@Unique({ properties: ['opinion', 'version'] })
export class IngredientOpinionEntry extends BaseEntity {
  /** Only its GraphQL description is its own (the column is the base's). */
  @Field(() => ID, { description: "The entry's uuid." })
  override id!: string;

  @ManyToOne(() => IngredientOpinion, { ref: true, deleteRule: 'cascade' })
  opinion!: Ref<IngredientOpinion>;

  @Property({ type: 'int' })
  @Field(() => Int)
  version!: number;

  @Property({ type: 'text' })
  @Field()
  text!: string;

  @Property({ type: 'text[]' })
  @Field(() => [String])
  hashtags: string[] = [];

  /** Who wrote this version: the author, or a moderator who edited it. */
  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  editor?: Ref<User> | null;
}

/** Another expert vouches for an opinion. One per user and opinion. */
@Entity()
@Unique({ properties: ['opinion', 'user'] })
export class IngredientOpinionEndorsement extends BaseEntity {
  @ManyToOne(() => IngredientOpinion, { ref: true, deleteRule: 'cascade' })
  opinion!: Ref<IngredientOpinion>;

  @Index()
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;
}
