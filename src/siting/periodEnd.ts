/**
 * The last day of a period fixed by law, computed as Minn. Stat. 645.15 directs: "exclude the
 * first and include the last day of the prescribed or fixed period", and "When the last day of
 * the period falls on Saturday, Sunday or a legal holiday, that day shall be omitted from the
 * computation" (text verified on the revisor's page of the 2007 statutes, whose history, 1941
 * c 492 s 15 and 1981 c 117 s 1, lists no later amendment). Legal holidays are those of Minn.
 * Stat. 645.44 subd. 5(a), verified on the revisor's current page, floating ones by their date
 * rule (never a table of years). Pure date arithmetic on ISO yyyy-mm-dd strings, in UTC, so the
 * answer never depends on the clock or the time zone.
 */

/** A day that 645.15 omits from the computation, and why. */
export interface OmittedDay {
  date: string;
  /** "Saturday", "Sunday", or the holiday's name as 645.44 subd. 5 gives it. */
  why: string;
  /** Set for a holiday: the clause that makes it one. */
  holiday: boolean;
  /** Set for a day subd. 5 leaves to each political subdivision (the LGU) to observe or not. */
  optional?: boolean;
}

/** The period's last day after 645.15, and the days omitted to reach it (first to last). */
export interface PeriodEnd {
  /** The last day the period's terms give (e.g. the anniversary). */
  nominal: string;
  /** The last day after omitting Saturdays, Sundays and legal holidays. */
  lastDay: string;
  omitted: OmittedDay[];
  /**
   * Where the omitted days reach a holiday that 645.44 subd. 5 leaves to the LGU's choice (the
   * October Monday, the Friday after Thanksgiving): the last day if the LGU observes it, else
   * null. `lastDay` is the last day if it does not (the earlier; a holiday only for the
   * executive branch, or for none, unless the LGU so determines).
   */
  ifObserved: { lastDay: string; omitted: OmittedDay[] } | null;
}

const DAY_MS = 86_400_000;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

function toEpochDay(iso: string): number {
  return Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;
}

function fromEpochDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

function weekday(epochDay: number): number {
  // 1970-01-01 was a Thursday (4).
  return (((epochDay + 4) % 7) + 7) % 7;
}

/** The epoch day of the `nth` (1-based) `dayOfWeek` of a month; nth -1 is the last. */
function nthWeekday(year: number, month: number, dayOfWeek: number, nth: number): number {
  if (nth > 0) {
    const first = Date.UTC(year, month - 1, 1) / DAY_MS;
    return first + ((dayOfWeek - weekday(first) + 7) % 7) + 7 * (nth - 1);
  }
  const last = Date.UTC(year, month, 0) / DAY_MS;
  return last - ((weekday(last) - dayOfWeek + 7) % 7);
}

/**
 * Fixed-date holidays of 645.44 subd. 5(a), which move to Monday from a Sunday and to Friday from
 * a Saturday; `from` the first year a holiday is in the list (Juneteenth: 2023, by Laws 2023
 * chapter 62, effective the day after its final enactment on 24 May 2023).
 */
const FIXED: readonly { month: number; day: number; name: string; from?: number }[] = [
  { month: 1, day: 1, name: "New Year's Day" },
  { month: 6, day: 19, name: 'Juneteenth', from: 2023 },
  { month: 7, day: 4, name: 'Independence Day' },
  { month: 11, day: 11, name: 'Veterans Day' },
  { month: 12, day: 25, name: 'Christmas Day' },
];

/** Floating holidays of 645.44 subd. 5(a), by their date rule. */
const FLOATING: readonly { month: number; dayOfWeek: number; nth: number; name: string }[] = [
  { month: 1, dayOfWeek: 1, nth: 3, name: "Martin Luther King's Birthday (the third Monday in January)" },
  {
    month: 2,
    dayOfWeek: 1,
    nth: 3,
    name: "Washington's and Lincoln's Birthday (the third Monday in February)",
  },
  { month: 5, dayOfWeek: 1, nth: -1, name: 'Memorial Day (the last Monday in May)' },
  { month: 9, dayOfWeek: 1, nth: 1, name: 'Labor Day (the first Monday in September)' },
  { month: 11, dayOfWeek: 4, nth: 4, name: 'Thanksgiving Day (the fourth Thursday in November)' },
];

/**
 * The holidays subd. 5 leaves to choice: "Other branches of state government and political
 * subdivisions shall have the option of determining whether" the October Monday (Indigenous
 * Peoples Day, formerly Christopher Columbus Day) "and the Friday after Thanksgiving shall be
 * holidays"; for the executive branch the Friday is one and the Monday is not.
 */
function optionalHolidaysOf(year: number): Map<number, string> {
  return new Map([
    [nthWeekday(year, 10, 1, 2), 'Indigenous Peoples Day (the second Monday in October)'],
    [nthWeekday(year, 11, 4, 4) + 1, 'the Friday after Thanksgiving'],
  ]);
}

const holidayCache = new Map<number, Map<number, string>>();

/** The legal holidays of 645.44 subd. 5(a) observed in `year`, by epoch day. */
function holidaysOf(year: number): Map<number, string> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const days = new Map<number, string>();
  for (const rule of FLOATING) days.set(nthWeekday(year, rule.month, rule.dayOfWeek, rule.nth), rule.name);
  // Next year's New Year's Day on a Saturday makes this year's 31 December a holiday.
  for (const y of [year, year + 1]) {
    for (const rule of FIXED) {
      if (rule.from !== undefined && y < rule.from) continue;
      const date = Date.UTC(y, rule.month - 1, rule.day) / DAY_MS;
      const day = weekday(date);
      const label = `${rule.name}, ${MONTHS[rule.month - 1]} ${rule.day}`;
      const iso = fromEpochDay(date);
      const observed =
        day === 0
          ? {
              at: date + 1,
              name: `a legal holiday because ${rule.name}, ${iso}, falls on a Sunday (645.44 subd. 5: "the following day shall be a holiday")`,
            }
          : day === 6
            ? {
                at: date - 1,
                name: `a legal holiday because ${rule.name}, ${iso}, falls on a Saturday (645.44 subd. 5: "the preceding day shall be a holiday")`,
              }
            : { at: date, name: label };
      if (new Date(observed.at * DAY_MS).getUTCFullYear() === year) days.set(observed.at, observed.name);
    }
  }
  holidayCache.set(year, days);
  return days;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The name of the legal holiday (645.44 subd. 5(a)) on an ISO date, or null. */
export function legalHoliday(isoDate: string): string | null {
  const day = toEpochDay(isoDate);
  return holidaysOf(Number(isoDate.slice(0, 4))).get(day) ?? null;
}

/** The weekday of an ISO date, e.g. "Saturday". */
export function weekdayName(isoDate: string): string {
  return WEEKDAYS[weekday(toEpochDay(isoDate))] as string;
}

/**
 * The last day of a period whose terms end on `nominal`, after 645.15: a Saturday, Sunday or
 * legal holiday is omitted, and so is each such day after it, until a day that is none of them.
 */
export function periodEnd(nominal: string): PeriodEnd {
  const without = walk(nominal, false);
  const observed = walk(nominal, true);
  return {
    nominal,
    lastDay: without.lastDay,
    omitted: without.omitted,
    ifObserved: observed.lastDay === without.lastDay ? null : observed,
  };
}

/** The holiday subd. 5 leaves to the LGU's choice on an ISO date (see optionalHolidaysOf), or null. */
export function optionalHoliday(isoDate: string): string | null {
  return optionalHolidaysOf(Number(isoDate.slice(0, 4))).get(toEpochDay(isoDate)) ?? null;
}

/** 645.15's walk from `nominal`, the optional holidays observed or not. */
function walk(nominal: string, observeOptional: boolean): { lastDay: string; omitted: OmittedDay[] } {
  const omitted: OmittedDay[] = [];
  let day = toEpochDay(nominal);
  for (;;) {
    const date = fromEpochDay(day);
    const dayOfWeek = weekday(day);
    const holiday = legalHoliday(date);
    const optional = observeOptional && holiday === null ? optionalHoliday(date) : null;
    if (dayOfWeek !== 0 && dayOfWeek !== 6 && holiday === null && optional === null) break;
    omitted.push({
      date,
      why: holiday ?? optional ?? (WEEKDAYS[dayOfWeek] as string),
      holiday: holiday !== null || optional !== null,
      ...(optional !== null && dayOfWeek !== 0 && dayOfWeek !== 6 ? { optional: true } : {}),
    });
    day++;
  }
  return { lastDay: fromEpochDay(day), omitted };
}
