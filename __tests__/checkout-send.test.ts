/**
 * @jest-environment node
 */
import { MAX_LINES, MAX_QUANTITY, type CartItem } from '@/lib/cart/rules';
import { NEW_BUYER, type Buyer } from '@/lib/checkout/buyer';
import { sanitizeConfirmation, type ConfirmedOrder } from '@/lib/checkout/confirmation';
import { orderEndpoint, orderEndpointOrigin } from '@/lib/checkout/endpoint';
import { newOrderKey, orderContent, orderRequestBody, readAnswer, sendOrder } from '@/lib/checkout/send';
import { getCategories, getSite } from '@/lib/content';
import { unitPriceCents } from '@/lib/money';

const [first, second] = getCategories();
const { vatRate } = getSite().facts;
const line = (id: string, category = first!, exclusive = false, quantity = 1): CartItem => ({
  id,
  category: category.id,
  exclusive,
  area: 'germany',
  price: unitPriceCents(category.price, exclusive),
  quantity,
});
const buyer: Buyer = {
  ...NEW_BUYER,
  company: '  Muster GmbH ',
  name: 'Erika Muster',
  email: 'einkauf@muster.example',
  street: 'Hauptstraße 1',
  postcode: '80331',
  city: 'München',
  vatId: 'de 123.456.789',
};
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the order request', () => {
  const body = orderRequestBody({
    key: newOrderKey(),
    locale: 'de',
    items: [line('a'), line('b'), line('c', first, true, 3), line('d', second)],
    vatRate,
    buyer,
    business: true,
    quote: 'AN-20261125-7K3Q9M',
    website: '',
    elapsedMs: 41_999.6,
  });

  it('sends one line per industry, area and kind, with quantities and the prices the page showed', () => {
    const price = (category = first!, exclusive = false) => unitPriceCents(category.price, exclusive);
    expect(body.lines).toEqual([
      { category: first!.id, exclusive: false, area: 'germany', quantity: 2, price: price() },
      { category: first!.id, exclusive: true, area: 'germany', quantity: 3, price: price(first, true) },
      { category: second!.id, exclusive: false, area: 'germany', quantity: 1, price: price(second) },
    ]);
    expect(body.vatRate).toBe(vatRate);
  });

  it('makes the same content of prices that changed, so that a retry keeps its key', () => {
    const repriced = { ...body, lines: body.lines.map((line) => ({ ...line, price: line.price! + 100 })) };
    expect(orderContent(repriced)).toBe(orderContent(body));
    expect(orderContent({ ...body, lines: body.lines.slice(1) })).not.toBe(orderContent(body));
  });

  it('sends the details trimmed, the VAT ID as written on an invoice, and whole milliseconds', () => {
    expect(body.buyer.company).toBe('Muster GmbH');
    expect(body.buyer.vatId).toBe('DE123456789');
    expect(body.elapsedMs).toBe(42_000);
  });

  it('says that the buyer declared to order as a business, and keeps that out of the content a key is made for', () => {
    expect(body.business).toBe(true);
    expect(orderContent(body)).not.toContain('business');
  });

  it('makes a random version-4 UUID for the key, also from given bytes', () => {
    expect(body.key).toMatch(UUID_V4);
    expect(newOrderKey()).not.toBe(newOrderKey());
    expect(newOrderKey((bytes) => bytes.fill(0))).toBe('00000000-0000-4000-8000-000000000000');
  });
});

describe("the service's answer", () => {
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  const lines = [{ category: first!.id, exclusive: false, area: 'germany', quantity: 2, price: 8_900 }];
  const accepted = { orderNumber: 'LW-20261125-0001', lines, net: 17_800, vat: 3_382, gross: 21_182 };

  it('is an order number with the lines and totals on 201 and on 200 (the same key again)', async () => {
    expect(await readAnswer(json(201, accepted))).toEqual({ ok: true, ...accepted });
    expect(await readAnswer(json(200, accepted))).toEqual({ ok: true, ...accepted });
  });

  it('takes the lines only as the contract has them and adding up to the net total', async () => {
    const totalsOnly = { ...accepted, lines: undefined };
    // A service older than the lines in its answer: the order is taken all the same.
    expect(await readAnswer(json(201, totalsOnly))).toEqual({ ok: true, ...totalsOnly });
    for (const broken of [
      [{ ...lines[0]!, price: 8_000 }],
      [{ ...lines[0]!, price: '89,00' }],
      [{ ...lines[0]!, area: 'mars' }],
      [{ ...lines[0]!, quantity: 0 }],
      'lines',
    ])
      expect(await readAnswer(json(201, { ...accepted, lines: broken }))).toEqual({
        ok: true,
        ...totalsOnly,
      });
  });

  it('tells a 409 at prices from any other refusal', async () => {
    const prices = [{ field: 'prices', message: 'Die Preise haben sich geändert.' }];
    expect(await readAnswer(json(409, { errors: prices }))).toEqual({ ok: false, reason: 'pricesChanged' });
    const key = [{ field: 'key', message: 'This key belongs to order LW-20261125-0001' }];
    expect(await readAnswer(json(409, { errors: key }))).toEqual({
      ok: false,
      reason: 'rejected',
      messages: [key[0]!.message],
    });
  });

  it('counts a 2xx without an order number, or with broken totals, as an answer lost: the order may be stored', async () => {
    expect(await readAnswer(json(201, { ...accepted, orderNumber: '' }))).toEqual({
      ok: false,
      reason: 'unknown',
    });
    expect(await readAnswer(json(201, { ...accepted, gross: -1 }))).toEqual({
      ok: false,
      reason: 'unknown',
    });
    expect(await readAnswer(new Response('<html>proxy</html>', { status: 200 }))).toEqual({
      ok: false,
      reason: 'unknown',
    });
  });

  it("reads a 422's messages, and a 429's wait", async () => {
    const errors = [{ field: 'buyer.email', message: 'E-Mail: Das ist keine gültige E-Mail-Adresse.' }];
    expect(await readAnswer(json(422, { errors }))).toEqual({
      ok: false,
      reason: 'rejected',
      messages: [errors[0]!.message],
    });
    expect(await readAnswer(json(429, { errors: [] }, { 'Retry-After': '300' }))).toEqual({
      ok: false,
      reason: 'rateLimited',
      retryAfter: 300,
    });
    expect(await readAnswer(json(403, {}))).toEqual({ ok: false, reason: 'rejected', messages: [] });
  });

  describe('tells an order the service did not store from one whose fate is unknown', () => {
    const body = orderRequestBody({
      key: newOrderKey(),
      locale: 'en',
      items: [line('a')],
      vatRate,
      buyer,
      business: true,
      quote: 'AN-20261125-7K3Q9M',
      website: '',
      elapsedMs: 5000,
    });
    const send = (fetchImpl: (url: string, init: RequestInit) => Promise<Response>) =>
      sendOrder('/api/orders', body, { fetchImpl: fetchImpl as typeof fetch, timeoutMs: 50 });
    // The service's own refusals, as orders/app.ts words them: nothing was stored.
    const database = [
      { field: 'database', message: 'The order service cannot reach its database; nothing was stored.' },
    ];
    const server = [{ field: 'server', message: 'The order could not be processed; nothing was stored.' }];

    it("is not stored on the service's own 503 (database away) and 500", async () => {
      expect(await send(async () => json(503, { errors: database }, { 'Retry-After': '30' }))).toEqual({
        ok: false,
        reason: 'unreachable',
      });
      expect(await send(async () => json(500, { errors: server }))).toEqual({
        ok: false,
        reason: 'unreachable',
      });
    });

    it('is unknown on the service’s 503 at `commit`: its database’s answer to the commit was lost', async () => {
      const commit = [
        { field: 'commit', message: 'The order may have been stored. Send it again with the same key.' },
      ];
      expect(await send(async () => json(503, { errors: commit }, { 'Retry-After': '5' }))).toEqual({
        ok: false,
        reason: 'unknown',
      });
    });

    it("is unknown on a proxy's 502 and 504, and a 503 that is not the service's", async () => {
      for (const status of [502, 503, 504])
        expect(await send(async () => new Response('<html>Bad Gateway</html>', { status }))).toEqual({
          ok: false,
          reason: 'unknown',
        });
    });

    it('is unknown when the connection breaks or the answer is cut off', async () => {
      // A browser says "Failed to fetch" for a connection refused and for one reset after the order arrived.
      expect(await send(() => Promise.reject(new TypeError('Failed to fetch')))).toEqual({
        ok: false,
        reason: 'unknown',
      });
      const cut = new Response('{"orderNumber":"LW-2026', { status: 201 });
      expect(await send(async () => cut)).toEqual({ ok: false, reason: 'unknown' });
    });

    it('is unknown when no answer comes in time', async () => {
      // A service that never answers: the request's own timeout aborts it.
      const hanging = (_url: string, init: RequestInit) =>
        new Promise<Response>((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        );
      expect(await send(hanging)).toEqual({ ok: false, reason: 'unknown' });
    });
  });

  it('posts JSON without cookies', async () => {
    const seen: RequestInit[] = [];
    const body = orderRequestBody({
      key: newOrderKey(),
      locale: 'de',
      items: [line('a')],
      vatRate,
      buyer,
      business: true,
      quote: 'AN-20261125-7K3Q9M',
      website: '',
      elapsedMs: 5000,
    });
    await sendOrder('https://orders.example.de/api/orders', body, {
      fetchImpl: (async (_url: string, init: RequestInit) => {
        seen.push(init);
        return json(201, accepted);
      }) as typeof fetch,
    });
    expect(seen[0]).toMatchObject({ method: 'POST', credentials: 'omit' });
    expect(new Headers(seen[0]!.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(seen[0]!.body))).toEqual(body);
  });
});

describe('ORDER_ENDPOINT', () => {
  it('is absent, a path on the site, or an absolute http(s) URL whose origin the policy allows', () => {
    expect(orderEndpoint({})).toBeUndefined();
    expect(orderEndpoint({ ORDER_ENDPOINT: ' ' })).toBeUndefined();
    expect(orderEndpoint({ ORDER_ENDPOINT: '/api/orders' })).toBe('/api/orders');
    expect(orderEndpointOrigin('/api/orders')).toBeUndefined();
    const absolute = orderEndpoint({ ORDER_ENDPOINT: 'https://orders.example.de/api/orders' });
    expect(orderEndpointOrigin(absolute)).toBe('https://orders.example.de');
    for (const bad of ['ftp://orders.example.de/', '//orders.example.de/api/orders', 'orders.example.de'])
      expect(() => orderEndpoint({ ORDER_ENDPOINT: bad })).toThrow(/ORDER_ENDPOINT/);
  });
});

describe('a stored confirmation', () => {
  const confirmed: ConfirmedOrder = {
    orderNumber: 'LW-20261125-0001',
    orderedOn: '2026-11-25',
    quote: { number: 'AN-20261125-7K3Q9M', date: '2026-11-25' },
    items: [line('a'), line('b', first, true, 2)],
    buyer: { ...NEW_BUYER, company: 'Muster GmbH' },
    vatRate: 19,
  };

  it('reads back as it was stored, prices included', () => {
    expect(sanitizeConfirmation(JSON.parse(JSON.stringify(confirmed)))).toEqual(confirmed);
    // The service's rows may hold more leads than one cart line.
    const row = { ...confirmed, items: [line('a', first, false, MAX_LINES * MAX_QUANTITY)] };
    expect(sanitizeConfirmation(JSON.parse(JSON.stringify(row)))).toEqual(row);
  });

  it('reads as none when any part is junk', () => {
    const broken: unknown[] = [
      undefined,
      'LW-1',
      { ...confirmed, orderNumber: '<img src=x onerror=alert(1)>' },
      { ...confirmed, orderedOn: 'gestern' },
      { ...confirmed, quote: { number: 'AN-1', date: '2026-11-25' } },
      { ...confirmed, items: [] },
      { ...confirmed, items: [{ ...line('a'), price: Number.NaN }] },
      { ...confirmed, items: [{ ...line('a'), quantity: MAX_LINES * MAX_QUANTITY + 1 }] },
      { ...confirmed, items: [{ ...line('a'), area: 'mars' }] },
      { ...confirmed, vatRate: 'neunzehn' },
    ];
    for (const raw of broken) expect(sanitizeConfirmation(raw)).toBeUndefined();
  });
});
