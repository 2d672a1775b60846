// Calendar dates as 'YYYY-MM-DD' strings, computed in UTC: no clock is read, so a plan depends only on its start date.
import { WEEKDAYS, type Weekday } from './types.js';

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

const toMs = (date: string): number => {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
};

export const addDays = (date: string, days: number): string =>
  new Date(toMs(date) + days * DAY_MS).toISOString().slice(0, 10);

export const daysBetween = (from: string, to: string): number => Math.round((toMs(to) - toMs(from)) / DAY_MS);

/** mon … sun (getUTCDay counts from Sunday). */
export const weekdayOf = (date: string): Weekday => WEEKDAYS[(new Date(toMs(date)).getUTCDay() + 6) % 7];
