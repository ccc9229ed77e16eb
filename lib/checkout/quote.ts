/**
 * The quote (Angebot): its number, its date and how long it holds. The number goes into the quote, the
 * e-mail order, the copied order and the order service's record, so the sales team can match them.
 */
import { businessDay } from '../business-day';

/** Crockford's base 32: no I, L, O or U, so a number read over the phone is not misheard. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const RANDOM_CHARS = 6;

export const QUOTE_NUMBER_PATTERN = /^AN-\d{8}-[0-9A-HJKMNP-TV-Z]{6}$/;

/** `AN-20261125-7K3Q9M`: the issue date (in Germany, where the seller issues it) and six random characters. */
export function newQuoteNumber(date: Date, random: (count: number) => Uint8Array = randomBytes): string {
  const day = businessDay(date).replaceAll('-', '');
  const suffix = [...random(RANDOM_CHARS)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
  return `AN-${day}-${suffix}`;
}

function randomBytes(count: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(count));
}

/** The last day a quote issued on `issued` holds, `validityDays` later (calendar days, UTC). */
export function quoteValidUntil(issued: Date, validityDays: number): Date {
  const until = new Date(issued);
  until.setUTCDate(until.getUTCDate() + validityDays);
  return until;
}

/** A quote as the checkout keeps it: its number and day, and what it was made out for. */
export interface QuoteStamp {
  number: string;
  /** The issue date, YYYY-MM-DD. */
  date: string;
  /** What the quote said when it was issued (`quoteSignature`): a quote that says anything else gets a new number. */
  content: string;
}

/** What a quote says that an approval rests on: one number stands for one document. */
export interface QuotedContent {
  rows: readonly { key: string; quantity: number; price: number }[];
  totals: { case: string; rate: number; net: number; vat: number; gross: number };
  buyer: Readonly<Record<string, string>>;
}

/**
 * What makes one quote another: its rows (kind, area, quantity, price per lead, in order), its VAT case, rate and
 * totals, and the buyer's details. Purchasing approves a quote by its number, and the sales team
 * receives only that number with the order, so a quote for another cart, price, VAT or buyer is another number.
 */
export function quoteSignature({ rows, totals, buyer }: QuotedContent): string {
  return JSON.stringify([
    rows.map((row) => [row.key, row.quantity, row.price]),
    [totals.case, totals.rate, totals.net, totals.vat, totals.gross],
    Object.entries(buyer).sort(([a], [b]) => a.localeCompare(b)),
  ]);
}

/**
 * The stamp for a quote's content: the stored one while the content is the same and the quote still holds, else
 * a new number dated today.
 */
export function stampFor(
  content: string,
  stored: QuoteStamp | undefined,
  now: Date,
  validityDays: number,
): QuoteStamp {
  const holds =
    stored !== undefined &&
    quoteValidUntil(new Date(`${stored.date}T00:00:00Z`), validityDays)
      .toISOString()
      .slice(0, 10) >= businessDay(now);
  if (stored && holds && stored.content === content && QUOTE_NUMBER_PATTERN.test(stored.number))
    return stored;
  return { number: newQuoteNumber(now), date: businessDay(now), content };
}

/** How many quotes the checkout remembers: a change the buyer undoes brings back the number they were given. */
export const REMEMBERED_QUOTES = 5;

/**
 * The stamp for a quote's content among the quotes issued so far (newest first), and the list with it first: an
 * earlier quote that still holds and said the same comes back, so that trying another country and going back, or a
 * detail retyped, keeps the number purchasing may have approved; else a new number.
 */
export function stampAmong(
  content: string,
  issued: readonly QuoteStamp[],
  now: Date,
  validityDays: number,
): QuoteStamp[] {
  const same = issued.find((stamp) => stampFor(content, stamp, now, validityDays) === stamp);
  const quote = same ?? stampFor(content, undefined, now, validityDays);
  return [quote, ...issued.filter((stamp) => stamp !== quote)].slice(0, REMEMBERED_QUOTES);
}
