import DataLoader from 'dataloader';
import { Arg, Authorized, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { Routine } from '../routine/routine.entity.js';
import { PlanDay, RoutinePlanView } from './plan.types.js';
import { acceptPlan } from './plan-accept.service.js';
import { planDrift } from './plan-drift.js';
import {
  checkedDate,
  checkedMissedNights,
  createPageLink,
  deletePlan,
  planByPageToken,
  revokePageLink,
  routinePlanDay,
} from './plan-life.service.js';
import { PlanDrift, RoutinePlanPageLink, RoutineScheduleEntry } from './plan-life.types.js';
import { answerOf } from './plan-owned.js';
import { viewOf } from './plan.service.js';
import { planDay } from './engine/day.js';
import type { PlanAnswer as EngineAnswer } from './engine/types.js';
import { RoutinePlanStatus } from './routine-plan.entity.js';

interface ScheduleRow {
  plan_id: string;
  routine_id: string;
  weekdays: string[];
  from_on: string;
  to_on: string | null;
}

/**
 * The caller's schedule rows by plan and by routine, batched for the request (one statement per tick each). Keyed on
 * the request's loader set, which is fresh per request (and per mutation transaction), so nothing crosses requests.
 */
const scheduleLoaders = new WeakMap<
  object,
  { byPlan: DataLoader<string, ScheduleRow[]>; byRoutine: DataLoader<string, ScheduleRow[]> }
>();

function schedulesOf(ctx: Context) {
  let loaders = scheduleLoaders.get(ctx.loaders);
  if (!loaders) {
    const by = (column: 'plan_id' | 'routine_id') =>
      new DataLoader<string, ScheduleRow[]>(async (ids) => {
        const rows = ctx.viewer
          ? await ctx.em.execute<ScheduleRow[]>(
              `select plan_id, routine_id, weekdays, to_char(from_on, 'YYYY-MM-DD') as from_on,
                 to_char(to_on, 'YYYY-MM-DD') as to_on
               from routine_schedule where ${column} in (?) and owner_id = ? order by routine_id, from_on`,
              [[...ids], ctx.viewer.id],
            )
          : [];
        return ids.map((id) => rows.filter((r) => r[column] === id));
      });
    loaders = { byPlan: by('plan_id'), byRoutine: by('routine_id') };
    scheduleLoaders.set(ctx.loaders, loaders);
  }
  return loaders;
}

@Resolver(() => RoutinePlanView)
export class PlanLifeResolver {
  // Queries
  @Authorized()
  @Query(() => PlanDay, {
    description:
      "What to do on a date of one of the caller's plans, and after `missedNights` (3 or more) how to restart: a week back down the ramp, never a double dose.",
  })
  async routinePlanDay(
    @Arg('id') id: string,
    @Arg('date') date: string,
    @Arg('missedNights', () => Int, { nullable: true }) missedNights: number | null,
    @Ctx() ctx: Context,
  ) {
    return routinePlanDay(ctx.em, id, ctx.viewer!, date, missedNights);
  }

  @Query(() => RoutinePlanView, {
    description: 'A plan, to anyone holding its page link (the phone page); a revoked link is NOT_FOUND.',
  })
  async sharedRoutinePlan(@Arg('token') token: string, @Ctx() ctx: Context) {
    return viewOf(await planByPageToken(ctx.em, token));
  }

  @Query(() => PlanDay, { description: "A shared plan's day view (the phone page's tonight)." })
  async sharedRoutinePlanDay(
    @Arg('token') token: string,
    @Arg('date') date: string,
    @Arg('missedNights', () => Int, { nullable: true }) missedNights: number | null,
    @Ctx() ctx: Context,
  ) {
    const day = checkedDate('date', date);
    const missed = checkedMissedNights(missedNights);
    return planDay(answerOf(await planByPageToken(ctx.em, token)), day, missed);
  }

  // Mutations
  @Authorized()
  @Mutation(() => RoutinePlanView, {
    description:
      "Accepts a proposed plan: its routines become the caller's routines (current), each with its schedule; replaceCurrent (default true) makes the caller's other routines not current. CONFLICT for an accepted or superseded plan.",
  })
  async acceptRoutinePlan(
    @Arg('id') id: string,
    @Arg('replaceCurrent', () => Boolean, { nullable: true }) replaceCurrent: boolean | null,
    @Ctx() ctx: Context,
  ) {
    return viewOf((await acceptPlan(ctx.em, id, ctx.viewer!, replaceCurrent ?? true)).plan);
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description: 'Deletes one of the caller’s plans and its page link; routines it wrote stay, without its schedule.',
  })
  deleteRoutinePlan(@Arg('id') id: string, @Ctx() ctx: Context) {
    return deletePlan(ctx.em, id, ctx.viewer!);
  }

  @Authorized()
  @Mutation(() => RoutinePlanPageLink, {
    description: "The plan's page link (made once; the same link until revoked). The pages need no sign-in.",
  })
  createRoutinePlanPageLink(@Arg('id') id: string, @Ctx() ctx: Context) {
    return createPageLink(ctx.em, id, ctx.viewer!, ctx.publicUrl);
  }

  @Authorized()
  @Mutation(() => Boolean, { description: "Revokes the plan's page link: its pages are not found from now on." })
  revokeRoutinePlanPageLink(@Arg('id') id: string, @Ctx() ctx: Context) {
    return revokePageLink(ctx.em, id, ctx.viewer!);
  }

  // Field resolvers
  @FieldResolver(() => [Routine], {
    description: "The routines accepting the plan wrote (the caller's own plan only), in the plan's order.",
  })
  async acceptedRoutines(@Root() plan: RoutinePlanView, @Ctx() ctx: Context) {
    const ids = [...new Set((await schedulesOf(ctx).byPlan.load(plan.id)).map((r) => r.routine_id))].sort();
    const routines = await ctx.loaders.routineById.loadMany(ids);
    return routines.filter((r): r is Routine => r instanceof Routine);
  }

  @FieldResolver(() => [PlanDrift], {
    description:
      "What changed in an accepted plan's routines since, judged again as they now are (empty unless accepted).",
  })
  async drift(@Root() plan: RoutinePlanView, @Ctx() ctx: Context) {
    if (plan.status !== RoutinePlanStatus.accepted) return [];
    if (!(await schedulesOf(ctx).byPlan.load(plan.id)).length) return [];
    // The view is the stored answer spread (planView): its routines and schedule are the engine's own data.
    return planDrift(ctx, plan.id, plan as unknown as EngineAnswer);
  }
}

@Resolver(() => Routine)
export class RoutineScheduleResolver {
  @FieldResolver(() => [RoutineScheduleEntry], {
    description: 'When the routine is followed, by the accepted plan that wrote it (its owner sees it; others: empty).',
  })
  async schedule(@Root() routine: Routine, @Ctx() ctx: Context): Promise<RoutineScheduleEntry[]> {
    return (await schedulesOf(ctx).byRoutine.load(routine.id)).map((r) => ({
      planId: r.plan_id,
      weekdays: r.weekdays,
      fromOn: r.from_on,
      toOn: r.to_on,
    }));
  }
}
