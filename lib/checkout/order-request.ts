import { isDay } from '../business-day';
import { z } from 'zod';
import { MAX_LINES, MAX_QUANTITY, MIN_QUANTITY } from '../cart/rules';
import { locales } from '../i18n';
import { areaFromCode } from '../order/area';
import { BUYER_FIELDS, buyerProblems, type Buyer, type BuyerProblem } from './buyer';
import { QUOTE_NUMBER_PATTERN } from './quote';

/**
 * What the checkout sends to the order service (`POST /api/orders`) and what it answers. The checkout and the
 * service both import these schemas, and `orders/openapi.json` is generated from them, so the contract is
 * written once. The service computes what it charges from `content/`; the request says what the buyer was
 * shown (each line's price per lead and the VAT rate), so that the service takes an order only at those prices.
 * The site and the service are deployed one after the other, and the prices of a page and of the service may
 * differ for a while: the service then takes nothing and answers 409 at `prices`.
 */

/** The largest request body the service reads, in bytes. */
export const MAX_ORDER_BYTES = 32 * 1024;
/**
 * A send sooner than this after the order button appeared (or the first detail was typed, if earlier) is faster than
 * a person can fill the details: a bot's. Such an order is stored as spam and answered `201` like any other.
 */
export const MIN_HUMAN_MS = 3000;

/** The day a quote was issued (YYYY-MM-DD), as its number says: AN-20261125-7K3Q9M was issued on 2026-11-25. */
export function quoteIssueDay(number: string): string {
  const digits = number.slice(3, 11);
  return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}`;
}

/** Each field a string; a missing one reads as empty, so the buyer's rules name it ("required"). */
const buyerShape = Object.fromEntries(BUYER_FIELDS.map((field) => [field, z.string().default('')])) as Record<
  keyof Buyer,
  z.ZodDefault<z.ZodString>
>;

/**
 * The billing details, with the checkout's own rules (`buyerProblems`): each problem is an issue at its field
 * whose `params.problem` says which, so the service can answer it in the checkout's words.
 */
export const buyerSchema = z.object(buyerShape).superRefine((buyer, context) => {
  for (const [field, problem] of Object.entries(buyerProblems(buyer)))
    context.addIssue({ code: 'custom', path: [field], message: problem, params: { problem } });
});

/**
 * One row of the cart (its lines of one category, area and kind, added up), and the price per lead the buyer was
 * shown for it. A row holds at most what the whole cart can hold.
 */
export const orderLineSchema = z.object({
  /** The category's id in `content/categories.json`. */
  category: z.string().min(1).max(120),
  exclusive: z.boolean(),
  /** The delivery area as the cart stores it (lib/order/area.ts), e.g. `germany` or `postcodes:80-85`. */
  area: z.string().refine((code) => areaFromCode(code) !== undefined, 'not a delivery area code'),
  quantity: z
    .int()
    .min(MIN_QUANTITY)
    .max(MAX_LINES * MAX_QUANTITY),
  /**
   * The net price per lead in cents that the page showed (and the quote printed). Optional only so that a page
   * from before it was sent is answered 409 at `prices` (reload), like any other price the service does not
   * charge, rather than 422.
   */
  price: z.int().positive().optional(),
});

/** A row as the service priced and stored it: the answer's lines, which the checkout's confirmation shows. */
export const pricedLineSchema = orderLineSchema.required({ price: true });
export type PricedLine = z.infer<typeof pricedLineSchema>;

export const orderRequestSchema = z.object({
  /** A UUID the browser makes once per order: the same key again is the same order. */
  key: z.uuid(),
  locale: z.enum(locales),
  lines: z.array(orderLineSchema).min(1).max(MAX_LINES),
  /**
   * The German VAT rate in percent that the page showed (`facts.vatRate`). Like a line's price: without it, or
   * with another than the service's, the answer is 409 at `prices`.
   */
  vatRate: z.number().min(0).max(100).optional(),
  buyer: buyerSchema,
  /**
   * The buyer's declaration, ticked in the checkout, to order for their business as an Unternehmer (§ 14 BGB),
   * not as a consumer. The shop sells to businesses only; without it the answer is 422 at `business`.
   */
  business: z.literal(true),
  /** The quote's number, e.g. AN-20261125-7K3Q9M. */
  quote: z
    .string()
    .regex(QUOTE_NUMBER_PATTERN, { error: 'not a quote number', abort: true })
    .refine((number) => isDay(quoteIssueDay(number)), 'not a quote number: no such day'),
  /** A field people never see and leave empty. */
  website: z.string().max(2000).default(''),
  /** Milliseconds since the order button appeared, or since the first detail was typed if that was earlier. */
  elapsedMs: z.int().min(0),
});
export type OrderRequest = z.infer<typeof orderRequestSchema>;
/** A request as the checkout writes it (fields with a default may be left out). */
export type OrderRequestInput = z.input<typeof orderRequestSchema>;

/**
 * 201 for a new order, 200 for the same key again. Amounts are integer cents. The lines and the totals are the
 * stored order's, so a confirmation made of them shows one set of prices.
 */
export const orderAcceptedSchema = z.object({
  orderNumber: z.string(),
  /** The order's rows, each at the price per lead the service charged. */
  lines: z.array(pricedLineSchema),
  net: z.int(),
  vat: z.int(),
  gross: z.int(),
  /** Whether a confirmation mail is on its way to the buyer's address (not beyond 3 a day to one address). */
  confirmationMail: z.boolean().optional(),
});
export type OrderAccepted = z.infer<typeof orderAcceptedSchema>;

/**
 * Every answer that is not 2xx: each field that is wrong (a path into the request such as `buyer.email`, or a
 * header such as `header.Origin`) and why.
 */
export const orderErrorSchema = z.object({
  errors: z.array(z.object({ field: z.string(), message: z.string() })).min(1),
});
export type OrderError = z.infer<typeof orderErrorSchema>;

/** The buyer's problem an issue of `buyerSchema` carries, if it is one. */
export function issueBuyerProblem(issue: z.core.$ZodIssue): BuyerProblem | undefined {
  const params =
    issue.code === 'custom' ? (issue.params as { problem?: BuyerProblem } | undefined) : undefined;
  return params?.problem;
}
