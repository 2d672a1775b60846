// ISO 8601 weeks in UTC: the contests run Monday 00:00 to the next Monday 00:00 (UTC) and are
// named YYYYWW by ISO week-numbering year and week. Pure date arithmetic.

export interface ContestWeek {
  /** YYYYWW, e.g. "202648". */
  weekNumber: string;
  year: number;
  week: number;
  startsAt: Date;
  /** Exclusive: the next week's start. */
  endsAt: Date;
}

const DAY = 86_400_000;

/** Monday 00:00 UTC of ISO week 1 of an ISO year (the week with the year's first Thursday). */
function week1Monday(year: number): number {
  const jan4 = Date.UTC(year, 0, 4);
  const weekday = (new Date(jan4).getUTCDay() + 6) % 7; // Monday = 0
  return jan4 - weekday * DAY;
}

/** 52 or 53. */
export const weeksInYear = (year: number): number =>
  Math.round((week1Monday(year + 1) - week1Monday(year)) / (7 * DAY));

function make(year: number, week: number): ContestWeek {
  const startsAt = week1Monday(year) + (week - 1) * 7 * DAY;
  return {
    weekNumber: `${year}${String(week).padStart(2, '0')}`,
    year,
    week,
    startsAt: new Date(startsAt),
    endsAt: new Date(startsAt + 7 * DAY),
  };
}

/** The ISO week a moment falls in (UTC). */
export function weekOf(date: Date): ContestWeek {
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const thursday = day + (3 - ((new Date(day).getUTCDay() + 6) % 7)) * DAY;
  const year = new Date(thursday).getUTCFullYear();
  return make(year, Math.floor((thursday - week1Monday(year)) / (7 * DAY)) + 1);
}

export const previousWeek = (week: ContestWeek): ContestWeek => weekOf(new Date(week.startsAt.getTime() - DAY));

/** A YYYYWW week number, or null when it is not one (week 00, week 53 of a 52-week year, …). */
export function parseWeekNumber(text: string): ContestWeek | null {
  const m = /^(\d{4})(\d{2})$/.exec(text);
  if (!m) return null;
  const year = Number(m[1]);
  const week = Number(m[2]);
  if (year < 1970 || year > 9998 || week < 1 || week > weeksInYear(year)) return null;
  return make(year, week);
}
