import { Check, Entity, Enum, Index, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import { DateType, type Ref } from '@mikro-orm/core';
import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { IngredientAnalysis } from '../analysis/analysis.entity.js';
import { Product } from '../product/product.entity.js';
import { EditableEntity } from '../shared/base.entity.js';
import { User } from '../user/user.entity.js';

export enum ReactionOutcome {
  broke_out = 'broke_out',
  irritated = 'irritated',
  itched = 'itched',
  fine = 'fine',
  loved = 'loved',
}
/**
 * A DATE column as YYYY-MM-DD text both ways. MikroORM's DateType means that, but the drivers hand
 * back a Date for a DATE column (node-postgres at local midnight; PGlite at UTC midnight).
 */
export class CalendarDayType extends DateType {
  override convertToJSValue(value: unknown): string {
    if (!(value instanceof Date)) return String(value).slice(0, 10);
    const local = value.getHours() === 0 && value.getMinutes() === 0 && value.getSeconds() === 0;
    const [y, m, d] = local
      ? [value.getFullYear(), value.getMonth() + 1, value.getDate()]
      : [value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate()];
    return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  }
}

registerEnumType(ReactionOutcome, {
  name: 'ReactionOutcome',
  description: 'How a product went: broke_out, irritated and itched are bad; fine and loved are good.',
});

/**
 * How a product (or an analysed list) went for a person on a day. One per person, product (or
 * analysis) and day: recording the same day again replaces the outcome and note. Private: only
 * its person reads it.
 */
@Entity()
@Unique({ properties: ['user', 'product', 'reactedOn'] })
@Unique({ properties: ['user', 'analysis', 'reactedOn'] })
@Index({ properties: ['user', 'reactedOn'] })
@Check({ name: 'product_reaction_one_subject', expression: '(product_id is null) <> (analysis_id is null)' })
@ObjectType({ description: 'How a product went for the caller on a day (private to them).' })
export class ProductReaction extends EditableEntity {
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  /** The catalog product rated; null when an analysed list was rated instead. */
  @Index()
  @ManyToOne(() => Product, { ref: true, nullable: true, deleteRule: 'cascade' })
  product?: Ref<Product> | null;

  /** The analysed list rated (a product pasted rather than found in the catalog). */
  @ManyToOne(() => IngredientAnalysis, { ref: true, nullable: true, deleteRule: 'cascade' })
  analysis?: Ref<IngredientAnalysis> | null;

  @Enum({ items: () => ReactionOutcome, nativeEnumName: 'reaction_outcome' })
  @Field(() => ReactionOutcome)
  outcome!: ReactionOutcome;

  /** The day it happened (YYYY-MM-DD). */
  @Property({ type: CalendarDayType })
  @Field({ description: 'The day it happened, YYYY-MM-DD.' })
  reactedOn!: string;

  @Property({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  note?: string | null;
}
