import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context.js';
import { PageArgs } from '../shared/pagination.js';
import { NoTransaction } from '../shared/transactional.js';
import { ReplanReason, RoutinePlanInput } from './plan.input.js';
import { getMyRoutinePlan, listMyRoutinePlans, planMyRoutine, previewPlan, replanMyRoutine } from './plan.service.js';
import { PlanAnswer, RoutinePlanPage, RoutinePlanView } from './plan.types.js';
import { RoutinePlanStatus } from './routine-plan.entity.js';

const PLANS_FIRST =
  'planning reads and runs the engine first; the service then inserts the plan in a transaction of its own';

@Resolver()
export class RoutinePlanResolver {
  // Queries
  @Authorized()
  @Query(() => RoutinePlanPage, { description: "The caller's stored plans, newest first." })
  myRoutinePlans(
    @Ctx() ctx: Context,
    @Args() page: PageArgs,
    @Arg('status', () => RoutinePlanStatus, { nullable: true }) status?: RoutinePlanStatus | null,
  ) {
    return listMyRoutinePlans(ctx, status, page);
  }

  @Authorized()
  @Query(() => RoutinePlanView, { description: "One of the caller's plans (another person's: not found)." })
  myRoutinePlan(@Ctx() ctx: Context, @Arg('id') id: string) {
    return getMyRoutinePlan(ctx, id);
  }

  @Query(() => PlanAnswer, {
    description:
      'A plan for the input alone (its shelf listed, its profile given), stored nowhere. At most once per document.',
  })
  previewRoutinePlan(@Ctx() ctx: Context, @Arg('input', () => RoutinePlanInput) input: RoutinePlanInput) {
    return previewPlan(ctx, input);
  }

  // Mutations
  @Authorized()
  @NoTransaction(PLANS_FIRST)
  @Mutation(() => RoutinePlanView, {
    description:
      'Plans a routine for the caller (stored profile, survey and shelf under the input) and stores it. At most once per document.',
  })
  planRoutine(@Ctx() ctx: Context, @Arg('input', () => RoutinePlanInput) input: RoutinePlanInput) {
    return planMyRoutine(ctx, input);
  }

  @Authorized()
  @NoTransaction(PLANS_FIRST)
  @Mutation(() => RoutinePlanView, {
    description:
      'Plans again what changed (steps not affected stay); the old plan is superseded. At most once per document.',
  })
  replanRoutinePlan(
    @Ctx() ctx: Context,
    @Arg('id') id: string,
    @Arg('reason', () => ReplanReason) reason: ReplanReason,
    @Arg('product', () => String, { nullable: true, description: 'The product finished (id or alias).' })
    product?: string | null,
  ) {
    return replanMyRoutine(ctx, id, reason, product ?? null);
  }
}
