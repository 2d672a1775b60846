// Routines and their steps as plain rows for the read paths (issue 16): list pages read a page of
// routines with their favourite counts and owners in ONE statement, and the steps of all the
// page's routines in one more, without hydrating entities. The rows have the entities' property
// names (relations as `{ id }`), so the same field resolvers serve rows and entities.
import { Cursor } from '@mikro-orm/core';
import DataLoader from 'dataloader';
import type { EntityManager } from '../../db.js';
import { validationFailed } from '../../errors.js';
import { checkedLimit, openCursor, signCursor, type PageArgs, type PageResult } from '../shared/pagination.js';
import type { User } from '../user/user.entity.js';
import { userFromRow, userSelect } from '../user/user-rows.js';
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
const date = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

type Order = 'published_at' | 'created_at';
const orderProperty = { published_at: 'publishedAt', created_at: 'createdAt' } as const;

/**
 * A page of routines, newest first by `order` (then id), with their favourite counts, in one
 * statement, their owners joined in (as rows with User's properties). `where` is SQL over `r`
 * (routine). Cursors are MikroORM's (`["<ISO date>","<id>"]`, signed), as `paginate` issued them.
 */
export async function routinePage(em: EntityManager, where: string, params: unknown[], order: Order, page: PageArgs): Promise<PageResult<RoutineRow>> {
  const limit = checkedLimit(page.limit);
  const values = [...params];
  let after = '';
  if (page.cursor) {
    const key: unknown = (() => {
      try {
        return Cursor.decode(openCursor(page.cursor!));
      } catch {
        return null;
      }
    })();
    if (!Array.isArray(key) || key.length !== 2 || typeof key[0] !== 'string' || typeof key[1] !== 'string' || Number.isNaN(Date.parse(key[0]))) {
      throw validationFailed('cursor', 'cursor is not one this service issued');
    }
    after = ` and (r.${order}, r.id) < (?, ?)`;
    values.push(new Date(key[0]), key[1]);
  }
  const rows = await em.execute<Array<Record<string, unknown>>>(
    `select r.id, r.name, r.description, r.time_of_day, r.status, r.current, r.published_at, r.created_at, r.updated_at,
       (select count(*)::int from routine_favorite f where f.routine_id = r.id) as favorite_count, ${userSelect(em, 'u', 'o_')}
     from routine r join app_user u on u.id = r.owner_id
     where ${where}${after}
     order by r.${order} desc, r.id desc limit ?`,
    [...values, limit + 1],
  );
  const items = rows.slice(0, limit).map((row): RoutineRow => {
    return {
      id: row.id as string,
      name: row.name as string,
      description: row.description as string,
      timeOfDay: row.time_of_day as RoutineTimeOfDay,
      status: row.status as RoutineStatus,
      current: row.current as boolean,
      publishedAt: row.published_at == null ? null : date(row.published_at as Date),
      createdAt: date(row.created_at as Date),
      updatedAt: date(row.updated_at as Date),
      owner: userFromRow(em, row, 'o_'),
      favoriteCount: row.favorite_count as number,
    };
  });
  const last = items[items.length - 1];
  const nextCursor = rows.length > limit && last ? signCursor(Cursor.encode([last[orderProperty[order]], last.id])) : null;
  return { items, nextCursor };
}

/** The steps of many routines in one statement, in order, as rows. */
export function routineStepRowsLoader(em: EntityManager): DataLoader<string, RoutineStepRow[]> {
  return new DataLoader(async (routineIds) => {
    const rows = await em.execute<Array<{
      id: string; routine_id: string; position: number; step_type: string; note: string;
      product_id: string | null; pitch_id: string | null; tutorial_id: string | null; created_at: Date | string;
    }>>(
      `select id, routine_id, position, step_type, note, product_id, pitch_id, tutorial_id, created_at
       from routine_step where routine_id in (?) order by position asc, id asc`,
      [[...routineIds]],
    );
    const groups = new Map<string, RoutineStepRow[]>(routineIds.map((id) => [id, []]));
    for (const r of rows) {
      groups.get(r.routine_id)?.push({
        id: r.id, routine: { id: r.routine_id }, position: r.position, stepType: r.step_type, note: r.note,
        product: ref(r.product_id), pitch: ref(r.pitch_id), tutorial: ref(r.tutorial_id), createdAt: date(r.created_at),
      });
    }
    return routineIds.map((id) => groups.get(id) ?? []);
  });
}
