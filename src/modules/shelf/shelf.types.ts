// GraphQL shapes of the shelf (issue 41): what a person owns, read as plain objects built by the
// service (shelf.service.ts), so a page of 60 items costs a fixed number of statements.
import { ArgsType, Field, ID, InputType, Int, InterfaceType, ObjectType, registerEnumType } from 'type-graphql';
import { Product } from '../product/product.entity.js';
import { Page } from '../shared/pagination.js';
import { PrescribedTime, ShelfItemStatus } from './shelf-item.entity.js';

/** The days of the week as a prescriber names them, Monday first (the order they are stored and answered in). */
export enum Weekday {
  mon = 'mon',
  tue = 'tue',
  wed = 'wed',
  thu = 'thu',
  fri = 'fri',
  sat = 'sat',
  sun = 'sun',
}
export const WEEKDAYS = Object.values(Weekday);

registerEnumType(Weekday, { name: 'Weekday', description: 'A day of the week: mon, tue, wed, thu, fri, sat, sun.' });
registerEnumType(ShelfItemStatus, {
  name: 'ShelfItemStatus',
  description:
    'unopened, in_use, finished or set_aside (kept but not used: a reaction, a pregnancy). A planner uses unopened ' +
    'and in_use items only.',
});
registerEnumType(PrescribedTime, { name: 'PrescribedTime', description: 'When a prescriber said to use it.' });

@ObjectType({
  description: "A prescriber's instructions: the weekdays and the time of day (a planner never changes them).",
})
export class ShelfPrescription {
  @Field(() => [Weekday], { description: 'Monday first, each once.' })
  days!: Weekday[];

  @Field(() => PrescribedTime)
  timeOfDay!: PrescribedTime;
}

@InputType({ description: "A prescriber's instructions for a shelf item." })
export class ShelfPrescriptionInput {
  @Field(() => [Weekday], { description: 'At least one weekday, each once.' })
  days!: Weekday[];

  @Field(() => PrescribedTime)
  timeOfDay!: PrescribedTime;
}

@ObjectType({ description: 'An analysed ingredient list on a shelf: a product the catalog does not have.' })
export class ShelfAnalysis {
  @Field({ description: 'The analysis token (GET /analyze/shared/:token reads it).' })
  token!: string;

  @Field(() => String, { nullable: true, description: 'The name line printed above the list, when there was one.' })
  nameLine!: string | null;
}

@InterfaceType('ShelfEntry', {
  description:
    'What every answer about a shelf item holds: ShelfItem (the shelf) and SavedShelfItem (a write, which adds created). Documents select it once, as a fragment on ShelfEntry.',
})
export abstract class ShelfEntry {
  @Field(() => ID)
  id!: string;

  @Field(() => Product, { nullable: true, description: 'The catalog product; null for an analysed list.' })
  product!: Product | null;

  @Field(() => ShelfAnalysis, { nullable: true, description: 'The analysed list; null for a catalog product.' })
  analysis!: ShelfAnalysis | null;

  @Field({
    description:
      'What to call it: the product\'s name, else the analysed list\'s name line, else its first entries ("List: Aqua, Glycerin, Niacinamide…").',
  })
  name!: string;

  @Field(() => String, {
    nullable: true,
    description:
      'The routine step its category serves (cleanse, tone, exfoliate, treat, eye, mask, moisturise, protect), from the category or its nearest ancestor; null for an analysed list or a category with none (makeup).',
  })
  stepType!: string | null;

  @Field(() => ShelfItemStatus)
  status!: ShelfItemStatus;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD.' })
  openedOn!: string | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD (a finished item).' })
  finishedOn!: string | null;

  @Field(() => Int, { nullable: true, description: 'Percent left, 0-100, as the person last said.' })
  amountLeft!: number | null;

  @Field({ description: 'Used without trouble for four weeks or more: a planner skips its ramp and patch test.' })
  tolerated!: boolean;

  @Field(() => ShelfPrescription, { nullable: true, description: 'Null when not prescribed.' })
  prescribed!: ShelfPrescription | null;

  @Field(() => String, { nullable: true })
  note!: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description:
      'Past its period after opening. Always null for now: no product in the catalog states its period after opening (the jar symbol, "12M"), so whether it expired is unknown, never guessed.',
  })
  expired!: boolean | null;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date)
  updatedAt!: Date;
}

@ObjectType('ShelfItem', {
  implements: ShelfEntry,
  description: 'Something the caller owns: a catalog product or an analysed list.',
})
export class ShelfItemView extends ShelfEntry {}

@ObjectType('SavedShelfItem', {
  implements: ShelfEntry,
  description: 'A shelf item as written, and whether this request added it (REST 201) or changed it (REST 200).',
})
export class SavedShelfItem extends ShelfEntry {
  @Field({ description: 'True when this request added the item, false when it changed one already there.' })
  created!: boolean;
}

@ObjectType()
export class ShelfItemPage extends Page(ShelfItemView) {}

/** The fields a shelf write may set; each omitted one stays as it is (on a new item: its default). */
@ArgsType()
export class ShelfItemChanges {
  @Field(() => ShelfItemStatus, { nullable: true, description: 'Default in_use.' })
  status?: ShelfItemStatus | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD, not in the future; null clears it.' })
  openedOn?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'YYYY-MM-DD, not in the future nor before openedOn; only with status finished; null clears it.',
  })
  finishedOn?: string | null;

  @Field(() => Int, { nullable: true, description: 'Percent left, 0-100; null clears it.' })
  amountLeft?: number | null;

  @Field(() => Boolean, { nullable: true, description: 'Default false.' })
  tolerated?: boolean | null;

  @Field(() => ShelfPrescriptionInput, {
    nullable: true,
    description: "The prescriber's days and time; null clears it.",
  })
  prescribed?: ShelfPrescriptionInput | null;

  @Field(() => String, { nullable: true, description: 'At most 500 characters; null clears it.' })
  note?: string | null;
}
