import { groupItems, type CartItem } from '@/lib/cart/rules';
import {
  cartSignature,
  newQuoteNumber,
  QUOTE_NUMBER_PATTERN,
  quoteValidUntil,
  stampFor,
  type QuoteStamp,
} from '@/lib/checkout/quote';
import { getSite } from '@/lib/content';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How many days a quote holds, as content/site.json has it. */
const validityDays = getSite().facts.quoteValidityDays;

/** YYYY-MM-DD of a date, in UTC. */
const day = (date: Date) => date.toISOString().slice(0, 10);

describe('newQuoteNumber', () => {
  const issued = new Date('2026-11-25T09:30:00Z');

  it('is AN-, the issue date and six characters of Crockford’s base 32', () => {
    const number = newQuoteNumber(issued);
    expect(number).toMatch(QUOTE_NUMBER_PATTERN);
    expect(number).toMatch(/^AN-20261125-[0-9A-Z]{6}$/);
    expect(number.slice(-6)).not.toMatch(/[ILOU]/);
  });

  it('dates the number by the day in Germany, where the seller issues it, whatever the buyer’s clock says', () => {
    // 05:30 on 26 November in Germany; half past midnight on New Year's Day and on 1 July (summer time) there.
    expect(newQuoteNumber(new Date('2026-11-25T23:30:00-05:00'))).toMatch(/^AN-20261126-/);
    expect(newQuoteNumber(new Date('2026-12-31T23:30:00Z'))).toMatch(/^AN-20270101-/);
    expect(newQuoteNumber(new Date('2026-06-30T22:30:00Z'))).toMatch(/^AN-20260701-/);
  });

  it('turns every random byte into a character of the pattern, all 32 of them', () => {
    const bytes = Array.from({ length: 256 }, (_, byte) => byte);
    const suffixes = [];
    for (let start = 0; start < bytes.length; start += 6) {
      const chunk = Uint8Array.from(
        bytes
          .slice(start, start + 6)
          .concat([0, 0, 0, 0, 0])
          .slice(0, 6),
      );
      const number = newQuoteNumber(issued, (count) => chunk.slice(0, count));
      expect(number).toMatch(QUOTE_NUMBER_PATTERN);
      suffixes.push(number.slice(-6));
    }
    expect(new Set(suffixes.join('')).size).toBe(32);
    expect(newQuoteNumber(issued, () => Uint8Array.of(0, 1, 2, 3, 4, 5))).toBe('AN-20261125-012345');
  });

  it('draws a new number each time', () => {
    const numbers = Array.from({ length: 20 }, () => newQuoteNumber(issued));
    for (const number of numbers) expect(number).toMatch(QUOTE_NUMBER_PATTERN);
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});

describe('QUOTE_NUMBER_PATTERN', () => {
  it.each([
    'AN-20261125-7K3Q9',
    'AN-20261125-7K3Q9MM',
    'AN-2026112-7K3Q9M',
    'AN-20261125-7K3Q9I',
    'AN-20261125-7k3q9m',
    'AB-20261125-7K3Q9M',
    ' AN-20261125-7K3Q9M',
    'AN-20261125-7K3Q9M\n',
  ])('rejects %p', (number) => {
    expect(number).not.toMatch(QUOTE_NUMBER_PATTERN);
  });
});

describe('quoteValidUntil', () => {
  it('adds the validity days of site.json, across the end of a month', () => {
    const issued = new Date('2026-01-31T00:00:00Z');
    const until = quoteValidUntil(issued, validityDays);
    expect(day(until)).toBe(day(new Date(issued.getTime() + validityDays * DAY_MS)));
    expect(until.getUTCMonth()).not.toBe(issued.getUTCMonth());
  });

  it('counts calendar days across a year end and a leap day', () => {
    expect(day(quoteValidUntil(new Date('2026-12-31T00:00:00Z'), validityDays))).toBe(
      day(new Date(Date.UTC(2026, 11, 31) + validityDays * DAY_MS)),
    );
    expect(day(quoteValidUntil(new Date('2028-02-28T00:00:00Z'), 1))).toBe('2028-02-29');
    expect(day(quoteValidUntil(new Date('2027-02-28T00:00:00Z'), 1))).toBe('2027-03-01');
  });

  it('does not change the issue date it was given', () => {
    const issued = new Date('2026-11-25T00:00:00Z');
    quoteValidUntil(issued, validityDays);
    expect(day(issued)).toBe('2026-11-25');
  });
});

describe('a quote for a cart', () => {
  const line = (id: string, category: string, quantity: number, area = 'germany'): CartItem => ({
    id,
    category,
    exclusive: false,
    area,
    price: 10_000,
    quantity,
  });
  const cart = [line('a', 'kanzlei', 2), line('b', 'coaching', 1)];
  const today = new Date('2026-11-25T10:00:00Z');
  const tomorrow = new Date('2026-11-26T10:00:00Z');

  it('keeps its number and date while the cart stays the same', () => {
    const first = stampFor(cartSignature(groupItems(cart)), undefined, today, validityDays);
    expect(first.number).toMatch(/^AN-20261125-/);
    expect(first.date).toBe('2026-11-25');
    expect(stampFor(cartSignature(groupItems(cart)), first, tomorrow, validityDays)).toBe(first);
    // The same rows, made of other lines, are the same cart.
    const sameRows = [line('c', 'kanzlei', 1), line('b', 'coaching', 1), line('d', 'kanzlei', 1)];
    expect(stampFor(cartSignature(groupItems(sameRows)), first, tomorrow, validityDays)).toBe(first);
  });

  it.each([
    ['one more lead', [line('a', 'kanzlei', 3), line('b', 'coaching', 1)]],
    ['a row less', [line('a', 'kanzlei', 2)]],
    ['another area', [line('a', 'kanzlei', 2, 'states:BY'), line('b', 'coaching', 1)]],
    ['the rows in another order', [line('b', 'coaching', 1), line('a', 'kanzlei', 2)]],
  ])('issues a new number, dated today, for a cart with %s', (_label, changed) => {
    const first = stampFor(cartSignature(groupItems(cart)), undefined, today, validityDays);
    const signature = cartSignature(groupItems(changed));
    expect(signature).not.toBe(first.cart);
    const next = stampFor(signature, first, tomorrow, validityDays);
    expect(next.number).toMatch(QUOTE_NUMBER_PATTERN);
    expect(next.number).not.toBe(first.number);
    expect(next).toEqual({ number: next.number, date: '2026-11-26', cart: signature });
  });

  it('issues a new number once the quote no longer holds, for the same cart', () => {
    const signature = cartSignature(groupItems(cart));
    const first = stampFor(signature, undefined, today, validityDays);
    const lastDay = quoteValidUntil(today, validityDays);
    expect(stampFor(signature, first, lastDay, validityDays)).toBe(first);
    const dayAfter = new Date(lastDay.getTime() + 24 * 60 * 60 * 1000);
    const next = stampFor(signature, first, dayAfter, validityDays);
    expect(next.number).not.toBe(first.number);
    expect(next.date).toBe(dayAfter.toISOString().slice(0, 10));
  });

  it('issues a new number, for the same cart, once the order service refused the quote’s prices', () => {
    const signature = cartSignature(groupItems(cart));
    const first = stampFor(signature, undefined, today, validityDays);
    const next = stampFor(signature, { ...first, stale: true }, today, validityDays);
    expect(next.number).not.toBe(first.number);
    expect(next).toEqual({ number: next.number, date: '2026-11-25', cart: signature });
  });

  it('issues a new number when the stored one is not a quote number', () => {
    const signature = cartSignature(groupItems(cart));
    const stored: QuoteStamp = { number: 'AN-1-<script>', date: '2026-11-20', cart: signature };
    const next = stampFor(signature, stored, today, validityDays);
    expect(next.number).toMatch(QUOTE_NUMBER_PATTERN);
    expect(next.date).toBe('2026-11-25');
  });
});
