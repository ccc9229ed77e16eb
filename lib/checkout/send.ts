import { groupItems, type CartItem } from '../cart/rules';
import type { Locale } from '../i18n';
import { cleanBuyer, type Buyer } from './buyer';
import { areaFromCode } from '../order/area';
import type { OrderRequest, PricedLine } from './order-request';

/**
 * Sending the order to the order service (`ORDER_ENDPOINT`): the request as the service's contract
 * (lib/checkout/order-request.ts) describes it, and its answer as the checkout acts on it. The request says the
 * prices the buyer was shown; the service computes its own from content/ and takes the order only if they agree.
 */
/** The request as the contract has it, with the prices this page showed. */
export type OrderRequestBody = OrderRequest;

export function orderRequestBody(input: {
  key: string;
  locale: Locale;
  items: readonly CartItem[];
  /** The German VAT rate in percent that the page showed. */
  vatRate: number;
  buyer: Buyer;
  /** The buyer ticked the declaration to order as a business: no request is made without it. */
  business: true;
  quote: string;
  website: string;
  elapsedMs: number;
}): OrderRequestBody {
  return {
    key: input.key,
    locale: input.locale,
    lines: groupItems(input.items).map(({ category, exclusive, area, quantity, price }) => ({
      category,
      exclusive,
      area,
      quantity,
      price,
    })),
    vatRate: input.vatRate,
    buyer: cleanBuyer(input.buyer),
    business: input.business,
    quote: input.quote,
    website: input.website,
    elapsedMs: Math.max(0, Math.round(input.elapsedMs)),
  };
}

/**
 * What an order asks for, as one string: its language, quote, lines and details. The service refuses a key
 * that came before with other content (409), so the checkout makes a new key whenever this changes. The prices
 * are left out, as the service leaves them out of its hash; other prices on the page make another quote number
 * (`quoteSignature`), which is part of this, so an order at other prices is another order with another key.
 */
export function orderContent(body: OrderRequestBody): string {
  const lines = body.lines.map(({ category, exclusive, area, quantity }) => ({
    category,
    exclusive,
    area,
    quantity,
  }));
  return JSON.stringify({ locale: body.locale, quote: body.quote, lines, buyer: body.buyer });
}

/** What became of a send: the service took the order, or why not. */
export type SendResult =
  | {
      ok: true;
      orderNumber: string;
      /**
       * The order's lines at the prices the service charged, which go with its totals; undefined from a service
       * older than them, which answers the totals only.
       */
      lines?: PricedLine[];
      net: number;
      vat: number;
      gross: number;
      /** Whether the service says a confirmation mail is on its way; undefined when it does not say. */
      confirmationMail?: boolean;
    }
  /**
   * The service answered that it stored nothing (its database was away, or it failed before storing): try again,
   * or order by e-mail.
   */
  | { ok: false; reason: 'unreachable' }
  /**
   * The request may have reached the service and its order may be stored, but no answer came that says so: the
   * connection broke, the 20 s ran out, the answer was unreadable, or a proxy said the service did not answer in
   * time (502, 504), or the service lost its database's answer to the commit (503 at `commit`). Sending it again with the same key is safe: the service answers with the order if it has it.
   * An e-mail order now would be a second order.
   */
  | { ok: false; reason: 'unknown' }
  /** The service charges other prices than this page shows: nothing was ordered; reload for the current ones. */
  | { ok: false; reason: 'pricesChanged' }
  /** Too many orders from this address: try again after `retryAfter` seconds. */
  | { ok: false; reason: 'rateLimited'; retryAfter: number }
  /** The service refused the order, with its reasons where it gave any. */
  | { ok: false; reason: 'rejected'; messages: string[] };

/** How long the checkout waits for the service's answer before it asks the buyer to try again. */
export const SEND_TIMEOUT_MS = 20_000;

function isCents(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The answer's lines, if every one is a line as the contract has it, and they make up its net total. */
function pricedLines(raw: unknown, net: number): PricedLine[] | undefined {
  if (!Array.isArray(raw) || raw.length === 0) return undefined;
  const lines: PricedLine[] = [];
  for (const line of raw) {
    if (!isRecord(line)) return undefined;
    const { category, exclusive, area, quantity, price } = line;
    if (typeof category !== 'string' || category.length === 0 || typeof exclusive !== 'boolean')
      return undefined;
    if (typeof area !== 'string' || !areaFromCode(area)) return undefined;
    if (!isCents(quantity) || quantity === 0 || !isCents(price) || price === 0) return undefined;
    lines.push({ category, exclusive, area, quantity, price });
  }
  return lines.reduce((sum, line) => sum + line.price * line.quantity, 0) === net ? lines : undefined;
}

/** Reads the service's answer; anything that is not the contract's shape counts as no answer. */
export async function readAnswer(response: Response): Promise<SendResult> {
  const body: unknown = await response.json().catch(() => undefined);
  const record = isRecord(body) ? body : {};
  const errors = Array.isArray(record.errors) ? record.errors.filter(isRecord) : [];
  if (response.status === 200 || response.status === 201) {
    const { orderNumber, net, vat, gross, confirmationMail } = record;
    if (
      typeof orderNumber === 'string' &&
      orderNumber.length > 0 &&
      isCents(net) &&
      isCents(vat) &&
      isCents(gross)
    ) {
      const lines = pricedLines(record.lines, net);
      return {
        ok: true,
        orderNumber,
        ...(lines ? { lines } : {}),
        net,
        vat,
        gross,
        ...(typeof confirmationMail === 'boolean' ? { confirmationMail } : {}),
      };
    }
    // The service took the order (or had it), but its answer cannot be read.
    return { ok: false, reason: 'unknown' };
  }
  if (response.status === 409 && errors.some((error) => error.field === 'prices'))
    return { ok: false, reason: 'pricesChanged' };
  if (response.status === 429) {
    const seconds = Number(response.headers.get('Retry-After'));
    return {
      ok: false,
      reason: 'rateLimited',
      retryAfter: Number.isFinite(seconds) && seconds > 0 ? seconds : 60,
    };
  }
  if (response.status >= 400 && response.status < 500) {
    const messages = errors
      .map((error) => error.message)
      .filter((message): message is string => typeof message === 'string');
    return { ok: false, reason: 'rejected', messages };
  }
  // Only the service's own 500 and 503, with its list of errors, say that nothing was stored (orders/app.ts), but
  // for a 503 at `commit`: the database's answer to the order's commit was lost, so it may be stored. A proxy's
  // 502, 504 or any other page says nothing about the order.
  if (response.status === 503 && errors.some((error) => error.field === 'commit'))
    return { ok: false, reason: 'unknown' };
  if ((response.status === 500 || response.status === 503) && errors.length > 0)
    return { ok: false, reason: 'unreachable' };
  return { ok: false, reason: 'unknown' };
}

/** Posts the order; never throws. */
export async function sendOrder(
  endpoint: string,
  body: OrderRequestBody,
  { timeoutMs = SEND_TIMEOUT_MS, fetchImpl = globalThis.fetch } = {},
): Promise<SendResult> {
  try {
    const response = await fetchImpl(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
      // The buyer's details go to the service and nowhere else; no cookies ride along.
      credentials: 'omit',
      referrerPolicy: 'strict-origin',
    });
    return await readAnswer(response);
  } catch {
    // A browser says the same for a connection refused before the request went out as for one broken after it
    // arrived, and for the timeout: the order may be stored.
    return { ok: false, reason: 'unknown' };
  }
}

/** A UUID for the idempotency key, also where `crypto.randomUUID` is missing (a page on plain http). */
export function newOrderKey(
  random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): string {
  const bytes = random(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
