// POST /api/orders, GET /api/health and GET /api/orders.csv against a real SQLite file and a real SMTP server,
// through the app's own request handling. Prices and the VAT rate are read from content/ here too.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse as parseCsv } from 'csv-parse/sync';
import {
  BUYER_FIELDS,
  buyerProblems,
  type Buyer,
  type BuyerField,
  type BuyerProblem,
} from '../../lib/checkout/buyer';
import { problemMessage } from '../../lib/checkout/messages';
import { orderText, summarizeOrder } from '../../lib/checkout/order';
import {
  MAX_ORDER_BYTES,
  orderAcceptedSchema,
  orderErrorSchema,
  quoteIssueDay,
  type OrderRequestInput,
} from '../../lib/checkout/order-request';
import { orderWords } from '../../lib/checkout/words';
import { MAX_LINES, MAX_QUANTITY } from '../../lib/cart/rules';
import { priceList } from '../../lib/categories';
import { getCategories, getDictionary, getSite } from '../../lib/content';
import type { Locale } from '../../lib/i18n';
import { formatMoney, unitPriceCents } from '../../lib/money';
import { createApp, requestHash, safeCell } from '../app';
import { readConfig, settingWarnings } from '../config';
import { EXPORT_LOCK_FAILURES } from '../desk/auth';
import { mailTransport } from '../mail';
import { startOutbox, type Outbox } from '../outbox';
import { openStore, type Store } from '../store';
import { buyer, post, startSmtp, tempDir, validOrder, waitFor } from './helpers';

const ORIGIN = 'https://www.leadwerk.example';
const TOKEN = 'a-token-of-the-owner-0123456789';

let store: Store;
let outbox: Outbox;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let app: ReturnType<typeof createApp>;
let address = 0;

/** Each request from its own address, so that only the rate limit's own test meets the limit. */
function request(path: string, init: RequestInit = {}, target = app) {
  const headers = new Headers(init.headers);
  if (!headers.has('X-Forwarded-For')) headers.set('X-Forwarded-For', `192.0.2.${++address % 250}`);
  return target.request(path, { ...init, headers });
}

const config = {
  allowedOrigins: [ORIGIN],
  rateLimit: 20,
  trustProxy: true,
  ordersToken: TOKEN,
  mailFrom: undefined,
  deskUrl: undefined,
};

before(async () => {
  smtp = await startSmtp();
  store = await openStore({ kind: 'sqlite', file: path.join(tempDir('orders-api'), 'orders.db') });
  const mail = mailTransport({ kind: 'smtp', url: smtp.url });
  outbox = startOutbox({ store, send: mail.send, retryMaxMs: 200, leaseMs: 60_000 });
  app = createApp({ store, config, onMail: outbox.wake });
});

after(async () => {
  await outbox.stop();
  await store.close();
  await smtp.close();
});

/** Net, VAT and gross in cents, from content/'s prices and rate. */
function expectedTotals(order: OrderRequestInput, vatCharged: boolean) {
  const prices = priceList(getCategories());
  const net = order.lines.reduce(
    (sum, line) => sum + unitPriceCents(prices[line.category]!, line.exclusive) * line.quantity,
    0,
  );
  const vat = vatCharged ? Math.round((net * getSite().facts.vatRate) / 100) : 0;
  return { net, vat, gross: net + vat };
}

async function mailOf(orderNumber: string) {
  return waitFor(`the mail of ${orderNumber}`, () =>
    smtp.received.find(({ mail }) => mail.messageId?.includes(orderNumber)),
  );
}

async function errorsOf(response: Response) {
  return orderErrorSchema.parse(await response.json()).errors;
}

/**
 * The order of `request` as an earlier deploy stored it (1000 cents net, no lines, no mails): a retry with its key
 * finds it, whatever the shop's rules are now.
 */
async function storedEarlier(request: Partial<OrderRequestInput>) {
  const { order } = await store.createOrder(
    {
      key: request.key!,
      createdAt: new Date(),
      locale: 'de',
      quote: request.quote!,
      buyer,
      lines: [],
      net: 1000,
      vat: 190,
      gross: 1190,
      vatCase: 'domestic',
      spam: null,
      requestHash: requestHash(request),
      client: null,
    },
    undefined,
  );
  return order;
}

describe('POST /api/orders', () => {
  it('answers 201 with the order number and the totals from content/, then mails the seller the order', async () => {
    const order = validOrder();
    const response = await request('/api/orders', post(order, { Origin: ORIGIN }));
    assert.equal(response.status, 201);
    assert.equal(response.headers.get('Access-Control-Allow-Origin'), ORIGIN);
    const body = orderAcceptedSchema.parse(await response.json());
    assert.deepEqual({ net: body.net, vat: body.vat, gross: body.gross }, expectedTotals(order, true));

    const { to, mail } = await mailOf(body.orderNumber);
    const site = getSite();
    assert.deepEqual(to, [site.email], 'the seller only, never the buyer');
    // The number, and a random part: a number a restored database gives again is another mail's.
    assert.match(
      mail.messageId ?? '',
      new RegExp(`^<${body.orderNumber}\\.[0-9a-f]{16}@${site.email.split('@')[1]}>$`),
    );
    assert.deepEqual(
      mail.replyTo?.value.map((entry) => entry.address),
      [buyer.email],
    );
    // The order as the checkout's e-mail order words it.
    const words = orderWords('de');
    const items = order.lines.map((line, index) => ({
      ...line,
      id: String(index),
      price: unitPriceCents(priceList(getCategories())[line.category]!, line.exclusive),
    }));
    const text = orderText(
      summarizeOrder(items, buyer, site.facts.vatRate, words),
      { number: order.quote, date: quoteIssueDay(order.quote) },
      words,
    );
    // What the sales team sorts the inbox by, before the quote: the order's number and amount, then the company.
    assert.equal(
      mail.subject,
      [body.orderNumber, `${formatMoney(body.gross, 'de')} brutto`, buyer.company, text.subject].join(' · '),
    );
    const mailText = mail.text!.trimEnd();
    assert.equal(mailText.slice(0, text.body.length), text.body);
    // Below it, for a mail that arrives late or is forwarded: the order's number and when it came in, by the clock
    // in Germany (the buyer's text names only the quote).
    const below = mailText.slice(text.body.length);
    const stored = (await store.orderByNumber(body.orderNumber))!;
    const clock = new Intl.DateTimeFormat('de-DE', {
      timeZone: 'Europe/Berlin',
      hour: '2-digit',
      minute: '2-digit',
    }).format(stored.createdAt);
    assert.ok(below.includes(body.orderNumber), below);
    assert.ok(below.includes(clock), `${clock} in ${below}`);
    // The buyer declared to order as a business (the request's `business`), and the mail says so in their words.
    assert.ok(mail.text?.includes(`\n\n${words.strings.send.business}\n`));
  });

  it('keeps invisible format characters of a company name out of the sales mail’s subject', async () => {
    // A left-to-right mark and a zero-width space: invisible, taken, and still no part of a subject. (A control
    // that turns the text's direction is refused with the line breaks, lib/checkout/buyer.ts.)
    const company = 'ACME · 9.999,00 € ·\u200e\u200b GmbH';
    const response = await request('/api/orders', post(validOrder({ buyer: { ...buyer, company } })));
    assert.equal(response.status, 201);
    const body = orderAcceptedSchema.parse(await response.json());
    const { mail } = await mailOf(body.orderNumber);
    assert.ok(mail.subject?.includes('ACME · 9.999,00 € · GmbH'), mail.subject);
    assert.doesNotMatch(mail.subject ?? '', /\p{Cf}/u);
    // The real amount comes before anything the buyer typed.
    assert.ok(
      mail.subject!.startsWith(`${body.orderNumber} · ${formatMoney(body.gross, 'de')} brutto · ACME`),
      mail.subject,
    );
  });

  it('answers with the lines at the prices it charged, the same the request showed', async () => {
    const order = validOrder();
    const response = await request('/api/orders', post(order));
    assert.equal(response.status, 201);
    const body = orderAcceptedSchema.parse(await response.json());
    assert.deepEqual(body.lines, order.lines);
    // The rate it was priced at is kept with it, for what is written about it later.
    assert.equal((await store.orderByNumber(body.orderNumber))?.vatRate, getSite().facts.vatRate);
    assert.equal(
      body.net,
      body.lines.reduce((sum, line) => sum + line.price * line.quantity, 0),
    );
  });

  it('takes no order at prices it does not charge: 409 at prices, in the request’s language', async () => {
    const order = validOrder();
    const [first, ...rest] = order.lines;
    const changes: Partial<OrderRequestInput>[] = [
      { lines: [{ ...first!, price: first!.price! - 1 }, ...rest] },
      { vatRate: order.vatRate! + 1 },
      { locale: 'en', lines: [{ ...first!, price: undefined }, ...rest] },
    ];
    for (const change of changes) {
      const refused = { ...order, ...change };
      const response = await request('/api/orders', post(refused));
      assert.equal(response.status, 409);
      assert.deepEqual(await errorsOf(response), [
        {
          field: 'prices',
          message: getDictionary(refused.locale as Locale).checkout.errors.pricesChanged,
        },
      ]);
    }
    assert.equal(
      (await store.listOrders()).some((stored) => stored.key === order.key),
      false,
    );
    // Nothing was stored under the key: the order at the right prices takes it.
    assert.equal((await request('/api/orders', post(order))).status, 201);
  });

  it('charges no VAT to a business in another EU country with a valid VAT ID, nor outside the EU', async () => {
    for (const changes of [
      { country: 'AT', postcode: '1010', vatId: 'ATU13585627' },
      { country: 'CH', postcode: '8001' },
    ]) {
      const order = validOrder({ buyer: { ...buyer, ...changes } });
      const response = await request('/api/orders', post(order));
      assert.equal(response.status, 201);
      const body = orderAcceptedSchema.parse(await response.json());
      assert.deepEqual({ net: body.net, vat: body.vat, gross: body.gross }, expectedTotals(order, false));
    }
  });

  it('answers the same key again with 200 and the same order: one order, one mail', async () => {
    const order = validOrder();
    const first = await request('/api/orders', post(order));
    const again = await request('/api/orders', post(order));
    assert.equal(first.status, 201);
    assert.equal(again.status, 200);
    const answer = orderAcceptedSchema.parse(await first.json());
    const number = answer.orderNumber;
    assert.deepEqual(await again.json(), answer, 'the same answer');
    assert.deepEqual({ net: answer.net, vat: answer.vat, gross: answer.gross }, expectedTotals(order, true));
    await mailOf(number);
    await waitFor('the outbox to be empty', async () => (await store.unsentMails()).length === 0);
    const orders = (await store.listOrders()).filter((stored) => stored.key === order.key);
    assert.equal(orders.length, 1);
    assert.equal(smtp.received.filter(({ mail }) => mail.messageId?.includes(number)).length, 1);
  });

  it('takes the same key sent twice at once as one order', async () => {
    const order = validOrder();
    const answers = await Promise.all([1, 2, 3].map(() => request('/api/orders', post(order))));
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 200, 201]);
    const numbers = new Set(
      await Promise.all(answers.map(async (answer) => (await answer.json()).orderNumber)),
    );
    assert.equal(numbers.size, 1);
  });

  it('answers the same key with other lines or details 409 at key, never the first order', async () => {
    const order = validOrder();
    const first = await request('/api/orders', post(order));
    assert.equal(first.status, 201);
    const changes: Partial<OrderRequestInput>[] = [
      { buyer: { ...buyer, vatId: 'DE123456788' } },
      { lines: [{ ...order.lines[0]!, quantity: 4 }] },
      { locale: 'en' },
    ];
    for (const change of changes) {
      const response = await request('/api/orders', post({ ...order, ...change }));
      assert.equal(response.status, 409);
      const errors = await errorsOf(response);
      assert.deepEqual(
        errors.map((error) => error.field),
        ['key'],
      );
      assert.equal(JSON.stringify(errors).includes('"net"'), false);
    }
    // The honeypot and the time taken may differ on a retry: still the same order.
    const again = await request('/api/orders', post({ ...order, elapsedMs: order.elapsedMs + 9000 }));
    assert.equal(again.status, 200);
    // So may the prices the page shows (reloaded after a deploy): the key is looked up first, and its order,
    // at the prices it was taken at, is the answer.
    const repriced = { ...order, lines: order.lines.map((line) => ({ ...line, price: line.price! + 100 })) };
    const retry = await request('/api/orders', post(repriced));
    assert.equal(retry.status, 200);
    assert.deepEqual(await retry.json(), await first.json());
  });

  it('looks the key up before the content checks: a retry after a category was removed gets its order', async () => {
    const order = validOrder({
      lines: [{ category: 'retired-category', exclusive: false, area: 'germany', quantity: 2 }],
    });
    assert.equal((await request('/api/orders', post(order))).status, 422);
    // The order as an earlier deploy stored it, when the shop still had the category.
    const stored = await storedEarlier(order);
    const retry = await request('/api/orders', post(order));
    assert.equal(retry.status, 200);
    assert.deepEqual(await retry.json(), {
      orderNumber: stored.number,
      lines: [],
      net: 1000,
      vat: 190,
      gross: 1190,
      // Stored without mails (as before the confirmation existed): none is on its way.
      confirmationMail: false,
    });
  });

  it('gives mails IDs of their own when a restored database numbers an order again', async () => {
    const dir = tempDir('orders-restored');
    const file = path.join(dir, 'orders.db');
    const backup = path.join(dir, 'backup.db');
    /** One order taken on the database in `file`: its number, and its mails' Message-IDs. */
    const take = async () => {
      const taking = await openStore({ kind: 'sqlite', file });
      try {
        const response = await request(
          '/api/orders',
          post(validOrder()),
          createApp({ store: taking, config }),
        );
        const { orderNumber } = orderAcceptedSchema.parse(await response.json());
        const ids: string[] = [];
        for (let mail; (mail = await taking.claimMail(60_000));) ids.push(mail.message.messageId);
        return { orderNumber, ids };
      } finally {
        await taking.close();
      }
    };
    await (await openStore({ kind: 'sqlite', file })).close();
    fs.copyFileSync(file, backup);
    const lost = await take();
    // Restored as docs/deployment.md says: the log files go, the backup takes the file's place.
    for (const log of ['-wal', '-shm']) fs.rmSync(`${file}${log}`, { force: true });
    fs.copyFileSync(backup, file);
    const again = await take();
    // The number's counter comes again (the risk docs/deployment.md describes); the mails are other mails.
    assert.equal(again.orderNumber.slice(-6), lost.orderNumber.slice(-6));
    assert.equal(again.ids.length, 2);
    for (const id of again.ids) assert.ok(!lost.ids.includes(id), id);
  });

  it('looks the key up before the declaration: a retry of an order taken before it was asked for gets that order', async () => {
    // The request of a page from before the checkout asked for the declaration, and its order as stored then.
    const undeclared: Partial<OrderRequestInput> = validOrder();
    delete undeclared.business;
    const stored = await storedEarlier(undeclared);
    // Its retry as it was sent, and from the page reloaded after the deploy, ticked: the same order, no 422 or 409.
    for (const retry of [undeclared, { ...undeclared, business: true }]) {
      const response = await request('/api/orders', post(retry));
      assert.equal(response.status, 200);
      assert.equal(orderAcceptedSchema.parse(await response.json()).orderNumber, stored.number);
    }
  });

  it('takes two keys with the same cart as two orders, each mailed', async () => {
    const order = validOrder();
    const first = orderAcceptedSchema.parse(await (await request('/api/orders', post(order))).json());
    const second = orderAcceptedSchema.parse(
      await (await request('/api/orders', post({ ...order, key: crypto.randomUUID() }))).json(),
    );
    assert.notEqual(first.orderNumber, second.orderNumber);
    await mailOf(first.orderNumber);
    await mailOf(second.orderNumber);
  });

  for (const [why, changes] of [
    ['a filled honeypot', { website: 'https://spam.example' }],
    ['a send faster than a person fills the details', { elapsedMs: 800 }],
  ] as const) {
    it(`stores ${why} as spam and answers it like an order, but mails nothing`, async () => {
      const order = validOrder(changes);
      const response = await request('/api/orders', post(order));
      assert.equal(response.status, 201);
      const { orderNumber } = orderAcceptedSchema.parse(await response.json());
      const stored = (await store.listOrders()).find((candidate) => candidate.number === orderNumber);
      assert.ok(stored?.spam);
      assert.equal(
        (await store.unsentMails()).some((mail) => mail.orderNumber === orderNumber),
        false,
      );
      // A real order sent after it is mailed, so the spam would have been by now.
      const real = orderAcceptedSchema.parse(await (await request('/api/orders', post(validOrder()))).json());
      await mailOf(real.orderNumber);
      assert.equal(
        smtp.received.some(({ mail }) => mail.messageId?.includes(orderNumber)),
        false,
      );
    });
  }
});

describe('POST /api/orders with bad input', () => {
  /** Each buyer field's problem, in the checkout's words of the request's language. */
  const buyerCases: [BuyerField, Partial<Buyer>, BuyerProblem][] = [
    ['company', { company: '  ' }, 'required'],
    ['name', { name: 'N'.repeat(101) }, 'tooLong'],
    ['email', { email: 'erika.muster-solar.example' }, 'email'],
    ['postcode', { postcode: '1011' }, 'postcode'],
    ['country', { country: 'US' }, 'country'],
    ['vatId', { country: 'AT', postcode: '1010', vatId: 'ATU13585626' }, 'vatIdCheckDigit'],
    ['invoiceEmail', { invoiceEmail: 'invoices@' }, 'email'],
  ];
  for (const locale of ['de', 'en'] as Locale[])
    for (const [field, changes, problem] of buyerCases)
      it(`answers 422 at buyer.${field} (${problem}) in ${locale} with the checkout's message`, async () => {
        const details = { ...buyer, ...changes };
        assert.equal(buyerProblems(details)[field], problem);
        const response = await request('/api/orders', post(validOrder({ locale, buyer: details })));
        assert.equal(response.status, 422);
        assert.deepEqual(await errorsOf(response), [
          { field: `buyer.${field}`, message: problemMessage(field, problem, details, orderWords(locale)) },
        ]);
      });

  for (const locale of ['de', 'en'] as Locale[])
    it(`answers a category the shop no longer has in ${locale}, in the checkout's words`, async () => {
      const order = validOrder({ locale });
      const response = await request(
        '/api/orders',
        post({ ...order, lines: [{ ...order.lines[0]!, category: 'removed-meanwhile' }] }),
      );
      assert.equal(response.status, 422);
      assert.deepEqual(await errorsOf(response), [
        { field: 'lines.0.category', message: getDictionary(locale).checkout.errors.categoryGone },
      ]);
    });

  /** A value of the field with a line break (a NUL for the two-letter country) in its middle. */
  const withBreak = (field: BuyerField, value: string) =>
    field === 'country' ? `${value[0]}\u0000` : `${value.slice(0, 1) || 'x'}\r\nGesamt`;
  for (const locale of ['de', 'en'] as Locale[])
    for (const field of BUYER_FIELDS)
      it(`answers 422 at buyer.${field} for a line break or control character in ${locale}`, async () => {
        const details = { ...buyer, vatId: 'DE123456788', [field]: withBreak(field, buyer[field] || 'x') };
        assert.equal(buyerProblems(details)[field], 'control');
        const response = await request('/api/orders', post(validOrder({ locale, buyer: details })));
        assert.equal(response.status, 422);
        assert.deepEqual(await errorsOf(response), [
          { field: `buyer.${field}`, message: problemMessage(field, 'control', details, orderWords(locale)) },
        ]);
      });

  for (const locale of ['de', 'en'] as Locale[])
    it(`takes no order without the buyer's declaration to order as a business: 422 at business in ${locale}`, async () => {
      const message = getDictionary(locale).checkout.errors.business;
      const undeclared: Record<string, unknown> = validOrder({ locale });
      delete undeclared.business;
      // Left out (a page from before it was asked for), unticked, or anything but `true`.
      for (const business of [undefined, false, 'true', 1]) {
        const response = await request('/api/orders', post({ ...undeclared, business }));
        assert.equal(response.status, 422, `business: ${JSON.stringify(business)}`);
        assert.deepEqual(await errorsOf(response), [{ field: 'business', message }]);
      }
      assert.equal(
        (await store.listOrders()).some((stored) => stored.key === undeclared.key),
        false,
        'nothing stored under the key',
      );
      // Declared, the same request under the same key is taken.
      assert.equal((await request('/api/orders', post({ ...undeclared, business: true }))).status, 201);
    });

  it('names every bad field at once', async () => {
    const details = { ...buyer, company: '', email: 'x', city: '' };
    const response = await request('/api/orders', post(validOrder({ buyer: details, key: 'k' })));
    assert.equal(response.status, 422);
    assert.deepEqual((await errorsOf(response)).map((error) => error.field).sort(), [
      'buyer.city',
      'buyer.company',
      'buyer.email',
      'key',
    ]);
  });

  const category = () => getCategories()[0]!.id;
  const line = () => ({ category: category(), exclusive: false, area: 'germany', quantity: 1 });
  const cases: [string, string, () => unknown][] = [
    ['key', 'a key that is no UUID', () => validOrder({ key: 'not-a-uuid' })],
    ['locale', 'a language the shop has not', () => ({ ...validOrder(), locale: 'fr' })],
    ['lines', 'no lines', () => validOrder({ lines: [] })],
    [
      'lines.0.category',
      'a category the shop has not',
      () => validOrder({ lines: [{ ...line(), category: 'none' }] }),
    ],
    [
      'lines.0.exclusive',
      'exclusive as a string',
      () => ({ ...validOrder(), lines: [{ ...line(), exclusive: 'yes' }] }),
    ],
    [
      'lines.0.area',
      'an area code the cart never writes',
      () => validOrder({ lines: [{ ...line(), area: 'postcodes:99-10' }] }),
    ],
    ['lines.0.quantity', 'quantity 0', () => validOrder({ lines: [{ ...line(), quantity: 0 }] })],
    [
      'lines.0.quantity',
      'a row with more leads than a whole cart holds',
      () => validOrder({ lines: [{ ...line(), quantity: MAX_LINES * MAX_QUANTITY + 1 }] }),
    ],
    [
      'lines.0.quantity',
      'a fractional quantity',
      () => validOrder({ lines: [{ ...line(), quantity: 1.5 }] }),
    ],
    ['quote', 'a malformed quote number', () => validOrder({ quote: 'AN-2026-1' })],
    ['quote', 'a quote number of no real day', () => validOrder({ quote: 'AN-20261399-7K3Q9M' })],
    ['elapsedMs', 'a negative time', () => validOrder({ elapsedMs: -1 })],
    ['buyer', 'details that are no object', () => ({ ...validOrder(), buyer: 'Erika' })],
  ];
  for (const [field, what, body] of cases)
    it(`answers 422 at ${field} for ${what}`, async () => {
      const response = await request('/api/orders', post(body()));
      assert.equal(response.status, 422);
      const errors = await errorsOf(response);
      assert.deepEqual(
        errors.map((error) => error.field),
        [field],
      );
      assert.ok(errors[0]!.message.length > 0);
    });

  it('answers 400 at body for a body that is not JSON', async () => {
    const response = await request('/api/orders', { ...post(null), body: '{"key":' });
    assert.equal(response.status, 400);
    assert.deepEqual(
      (await errorsOf(response)).map((error) => error.field),
      ['body'],
    );
  });

  it('answers 400 at body for a body that nests deeper than an order, not a 500', async () => {
    // 5,000 levels in under 32 kB, written as text: JSON.stringify would run out of stack itself.
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const order = post({ ...validOrder(), quote: 'DEEP' });
    const response = await request('/api/orders', {
      ...order,
      body: String(order.body).replace('"DEEP"', deep),
    });
    assert.equal(response.status, 400);
    assert.deepEqual(
      (await errorsOf(response)).map((error) => error.field),
      ['body'],
    );
  });

  it(`answers 413 at body for a body over ${MAX_ORDER_BYTES / 1024} kB`, async () => {
    const response = await request(
      '/api/orders',
      post({ ...validOrder(), website: '', padding: 'x'.repeat(MAX_ORDER_BYTES) }),
    );
    assert.equal(response.status, 413);
    assert.deepEqual(
      (await errorsOf(response)).map((error) => error.field),
      ['body'],
    );
  });

  it('answers 415 at the Content-Type for a body that is not JSON by its type', async () => {
    const response = await request('/api/orders', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'key=1',
    });
    assert.equal(response.status, 415);
    assert.deepEqual(
      (await errorsOf(response)).map((error) => error.field),
      ['header.Content-Type'],
    );
  });

  it('answers 403 at the Origin for a page of another site, and its preflight too', async () => {
    const other = 'https://evil.example';
    const response = await request('/api/orders', post(validOrder(), { Origin: other }));
    assert.equal(response.status, 403);
    assert.deepEqual(
      (await errorsOf(response)).map((error) => error.field),
      ['header.Origin'],
    );
    const preflight = await request('/api/orders', {
      method: 'OPTIONS',
      headers: { Origin: other, 'Access-Control-Request-Method': 'POST' },
    });
    assert.equal(preflight.status, 403);
    assert.equal(preflight.headers.get('Access-Control-Allow-Origin'), null);
  });

  it('answers 405 with Allow: POST to any other method, not a 404', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const response = await request('/api/orders', { method, headers: { Origin: ORIGIN } });
      assert.equal(response.status, 405, method);
      assert.equal(response.headers.get('Allow'), 'POST', method);
      assert.deepEqual(
        (await errorsOf(response)).map((error) => error.field),
        ['method'],
      );
    }
  });

  it('answers the preflight of an allowed origin', async () => {
    const preflight = await request('/api/orders', {
      method: 'OPTIONS',
      headers: {
        Origin: ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('Access-Control-Allow-Origin'), ORIGIN);
    assert.match(preflight.headers.get('Access-Control-Allow-Methods') ?? '', /POST/);
  });

  it('answers 429 with Retry-After once an address sent ORDER_RATE_LIMIT orders in 10 minutes', async () => {
    const limited = createApp({ store, config: { ...config, rateLimit: 2 }, onMail: outbox.wake });
    const from = { 'X-Forwarded-For': '198.51.100.7' };
    // An invalid order and a repeated key are no new orders and do not count.
    assert.equal((await request('/api/orders', post(validOrder({ key: 'x' }), from), limited)).status, 422);
    const order = validOrder();
    assert.equal((await request('/api/orders', post(order, from), limited)).status, 201);
    assert.equal((await request('/api/orders', post(order, from), limited)).status, 200);
    assert.equal((await request('/api/orders', post(validOrder(), from), limited)).status, 201);
    const refused = await request('/api/orders', post(validOrder(), from), limited);
    assert.equal(refused.status, 429);
    const wait = Number(refused.headers.get('Retry-After'));
    assert.ok(wait > 0 && wait <= 600, `Retry-After ${wait}`);
    assert.deepEqual(
      (await errorsOf(refused)).map((error) => error.field),
      ['address'],
    );
    // Another instance on the same database, or this one after a restart, counts the same orders.
    const other = createApp({ store, config: { ...config, rateLimit: 2 }, onMail: outbox.wake });
    assert.equal((await request('/api/orders', post(validOrder(), from), other)).status, 429);
    // Another address is not held back.
    assert.equal((await request('/api/orders', post(validOrder()), limited)).status, 201);
  });

  it('counts orders sent at once as if sent one after another: ten from one address, two taken', async () => {
    const limited = createApp({ store, config: { ...config, rateLimit: 2 }, onMail: outbox.wake });
    const from = { 'X-Forwarded-For': '198.51.100.8' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => request('/api/orders', post(validOrder(), from), limited)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    assert.deepEqual(statuses, [201, 201, ...Array(8).fill(429)]);
    for (const answer of answers.filter((each) => each.status === 429))
      assert.ok(Number(answer.headers.get('Retry-After')) > 0, 'each refusal says when to try again');
  });

  it('counts an IPv6 host by its /64 network, which it may send from at will, and IPv4 in IPv6 as IPv4', async () => {
    const limited = createApp({ store, config: { ...config, rateLimit: 2 }, onMail: outbox.wake });
    const from = (address: string) => ({ 'X-Forwarded-For': address });
    for (const address of ['2001:db8:7:7::1', '2001:db8:7:7:ffff:ffff:ffff:2'])
      assert.equal((await request('/api/orders', post(validOrder(), from(address)), limited)).status, 201);
    const rotated = post(validOrder(), from('2001:db8:7:7:abcd::3'));
    assert.equal((await request('/api/orders', rotated, limited)).status, 429, 'the same /64');
    const neighbour = post(validOrder(), from('2001:db8:7:8::1'));
    assert.equal((await request('/api/orders', neighbour, limited)).status, 201, 'the next /64');
    for (const address of ['203.0.113.9', '::ffff:203.0.113.9'])
      await request('/api/orders', post(validOrder(), from(address)), limited);
    const mapped = post(validOrder(), from('203.0.113.9'));
    assert.equal(
      (await request('/api/orders', mapped, limited)).status,
      429,
      'IPv4 in IPv6 is the same host',
    );
  });
});

describe('GET /api/health', () => {
  it('answers 200 while the database answers', async () => {
    const response = await request('/api/health');
    assert.equal(response.status, 200);
    const body = (await response.json()) as { database: string; mail: { pending: number; failed: number } };
    assert.equal(body.database, 'ok');
    assert.equal(body.mail.failed, 0);
    assert.ok(Number.isInteger(body.mail.pending));
  });

  it('answers 503 with Retry-After at database when it does not, without the error’s text', async () => {
    const closed = await openStore({
      kind: 'sqlite',
      file: path.join(tempDir('orders-closed'), 'orders.db'),
    });
    await closed.close();
    const response = await request('/api/health', {}, createApp({ store: closed, config, log: () => {} }));
    assert.equal(response.status, 503);
    assert.ok(Number(response.headers.get('Retry-After')) > 0);
    assert.deepEqual(await errorsOf(response), [
      { field: 'database', message: 'The database does not answer' },
    ]);
  });
});

describe('GET /api/orders.csv', () => {
  it('answers 401 without the token, and with a wrong one', async () => {
    for (const headers of [
      {},
      { Authorization: 'Bearer wrong-token-0123456789' },
      { Authorization: TOKEN },
    ] as Record<string, string>[]) {
      const response = await request('/api/orders.csv', { headers });
      assert.equal(response.status, 401);
      assert.deepEqual(
        (await errorsOf(response)).map((error) => error.field),
        ['header.Authorization'],
      );
    }
  });

  it(`holds back a client after ${EXPORT_LOCK_FAILURES} wrong tokens, even with the right one, and no other client`, async () => {
    const from = { 'X-Forwarded-For': '203.0.113.77' };
    for (let i = 0; i < EXPORT_LOCK_FAILURES; i++) {
      const wrong = { ...from, Authorization: `Bearer guess-${i}-0123456789abcdef` };
      assert.equal((await request('/api/orders.csv', { headers: wrong })).status, 401);
    }
    const held = await request('/api/orders.csv', { headers: { ...from, Authorization: `Bearer ${TOKEN}` } });
    assert.equal(held.status, 429);
    assert.ok(Number(held.headers.get('Retry-After')) > 0);
    const other = await request('/api/orders.csv', { headers: { Authorization: `Bearer ${TOKEN}` } });
    assert.equal(other.status, 200);
  });

  it('answers 401 to everyone when the service has no ORDERS_TOKEN', async () => {
    const closedExport = createApp({ store, config: { ...config, ordersToken: undefined } });
    const response = await request(
      '/api/orders.csv',
      { headers: { Authorization: 'Bearer undefined' } },
      closedExport,
    );
    assert.equal(response.status, 401);
  });

  it('exports every order with the token, spam flagged', async () => {
    const real = validOrder();
    const spam = validOrder({ website: 'filled' });
    const realNumber = (await (await request('/api/orders', post(real))).json()).orderNumber as string;
    const spamNumber = (await (await request('/api/orders', post(spam))).json()).orderNumber as string;
    const response = await request('/api/orders.csv', { headers: { Authorization: `Bearer ${TOKEN}` } });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('Content-Type') ?? '', /^text\/csv/);
    assert.equal(response.headers.get('Access-Control-Allow-Origin'), null);
    const rows = parseCsv(await response.text(), { columns: true }) as Record<string, string>[];
    assert.equal(rows.length, (await store.listOrders()).length);
    const byNumber = (number: string) => rows.find((row) => row.number === number)!;
    assert.equal(byNumber(realNumber).spam, '');
    assert.equal(byNumber(spamNumber).spam, 'honeypot');
    assert.equal(byNumber(realNumber).email, buyer.email);
    assert.equal(Number(byNumber(realNumber).gross_cents), expectedTotals(real, true).gross);
  });

  it('quotes every cell and writes a value a spreadsheet would run as a formula as text, read with , or ;', async () => {
    const values = [
      ...['=', '+', '-', '@'].map((start) => `${start}HYPERLINK("https://evil.example")`),
      'ACME;=1+1',
      'ACME,+1+1',
      'ACME; @SUM(A1)',
    ];
    const numbers = new Map<string, string>();
    for (const company of values) {
      const response = await request('/api/orders', post(validOrder({ buyer: { ...buyer, company } })));
      assert.equal(response.status, 201);
      numbers.set(orderAcceptedSchema.parse(await response.json()).orderNumber, company);
    }
    const response = await request('/api/orders.csv', { headers: { Authorization: `Bearer ${TOKEN}` } });
    const text = await response.text();
    const lines = text.split('\r\n').filter(Boolean);
    const quoted = /^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/;
    for (const line of lines) assert.match(line, quoted);
    // Read properly with `,`: the value, as text.
    const rows = parseCsv(text, { columns: true }) as Record<string, string>[];
    for (const [number, company] of numbers) {
      const cell = rows.find((row) => row.number === number)!.company!;
      assert.equal(cell.replaceAll("'", ''), company.replaceAll("'", ''));
      assert.doesNotMatch(cell, /^[=+\-@\t\r]/);
    }
    // Split at either separator, as a spreadsheet that takes the other one does: no part starts a formula.
    for (const separator of [',', ';'])
      for (const line of lines)
        for (const part of line.split(separator))
          assert.doesNotMatch(part.replace(/^"/, ''), /^[=+\-@\t\r]/, `${separator}: ${part}`);
    // Tab and carriage return cannot come through the buyer's fields; the cell rule holds for them too.
    assert.equal(safeCell('\t=1+1'), "'\t=1+1");
    assert.equal(safeCell('\r=1+1'), "'\r=1+1");
    assert.equal(safeCell('a;\t1'), "a;'\t1");
  });

  it('refuses a request from another site before it looks at the token', async () => {
    // Without a token and with a wrong one too: a 401 would mean the token was looked at first.
    for (const headers of [
      { 'Sec-Fetch-Site': 'cross-site', Authorization: `Bearer ${TOKEN}` },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'cross-site', Authorization: 'Bearer wrong-token-0123456789' },
      { Origin: ORIGIN, Authorization: `Bearer ${TOKEN}` },
      { Origin: ORIGIN },
    ] as Record<string, string>[]) {
      const response = await request('/api/orders.csv', { headers });
      assert.equal(response.status, 403);
      assert.equal(response.headers.get('Access-Control-Allow-Origin'), null);
    }
  });
});

describe('settings', () => {
  it('takes a setting with an empty value as unset, as an env file’s `SMTP_URL=` line means', () => {
    const blank = readConfig({
      NODE_ENV: 'test',
      ORDERS_DATA_DIR: '/var/lib/leadwerk-orders',
      SMTP_URL: '',
      DATABASE_URL: '',
      PORT: '',
      HOST: ' ',
      TRUST_PROXY: '',
      ORDERS_TOKEN: '',
      MAIL_FROM: '',
      DESK_URL: '',
      ORDER_RATE_LIMIT: '',
    });
    const unset = readConfig({ NODE_ENV: 'test', ORDERS_DATA_DIR: '/var/lib/leadwerk-orders' });
    assert.deepEqual(blank, unset);
    assert.deepEqual(blank.mail, { kind: 'folder', dir: '/var/lib/leadwerk-orders/mail' });
    assert.deepEqual([blank.host, blank.port], ['127.0.0.1', 3001], 'not every interface, not any port');
  });

  it('warns at start-up of mails that reach nobody, and of a sender that is the sales address', () => {
    const sales = getSite().email;
    const env = { NODE_ENV: 'test' as const, ORDERS_DATA_DIR: '/var/lib/leadwerk-orders' };
    const smtp = { ...env, SMTP_URL: 'smtp://mail.example:587', DESK_URL: 'https://shop.example/desk' };
    // Seller details the owner has entered: no warning of placeholders here.
    const seller = { legalName: 'Leadwerk GmbH', vatId: 'DE123456789' };
    const warned = (settings: NodeJS.ProcessEnv) => settingWarnings(readConfig(settings), sales, seller);
    // Without SMTP_URL: written to files, and sent from the sales address (the default sender) as well.
    const [files, sender] = warned(env);
    assert.ok(files?.startsWith('no SMTP_URL') && files.includes('/var/lib/leadwerk-orders/mail'), files);
    assert.ok(sender?.includes('MAIL_FROM') && !sender.includes(sales), 'no address in the log');
    assert.equal(warned(smtp).length, 1, 'the default sender is the sales address');
    assert.equal(warned({ ...smtp, MAIL_FROM: `Leadwerk <${sales.toUpperCase()}>` }).length, 1);
    assert.deepEqual(warned({ ...smtp, MAIL_FROM: `Leadwerk Shop <shop@${sales.split('@')[1]}>` }), []);
  });

  it('warns at start-up, once mails reach people, of seller details still placeholders and of no desk link', () => {
    const sales = getSite().email;
    const env = {
      NODE_ENV: 'test' as const,
      ORDERS_DATA_DIR: '/var/lib/leadwerk-orders',
      SMTP_URL: 'smtp://mail.example:587',
      MAIL_FROM: `Leadwerk Shop <shop@${sales.split('@')[1]}>`,
    };
    const real = { legalName: 'Leadwerk GmbH', vatId: 'DE123456789', managingDirectors: ['Erika Muster'] };
    const shipped = getSite().seller;
    const warned = (settings: NodeJS.ProcessEnv, seller: Record<string, string | string[]>) =>
      settingWarnings(readConfig(settings), sales, seller);
    // The details content/site.json ships with: each field still a placeholder is named, none of its values.
    const [placeholders, desk] = warned(env, shipped);
    assert.ok(placeholders?.includes('content/site.json') && placeholders.includes('vatId'), placeholders);
    assert.ok(!placeholders?.includes(shipped.vatId), 'the field, not its value');
    assert.ok(desk?.startsWith('no DESK_URL'), desk);
    assert.deepEqual(warned({ ...env, DESK_URL: 'https://shop.example/desk' }, real), []);
    // Mails written to files reach nobody: that one warning is enough.
    assert.equal(warned({ ...env, SMTP_URL: undefined }, shipped).length, 1);
  });
});
