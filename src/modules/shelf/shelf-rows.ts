// A person's shelf as plain rows, the one read the planner and the shelf routes share (issue 41). One statement.
import { readRows, type EntityManager } from '../../read-rows.js';
import type { PrescribedTime, ShelfItemStatus } from './shelf-item.entity.js';

export interface ShelfRow {
  id: string;
  productId: string | null;
  /** The analysed list's share token, for an item that is a list the person analysed. */
  analysisToken: string | null;
  analysisId: string | null;
  status: ShelfItemStatus;
  openedOn: string | null;
  finishedOn: string | null;
  amountLeft: number | null;
  tolerated: boolean;
  /** 'mon'…'sun', Monday first; null when not prescribed. */
  prescribedDays: string[] | null;
  prescribedTime: PrescribedTime | null;
  note: string;
  createdAt: Date;
  updatedAt: Date;
  /** The analysed list's name line, when it had one (null for a catalog product). */
  analysisNameLine: string | null;
  /** The analysed list's first three entries as printed (null for a catalog product): a name when it has no name line. */
  analysisFirstEntries: string[] | null;
}

/** The owner's shelf, oldest first (a stable order: the planner's answer must not depend on the read). */
export function shelfRowsOf(em: EntityManager, ownerId: string): Promise<ShelfRow[]> {
  return readRows<ShelfRow>(
    em,
    `select s.id, s.product_id as "productId", a.token as "analysisToken", s.analysis_id as "analysisId", s.status,
            to_char(s.opened_on, 'YYYY-MM-DD') as "openedOn", to_char(s.finished_on, 'YYYY-MM-DD') as "finishedOn",
            s.amount_left as "amountLeft", s.tolerated, s.prescribed_days as "prescribedDays",
            s.prescribed_time as "prescribedTime", s.note, s.created_at as "createdAt", s.updated_at as "updatedAt",
            a.name_line as "analysisNameLine",
            (select array_agg(e.value ->> 'input' order by e.n) from json_array_elements(a.entries) with ordinality e(value, n)
              where e.n <= 3) as "analysisFirstEntries"
       from shelf_item s left join ingredient_analysis a on a.id = s.analysis_id
      where s.owner_id = ? order by s.created_at, s.id`,
    [ownerId],
  );
}
