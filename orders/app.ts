import { createHash, timingSafeEqual } from 'node:crypto';
import { parse as parseContentType } from 'content-type';
import { stringify } from 'csv-stringify/sync';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { cors } from 'hono/cors';
import ipaddr from 'ipaddr.js';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { BUYER_FIELDS, sanitizeBuyer, type BuyerField } from '../lib/checkout/buyer';
import { problemMessage } from '../lib/checkout/messages';
import { summarizeOrder } from '../lib/checkout/order';
import {
  MAX_ORDER_BYTES,
  MIN_HUMAN_MS,
  issueBuyerProblem,
  orderRequestSchema,
  type OrderAccepted,
  type OrderError,
  type OrderRequest,
} from '../lib/checkout/order-request';
import { orderWords } from '../lib/checkout/words';
import { splitGroupKey, type CartItem } from '../lib/cart/rules';
import { priceList } from '../lib/categories';
import { getCategories, getSite } from '../lib/content';
import { defaultLocale, isLocale, type Locale } from '../lib/i18n';
import { unitPriceCents } from '../lib/money';
import type { OrdersConfig } from './config';
import { EXPORT_LOCK_FAILURES, throttledTry } from './desk/auth';
import { confirmationRecipient, orderMails } from './messages';
import {
  DatabaseUnavailable,
  OrderOutcomeUnknown,
  TooManyOrders,
  hashOf,
  type NewOrder,
  type OrderLimit,
  type SpamReason,
  type Store,
  type StoredOrder,
} from './store';

/**
 * The order service's routes: `POST /api/orders`, `GET /api/health` and the owner's `GET /api/orders.csv`.
 * Every answer that is not 2xx has one shape, `{ errors: [{ field, message }] }` (lib/checkout/order-request.ts).
 */

export interface AppOptions {
  store: Store;
  config: Pick<
    OrdersConfig,
    'allowedOrigins' | 'rateLimit' | 'trustProxy' | 'ordersToken' | 'mailFrom' | 'deskUrl'
  >;
  /** Called after an order with a mail was committed: the outbox sends it now. */
  onMail?: () => void;
  now?: () => Date;
  /** Where errors are reported (never to the client). */
  log?: (line: string) => void;
}

type Problem = OrderError['errors'][number];

function problems(
  c: Context,
  status: ContentfulStatusCode,
  errors: Problem[],
  headers?: Record<string, string>,
) {
  return c.json<OrderError>({ errors }, status, headers);
}

function problem(c: Context, status: ContentfulStatusCode, field: string, message: string) {
  return problems(c, status, [{ field, message }]);
}

/**
 * How deep a body may nest: an order is three levels (the body, its lines, a line), and 32 kB of brackets
 * could be thousands, which the request's hash would follow until the stack ran out.
 */
const MAX_DEPTH = 8;

/** Whether a parsed body nests deeper than `limit` levels, found without recursion. */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [item, depth] = next;
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= limit) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/** How many new orders one address may send in this window. */
const RATE_WINDOW_MS = 10 * 60_000;
/** What a client is told to wait when the database does not answer, in seconds. */
const RETRY_AFTER_S = 5;

/** The client's address: the peer, or behind a trusted proxy the address that proxy appended last. */
export function clientAddress(c: Context, trustProxy: boolean): string {
  const forwarded = c.req.header('x-forwarded-for');
  if (trustProxy && forwarded) return forwarded.split(',').at(-1)!.trim();
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // Called without a Node server (app.request in a test): one address for all.
    return 'unknown';
  }
}

/**
 * Whom the rate limit counts: an IPv4 address, or an IPv6 address's /64 network. A host is given a whole /64
 * and may send from any address in it, so counting single IPv6 addresses would let it rotate past the limit.
 * An IPv4 address written as IPv6 (`::ffff:1.2.3.4`) counts as itself.
 */
export function rateKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${network.join(':')}::/64`;
}

function sameSecret(given: string, expected: string): boolean {
  const hash = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(hash(given), hash(expected));
}

/**
 * The issues of a request that did not parse, each at its field, in the checkout's words where it has them: the
 * buyer's details, and the missing declaration to order as a business.
 */
function describeIssues(issues: readonly z.core.$ZodIssue[], raw: unknown): Problem[] {
  const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const locale = isLocale(record.locale) ? record.locale : defaultLocale;
  const buyer = sanitizeBuyer(record.buyer);
  const words = orderWords(locale);
  return issues.map((issue) => {
    const field = issue.path.join('.') || 'body';
    const problem = issueBuyerProblem(issue);
    const [top, name] = issue.path;
    if (top === 'buyer' && problem && (BUYER_FIELDS as readonly unknown[]).includes(name))
      return { field, message: problemMessage(name as BuyerField, problem, buyer, words) };
    // The shop sells to businesses only: an order without the buyer's declaration (a page from before it was
    // asked for, or a hand-made request) is told so, as the checkout tells a buyer who has not ticked it.
    if (field === 'business') return { field, message: words.strings.errors.business };
    return { field, message: issue.message };
  });
}

/**
 * Whether the request was shown what the service charges: each line's net price per lead, and the VAT rate. A
 * request without them (a page older than this rule) agrees with nothing.
 */
function pricesAgree(request: OrderRequest, charged: readonly CartItem[], vatRate: number): boolean {
  return (
    request.vatRate === vatRate && request.lines.every((line, index) => line.price === charged[index]?.price)
  );
}

function spamReason(request: OrderRequest): SpamReason | null {
  if (request.website.trim() !== '') return 'honeypot';
  return request.elapsedMs < MIN_HUMAN_MS ? 'tooFast' : null;
}

function accepted(order: StoredOrder): OrderAccepted {
  return {
    orderNumber: order.number,
    lines: order.lines.map((row) => ({
      ...splitGroupKey(row.key),
      quantity: row.quantity,
      price: row.price,
    })),
    net: order.net,
    vat: order.vat,
    gross: order.gross,
    // A spam order is answered like any other (its mails go out if the sales team lets it through); only the
    // daily limit per address holds a confirmation back, and the checkout then does not say one is coming.
    confirmationMail: order.spam !== null || order.confirmation !== null,
  };
}

/** What a spreadsheet runs as a formula when a cell starts with it (OWASP, "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell a spreadsheet would run as a formula is written as text, with a `'` before it. The same goes for
 * every part after a `,` or `;` inside it: a reader that splits at the other separator (German Excel splits
 * at `;`) never sees a part that starts a formula.
 */
export function safeCell(value: string | number): string {
  const text = String(value);
  return (FORMULA_START.test(text) ? `'${text}` : text).replace(/([,;])(?=[=+\-@\t\r])/g, "$1'");
}

/** The owner's and the desk's export of orders: one row per order, the buyer's details and both mails' states. */
export function ordersCsv(orders: StoredOrder[], options: CsvOptions = {}): string {
  const header = [
    'number',
    'created',
    'spam',
    'locale',
    'quote',
    'net_cents',
    'vat_cents',
    'gross_cents',
    'vat_case',
    'lines',
    ...BUYER_FIELDS,
    // sent, pending, failed or givenUp; when it was sent, since when it waits, when it failed or was given up
    'mail_state',
    'mail_at',
    'mail_tries',
    // the mail server's last answer (or what went wrong on the way)
    'mail_error',
    // where the sales team is with it (desk), and the buyer's confirmation: sent, pending, failed, givenUp, skipped
    // or ''
    'status',
    'confirmation_state',
  ];
  const rows = orders.map((order) => [
    order.number,
    order.createdAt.toISOString(),
    order.spam ?? '',
    order.locale,
    order.quote,
    order.net,
    order.vat,
    order.gross,
    order.vatCase,
    order.lines.map((line) => `${line.quantity} × ${line.name} (${line.area})`).join('; '),
    ...BUYER_FIELDS.map((field) => order.buyer[field]),
    order.mail?.state ?? '',
    order.mail?.at ?? '',
    order.mail?.attempts ?? '',
    order.mail?.error ?? '',
    order.status,
    order.confirmation?.state ?? (order.confirmationSkipped ? 'skipped' : ''),
  ]);
  return safeCsv([header, ...rows], options);
}

/**
 * How a CSV file is written for the program that opens it: the owner's export for programs as they come (`,`, no
 * byte order mark); the desk's downloads for the spreadsheet of the sales team's language.
 */
export interface CsvOptions {
  /** `;` for a German spreadsheet, which splits by `;` (its list separator, as the decimal mark is `,`). */
  delimiter?: ',' | ';';
  /** A byte order mark first, without which Excel reads UTF-8 as another encoding ("MÃ¼ller"). */
  bom?: boolean;
}

/** The CSV options of a download that a person opens in a spreadsheet in `locale`. */
export function spreadsheetCsv(locale: Locale): CsvOptions {
  return { delimiter: locale === 'de' ? ';' : ',', bom: true };
}

/** Rows as CSV that a spreadsheet never runs as formulas (`safeCell`), every cell quoted, CRLF line ends. */
export function safeCsv(
  rows: (string | number)[][],
  { delimiter = ',', bom = false }: CsvOptions = {},
): string {
  // Every cell quoted, so that no separator inside one splits it, whichever a spreadsheet reads by.
  return stringify(
    rows.map((row) => row.map(safeCell)),
    {
      delimiter,
      bom,
      record_delimiter: 'windows',
      quoted: true,
      quoted_empty: true,
    },
  );
}

/**
 * What a request asks for, hashed: the language, the quote, the lines and the details, read from the raw body
 * before any check (the key is looked up first), as the checkout sends them. The honeypot and the time taken
 * are left out: they differ on a retry. So are the prices the page showed: a retry from a page reloaded after
 * a deploy that changed them is still the order it retries, at the prices it was taken at (and hashes stored
 * before the prices were sent still match).
 */
export function requestHash(raw: unknown): string {
  const record = isRecord(raw) ? raw : {};
  const buyer = isRecord(record.buyer) ? record.buyer : {};
  return hashOf({
    locale: record.locale,
    quote: record.quote,
    lines: Array.isArray(record.lines)
      ? record.lines.map((line: unknown) => {
          const { category, exclusive, area, quantity } = isRecord(line) ? line : {};
          return { category, exclusive, area, quantity };
        })
      : record.lines,
    buyer: Object.fromEntries(
      BUYER_FIELDS.map((field) => {
        const value = buyer[field];
        return [field, typeof value === 'string' ? value.trim() : ''];
      }),
    ),
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const keySchema = orderRequestSchema.shape.key;

export function createApp({
  store,
  config,
  onMail = () => {},
  now = () => new Date(),
  log = console.error,
}: AppOptions) {
  const app = new Hono();
  const allowed = new Set(config.allowedOrigins);

  app.onError((error, c) => {
    // A refusal a middleware made on purpose (the desk's same-origin check): its own answer.
    if (error instanceof HTTPException) return error.getResponse();
    log(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    // The commit's answer was lost: the order may be stored. A 503 like any database failure (try again), but at
    // field `commit`, not `database` with its "nothing was stored", or a buyer might order again by e-mail: the
    // checkout reads it as "may have arrived, sending again is safe" (the same key).
    if (error instanceof OrderOutcomeUnknown)
      return problems(
        c,
        503,
        [
          {
            field: 'commit',
            message:
              'The order service lost its database’s answer while it stored the order: it may have been stored. Send it again with the same Idempotency-Key; it is never stored twice.',
          },
        ],
        { 'Retry-After': String(RETRY_AFTER_S) },
      );
    // The database is away (restarting, down, locked): nothing was stored, and the client may try again.
    if (error instanceof DatabaseUnavailable)
      return problems(
        c,
        503,
        [
          {
            field: 'database',
            message:
              'The order service cannot reach its database; nothing was stored. Please try again shortly.',
          },
        ],
        { 'Retry-After': String(RETRY_AFTER_S) },
      );
    return problem(
      c,
      500,
      'server',
      'The order could not be processed; nothing was stored. Please try again.',
    );
  });
  app.notFound((c) => problem(c, 404, 'path', `No ${c.req.method} ${c.req.path} here`));

  app.use('/api/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
  });

  /** Browsers of the allowed origins only; a request without Origin comes from no browser page. */
  const allowedOrigin: MiddlewareHandler = async (c, next) => {
    const origin = c.req.header('origin');
    if (origin !== undefined && !allowed.has(origin))
      return problem(
        c,
        403,
        'header.Origin',
        `Orders are taken from ${[...allowed].join(', ') || 'no web page'}`,
      );
    await next();
  };

  app.use(
    '/api/orders',
    allowedOrigin,
    cors({
      origin: (origin) => (allowed.has(origin) ? origin : null),
      allowMethods: ['POST'],
      allowHeaders: ['Content-Type'],
      exposeHeaders: ['Retry-After'],
      maxAge: 600,
    }),
  );

  app.post(
    '/api/orders',
    async (c, next) => {
      let type: string | undefined;
      try {
        type = parseContentType(c.req.header('content-type') ?? '').type;
      } catch {
        type = undefined;
      }
      if (type !== 'application/json')
        return problem(c, 415, 'header.Content-Type', 'Send the order as application/json');
      await next();
    },
    bodyLimit({
      maxSize: MAX_ORDER_BYTES,
      onError: (c) => problem(c, 413, 'body', `An order is at most ${MAX_ORDER_BYTES / 1024} kB`),
    }),
    (c) => takeOrder(c),
  );

  /** The rate limit now: ORDER_RATE_LIMIT new orders in the window; none with 0. */
  function orderLimit(): OrderLimit | undefined {
    if (config.rateLimit === 0) return undefined;
    return { max: config.rateLimit, since: new Date(now().getTime() - RATE_WINDOW_MS) };
  }

  /** The seconds until the oldest of a client's orders in the window leaves it. */
  function secondsUntil(oldest: Date, limit: OrderLimit): number {
    return Math.max(1, Math.ceil((oldest.getTime() - limit.since.getTime()) / 1000));
  }

  /**
   * The seconds this client must wait before its next new order, if it sent ORDER_RATE_LIMIT in the window: a
   * quick refusal before the request is read further. The order's transaction counts again, and that count decides.
   */
  async function rateLimitWait(client: string, limit: OrderLimit | undefined): Promise<number | undefined> {
    if (!limit) return undefined;
    const { count, oldest } = await store.recentOrders(client, limit.since);
    if (count < limit.max || !oldest) return undefined;
    return secondsUntil(oldest, limit);
  }

  function tooMany(c: Context, wait: number): Response {
    return problems(
      c,
      429,
      [{ field: 'address', message: `Too many orders from this address; try again in ${wait} s` }],
      { 'Retry-After': String(wait) },
    );
  }

  async function takeOrder(c: Context): Promise<Response> {
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      return problem(c, 400, 'body', 'The body is not JSON');
    }
    if (nestsDeeperThan(raw, MAX_DEPTH))
      return problem(c, 400, 'body', `An order nests at most ${MAX_DEPTH} levels deep`);
    // The key first, before any rule that a deploy may have changed since (prices, categories): a retry gets
    // its order, and the same key with another request is refused, never answered with the first order.
    const hash = requestHash(raw);
    const key = keySchema.safeParse(isRecord(raw) ? raw.key : undefined);
    if (key.success) {
      const existing = await store.findOrder(key.data);
      if (existing) return again(c, existing, hash);
    }

    const client = store.clientHash(rateKey(clientAddress(c, config.trustProxy)));
    const limit = orderLimit();
    const wait = await rateLimitWait(client, limit);
    if (wait !== undefined) return tooMany(c, wait);

    const parsed = orderRequestSchema.safeParse(raw);
    if (!parsed.success) return problems(c, 422, describeIssues(parsed.error.issues, raw));
    const request = parsed.data;
    const words = orderWords(request.locale);
    const prices = priceList(getCategories());
    const unknown = request.lines.flatMap((line, index) =>
      Object.hasOwn(prices, line.category)
        ? []
        : [{ field: `lines.${index}.category`, message: words.strings.errors.categoryGone }],
    );
    if (unknown.length > 0) return problems(c, 422, unknown);

    // Prices from content/, never from the request; the same summary the checkout shows.
    const items: CartItem[] = request.lines.map((line, index) => ({
      ...line,
      id: String(index),
      price: unitPriceCents(prices[line.category]!, line.exclusive),
    }));
    const site = getSite();
    // The buyer orders at the prices the page showed them, and the service charges its own: where the two differ
    // (the site and the service deployed at different times), it takes nothing, and the page is to be reloaded.
    if (!pricesAgree(request, items, site.facts.vatRate))
      return problem(c, 409, 'prices', words.strings.errors.pricesChanged);
    const summary = summarizeOrder(items, request.buyer, site.facts.vatRate, words);
    const spam = spamReason(request);
    const newOrder: NewOrder = {
      key: request.key,
      createdAt: now(),
      locale: request.locale,
      quote: request.quote,
      buyer: summary.buyer,
      lines: summary.rows,
      ...summary.totals,
      vatCase: summary.totals.case,
      vatRate: site.facts.vatRate,
      spam,
      requestHash: hash,
      client,
      recipient: confirmationRecipient(summary.buyer.email, (text) => store.clientHash(text)),
    };
    let taken;
    try {
      taken = await store.createOrder(
        newOrder,
        spam
          ? undefined
          : (number) => orderMails({ ...newOrder, number }, config, (address) => store.clientHash(address)),
        limit,
      );
    } catch (error) {
      if (error instanceof TooManyOrders && limit) return tooMany(c, secondsUntil(error.oldest, limit));
      throw error;
    }
    const { order, created } = taken;
    if (!created) return again(c, order, hash);
    if (!spam) onMail();
    return c.json(accepted(order), 201);
  }

  /** A key that came before: its order for the same request, 409 for another (an erased order has no hash). */
  function again(c: Context, order: StoredOrder, hash: string): Response {
    if (order.requestHash !== null && order.requestHash !== hash)
      return problem(
        c,
        409,
        'key',
        `This key belongs to order ${order.number}, sent with other lines or details; send a changed order with a new key`,
      );
    return c.json(accepted(order), 200);
  }

  /** Whether the database answers, and how many mails wait or were given up. Never an error's text. */
  // Orders are only ever placed: any other method is told which one the endpoint takes (RFC 9110), not that
  // nothing is here. (HEAD is GET's; OPTIONS is the CORS preflight above.)
  app.on(['GET', 'PUT', 'PATCH', 'DELETE'], '/api/orders', (c) =>
    problems(c, 405, [{ field: 'method', message: 'Orders are placed with POST' }], { Allow: 'POST' }),
  );

  app.get('/api/health', async (c) => {
    try {
      return c.json({ database: 'ok', mail: await store.mailCounts() });
    } catch (error) {
      log(`Health: ${error instanceof Error ? error.message : String(error)}`);
      return problems(c, 503, [{ field: 'database', message: 'The database does not answer' }], {
        'Retry-After': String(RETRY_AFTER_S),
      });
    }
  });

  /**
   * The owner's export: with the token, never to a page of another site (it sends no CORS headers, and a
   * request a browser marks as cross-site is refused before the token is looked at).
   */
  app.get('/api/orders.csv', async (c) => {
    const site = c.req.header('sec-fetch-site');
    if (site !== undefined && site !== 'same-origin' && site !== 'none')
      return problem(c, 403, 'header.Sec-Fetch-Site', 'The export is not for other sites');
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== new URL(c.req.url).origin)
      return problem(c, 403, 'header.Origin', 'The export is not for other sites');
    const unauthorized = (message: string) =>
      problems(c, 401, [{ field: 'header.Authorization', message }], { 'WWW-Authenticate': 'Bearer' });
    const { ordersToken } = config;
    if (!ordersToken) return unauthorized('The export is off: the service has no ORDERS_TOKEN');
    // Wrong tokens are counted per client, under a key no account name can have (desk/auth.ts).
    const guesser = `export:${store.clientHash(rateKey(clientAddress(c, config.trustProxy)))}`;
    const counters = [{ name: guesser, limit: EXPORT_LOCK_FAILURES }];
    const [scheme, token] = (c.req.header('authorization') ?? '').split(' ');
    const result = await throttledTry(store, counters, now(), async () =>
      Boolean(scheme?.toLowerCase() === 'bearer' && token && sameSecret(token, ordersToken)),
    );
    if (result.outcome === 'held') {
      const wait = Math.max(1, Math.ceil((result.until.getTime() - now().getTime()) / 1000));
      return problems(
        c,
        429,
        [{ field: 'header.Authorization', message: `Too many wrong tokens; try again in ${wait} s` }],
        { 'Retry-After': String(wait) },
      );
    }
    if (result.outcome === 'wrong') return unauthorized('Send Authorization: Bearer with the ORDERS_TOKEN');
    return c.body(ordersCsv(await store.listOrders()), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="orders.csv"',
    });
  });

  return app;
}
