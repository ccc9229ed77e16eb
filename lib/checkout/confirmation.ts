import { isDay } from '../business-day';
import { MAX_LINES, MAX_QUANTITY, MIN_QUANTITY, type CartItem } from '../cart/rules';
import { areaFromCode } from '../order/area';
import { sanitizeBuyer, type Buyer } from './buyer';
import { summarizeOrder, type OrderSummary, type OrderWords } from './order';
import { QUOTE_NUMBER_PATTERN } from './quote';

/**
 * An order the service has taken, as the checkout keeps it in this browser to show its number and its
 * printable confirmation, also after a reload, until the buyer starts a new order. Its lines and totals are
 * the service's answer, so the confirmation shows the one set of prices the order was taken at.
 */
export interface ConfirmedOrder {
  orderNumber: string;
  /** The day it was sent, YYYY-MM-DD. */
  orderedOn: string;
  quote: { number: string; date: string };
  /**
   * The order's rows at the prices the service charged, one line each (so a line may hold more leads than a cart
   * line). Only a service older than the lines in its answer left the cart's own lines here.
   */
  items: CartItem[];
  buyer: Buyer;
  /** The German VAT rate it was ordered with, in percent. */
  vatRate: number;
  /** Net, VAT and gross in cents as the order service computed them: the order's, not the checkout's. */
  totals?: { net: number; vat: number; gross: number };
  /** Whether the service said a confirmation mail is on its way to the buyer's address. */
  confirmationMail?: boolean;
  /**
   * The ids of the cart's lines when the service took the order: the ordered ones, and any added meanwhile (in
   * another tab), which were not ordered and stay in the cart. A cart with any other line holds a new order.
   */
  cartLines?: string[];
}

/**
 * Whether the cart holds a new order: a line that was not in it when the service took the last one. Until then the
 * checkout shows that order's confirmation, and says what the cart still holds. A tab that has not yet heard that
 * the ordered lines left the cart still has only lines of the confirmation's cart, and keeps the confirmation.
 */
export function holdsNewOrder(confirmed: ConfirmedOrder, cart: readonly Pick<CartItem, 'id'>[]): boolean {
  const known = new Set(confirmed.cartLines);
  return cart.some((line) => !known.has(line.id));
}

/** The confirmation's summary: the service's rows and totals, and the details. */
export function confirmedSummary(confirmed: ConfirmedOrder, words: OrderWords): OrderSummary {
  const summary = summarizeOrder(confirmed.items, confirmed.buyer, confirmed.vatRate, words);
  return confirmed.totals ? { ...summary, totals: { ...summary.totals, ...confirmed.totals } } : summary;
}

function sanitizeTotals(raw: unknown): ConfirmedOrder['totals'] {
  if (!isRecord(raw)) return undefined;
  const { net, vat, gross } = raw;
  const cents = (value: unknown): value is number =>
    Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= MAX_PRICE_CENTS * 500;
  return cents(net) && cents(vat) && cents(gross) && net + vat === gross ? { net, vat, gross } : undefined;
}

/** Order numbers as the service makes them: letters, digits and hyphens. */
const ORDER_NUMBER = /^[A-Z0-9][A-Z0-9-]{2,39}$/;
const MAX_PRICE_CENTS = 10_000_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sanitizeLine(raw: unknown): CartItem | undefined {
  if (!isRecord(raw)) return undefined;
  const { id, category, exclusive, area, price, quantity } = raw;
  if (typeof id !== 'string' || typeof category !== 'string' || category.length > 80) return undefined;
  if (typeof exclusive !== 'boolean' || typeof area !== 'string' || !areaFromCode(area)) return undefined;
  if (!Number.isSafeInteger(price) || (price as number) <= 0 || (price as number) > MAX_PRICE_CENTS)
    return undefined;
  // A row of the order: at most what a whole cart holds.
  if (!Number.isSafeInteger(quantity) || (quantity as number) < MIN_QUANTITY) return undefined;
  if ((quantity as number) > MAX_LINES * MAX_QUANTITY) return undefined;
  return { id, category, exclusive, area, price: price as number, quantity: quantity as number };
}

/** Cart line ids as the cart keeps them (`sanitizeItems`); any other entry is dropped. */
function sanitizeLineIds(raw: unknown[]): string[] {
  return raw
    .slice(0, MAX_LINES)
    .filter((id): id is string => typeof id === 'string' && id.length > 0 && id.length <= 120);
}

/** A stored confirmation read back; anything that is not one in every part reads as none. */
export function sanitizeConfirmation(raw: unknown): ConfirmedOrder | undefined {
  if (!isRecord(raw) || !isRecord(raw.quote) || !Array.isArray(raw.items)) return undefined;
  const { orderNumber, orderedOn, vatRate } = raw;
  const { number, date } = raw.quote;
  if (typeof orderNumber !== 'string' || !ORDER_NUMBER.test(orderNumber)) return undefined;
  if (!isDay(orderedOn)) return undefined;
  if (typeof number !== 'string' || !QUOTE_NUMBER_PATTERN.test(number)) return undefined;
  if (!isDay(date)) return undefined;
  if (typeof vatRate !== 'number' || !(vatRate >= 0 && vatRate <= 100)) return undefined;
  const items = raw.items.slice(0, 500).map(sanitizeLine);
  if (items.length === 0 || items.some((item) => item === undefined)) return undefined;
  return {
    orderNumber,
    orderedOn,
    quote: { number, date },
    items: items as CartItem[],
    buyer: sanitizeBuyer(raw.buyer),
    vatRate,
    totals: sanitizeTotals(raw.totals),
    ...(typeof raw.confirmationMail === 'boolean' ? { confirmationMail: raw.confirmationMail } : {}),
    ...(Array.isArray(raw.cartLines) ? { cartLines: sanitizeLineIds(raw.cartLines) } : {}),
  };
}
