import {
  businessDay,
  businessTime,
  businessYear,
  dayEnd,
  dayStart,
  isDay,
  yearStart,
} from '@/lib/business-day';

// German clocks: UTC+1 in winter, UTC+2 from 01:00 UTC on the last Sunday of March (2026-03-29) to 01:00 UTC on the
// last Sunday of October (2026-10-25).
describe('the shop’s calendar, as in Germany', () => {
  it('dates the first hour after midnight in Germany by the German day, in winter and in summer', () => {
    expect(businessDay(new Date('2026-11-30T23:30:00Z'))).toBe('2026-12-01');
    expect(businessDay(new Date('2026-11-30T22:59:59Z'))).toBe('2026-11-30');
    expect(businessDay(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
    expect(businessDay(new Date('2026-06-30T21:59:59Z'))).toBe('2026-06-30');
  });

  it('writes a moment as a German clock shows it, to the minute, for the sales team’s spreadsheet', () => {
    expect(businessTime(new Date('2026-06-30T22:30:59Z'))).toBe('2026-07-01 00:30');
    expect(businessTime(new Date('2026-12-31T23:05:00Z'))).toBe('2027-01-01 00:05');
    expect(businessTime(new Date('2026-12-03T08:09:00Z'))).toBe('2026-12-03 09:09');
  });

  it('counts New Year’s first hour to the new year', () => {
    expect(businessYear(new Date('2026-12-31T23:30:00Z'))).toBe(2027);
    expect(businessYear(new Date('2026-12-31T22:30:00Z'))).toBe(2026);
    expect(yearStart(2027).toISOString()).toBe('2026-12-31T23:00:00.000Z');
  });

  it('starts and ends a German day at German midnight, also on the days the clocks change', () => {
    expect(dayStart('2026-12-01').toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(dayStart('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    // 29 March has 23 hours, 25 October 25.
    expect(dayStart('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(dayEnd('2026-03-29').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(dayStart('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(dayEnd('2026-10-25').toISOString()).toBe('2026-10-25T23:00:00.000Z');
    // The last day of a month and of a year end where the next begins.
    expect(dayEnd('2026-02-28').toISOString()).toBe('2026-02-28T23:00:00.000Z');
    expect(dayEnd('2026-12-31')).toEqual(yearStart(2027));
  });

  it('knows a calendar day written YYYY-MM-DD from anything else', () => {
    expect(isDay('2028-02-29')).toBe(true);
    for (const value of ['2027-02-29', '2026-13-01', '2026-1-5', '05.01.2026', '', undefined, 20260105])
      expect(isDay(value)).toBe(false);
  });
});
