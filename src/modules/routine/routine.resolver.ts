import type { GraphQLResolveInfo } from 'graphql';
import {
  Arg,
  Args,
  Authorized,
  Ctx,
  FieldResolver,
  ID,
  Info,
  Int,
  Mutation,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import { selectedFields, selectsPath } from '../shared/selection.js';
import type { Context } from '../../context.js';
import { ProductPitch } from '../pitch/product-pitch.entity.js';
import { Product } from '../product/product.entity.js';
import { productColumnsShown } from '../product/product-rows.js';
import { paginateList, PageArgs } from '../shared/pagination.js';
import { ProductTutorial } from '../tutorial/product-tutorial.entity.js';
import { User } from '../user/user.entity.js';
import { listMyRoutines, listRoutines, listUserRoutines, myCurrentRoutineIds } from './routine-lists.service.js';
import { Routine, RoutineStep, RoutineTimeOfDay } from './routine.entity.js';
import { primeSteps, type RoutinePageShows, type RoutineRow, type RoutineStepRow } from './routine-rows.js';
import {
  addRoutineStep,
  assignPitch,
  assignProduct,
  assignTutorial,
  createRoutine,
  deleteRoutine,
  getRoutine,
  publishRoutine,
  reorderRoutineSteps,
  updateRoutine,
} from './routine.service.js';
import {
  RoutineChangesArgs,
  RoutineIdPage,
  RoutineListArgs,
  RoutinePage,
  RoutineStepInput,
  RoutineStepPage,
} from './routine.types.js';

/** What a routine page's operation shows: the steps (then they come in the page's own statement), the owner's fields. */
const pageShows = (info: GraphQLResolveInfo): RoutinePageShows => ({
  steps: selectsPath(info, 'items', 'steps'),
  ownerFields: selectedFields(info, 'items', 'owner'),
});

@Resolver(() => Routine)
export class RoutineResolver {
  // Queries
  @Query(() => RoutinePage, { description: 'Published routines, newest first.' })
  async routines(@Args() args: RoutineListArgs, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo) {
    const filter = { timeOfDay: args.timeOfDay, product: args.product, supergroup: args.supergroup };
    return primeSteps(ctx.loaders, await listRoutines(ctx.em, ctx.viewer, filter, args, pageShows(info)));
  }

  @Query(() => Routine, { description: 'A routine: published ones to anyone, private ones to their owner.' })
  routine(@Arg('id') id: string, @Ctx() ctx: Context) {
    return getRoutine(ctx.em, id, ctx.viewer);
  }

  @Query(() => RoutineStepPage, { description: "A routine's steps in order." })
  async routineSteps(@Arg('id') id: string, @Args() page: PageArgs, @Ctx() ctx: Context) {
    const routine = await getRoutine(ctx.em, id, ctx.viewer);
    return paginateList(await ctx.loaders.routineStepsByRoutine.load(routine.id), (s) => s.id, page);
  }

  @Authorized()
  @Query(() => RoutinePage, { description: "The caller's routines, private ones included, newest first." })
  async myRoutines(@Args() page: PageArgs, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo) {
    return primeSteps(ctx.loaders, await listMyRoutines(ctx.em, ctx.viewer!, page, pageShows(info)));
  }

  @Authorized()
  @Query(() => RoutineIdPage, { description: "Ids of the caller's current routines." })
  async myCurrentRoutineIds(@Ctx() ctx: Context): Promise<RoutineIdPage> {
    return { items: await myCurrentRoutineIds(ctx.em, ctx.viewer!), nextCursor: null };
  }

  @Query(() => RoutinePage, { description: "A user's published routines (all of them for the user), newest first." })
  async userRoutines(
    @Arg('idOrUsername') idOrUsername: string,
    @Args() page: PageArgs,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ) {
    return primeSteps(ctx.loaders, await listUserRoutines(ctx.em, idOrUsername, ctx.viewer, page, pageShows(info)));
  }

  // Mutations
  @Authorized()
  @Mutation(() => Routine, {
    description:
      "Creates a private routine, with steps in order. A step's product must serve its step type, else VALIDATION_FAILED naming steps[i].step_type and the step types it serves, unless the step's allowOtherKind is true.",
  })
  createRoutine(
    @Arg('name') name: string,
    @Arg('timeOfDay', () => RoutineTimeOfDay) timeOfDay: RoutineTimeOfDay,
    @Arg('description', () => String, { nullable: true }) description: string | null,
    @Arg('current', () => Boolean, { nullable: true }) current: boolean | null,
    @Arg('steps', () => [RoutineStepInput], { nullable: true }) steps: RoutineStepInput[] | null,
    @Ctx() ctx: Context,
  ) {
    return createRoutine(ctx.em, ctx.viewer!, { name, timeOfDay, description, current, steps });
  }

  @Authorized()
  @Mutation(() => Routine, { description: 'Changes a routine (its owner): omitted fields stay as they are.' })
  updateRoutine(@Arg('id') id: string, @Args() changes: RoutineChangesArgs, @Ctx() ctx: Context) {
    return updateRoutine(ctx.em, id, ctx.viewer!, changes);
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Deletes a routine (its owner or an admin).' })
  deleteRoutine(@Arg('id') id: string, @Ctx() ctx: Context) {
    return deleteRoutine(ctx.em, id, ctx.viewer!);
  }

  @Authorized()
  @Mutation(() => Routine, { description: 'Publishes a private routine (its owner); CONFLICT otherwise.' })
  publishRoutine(@Arg('id') id: string, @Ctx() ctx: Context) {
    return publishRoutine(ctx.em, id, ctx.viewer!);
  }

  @Authorized()
  @Mutation(() => Routine, {
    description:
      "Adds a step (its owner), at the end or at a position. A product must serve the step type (its category's step, else what its ingredients make it), else VALIDATION_FAILED naming the step types it serves, unless allowOtherKind is true.",
  })
  addRoutineStep(
    @Arg('id') id: string,
    @Arg('stepType') stepType: string,
    @Arg('product', () => String, { nullable: true }) product: string | null,
    @Arg('note', () => String, { nullable: true }) note: string | null,
    @Arg('position', () => Int, { nullable: true }) position: number | null,
    @Ctx() ctx: Context,
    @Arg('allowOtherKind', () => Boolean, {
      nullable: true,
      description: 'Add the product even at a step type it does not serve.',
    })
    allowOtherKind?: boolean | null,
  ) {
    return addRoutineStep(ctx.em, id, ctx.viewer!, { stepType, product, note, position, allowOtherKind });
  }

  @Authorized()
  @Mutation(() => Routine, { description: 'Reorders the steps: every step id of the routine, once, in the new order.' })
  updateRoutineStepOrder(
    @Arg('id') id: string,
    @Arg('routineStepIds', () => [String]) routineStepIds: string[],
    @Ctx() ctx: Context,
  ) {
    return reorderRoutineSteps(ctx.em, id, ctx.viewer!, routineStepIds);
  }

  @Authorized()
  @Mutation(() => RoutineStep, {
    description:
      "Sets (or with null clears) a step's product. The product must serve the step's type, else VALIDATION_FAILED naming the step types it serves, unless allowOtherKind is true.",
  })
  assignRoutineStepProduct(
    @Arg('id') id: string,
    @Arg('routineStepId') stepId: string,
    @Arg('product', () => String, { nullable: true }) product: string | null,
    @Ctx() ctx: Context,
    @Arg('allowOtherKind', () => Boolean, {
      nullable: true,
      description: "Set the product even when it does not serve the step's type.",
    })
    allowOtherKind?: boolean | null,
  ) {
    return assignProduct(ctx.em, id, stepId, ctx.viewer!, product, allowOtherKind ?? false);
  }

  @Authorized()
  @Mutation(() => RoutineStep, {
    description:
      "Points a step at a product pitch (null clears it); the step takes the pitch's product, which must serve the step's type unless allowOtherKind is true.",
  })
  assignRoutineStepPitch(
    @Arg('id') id: string,
    @Arg('routineStepId') stepId: string,
    @Arg('productPitchId', () => String, { nullable: true }) pitchId: string | null,
    @Ctx() ctx: Context,
    @Arg('allowOtherKind', () => Boolean, {
      nullable: true,
      description: "Take the pitch's product even when it does not serve the step's type.",
    })
    allowOtherKind?: boolean | null,
  ) {
    return assignPitch(ctx.em, id, stepId, ctx.viewer!, pitchId, allowOtherKind ?? false);
  }

  @Authorized()
  @Mutation(() => RoutineStep, {
    description:
      "Points a step at a product tutorial (null clears it). A step without a product takes the tutorial's; a step holding another product is CONFLICT unless replaceProduct is true, and then replacedProduct names the product it had.",
  })
  assignRoutineStepTutorial(
    @Arg('id') id: string,
    @Arg('routineStepId') stepId: string,
    @Arg('productTutorialId', () => String, { nullable: true }) tutorialId: string | null,
    @Ctx() ctx: Context,
    @Arg('replaceProduct', () => Boolean, {
      nullable: true,
      description: "Let the tutorial's product replace the step's.",
    })
    replaceProduct?: boolean | null,
  ) {
    return assignTutorial(ctx.em, id, stepId, ctx.viewer!, tutorialId, replaceProduct ?? false);
  }

  // Field resolvers
  @FieldResolver(() => User)
  async owner(@Root() routine: Routine | RoutineRow, @Ctx() ctx: Context) {
    // List pages read the owner with the routine; entities (detail, mutations) ask the loader.
    return 'favoriteCount' in routine ? routine.owner : ctx.loaders.userById.load(routine.owner.id);
  }

  @FieldResolver(() => [RoutineStep], { description: 'The steps in order.' })
  steps(@Root() routine: Routine | RoutineRow, @Ctx() ctx: Context) {
    return ctx.loaders.routineStepsByRoutine.load(routine.id);
  }

  @FieldResolver(() => Int, { description: 'How many users favour it.' })
  favoriteCount(@Root() routine: Routine | RoutineRow, @Ctx() ctx: Context) {
    // List pages read the count with the routine; entities (detail, mutations) ask the loader.
    return 'favoriteCount' in routine ? routine.favoriteCount : ctx.loaders.routineFavoriteCount.load(routine.id);
  }
}

@Resolver(() => RoutineStep)
export class RoutineStepResolver {
  // Field resolvers
  @FieldResolver(() => ID)
  routineId(@Root() step: RoutineStep | RoutineStepRow) {
    return step.routine.id;
  }

  @FieldResolver(() => Product, { nullable: true })
  product(@Root() step: RoutineStep | RoutineStepRow, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo) {
    // A row, brand and category joined, of the columns the operation shows: a page's steps show ~70 products.
    return step.product ? ctx.loaders.productRowById(productColumnsShown(ctx.em, info)).load(step.product.id) : null;
  }

  @FieldResolver(() => Product, {
    nullable: true,
    description:
      "In the answer to a write that replaced the step's product (assignRoutineStepTutorial with replaceProduct): the product it had. Null otherwise.",
  })
  replacedProduct(@Root() step: RoutineStep | RoutineStepRow, @Ctx() ctx: Context) {
    return 'replacedProductId' in step && step.replacedProductId
      ? ctx.loaders.productById.load(step.replacedProductId)
      : null;
  }

  @FieldResolver(() => ProductPitch, { nullable: true })
  pitch(@Root() step: RoutineStep | RoutineStepRow, @Ctx() ctx: Context) {
    return step.pitch ? ctx.loaders.routinePitchById.load(step.pitch.id) : null;
  }

  @FieldResolver(() => ProductTutorial, { nullable: true })
  tutorial(@Root() step: RoutineStep | RoutineStepRow, @Ctx() ctx: Context) {
    return step.tutorial ? ctx.loaders.routineTutorialById.load(step.tutorial.id) : null;
  }
}
