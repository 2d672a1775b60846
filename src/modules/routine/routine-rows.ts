// Routines and their steps as plain rows for the read paths: list pages read a page of
// routines with their favourite counts, owners and steps in ONE statement (the steps' products
// come once each through productRowById), without hydrating entities. The rows have the entities' property
// names (relations as `{ id }`), so the same field resolvers serve rows and entities.
import DataLoader from 'dataloader';
import { readRows, type EntityManager } from '../../read-rows.js';
import type { PageArgs, PageResult } from '../shared/pagination.js';
import { asDate, rowPage } from '../shared/row-pages.js';
import type { User } from '../user/user.entity.js';
import { userColumnsUnshown, userFromRow, userSelect } from '../user/user-rows.js';
import type { RoutineStatus, RoutineTimeOfDay } from './routine.entity.js';

/** A routine as a list page reads it: its columns, its owner and how many users favour it. */
export interface RoutineRow {
  id: string;
  name: string;
  description: string;
  timeOfDay: RoutineTimeOfDay;
  status: RoutineStatus;
  current: boolean;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** The whole owner (User's properties), read with the routine. */
  owner: User;
  favoriteCount: number;
}

/** A step as the read paths take it (RoutineStep's properties; relations as `{ id }`). */
export interface RoutineStepRow {
  id: string;
  routine: { id: string };
  position: number;
  stepType: string;
  note: string;
  product: { id: string } | null;
  pitch: { id: string } | null;
  tutorial: { id: string } | null;
  createdAt: Date;
}

const ref = (id: string | null): { id: string } | null => (id ? { id } : null);

/** A routine_step row (its columns' names) as the read paths take it; `created_at` as the driver or nested json gives it. */
interface StepColumns {
  id: string;
  position: number;
  step_type: string;
  note: string;
  product_id: string | null;
  pitch_id: string | null;
  tutorial_id: string | null;
  created_at: Date | string | number;
}

const stepFromRow = (routineId: string, s: StepColumns): RoutineStepRow => ({
  id: s.id,
  routine: { id: routineId },
  position: s.position,
  stepType: s.step_type,
  note: s.note,
  product: ref(s.product_id),
  pitch: ref(s.pitch_id),
  tutorial: ref(s.tutorial_id),
  createdAt: asDate(s.created_at),
});

const ROUTINE_COLUMNS = `r.id, r.name, r.description, r.time_of_day, r.status, r.current, r.published_at, r.created_at, r.updated_at,
  (select count(*)::int from routine_favorite f where f.routine_id = r.id) as favorite_count`;

/**
 * A routine's steps as one json value per routine. Their products are not nested: a page names
 * the same products many times over, and building each one's JSON again in the statement cost more
 * than one more (prepared) statement reading each distinct product once through productRowById.
 */
const STEPS_JSON = `(select coalesce(json_agg(json_build_object('id', s.id, 'position', s.position, 'step_type', s.step_type,
    'note', s.note, 'product_id', s.product_id, 'pitch_id', s.pitch_id, 'tutorial_id', s.tutorial_id,
    'created_at', floor(extract(epoch from s.created_at) * 1000)::bigint) order by s.position, s.id), '[]'::json)
  from routine_step s where s.routine_id = r.id) as r_steps`;

/** What a page's operation shows beyond the routines' own fields. */
export interface RoutinePageShows {
  /** The steps: read in the page's statement. */
  steps: boolean;
  /** The owner's fields: only their columns are read when each is a plain one (userColumnsUnshown); null, all. */
  ownerFields: ReadonlySet<string> | null;
}

export const ROUTINES_ONLY: RoutinePageShows = { steps: false, ownerFields: null };

/** The steps a page read with its routines, until primeSteps hands them to the request's loaders. */
const stepsOf = new WeakMap<RoutineRow, RoutineStepRow[]>();

/**
 * A page of routines, newest first by `order` (then id), with their favourite counts, in one
 * statement, their owners joined in (as rows with User's properties). `where` is SQL over `r`
 * (routine). When the operation shows the steps, they come in the same statement (primeSteps gives
 * them to the loaders; their products come through productRowById); of the owner, only the
 * columns of the fields it shows.
 */
export function routinePage(
  em: EntityManager,
  where: string,
  params: unknown[],
  order: 'published_at' | 'created_at',
  page: PageArgs,
  shows: RoutinePageShows = ROUTINES_ONLY,
): Promise<PageResult<RoutineRow>> {
  const withSteps = shows.steps;
  const ownerOmit = shows.ownerFields ? userColumnsUnshown(em, shows.ownerFields) : [];
  return rowPage(
    em,
    {
      select: `${ROUTINE_COLUMNS}, ${userSelect(em, 'u', 'o_', ownerOmit)}${withSteps ? `, ${STEPS_JSON}` : ''}`,
      from: 'routine r join app_user u on u.id = r.owner_id',
      where,
      params,
      key: `r.${order}`,
      id: 'r.id',
    },
    page,
    (row: Record<string, unknown>): RoutineRow => {
      const routine = routineFromRow(em, row, ownerOmit);
      if (withSteps) {
        stepsOf.set(
          routine,
          (row.r_steps as StepColumns[]).map((s) => stepFromRow(routine.id, s)),
        );
      }
      return routine;
    },
  );
}

/** Gives the request's loaders the steps a page read with its routines. */
export function primeSteps<P extends PageResult<RoutineRow>>(
  loaders: { routineStepsByRoutine: DataLoader<string, RoutineStepRow[]> },
  page: P,
): P {
  for (const routine of page.items) {
    const steps = stepsOf.get(routine);
    if (steps) loaders.routineStepsByRoutine.prime(routine.id, steps);
  }
  return page;
}

const routineFromRow = (em: EntityManager, row: Record<string, unknown>, ownerOmit: readonly string[]): RoutineRow => ({
  id: row.id as string,
  name: row.name as string,
  description: row.description as string,
  timeOfDay: row.time_of_day as RoutineTimeOfDay,
  status: row.status as RoutineStatus,
  current: row.current as boolean,
  publishedAt: row.published_at == null ? null : asDate(row.published_at as Date),
  createdAt: asDate(row.created_at as Date),
  updatedAt: asDate(row.updated_at as Date),
  owner: userFromRow(em, row, 'o_', ownerOmit),
  favoriteCount: row.favorite_count as number,
});

/** The steps of many routines in one statement, in order, as rows, by routine id (every id present). */
export async function routineStepRows(
  em: EntityManager,
  routineIds: readonly string[],
): Promise<Map<string, RoutineStepRow[]>> {
  const rows = await readRows<StepColumns & { routine_id: string }>(
    em,
    `select id, routine_id, position, step_type, note, product_id, pitch_id, tutorial_id, created_at
     from routine_step where routine_id in (?) order by position asc, id asc`,
    [[...routineIds]],
  );
  const groups = new Map<string, RoutineStepRow[]>(routineIds.map((id) => [id, []]));
  for (const r of rows) groups.get(r.routine_id)?.push(stepFromRow(r.routine_id, r));
  return groups;
}
