/**
 * The shop's calendar: days and years as they are in Germany, where the seller dates its quotes, numbers and books
 * its orders and keeps them for the commercial-records periods. A moment's day in UTC is the day before in Germany
 * from midnight until 1 a.m. (2 a.m. in summer), so an order placed then must not be dated, filtered or kept by UTC.
 */
export const BUSINESS_TIME_ZONE = 'Europe/Berlin';

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The date and time a German clock shows at `at`. */
function clockAt(at: Date) {
  const parts = Object.fromEntries(
    wallClock
      .formatToParts(at)
      .filter((part) => part.type !== 'literal')
      .map((part) => [part.type, Number(part.value)]),
  );
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

/** A calendar day as `YYYY-MM-DD`. */
function isoDay(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/** Whether `value` is a calendar day written `YYYY-MM-DD` (2026-02-30 is not). */
export function isDay(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The day in Germany at `at`, as `YYYY-MM-DD`. */
export function businessDay(at: Date): string {
  const { year, month, day } = clockAt(at);
  return isoDay(year, month, day);
}

/**
 * The time a German clock shows at `at`, to the minute, as `YYYY-MM-DD HH:MM`: a spreadsheet reads it as a date and
 * time in any language, and it sorts as text.
 */
export function businessTime(at: Date): string {
  const { year, month, day, hour, minute } = clockAt(at);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${isoDay(year, month, day)} ${two(hour)}:${two(minute)}`;
}

/** The calendar year in Germany at `at`. */
export function businessYear(at: Date): number {
  return clockAt(at).year;
}

/** How far German clocks are ahead of UTC at `at`, in milliseconds. */
function offsetAt(at: Date): number {
  const { year, month, day, hour, minute, second } = clockAt(at);
  const seconds = Math.floor(at.getTime() / 1000) * 1000;
  return Date.UTC(year, month - 1, day, hour, minute, second) - seconds;
}

/** The moment a day (`YYYY-MM-DD`) begins in Germany. */
export function dayStart(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const midnight = Date.UTC(year, month - 1, date);
  // Midnight in Germany is midnight UTC less the offset that holds then; the offset a few hours earlier than
  // midnight UTC is that one, as German clocks change at 1 a.m. UTC and never around midnight.
  return new Date(midnight - offsetAt(new Date(midnight - offsetAt(new Date(midnight)))));
}

/** The moment the day after `day` begins in Germany: the end of `day`, exclusive. */
export function dayEnd(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return dayStart(isoDay(year, month, date + 1));
}

/** The moment a year begins in Germany. */
export function yearStart(year: number): Date {
  return dayStart(isoDay(year, 1, 1));
}
