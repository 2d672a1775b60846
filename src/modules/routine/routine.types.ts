// GraphQL shapes of what the routine services answer (entities are object types themselves).
import { ArgsType, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { SkinProfile } from '../feeling/skin-profile.types.js';
import { Ingredient } from '../ingredient/ingredient.entity.js';
import { ProductPitch } from '../pitch/product-pitch.entity.js';
import { Product } from '../product/product.entity.js';
import { Page, PageArgs } from '../shared/pagination.js';
import { User } from '../user/user.entity.js';
import { RoutineRequest } from './routine-request.entity.js';
import { Routine, RoutineStep, RoutineTimeOfDay } from './routine.entity.js';

@ObjectType()
export class RoutinePage extends Page(Routine) {}

@ObjectType()
export class RoutineStepPage extends Page(RoutineStep) {}

@ObjectType()
export class RoutineRequestPage extends Page(RoutineRequest) {}

@ObjectType({ description: 'Ids of routines.' })
export class RoutineIdPage {
  @Field(() => [ID])
  items!: string[];

  @Field(() => String, { nullable: true })
  nextCursor!: string | null;
}

@InputType({ description: 'A step of a new routine.' })
export class RoutineStepInput {
  @Field({ description: 'cleanse, tone, exfoliate, treat, eye, mask, moisturise or protect' })
  stepType!: string;

  @Field(() => String, { nullable: true, description: 'Product id or alias.' })
  product?: string | null;

  @Field(() => String, { nullable: true })
  note?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Add the product even at a step type it does not serve.' })
  allowOtherKind?: boolean | null;
}

/** Flat arguments (see SkinProfileChanges): omitted fields stay as they are. */
@ArgsType()
export class RoutineChangesArgs {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => RoutineTimeOfDay, { nullable: true })
  timeOfDay?: RoutineTimeOfDay | null;

  @Field(() => Boolean, { nullable: true, description: "Whether it is one of the caller's current routines." })
  current?: boolean | null;
}

@ArgsType()
export class RoutineListArgs extends PageArgs {
  @Field(() => RoutineTimeOfDay, { nullable: true })
  timeOfDay?: RoutineTimeOfDay | null;

  @Field(() => String, { nullable: true, description: 'Only routines with a step using this product (id or alias).' })
  product?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Only routines by experts who cover this interest group (data/supergroups.yaml).',
  })
  supergroup?: string | null;
}

@ObjectType({ description: 'A step a compatibility finding involves ("candidate" for the product being tried).' })
export class FindingStep {
  @Field()
  id!: string;

  @Field(() => Int)
  position!: number;

  @Field()
  stepType!: string;
}

@ObjectType()
export class FindingIngredient {
  @Field(() => ID)
  id!: string;

  @Field()
  alias!: string;

  @Field()
  name!: string;
}

@ObjectType({ description: 'A compatibility problem, from a rule of data/routine-rules.yaml.' })
export class CompatibilityFinding {
  @Field({ description: "The rule's id." })
  rule!: string;

  @Field({ description: 'high (do not combine), medium (with care) or low (worth knowing)' })
  severity!: string;

  @Field()
  title!: string;

  @Field({ description: 'What was found, then why it matters.' })
  reason!: string;

  @Field({ description: 'Where the rationale comes from.' })
  reference!: string;

  @Field(() => [FindingStep])
  steps!: FindingStep[];

  @Field(() => [FindingIngredient])
  ingredients!: FindingIngredient[];
}

@ObjectType({ description: "How a routine's products go together and with its time of day." })
export class RoutineCompatibility {
  @Field(() => Routine)
  routine!: Routine;

  @Field({ description: 'compatible, caution (a medium finding) or conflict (a high one)' })
  verdict!: string;

  @Field(() => Int, { description: 'Steps with a product.' })
  stepsChecked!: number;

  @Field(() => [CompatibilityFinding])
  findings!: CompatibilityFinding[];
}

@ObjectType({ description: 'Where a product could go in a routine.' })
export class RoutinePlacement {
  @Field()
  stepType!: string;

  @Field(() => Int, { description: 'The position it would take (later steps move down one).' })
  position!: number;

  @Field(() => [String], { description: 'Steps of that type it could replace instead.' })
  replacesStepIds!: string[];

  @Field(() => [String])
  reasons!: string[];
}

@ObjectType({ description: 'Whether an analysed product would fit a routine.' })
export class RoutineProductFit {
  @Field(() => Routine)
  routine!: Routine;

  @Field()
  analysisToken!: string;

  @Field({ description: 'fits, caution or does_not_fit' })
  verdict!: string;

  @Field()
  reason!: string;

  @Field(() => [RoutinePlacement])
  placements!: RoutinePlacement[];

  @Field(() => [CompatibilityFinding], { description: 'Findings the product would add.' })
  findings!: CompatibilityFinding[];
}

@ObjectType()
export class RoutineKeyActive {
  @Field(() => Ingredient)
  ingredient!: Ingredient;

  @Field(() => [String])
  groups!: string[];
}

@ObjectType()
export class RoutineStepSummary {
  @Field(() => RoutineStep)
  step!: RoutineStep;

  @Field(() => Product, { nullable: true })
  product!: Product | null;

  @Field(() => [RoutineKeyActive])
  keyActives!: RoutineKeyActive[];

  @Field(() => [String])
  flags!: string[];

  @Field(() => [String])
  effects!: string[];
}

@ObjectType({ description: 'A name and how many steps have it.' })
export class RoutineTally {
  @Field()
  name!: string;

  @Field(() => Int)
  steps!: number;
}

@ObjectType()
export class RoutineTotals {
  @Field(() => Int)
  steps!: number;

  @Field(() => Int)
  stepsWithProduct!: number;

  @Field(() => Int)
  distinctIngredients!: number;

  @Field(() => [RoutineTally], { description: 'Active groups (retinoids, ahas…) and in how many steps.' })
  keyActives!: RoutineTally[];

  @Field(() => [RoutineTally])
  flags!: RoutineTally[];

  @Field(() => [RoutineTally])
  effects!: RoutineTally[];
}

@ObjectType()
export class RoutineDetailedSummary {
  @Field(() => Routine)
  routine!: Routine;

  @Field(() => [RoutineStepSummary])
  steps!: RoutineStepSummary[];

  @Field(() => RoutineTotals)
  totals!: RoutineTotals;
}

@ObjectType({ description: "A product pitch matching a routine's steps." })
export class RoutinePitchMatch {
  @Field(() => ProductPitch)
  pitch!: ProductPitch;

  productId!: string;

  @Field(() => [String], { description: "The routine's step types it is pitched for." })
  matchingStepTypes!: string[];

  @Field(() => [String], { description: 'Steps it is assigned to.' })
  assignedStepIds!: string[];
}

@ObjectType()
export class RoutinePitchMatchPage extends Page(RoutinePitchMatch) {}

@ObjectType({ description: 'A user who favours a routine.' })
export class RoutineFan {
  @Field(() => User)
  user!: User;

  @Field()
  favoritedAt!: Date;
}

@ObjectType()
export class RoutineFanPage extends Page(RoutineFan) {}

@ObjectType({ description: 'A routine with its favourites.' })
export class RankedRoutine {
  @Field(() => Routine)
  routine!: Routine;

  @Field(() => Int)
  favoriteCount!: number;
}

@ObjectType()
export class RankedRoutinePage extends Page(RankedRoutine) {}

@ObjectType({ description: 'A user whose published routines use a product.' })
export class ProductRoutineUser {
  @Field(() => User)
  user!: User;

  @Field(() => Int, { description: 'Their published routines using the product.' })
  routineCount!: number;

  @Field(() => Int, { description: 'Favourites those routines have.' })
  favoriteCount!: number;
}

@ObjectType()
export class ProductRoutineUserPage extends Page(ProductRoutineUser) {}

export { SkinProfile };
