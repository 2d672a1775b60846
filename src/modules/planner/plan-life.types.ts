// GraphQL types of a stored plan's life (accept, page link, drift, a routine's schedule). The plan's own answer
// types are plan.types.ts.
import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType({ description: "A plan's page link: anyone holding it reads the plan's phone pages, until it is revoked." })
export class RoutinePlanPageLink {
  @Field({ description: 'The plan page: routines, this week, introductions, purchases.' })
  pageUrl!: string;

  @Field({ description: "Today's day view (append ?date=YYYY-MM-DD for another day)." })
  tonightUrl!: string;
}

@ObjectType({ description: "A change in an accepted plan's routines since, judged again as they now are." })
export class PlanDrift {
  @Field({ description: 'added, removed, finding, order, no_sunscreen, deleted or not_current' })
  kind!: string;

  @Field({ description: "The plan's routine variant (morning, evening_retinoid, ...)." })
  routineKey!: string;

  @Field(() => ID, { nullable: true, description: "The person's routine now; null when they deleted it." })
  routineId!: string | null;

  @Field(() => String, { nullable: true })
  productId!: string | null;

  @Field(() => String, { nullable: true, description: 'The routine rule whose finding is new.' })
  rule!: string | null;

  @Field(() => String, { nullable: true, description: 'The plan invariant it breaks (I1-I26).' })
  invariant!: string | null;

  @Field({ description: 'In plain words.' })
  text!: string;
}

@ObjectType({ description: 'When a routine is followed, as the accepted plan it came from scheduled it.' })
export class RoutineScheduleEntry {
  @Field(() => ID, { description: 'The plan that wrote the routine.' })
  planId!: string;

  @Field(() => [String], { description: 'mon … sun' })
  weekdays!: string[];

  @Field({ description: 'YYYY-MM-DD' })
  fromOn!: string;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD, inclusive; null: open-ended.' })
  toOn!: string | null;
}
