import type { CartItem } from '@/lib/cart/rules';
import { NEW_BUYER, type Buyer } from '@/lib/checkout/buyer';
import { summarizeOrder } from '@/lib/checkout/order';
import {
  newQuoteNumber,
  QUOTE_NUMBER_PATTERN,
  quoteSignature,
  quoteValidUntil,
  REMEMBERED_QUOTES,
  stampAmong,
  stampFor,
  type QuoteStamp,
} from '@/lib/checkout/quote';
import { orderWords } from '@/lib/checkout/words';
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

describe('a quote for what it says', () => {
  const line = (
    id: string,
    category: string,
    quantity: number,
    area = 'germany',
    price = 10_000,
  ): CartItem => ({
    id,
    category,
    exclusive: false,
    area,
    price,
    quantity,
  });
  const cart = [line('a', 'kanzlei', 2), line('b', 'coaching', 1)];
  const buyer: Buyer = {
    ...NEW_BUYER,
    company: 'Muster GmbH',
    name: 'Erika Muster',
    email: 'erika@muster.example',
    phone: '+49 30 1234567',
    street: 'Musterweg 1',
    postcode: '10115',
    city: 'Berlin',
  };
  const vatRate = getSite().facts.vatRate;
  const signatureOf = (items: CartItem[], details: Buyer = buyer) =>
    quoteSignature(summarizeOrder(items, details, vatRate, orderWords('de')));
  const today = new Date('2026-11-25T10:00:00Z');
  const tomorrow = new Date('2026-11-26T10:00:00Z');

  it('keeps its number and date while it says the same', () => {
    const first = stampFor(signatureOf(cart), undefined, today, validityDays);
    expect(first.number).toMatch(/^AN-20261125-/);
    expect(first.date).toBe('2026-11-25');
    expect(stampFor(signatureOf(cart), first, tomorrow, validityDays)).toBe(first);
    // The same rows, made of other lines, are the same quote.
    const sameRows = [line('c', 'kanzlei', 1), line('b', 'coaching', 1), line('d', 'kanzlei', 1)];
    expect(stampFor(signatureOf(sameRows), first, tomorrow, validityDays)).toBe(first);
  });

  it.each<[string, CartItem[], Buyer]>([
    ['one more lead', [line('a', 'kanzlei', 3), line('b', 'coaching', 1)], buyer],
    ['a row less', [line('a', 'kanzlei', 2)], buyer],
    ['another area', [line('a', 'kanzlei', 2, 'states:BY'), line('b', 'coaching', 1)], buyer],
    ['the rows in another order', [line('b', 'coaching', 1), line('a', 'kanzlei', 2)], buyer],
    // A price changed by a deploy since: the same cart at another price is another offer.
    ['another price per lead', [line('a', 'kanzlei', 2, 'germany', 11_000), line('b', 'coaching', 1)], buyer],
    ['another buyer', cart, { ...buyer, company: 'Beispiel AG' }],
    // Austria with a VAT ID: reverse charge, no German VAT, a note of its own.
    [
      'another VAT case',
      cart,
      { ...buyer, country: 'AT', postcode: '1010', city: 'Wien', vatId: 'ATU13585627' },
    ],
  ])('issues a new number, dated today, for %s', (_label, changed, details) => {
    const first = stampFor(signatureOf(cart), undefined, today, validityDays);
    const signature = signatureOf(changed, details);
    expect(signature).not.toBe(first.content);
    const next = stampFor(signature, first, tomorrow, validityDays);
    expect(next.number).toMatch(QUOTE_NUMBER_PATTERN);
    expect(next.number).not.toBe(first.number);
    expect(next).toEqual({ number: next.number, date: '2026-11-26', content: signature });
  });

  it('issues a new number once the quote no longer holds, for the same content', () => {
    const signature = signatureOf(cart);
    const first = stampFor(signature, undefined, today, validityDays);
    const lastDay = quoteValidUntil(today, validityDays);
    expect(stampFor(signature, first, lastDay, validityDays)).toBe(first);
    const dayAfter = new Date(lastDay.getTime() + 24 * 60 * 60 * 1000);
    const next = stampFor(signature, first, dayAfter, validityDays);
    expect(next.number).not.toBe(first.number);
    expect(next.date).toBe(dayAfter.toISOString().slice(0, 10));
  });

  it('gives back the number of an earlier quote that said the same, once a change is undone', () => {
    const austria = { ...buyer, country: 'AT', postcode: '1010', city: 'Wien', vatId: 'ATU13585627' };
    // Approved as a German buyer's, then Austria tried, then back: the approved number again.
    const [approved] = stampAmong(signatureOf(cart), [], today, validityDays);
    const tried = stampAmong(signatureOf(cart, austria), [approved!], today, validityDays);
    expect(tried[0]!.number).not.toBe(approved!.number);
    const back = stampAmong(signatureOf(cart), tried, tomorrow, validityDays);
    expect(back[0]).toBe(approved);
    expect(back.map((stamp) => stamp.number)).toEqual([approved!.number, tried[0]!.number]);
    // Not once it no longer holds.
    const lastDay = quoteValidUntil(today, validityDays);
    const late = stampAmong(signatureOf(cart), tried, new Date(lastDay.getTime() + DAY_MS), validityDays);
    expect(late[0]!.number).not.toBe(approved!.number);
  });

  it(`remembers the last ${REMEMBERED_QUOTES} quotes`, () => {
    let issued: QuoteStamp[] = [];
    for (let quantity = 1; quantity <= REMEMBERED_QUOTES + 2; quantity++)
      issued = stampAmong(signatureOf([line('a', 'kanzlei', quantity)]), issued, today, validityDays);
    expect(issued).toHaveLength(REMEMBERED_QUOTES);
  });

  it('issues a new number when the stored one is not a quote number', () => {
    const signature = signatureOf(cart);
    const stored: QuoteStamp = { number: 'AN-1-<script>', date: '2026-11-20', content: signature };
    const next = stampFor(signature, stored, today, validityDays);
    expect(next.number).toMatch(QUOTE_NUMBER_PATTERN);
    expect(next.date).toBe('2026-11-25');
  });
});
