import { z } from 'zod';
import {
  MAX_ORDER_BYTES,
  orderAcceptedSchema,
  orderErrorSchema,
  orderRequestSchema,
} from '../lib/checkout/order-request';

/**
 * The service's contract as OpenAPI 3.1, generated from the zod schemas the checkout and the service share
 * (`npm run openapi` writes orders/openapi.json; a test fails when the file is stale).
 */
export function openApiDocument() {
  const schema = (type: z.ZodType, io: 'input' | 'output') =>
    z.toJSONSchema(type, { io, target: 'draft-2020-12' });
  const json = (ref: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } });
  const error = (description: string) => ({ description, content: json('OrderError') });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Leadwerk order service',
      version: '1.0.0',
      description:
        'Takes a binding order on invoice from the checkout. Prices, VAT and totals are computed from the shop’s content; the request says the prices the buyer was shown (each line’s `price` per lead and the `vatRate`), and an order whose prices are not the ones the service charges is not taken. Amounts are integer cents.',
    },
    paths: {
      '/api/orders': {
        post: {
          summary: 'Place an order',
          requestBody: { required: true, content: json('OrderRequest') },
          responses: {
            '201': {
              description:
                'The order is stored; its mail to the seller is on its way. The lines and totals are the order’s, at the prices the request showed.',
              content: json('OrderAccepted'),
            },
            '200': {
              description:
                'The same key came before with the same request: the order stored then, at the prices it was taken at (the key is looked up before the prices are compared).',
              content: json('OrderAccepted'),
            },
            '400': error('The body is not JSON.'),
            '403': error('The Origin is not one of ALLOWED_ORIGINS.'),
            '413': error(`The body is larger than ${MAX_ORDER_BYTES} bytes.`),
            '409': error(
              'Nothing was stored. Either the prices the request showed (a line’s `price`, the `vatRate`; either missing) are not the ones the service charges (field `prices`, in the request’s language: reload the page), or the same key came before with other lines or details (field `key`): a changed order needs a new key.',
            ),
            '415': error('The Content-Type is not application/json.'),
            '422': error(
              'Fields that are wrong, each with the checkout’s message in the request’s language; `business` when the request does not say `true` there (the shop sells to businesses only, and the buyer declares to order as one).',
            ),
            '429': {
              ...error('Too many new orders from this address in 10 minutes (ORDER_RATE_LIMIT).'),
              headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' } },
            },
            '503': {
              ...error(
                'The database does not answer (field `database`): nothing was stored. Or its answer to the order’s commit was lost (field `commit`): the order may be stored. Either way the same request with the same `Idempotency-Key` answers with the order, or stores it once.',
              ),
              headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' } },
            },
          },
        },
      },
      '/api/health': {
        get: {
          summary: 'Whether the database answers, and the mails that wait or failed',
          responses: {
            '200': {
              description:
                'It does. `pending`: mails not yet sent; `failed`: mails that failed (a permanent refusal, or too many tries) and wait for someone to send them again (`npm run orders -- retry NUMBER`, or the desk) or give them up at the desk; mails given up, also those of erased or spam orders, are not counted.',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      database: { const: 'ok' },
                      mail: {
                        type: 'object',
                        properties: {
                          pending: { type: 'integer', minimum: 0 },
                          failed: { type: 'integer', minimum: 0 },
                        },
                        required: ['pending', 'failed'],
                      },
                    },
                    required: ['database', 'mail'],
                  },
                },
              },
            },
            '503': {
              ...error('It does not (field `database`; never the error’s text).'),
              headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' } },
            },
          },
        },
      },
      '/api/orders.csv': {
        get: {
          summary: 'Every order as CSV, spam flagged, with its mail’s state (the owner’s export)',
          security: [{ ordersToken: [] }],
          responses: {
            '200': {
              description:
                "The orders, oldest first. Every cell is quoted; one that a spreadsheet would run as a formula starts with `'`.",
              content: { 'text/csv': { schema: { type: 'string' } } },
            },
            '401': error('No or a wrong ORDERS_TOKEN.'),
            '403': error('A request from another site.'),
          },
        },
      },
    },
    components: {
      schemas: {
        OrderRequest: schema(orderRequestSchema, 'input'),
        OrderAccepted: schema(orderAcceptedSchema, 'output'),
        OrderError: schema(orderErrorSchema, 'output'),
      },
      securitySchemes: { ordersToken: { type: 'http', scheme: 'bearer' } },
    },
  };
}

/** The file as `npm run openapi` writes it. */
export function openApiFile(): string {
  return `${JSON.stringify(openApiDocument(), null, 2)}\n`;
}
