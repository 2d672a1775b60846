import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';

/** The series we can count, each a table with a created_at column. */
export enum StatsSeries {
  analyses = 'analyses',
  product_buy_clicks = 'product_buy_clicks',
  products = 'products',
  product_tutorials = 'product_tutorials',
  ingredient_opinions = 'ingredient_opinions',
  routines = 'routines',
  users = 'users',
}
registerEnumType(StatsSeries, { name: 'StatsSeries' });

@ObjectType({ description: 'How many were created on one day (in the asked time zone).' })
export class DayCount {
  @Field({ description: 'YYYY-MM-DD' })
  day!: string;

  @Field(() => Int)
  count!: number;
}

@ObjectType()
export class DayCountSeries {
  @Field()
  series!: string;

  @Field()
  timeZone!: string;

  @Field(() => Int)
  total!: number;

  @Field(() => [DayCount], { description: 'Every day of the range, zero-filled.' })
  items!: DayCount[];
}
