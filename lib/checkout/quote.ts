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

/** A quote as the checkout keeps it: its number and day, and the cart it was made for. */
export interface QuoteStamp {
  number: string;
  /** The issue date, YYYY-MM-DD. */
  date: string;
  /** The cart's rows when it was issued (`cartSignature`): another cart gets a new number. */
  cart: string;
  /**
   * The order service refused an order of this quote because its prices are no longer the shop's: the page
   * keeps showing it, and the next stamp (the reloaded page, with the current prices) is a new quote.
   */
  stale?: true;
}

/** What makes one cart another: its rows' keys and quantities, in order. */
export function cartSignature(rows: readonly { key: string; quantity: number }[]): string {
  return rows.map((row) => `${row.key}×${row.quantity}`).join(',');
}

/**
 * The stamp for a cart: the stored one while the cart is the same and the quote still holds (and its prices
 * were not refused), else a new number dated today.
 */
export function stampFor(
  cart: string,
  stored: QuoteStamp | undefined,
  now: Date,
  validityDays: number,
): QuoteStamp {
  const holds =
    stored !== undefined &&
    quoteValidUntil(new Date(`${stored.date}T00:00:00Z`), validityDays)
      .toISOString()
      .slice(0, 10) >= businessDay(now);
  if (stored && holds && !stored.stale && stored.cart === cart && QUOTE_NUMBER_PATTERN.test(stored.number))
    return stored;
  return { number: newQuoteNumber(now), date: businessDay(now), cart };
}
