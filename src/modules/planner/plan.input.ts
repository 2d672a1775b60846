// What a caller asks the planner (issue 41; research §4.2). Every field is optional except the steps limit; what is
// left out comes from the stored profile, survey and shelf (signed in) or a default (preview). The checks that need
// more than a type (ranges, dates, the shelf's size) are in plan-request.ts, each naming its field.
import { Field, Float, InputType, Int, registerEnumType } from 'type-graphql';
import { SkinConcern, SkinType } from '../feeling/skin-profile.types.js';

export enum PregnancyStatus {
  pregnant = 'pregnant',
  trying = 'trying',
  breastfeeding = 'breastfeeding',
  no = 'no',
}
registerEnumType(PregnancyStatus, {
  name: 'PregnancyStatus',
  description: 'Pregnant, trying to conceive, breastfeeding or no.',
});

export enum PlanClimate {
  humid = 'humid',
  dry = 'dry',
  temperate = 'temperate',
  cold = 'cold',
  changing = 'changing',
}
registerEnumType(PlanClimate, { name: 'PlanClimate' });

export enum PlanExperience {
  none = 'none',
  beginner = 'beginner',
  intermediate = 'intermediate',
  advanced = 'advanced',
}
registerEnumType(PlanExperience, {
  name: 'PlanExperience',
  description: 'How much of a routine the person keeps today.',
});

export enum PlanMedicine {
  oral_isotretinoin = 'oral_isotretinoin',
}
registerEnumType(PlanMedicine, { name: 'PlanMedicine', description: 'Declared medicines that change the rules.' });

export enum AcneSeverity {
  mild = 'mild',
  moderate = 'moderate',
  severe = 'severe',
  scarring = 'scarring',
}
registerEnumType(AcneSeverity, { name: 'AcneSeverity', description: 'Severe or scarring acne is a referral.' });

export enum BuyMode {
  within_budget = 'within_budget',
  shelf_only = 'shelf_only',
}
registerEnumType(BuyMode, { name: 'BuyMode' });

export enum BudgetPeriod {
  once = 'once',
  month = 'month',
}
registerEnumType(BudgetPeriod, { name: 'BudgetPeriod' });

export enum ReplanReason {
  product_finished = 'product_finished',
  reaction = 'reaction',
  reformulation = 'reformulation',
  pregnancy_changed = 'pregnancy_changed',
  season = 'season',
  budget = 'budget',
}
registerEnumType(ReplanReason, { name: 'ReplanReason', description: 'Why a plan is planned again (research §4.6).' });

export enum PlanWeekday {
  mon = 'mon',
  tue = 'tue',
  wed = 'wed',
  thu = 'thu',
  fri = 'fri',
  sat = 'sat',
  sun = 'sun',
}
registerEnumType(PlanWeekday, { name: 'PlanWeekday' });

export enum PlanTimeOfDay {
  morning = 'morning',
  evening = 'evening',
}
registerEnumType(PlanTimeOfDay, { name: 'PlanTimeOfDay' });

@InputType({ description: 'A shelf entry: a catalog product (id or alias) or an analysed list (its token).' })
export class ShelfEntryInput {
  @Field(() => String, { nullable: true, description: 'Product id or alias.' })
  product?: string | null;

  @Field(() => String, { nullable: true, description: "An analysis's share token." })
  analysisToken?: string | null;

  @Field(() => String, { nullable: true, description: 'unopened, in_use (default), finished or set_aside' })
  status?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Used without trouble for 4 weeks or more.' })
  tolerated?: boolean | null;
}

@InputType({ description: 'The person, where it differs from (or stands in for) the stored profile and survey.' })
export class PlanProfileInput {
  @Field(() => SkinType, { nullable: true })
  skinType?: SkinType | null;

  @Field(() => [SkinConcern], { nullable: true })
  concerns?: SkinConcern[] | null;

  @Field(() => PregnancyStatus, { nullable: true })
  pregnancy?: PregnancyStatus | null;

  @Field(() => [String], { nullable: true, description: "The survey's sensitivities: fragrance, acids, retinoids, …" })
  sensitivities?: string[] | null;

  @Field(() => PlanClimate, { nullable: true })
  climate?: PlanClimate | null;

  @Field(() => Int, { nullable: true, description: 'Age in years.' })
  age?: number | null;

  @Field(() => [PlanMedicine], { nullable: true })
  taking?: PlanMedicine[] | null;

  @Field(() => AcneSeverity, { nullable: true })
  acne?: AcneSeverity | null;

  @Field(() => Boolean, { nullable: true })
  suspectedAllergy?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'A flare that has not settled.' })
  unsettledFlare?: boolean | null;
}

@InputType({ description: 'How many steps the person will really do.' })
export class StepsLimitInput {
  @Field(() => Int, { description: '1-8: a morning always ends with sunscreen.' })
  morningMax!: number;

  @Field(() => Int, { description: '1-10' })
  eveningMax!: number;
}

@InputType({ description: "A budget in a currency (ISO 4217) or a country's (ISO 3166-1 alpha-2)." })
export class BudgetInput {
  @Field(() => Float, { description: '0-100,000' })
  amount!: number;

  @Field(() => String, { nullable: true })
  currency?: string | null;

  @Field(() => String, { nullable: true })
  country?: string | null;

  @Field(() => BudgetPeriod, { nullable: true, description: 'once (default) or month' })
  period?: BudgetPeriod | null;
}

@InputType({ description: "A prescribed product on the shelf, with the prescriber's days and time of day." })
export class PrescribedInput {
  @Field({ description: 'Product id or alias; it must be on the shelf.' })
  product!: string;

  @Field(() => [PlanWeekday])
  days!: PlanWeekday[];

  @Field(() => PlanTimeOfDay)
  timeOfDay!: PlanTimeOfDay;
}

@InputType({ description: 'What to plan for (research §4.2).' })
export class RoutinePlanInput {
  @Field(() => [ShelfEntryInput], {
    nullable: true,
    description: 'The shelf as a list (at most 60); left out: the stored shelf (signed in) or none (preview).',
  })
  shelf?: ShelfEntryInput[] | null;

  @Field(() => PlanProfileInput, { nullable: true })
  profile?: PlanProfileInput | null;

  @Field(() => [String], { nullable: true, description: 'Concerns or survey goals, first first; default: concerns.' })
  goals?: string[] | null;

  @Field(() => StepsLimitInput)
  steps!: StepsLimitInput;

  @Field(() => BudgetInput, { nullable: true })
  budget?: BudgetInput | null;

  @Field(() => BuyMode, { nullable: true, description: 'within_budget (default) or shelf_only' })
  buy?: BuyMode | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD, within a year; default: today (UTC).' })
  startOn?: string | null;

  @Field(() => Int, { nullable: true, description: '1-26 (default 8)' })
  horizonWeeks?: number | null;

  @Field(() => PlanExperience, { nullable: true })
  experience?: PlanExperience | null;

  @Field(() => [PrescribedInput], { nullable: true })
  prescribed?: PrescribedInput[] | null;

  @Field(() => [String], { nullable: true, description: 'Product ids or aliases never to plan.' })
  excludeProducts?: string[] | null;

  @Field(() => [String], { nullable: true, description: 'Brand names never to plan.' })
  excludeBrands?: string[] | null;
}
