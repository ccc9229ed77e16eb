// The same service on Postgres: a throwaway cluster made with initdb and pg_ctl in a temporary folder,
// listening on a Unix socket only (helpers.ts). Without the binaries the test says so; under CI it fails instead.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { orderAcceptedSchema } from '../../lib/checkout/order-request';
import { createApp } from '../app';
import { mailTransport } from '../mail';
import { startOutbox, type Outbox } from '../outbox';
import { orderMails } from '../messages';
import { openStore, type Store } from '../store';
import {
  buyer,
  post,
  postgresSkip,
  startPostgres,
  startSmtp,
  validOrder,
  waitFor,
  type Postgres,
  testConfig,
} from './helpers';

const skip = postgresSkip();

describe('the service on Postgres', { skip }, () => {
  let postgres: Postgres;
  let store: Store;
  let outbox: Outbox;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let app: ReturnType<typeof createApp>;
  before(async () => {
    postgres = await startPostgres();
    const url = postgres.url;
    smtp = await startSmtp();
    store = await openStore({ kind: 'postgres', url });
    const mail = mailTransport({ kind: 'smtp', url: smtp.url });
    outbox = startOutbox({ store, send: mail.send, retryMaxMs: 200, leaseMs: 60_000 });
    app = createApp({
      store,
      config: testConfig,
      onMail: outbox.wake,
    });
  });

  after(async () => {
    await outbox?.stop();
    await store?.close();
    await smtp?.close();
    await postgres?.close();
  });

  it('reports its database as reachable', async () => {
    const response = await app.request('/api/health');
    assert.deepEqual(await response.json(), { database: 'ok', mail: { pending: 0, failed: 0 } });
  });

  it('stores an order once per key, numbers orders apart and mails each', async () => {
    const order = validOrder();
    const first = await app.request('/api/orders', post(order));
    const again = await app.request('/api/orders', post(order));
    const other = await app.request('/api/orders', post({ ...order, key: crypto.randomUUID() }));
    assert.deepEqual([first.status, again.status, other.status], [201, 200, 201]);
    const [a, b, c] = await Promise.all(
      [first, again, other].map(async (answer) => orderAcceptedSchema.parse(await answer.json())),
    );
    assert.equal(a!.orderNumber, b!.orderNumber);
    assert.notEqual(a!.orderNumber, c!.orderNumber);
    await waitFor(
      'both mails',
      async () => (await store.unsentMails()).length === 0 && smtp.received.length === 2,
    );
    assert.equal(await store.countOrders(), 2);
  });

  it('keeps the desk’s work: search, status, notes, spam let through, erasure, accounts and sessions', async () => {
    const place = async (changes: Parameters<typeof validOrder>[0]) =>
      orderAcceptedSchema.parse(await (await app.request('/api/orders', post(validOrder(changes)))).json())
        .orderNumber;
    const found = await place({ buyer: { ...buyer, company: 'Nordlicht Solar GmbH', poNumber: 'PO-55012' } });
    const spam = await place({ buyer: { ...buyer, email: 'pg-spam@kunde.example' }, website: 'bot' });
    for (const q of ['nordlicht', 'PO-55012', found])
      assert.deepEqual(
        (await store.listPage({ q })).orders.map((order) => order.number),
        [found],
        q,
      );
    assert.equal((await store.listPage({ q: 'Nordlicht', status: 'confirmed' })).orders.length, 0);
    assert.equal(await store.changeStatus(found, 'confirmed', 'anna'), true);
    assert.equal(await store.changeStatus(found, 'new', 'anna'), false);
    assert.equal(await store.recordEvent(found, { who: 'anna', kind: 'note', detail: 'Rückruf' }), true);
    assert.deepEqual(
      (await store.events(found)).map((event) => [event.who, event.kind, event.detail]),
      [
        ['anna', 'status', 'confirmed'],
        ['anna', 'note', 'Rückruf'],
      ],
    );
    const released = await store.markNotSpam(spam, 'anna', (order) =>
      orderMails(order, { mailFrom: undefined, deskUrl: undefined }, (text) => store.clientHash(text)),
    );
    assert.equal(released, true);
    await waitFor('both mails of the order let through', () => smtp.confirmationsOf(spam).length === 1);
    assert.equal(await store.erase(found, 'anna'), true);
    assert.equal((await store.listPage({ q: 'nordlicht' })).orders.length, 0);
    assert.equal((await store.events(found)).find((event) => event.kind === 'note')?.detail, '');
    const day = new Date().toISOString().slice(0, 10);
    assert.ok((await store.accounts(day, day)).some((row) => row.number === found));

    assert.equal(await store.addUser('anna', 'scrypt$hash'), true);
    assert.equal(await store.addUser('anna', 'scrypt$other'), false);
    const now = new Date();
    await store.createSession('session-hash', 'anna', now);
    assert.equal(await store.touchSession('session-hash', now, 60_000), 'anna');
    assert.equal(
      await store.touchSession('session-hash', new Date(now.getTime() + 120_000), 60_000),
      undefined,
    );
    await store.recordFailure('anna', now);
    assert.equal((await store.lastFailures('anna', 5)).length, 1);
    assert.equal(await store.removeUser('anna'), true);
  });

  it('takes the same key sent at once as one order', async () => {
    const order = validOrder();
    const answers = await Promise.all([1, 2, 3, 4].map(() => app.request('/api/orders', post(order))));
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 200, 200, 201]);
  });
});
