import { Field, Int, ObjectType } from 'type-graphql';
import { Page } from '../shared/pagination.js';
import { Routine } from '../routine/routine.entity.js';

@ObjectType({ description: "A routine's place in a week's contest." })
export class ContestEntry {
  @Field(() => Int, { description: '1 for the leader.' })
  rank!: number;

  @Field(() => Int, { description: 'Favourites received during the week.' })
  score!: number;

  @Field(() => Routine)
  routine!: Routine;
}

@ObjectType()
export class ContestEntryPage extends Page(ContestEntry) {}

@ObjectType({ description: 'A week\'s "most liked routine" contest (ISO week, UTC).' })
export class Contest {
  @Field({ description: 'most_liked_routine' })
  contest!: string;

  @Field({ description: 'YYYYWW (ISO week-numbering year and week).' })
  weekNumber!: string;

  @Field(() => Int)
  year!: number;

  @Field(() => Int)
  week!: number;

  @Field({ description: 'Monday 00:00 UTC.' })
  startsAt!: Date;

  @Field({ description: 'The next Monday 00:00 UTC (exclusive).' })
  endsAt!: Date;

  @Field({ description: 'upcoming, running or finished' })
  status!: string;

  @Field(() => Int, { description: 'Published routines favoured during the week.' })
  entries!: number;

  @Field(() => ContestEntry, { nullable: true })
  leader!: ContestEntry | null;
}

@ObjectType({ description: "The caller's standing in a week's contest: their best-ranked routine, or none." })
export class ContestStanding {
  @Field(() => Contest)
  contest!: Contest;

  @Field(() => ContestEntry, { nullable: true })
  entry!: ContestEntry | null;
}
