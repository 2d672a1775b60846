// The GraphQL object types of a routine plan (issue 41; research §4.3) and of a plan's day (engine/day.ts). The
// engine's answer (engine/types.ts PlanAnswer) is plain data of the same shape: the service returns it as is and
// these classes only describe it, so a stored plan reads back as it was computed.
import { Field, Float, Int, InterfaceType, ObjectType, registerEnumType } from 'type-graphql';
import { RoutinePlanStatus } from './routine-plan.entity.js';

registerEnumType(RoutinePlanStatus, {
  name: 'RoutinePlanStatus',
  description: 'proposed (planned, not yet followed), accepted (its routines written), superseded (re-planned).',
});

@ObjectType({ description: 'Why the plan did something, and where that comes from.' })
export class PlanReason {
  @Field({
    description:
      'shelf, catalog, rule, invariant, profile, feeling, reaction, budget, prescriber, goal, steps_limit or reading',
  })
  source!: string;

  @Field()
  text!: string;

  @Field(() => String, { nullable: true, description: 'A rule of the routine rules or an invariant id (I1-I26).' })
  rule?: string | null;

  @Field(() => String, { nullable: true, description: 'Where the rationale comes from.' })
  reference?: string | null;
}

@ObjectType({ description: 'A product a plan names.' })
export class PlanProductRef {
  @Field()
  id!: string;

  @Field()
  name!: string;

  @Field(() => String, { nullable: true, description: "The brand's name." })
  brand!: string | null;
}

@ObjectType({ description: 'One step of a planned routine, in layering order.' })
export class PlannedStep {
  @Field(() => Int)
  position!: number;

  @Field({ description: 'cleanse, tone, exfoliate, treat, eye, mask, moisturise or protect' })
  stepType!: string;

  @Field({ description: 'shelf (the person owns it) or catalog (a purchase)' })
  source!: string;

  @Field(() => PlanProductRef)
  product!: PlanProductRef;

  @Field({ description: 'What it does here: protect, cleanse, moisturise, retinoid, exfoliant, treat.' })
  role!: string;

  @Field(() => String, {
    nullable: true,
    description: 'The first date it is used in full, after its patch test (YYYY-MM-DD); null: from the start.',
  })
  newFrom!: string | null;

  @Field(() => Int, { nullable: true, description: "The SPF the product's label states." })
  spf!: number | null;

  @Field({ description: "True for a prescribed product: it keeps the prescriber's days and time." })
  prescribed!: boolean;

  @Field(() => [PlanReason])
  reasons!: PlanReason[];
}

@ObjectType({ description: 'A routine variant of the plan: the morning, or one kind of evening.' })
export class PlannedRoutine {
  @Field({ description: 'morning, evening_retinoid, evening_acid, evening_recovery, ...' })
  key!: string;

  @Field({ description: 'morning or evening' })
  timeOfDay!: string;

  @Field()
  name!: string;

  @Field(() => [PlannedStep])
  steps!: PlannedStep[];
}

@ObjectType({ description: 'Which routine variant (its key) each weekday gets.' })
export class PlanWeek {
  @Field()
  mon!: string;
  @Field()
  tue!: string;
  @Field()
  wed!: string;
  @Field()
  thu!: string;
  @Field()
  fri!: string;
  @Field()
  sat!: string;
  @Field()
  sun!: string;
}

@ObjectType({ description: 'A stretch of the schedule with the same week: a step of a ramp, or the steady week.' })
export class PlanPhase {
  @Field({ description: 'YYYY-MM-DD' })
  from!: string;

  @Field({ description: 'YYYY-MM-DD, inclusive' })
  to!: string;

  @Field(() => PlanWeek)
  mornings!: PlanWeek;

  @Field(() => PlanWeek)
  nights!: PlanWeek;

  @Field()
  why!: string;
}

@ObjectType({ description: 'The dated schedule by phase.' })
export class PlanSchedule {
  @Field(() => [PlanPhase])
  phases!: PlanPhase[];

  @Field({ description: 'How to restart after missed nights.' })
  missedNights!: string;
}

@ObjectType({ description: 'A patch-test window before a new product is used in full.' })
export class PlanPatchTest {
  @Field({ description: 'YYYY-MM-DD' })
  from!: string;

  @Field({ description: 'YYYY-MM-DD, inclusive' })
  to!: string;

  @Field()
  how!: string;
}

@ObjectType({ description: 'A product new to the person, introduced one at a time.' })
export class PlannedIntroduction {
  @Field(() => PlanProductRef)
  product!: PlanProductRef;

  @Field(() => PlanPatchTest, { nullable: true, description: 'Null for an essential that starts on day 1.' })
  patchTest!: PlanPatchTest | null;

  @Field({ description: 'YYYY-MM-DD' })
  firstFullUse!: string;

  @Field()
  why!: string;
}

@ObjectType({ description: 'The offer a purchase was priced with.' })
export class PlanOfferChoice {
  @Field()
  retailer!: string;

  @Field(() => String, { nullable: true })
  url!: string | null;

  @Field(() => Float, { description: "The price in the offer's own currency." })
  price!: number;

  @Field({ description: 'ISO 4217' })
  currency!: string;

  @Field(() => Float, { description: "The price converted into the budget's currency." })
  comparedPrice!: number;

  @Field({ description: "The budget's currency (ISO 4217)." })
  comparedCurrency!: string;
}

@ObjectType({ description: 'A product the plan proposes to buy.' })
export class PlannedPurchase {
  @Field(() => PlanProductRef)
  product!: PlanProductRef;

  @Field({ description: 'The routine and step it is for: morning.protect, evening_retinoid.treat, ...' })
  for!: string;

  @Field(() => PlanOfferChoice)
  offer!: PlanOfferChoice;

  @Field(() => Int, { nullable: true, description: 'How long it lasts at the plan’s dose; null: size unknown.' })
  lastsDays!: number | null;

  @Field(() => Float, { nullable: true, description: 'Cost per month at the plan’s dose; null: unknown.' })
  costPerMonth!: number | null;

  @Field(() => [PlanReason])
  reasons!: PlanReason[];
}

@ObjectType({ description: 'The purchases, summed in the budget’s currency with the reference rates’ date.' })
export class PlanPurchases {
  @Field(() => [PlannedPurchase])
  items!: PlannedPurchase[];

  @Field(() => String, { nullable: true, description: 'Always null: all purchases in one page.' })
  nextCursor!: string | null;

  @Field(() => Float)
  total!: number;

  @Field(() => String, { nullable: true, description: 'ISO 4217; null without a budget.' })
  currency!: string | null;

  @Field(() => Float, { nullable: true })
  budget!: number | null;

  @Field(() => String, { nullable: true, description: 'once or month' })
  period!: string | null;

  @Field({ description: 'The day of the reference exchange rates used (YYYY-MM-DD).' })
  ratesDate!: string;

  @Field()
  ratesNote!: string;
}

@ObjectType({ description: 'What the plan costs a month at the doses it prescribes.' })
export class PlanCostPerMonth {
  @Field(() => Float)
  amount!: number;

  @Field({ description: 'ISO 4217' })
  currency!: string;

  @Field(() => [PlanProductRef], { description: 'Products whose cost per month is unknown (no size or no offer).' })
  unknownFor!: PlanProductRef[];
}

@ObjectType({ description: 'A shelf product set aside or not used, with why.' })
export class PlannedProductNote {
  @Field(() => PlanProductRef)
  product!: PlanProductRef;

  @Field(() => String, { nullable: true, description: 'after_pregnancy or after_isotretinoin; null: no end.' })
  until?: string | null;

  @Field(() => [PlanReason])
  reasons!: PlanReason[];
}

@ObjectType({ description: 'The cheapest way to meet a constraint the plan could not.' })
export class PlanFix {
  @Field(() => PlanProductRef, { nullable: true })
  product!: PlanProductRef | null;

  @Field(() => Float, { nullable: true })
  price!: number | null;

  @Field(() => String, { nullable: true })
  currency!: string | null;

  @Field()
  text!: string;
}

@ObjectType({ description: 'A constraint the plan could not meet, and the cheapest fix.' })
export class UnmetConstraint {
  @Field({ description: 'sunscreen, cleanser, budget, shelf, pregnancy, ...' })
  constraint!: string;

  @Field()
  text!: string;

  @Field(() => PlanFix)
  cheapestFix!: PlanFix;
}

@ObjectType({ description: 'A compatibility finding on one of the plan’s routines.' })
export class PlanFinding {
  @Field({ description: 'The routine variant’s key.' })
  routine!: string;

  @Field()
  rule!: string;

  @Field({ description: 'high, medium or low' })
  severity!: string;

  @Field()
  title!: string;

  @Field()
  reason!: string;

  @Field()
  reference!: string;
}

@ObjectType({ description: 'One of the plan’s own invariant checks (I1-I26).' })
export class PlanCheck {
  @Field()
  invariant!: string;

  @Field()
  passed!: boolean;

  @Field()
  detail!: string;
}

@ObjectType({ description: 'Something the person should act on: a referral, a prescriber question, a reading.' })
export class PlanAttention {
  @Field({ description: 'referral, prescriber, reading, sunscreen or note' })
  kind!: string;

  @Field()
  text!: string;
}

/**
 * What a plan holds, stored or not: the preview's answer and a stored plan both implement it, so one fragment
 * (rest-mappings/routine-plans.graphql) selects it for both.
 */
@InterfaceType({ description: 'A planned routine: the answer of the planner, stored or not.' })
export abstract class PlanContent {
  @Field({ description: 'Which rules and engine made it: a hash of the rule files and the engine version.' })
  rulesVersion!: string;

  @Field({ description: 'YYYY-MM-DD' })
  startOn!: string;

  @Field(() => Int)
  horizonWeeks!: number;

  @Field()
  summary!: string;

  @Field(() => [PlannedRoutine])
  routines!: PlannedRoutine[];

  @Field(() => PlanSchedule)
  schedule!: PlanSchedule;

  @Field(() => [PlannedIntroduction])
  introductions!: PlannedIntroduction[];

  @Field(() => PlanPurchases)
  purchases!: PlanPurchases;

  @Field(() => PlanCostPerMonth, { nullable: true, description: 'Null when nothing has a known cost.' })
  costPerMonth!: PlanCostPerMonth | null;

  @Field(() => [PlannedProductNote])
  setAside!: PlannedProductNote[];

  @Field(() => [PlannedProductNote])
  notUsed!: PlannedProductNote[];

  @Field(() => [UnmetConstraint])
  unmet!: UnmetConstraint[];

  @Field(() => [PlanFinding])
  findings!: PlanFinding[];

  @Field(() => [PlanCheck])
  checks!: PlanCheck[];

  @Field(() => [PlanAttention])
  attention!: PlanAttention[];
}

@ObjectType({ implements: PlanContent, description: 'A planned routine: the answer of the planner, stored or not.' })
export class PlanAnswer extends PlanContent {}

@ObjectType('RoutinePlan', {
  implements: PlanContent,
  description: 'A stored plan: the answer with its id, status and history.',
})
export class RoutinePlanView extends PlanContent {
  @Field()
  id!: string;

  @Field()
  createdAt!: Date;

  @Field(() => RoutinePlanStatus)
  status!: RoutinePlanStatus;

  @Field(() => Date, { nullable: true })
  acceptedAt!: Date | null;

  @Field(() => String, { nullable: true, description: 'The plan that replaced this one, when superseded.' })
  supersededById!: string | null;
}

@ObjectType({ description: 'A page of stored plans, newest first.' })
export class RoutinePlanPage {
  @Field(() => [RoutinePlanView])
  items!: RoutinePlanView[];

  @Field(() => String, { nullable: true })
  nextCursor!: string | null;
}

@ObjectType({ description: 'A routine as followed on one day.' })
export class PlanDayRoutine {
  @Field()
  key!: string;

  @Field()
  name!: string;

  @Field(() => [PlannedStep])
  steps!: PlannedStep[];
}

@ObjectType({ description: 'What to do on one date of a plan, and how to restart after missed nights.' })
export class PlanDay {
  @Field({ description: 'YYYY-MM-DD' })
  date!: string;

  @Field({ description: 'False for a date outside the plan’s horizon.' })
  inPlan!: boolean;

  @Field(() => PlanDayRoutine, { nullable: true })
  morning!: PlanDayRoutine | null;

  @Field(() => PlanDayRoutine, { nullable: true })
  evening!: PlanDayRoutine | null;

  @Field(() => [PlannedIntroduction], { description: 'Products whose first full use is this date.' })
  startsToday!: PlannedIntroduction[];

  @Field(() => [PlannedIntroduction], { description: 'Patch tests running on this date.' })
  patchTests!: PlannedIntroduction[];

  @Field(() => String, { nullable: true, description: 'After missed nights: how to pick the plan up again.' })
  restart!: string | null;
}
