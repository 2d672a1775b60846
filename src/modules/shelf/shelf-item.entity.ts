import { Entity, Enum, Index, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { IngredientAnalysis } from '../analysis/analysis.entity.js';
import { Product } from '../product/product.entity.js';
import { CalendarDayType } from '../reaction/product-reaction.entity.js';
import { EditableEntity } from '../shared/base.entity.js';
import { User } from '../user/user.entity.js';

/** Where a shelf item is in its life (issue 41; research §4.1): the planner uses unopened and in-use items only. */
export enum ShelfItemStatus {
  unopened = 'unopened',
  in_use = 'in_use',
  finished = 'finished',
  set_aside = 'set_aside',
}

/** When a prescriber said to use a product. */
export enum PrescribedTime {
  morning = 'morning',
  evening = 'evening',
}

/**
 * One product a person owns: a catalog product, or an ingredient list they analysed (a product the catalog lacks).
 * Exactly one of `product` and `analysis` is set (a check in the migration). A prescribed item keeps the prescriber's
 * weekdays and time of day, which the planner never changes (research §3, S6).
 */
@Entity({ tableName: 'shelf_item' })
@Unique({ properties: ['owner', 'product'] })
@Unique({ properties: ['owner', 'analysis'] })
export class ShelfItem extends EditableEntity {
  @Index()
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  owner!: Ref<User>;

  @ManyToOne(() => Product, { ref: true, nullable: true, deleteRule: 'cascade' })
  product?: Ref<Product> | null;

  @ManyToOne(() => IngredientAnalysis, { ref: true, nullable: true, deleteRule: 'cascade' })
  analysis?: Ref<IngredientAnalysis> | null;

  @Enum({ items: () => ShelfItemStatus, nativeEnumName: 'shelf_item_status' })
  status: ShelfItemStatus = ShelfItemStatus.in_use;

  /** YYYY-MM-DD (read back as such on both drivers): the period after opening runs from here. */
  @Property({ type: CalendarDayType, nullable: true })
  openedOn?: string | null;

  @Property({ type: CalendarDayType, nullable: true })
  finishedOn?: string | null;

  /** Percent left (0-100), when the person says. */
  @Property({ type: 'smallint', nullable: true })
  amountLeft?: number | null;

  /** Used without trouble for four weeks or more: no ramp, no patch test. */
  @Property({ default: false })
  tolerated: boolean = false;

  /** Weekdays a prescriber set, Monday first ('mon'…'sun'); null when not prescribed. */
  @Property({ type: 'text[]', nullable: true })
  prescribedDays?: string[] | null;

  @Enum({ items: () => PrescribedTime, nativeEnumName: 'prescribed_time', nullable: true })
  prescribedTime?: PrescribedTime | null;

  @Property({ type: 'text', default: '' })
  note: string = '';
}
