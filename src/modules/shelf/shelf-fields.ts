// The bounds of a shelf item's fields, checked on every write (issue 41; research §4.5): each bad
// value is a 400 naming its field (snake_case, as the REST body names it). Plain values in and out:
// the service reads the item, this decides what it becomes, the service stores it.
import { nulCharacterRefused, validationFailed } from '../../errors.js';
import { latestToday } from '../reaction/reaction.service.js';
import { PrescribedTime, ShelfItemStatus } from './shelf-item.entity.js';
import type { ShelfRow } from './shelf-rows.js';
import { WEEKDAYS, type Weekday } from './shelf.types.js';

export const MAX_SHELF_NOTE_LENGTH = 500;
/** No shelf date before this: a typo (0202-…), not a product someone still owns. */
const EARLIEST_DATE = '2000-01-01';

/** What a shelf item holds besides what it is (a product or a list) and who owns it: those columns of its row. */
export type ShelfItemState = Pick<
  ShelfRow,
  'status' | 'openedOn' | 'finishedOn' | 'amountLeft' | 'tolerated' | 'prescribedDays' | 'prescribedTime' | 'note'
>;

/** A new item's state before the request's fields apply. */
export const NEW_SHELF_ITEM: ShelfItemState = {
  status: ShelfItemStatus.in_use,
  openedOn: null,
  finishedOn: null,
  amountLeft: null,
  tolerated: false,
  prescribedDays: null,
  prescribedTime: null,
  note: '',
};

/** The fields of a write; undefined: unchanged; null: cleared (where a field may be cleared). */
export interface ShelfItemFieldChanges {
  status?: ShelfItemStatus | null;
  openedOn?: string | null;
  finishedOn?: string | null;
  amountLeft?: number | null;
  tolerated?: boolean | null;
  prescribed?: { days: readonly string[]; timeOfDay: PrescribedTime } | null;
  note?: string | null;
}

/** A YYYY-MM-DD calendar date, not in the future (anywhere on Earth) and not before 2000; null stays null. */
function calendarDate(field: string, value: string | null, now: Date): string | null {
  if (value === null) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!date || date.toISOString().slice(0, 10) !== value)
    throw validationFailed(field, `${field} must be a calendar date written YYYY-MM-DD`);
  if (value > latestToday(now)) throw validationFailed(field, `${field} is in the future`);
  if (value < EARLIEST_DATE) throw validationFailed(field, `${field} must be ${EARLIEST_DATE} or later`);
  return value;
}

function prescription(value: { days: readonly string[]; timeOfDay: PrescribedTime }): {
  days: string[];
  time: PrescribedTime;
} {
  const days = value.days ?? [];
  if (days.length === 0) throw validationFailed('prescribed.days', 'prescribed.days needs at least one weekday');
  const unknown = days.find((d) => !WEEKDAYS.includes(d as Weekday));
  if (unknown !== undefined)
    throw validationFailed('prescribed.days', `prescribed.days: "${unknown}" is not one of ${WEEKDAYS.join(', ')}`);
  const twice = days.find((d, i) => days.indexOf(d) !== i);
  if (twice !== undefined) throw validationFailed('prescribed.days', `prescribed.days names ${twice} twice`);
  if (!Object.values(PrescribedTime).includes(value.timeOfDay))
    throw validationFailed('prescribed.time_of_day', 'prescribed.time_of_day must be morning or evening');
  // Week order, whatever order they came in: the same prescription reads the same.
  return { days: WEEKDAYS.filter((d) => days.includes(d)), time: value.timeOfDay };
}

function note(value: string | null): string {
  if (value === null) return '';
  const trimmed = value.trim();
  if (trimmed.length > MAX_SHELF_NOTE_LENGTH)
    throw validationFailed('note', `note takes at most ${MAX_SHELF_NOTE_LENGTH} characters`);
  if (trimmed.includes('\0')) throw nulCharacterRefused('note');
  return trimmed;
}

/** The item as the changes leave it, or the 400 of the first field out of bounds. */
export function applyShelfChanges(
  current: ShelfItemState,
  changes: ShelfItemFieldChanges,
  now = new Date(),
): ShelfItemState {
  const next = { ...current };
  if (changes.status !== undefined) {
    if (changes.status === null || !Object.values(ShelfItemStatus).includes(changes.status))
      throw validationFailed('status', `status must be one of ${Object.values(ShelfItemStatus).join(', ')}`);
    next.status = changes.status;
  }
  if (changes.openedOn !== undefined) next.openedOn = calendarDate('opened_on', changes.openedOn, now);
  if (changes.finishedOn !== undefined) next.finishedOn = calendarDate('finished_on', changes.finishedOn, now);
  if (changes.amountLeft !== undefined) {
    const amount = changes.amountLeft;
    if (amount !== null && (!Number.isInteger(amount) || amount < 0 || amount > 100))
      throw validationFailed('amount_left', 'amount_left is a whole percent from 0 to 100');
    next.amountLeft = amount;
  }
  if (changes.tolerated !== undefined) {
    if (typeof changes.tolerated !== 'boolean') throw validationFailed('tolerated', 'tolerated must be true or false');
    next.tolerated = changes.tolerated;
  }
  if (changes.prescribed !== undefined) {
    const given = changes.prescribed === null ? null : prescription(changes.prescribed);
    next.prescribedDays = given?.days ?? null;
    next.prescribedTime = given?.time ?? null;
  }
  if (changes.note !== undefined) next.note = note(changes.note);

  // Together they must tell one story (checked on the result, so a change of one field is checked against the others).
  if (next.status === ShelfItemStatus.unopened && next.openedOn !== null)
    throw validationFailed('opened_on', 'An unopened item has no opened_on: leave it out (null) or set another status');
  if (next.finishedOn !== null && next.status !== ShelfItemStatus.finished)
    throw validationFailed(
      'finished_on',
      'finished_on is for a finished item: set status finished, or clear finished_on (null)',
    );
  if (next.finishedOn !== null && next.openedOn !== null && next.finishedOn < next.openedOn)
    throw validationFailed('finished_on', `finished_on (${next.finishedOn}) is before opened_on (${next.openedOn})`);
  return next;
}
