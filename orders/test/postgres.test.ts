// The same service on Postgres: a throwaway cluster made with initdb and pg_ctl in a temporary folder,
// listening on a Unix socket only (helpers.ts). Without the binaries the test says so; under CI it fails instead.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { businessDay } from '../../lib/business-day';
import { orderAcceptedSchema, type OrderRequestInput } from '../../lib/checkout/order-request';
import { createApp } from '../app';
import { eraseBuyer, mailTransport } from '../mail';
import { startOutbox, type Outbox } from '../outbox';
import { orderMails } from '../messages';
import { CONFIRMATIONS_PER_DAY, openStore, type Store } from '../store';
import {
  buyer,
  post,
  postgresSkip,
  runOrders,
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

  it('lets the owner’s commands work on the service’s database only, never make one in another', async () => {
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query('create database not_the_service');
    await admin.end();
    const other = postgres.url.replace('/postgres?', '/not_the_service?');
    const refused = await runOrders(
      ['user', 'add', 'carla'],
      { DATABASE_URL: other },
      'correct horse battery\n',
    );
    assert.equal(refused.code, 1, refused.output);
    assert.match(refused.output, /No order database at DATABASE_URL .*not_the_service/);
    const client = new pg.Client({ connectionString: other });
    await client.connect();
    const { rows } = await client.query<{ tables: string }>(
      `select count(*) as tables from pg_tables where schemaname = 'public'`,
    );
    await client.end();
    assert.equal(Number(rows[0]!.tables), 0, 'no tables made');
    const listed = await runOrders(['user', 'list'], { DATABASE_URL: postgres.url });
    assert.equal(listed.code, 0, listed.output);
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
    // Every spelling of a German name finds every other; the list counts what it finds, and the spam it hides.
    const groesser = [
      await place({ buyer: { ...buyer, company: 'Größer Wärme GmbH' } }),
      await place({ buyer: { ...buyer, company: 'Groesser Waerme GmbH' } }),
    ].sort();
    for (const q of ['Größer', 'Groesser', 'Grosser', 'gröss', 'Wärme', 'Waerme', 'Warme'])
      assert.deepEqual((await store.listPage({ q })).orders.map((order) => order.number).sort(), groesser, q);
    assert.deepEqual(await store.listCounts({ q: 'Grosser' }), { matching: 2, spam: 0 });
    assert.deepEqual(await store.listCounts({ q: 'pg-spam@kunde.example' }), { matching: 0, spam: 1 });
    assert.deepEqual(await store.listCounts({ q: 'pg-spam@kunde.example', spam: true }), {
      matching: 1,
      spam: 1,
    });
    assert.deepEqual(await store.listCounts({ q: 'Grosser', spam: 'only' }), { matching: 0, spam: 0 });
    assert.deepEqual(
      (await store.listPage({ q: 'pg-spam@kunde.example', spam: 'only' })).orders.map(
        (order) => order.buyer.email,
      ),
      ['pg-spam@kunde.example'],
    );
    // Orders indexed before the words were folded (merely lower-cased) are indexed anew as the next instance starts.
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    try {
      await admin.query(
        `delete from order_terms where order_id in (select id from orders where number = any($1)) and term like 'v:%'`,
        [groesser],
      );
      await admin.query(`update order_terms set term = 's:größer' where term = 's:grosser'`);
    } finally {
      await admin.end();
    }
    const logged: string[] = [];
    const next = await openStore(
      { kind: 'postgres', url: postgres.url },
      { log: (line) => logged.push(line) },
    );
    try {
      assert.deepEqual(logged, ["Order service: orders indexed anew for the desk's search: 2"]);
      assert.deepEqual(
        (await next.listPage({ q: 'Größer' })).orders.map((order) => order.number).sort(),
        groesser,
      );
    } finally {
      await next.close();
    }
    assert.equal(await store.changeStatus(found, { from: 'new', to: 'confirmed', seen: 0 }, 'anna'), true);
    // A form shown before that change no longer applies, by its status or by the changes it counted.
    assert.equal(await store.changeStatus(found, { from: 'new', to: 'cancelled' }, 'anna'), false);
    assert.equal(await store.changeStatus(found, { from: 'confirmed', to: 'new', seen: 0 }, 'anna'), false);
    assert.equal(await store.addNote(found, 'anna', 'Rückruf'), 'added');
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
    // Only a new order can be spam, and spam is deleted 30 days after it was marked.
    assert.equal(await store.markSpam(found, 'anna'), 'worked');
    const marked = await place({ buyer: { ...buyer, email: 'pg-marked@kunde.example' } });
    assert.equal(await store.markSpam(marked, 'anna'), 'marked');
    assert.equal(await store.giveUpMail(marked, 'buyer', 'anna'), false, 'nothing failed to give up');
    assert.deepEqual((await store.listPage({ mailFailed: true })).orders, []);
    const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600_000);
    assert.deepEqual((await store.prune(inDays(29), 6)).deleted, []);
    assert.deepEqual(
      (await store.prune(inDays(31), 6)).deleted.map((gone) => [gone.number, gone.why]),
      [[marked, 'spam']],
    );
    assert.equal(await store.erase(found, 'anna'), true);
    assert.equal((await store.listPage({ q: 'nordlicht' })).orders.length, 0);
    assert.equal((await store.events(found)).find((event) => event.kind === 'note')?.detail, '');
    assert.equal(await store.addNote(found, 'anna', 'Rückruf bei Nordlicht'), 'erased');
    // The accountant's days are days in Germany; a cancelled order never becomes revenue and is left out.
    const day = businessDay(new Date());
    const [cancelled] = groesser;
    assert.equal(await store.changeStatus(cancelled!, { from: 'new', to: 'cancelled' }, 'anna'), true);
    const booked = (await store.accounts(day, day)).map((row) => row.number);
    assert.ok(booked.includes(found));
    assert.ok(!booked.includes(cancelled!), 'no cancelled order in the accounts');

    assert.equal(await store.addUser('anna', 'scrypt$hash'), true);
    assert.equal(await store.addUser('anna', 'scrypt$other'), false);
    const now = new Date();
    await store.createSession('session-hash', 'anna', now);
    assert.equal(await store.touchSession('session-hash', now, 60_000, 3600_000), 'anna');
    assert.equal(
      await store.touchSession('session-hash', new Date(now.getTime() + 120_000), 60_000, 3600_000),
      undefined,
    );
    await store.recordFailure('anna', now);
    assert.equal((await store.lastFailures('anna', 5)).length, 1);
    assert.equal(await store.removeUser('anna'), true);
  });

  it('erases a buyer from the tables’ files and the planner’s statistics, not only from the rows', async () => {
    const erasedBuyer = {
      ...buyer,
      company: 'Tilgung Photovoltaik KG',
      name: 'Theodora Tilgmich',
      email: 'theodora@tilgung.example',
      phone: '+49 40 7654321',
    };
    const number = orderAcceptedSchema.parse(
      await (await app.request('/api/orders', post(validOrder({ buyer: erasedBuyer })))).json(),
    ).orderNumber;
    // Sent: the outbox's rows were rewritten without the mails' text, which their old versions still hold.
    await waitFor('both mails recorded as sent', async () => {
      const order = await store.orderByNumber(number);
      return order?.mail?.state === 'sent' && order.confirmation?.state === 'sent';
    });
    assert.equal(await store.addNote(number, 'anna', `Rückruf: ${erasedBuyer.phone}`), 'added');
    const client = new pg.Client(postgres.url);
    await client.connect();
    try {
      const tables = ['orders', 'outbox', 'order_terms', 'events'];
      // The planner's samples of the tables' values, as autovacuum gathers them.
      await client.query(`analyze ${tables.join(', ')}`);
      // A long read holds a table: the compaction waits 5 s for it, then gives up; the erasure stands, and the log
      // says how to compact. The owner's command compacts once the read is over.
      const reader = new pg.Client(postgres.url);
      await reader.connect();
      await reader.query('begin');
      await reader.query('select count(*) from events');
      const logged: string[] = [];
      const mail = { kind: 'smtp', url: smtp.url } as const;
      assert.equal(await eraseBuyer(store, mail, number, 'anna', (line) => logged.push(line)), true);
      await reader.query('commit');
      await reader.end();
      assert.equal((await store.orderByNumber(number))?.erased, true);
      assert.ok(
        logged.some((line) => line.includes(`run npm run orders -- erase ${number} again`)),
        logged.join('\n'),
      );
      assert.equal(await eraseBuyer(store, mail, number, 'owner', () => {}, true), true);
      // Pages still in memory are written to the files, as any checkpoint does.
      await client.query('checkpoint');
      // Each table's file, its TOAST table's and its indexes' (which hold the search words).
      const { rows } = await client.query<{ file: string }>(
        `select pg_relation_filepath(oid) as file from pg_class
         where oid = any($1::regclass[])
            or oid in (select reltoastrelid from pg_class where oid = any($1::regclass[]))
            or oid in (select indexrelid from pg_index where indrelid = any($1::regclass[]))`,
        [tables],
      );
      assert.ok(rows.length >= tables.length * 2, 'tables and indexes found');
      const values = [erasedBuyer.company, erasedBuyer.name, erasedBuyer.email, erasedBuyer.phone];
      for (const { file } of rows) {
        const bytes = fs.readFileSync(path.join(postgres.data, file));
        for (const value of values)
          assert.equal(bytes.includes(Buffer.from(value)), false, `${value} in ${file}`);
      }
      const { rows: statistics } = await client.query<{ values: string }>(
        `select concat_ws(' ', most_common_vals, histogram_bounds) as values from pg_stats
         where schemaname = 'public' and tablename = any($1)`,
        [tables],
      );
      for (const value of values)
        assert.ok(!statistics.some((row) => row.values.includes(value)), `${value} in pg_stats`);
    } finally {
      await client.end();
    }
  });

  it('takes the same key sent at once as one order', async () => {
    const order = validOrder();
    const answers = await Promise.all([1, 2, 3, 4].map(() => app.request('/api/orders', post(order))));
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 200, 200, 201]);
  });

  it('counts orders sent at once to two instances, each with its own pool, against both daily limits', async () => {
    // Two instances: two stores with their own connections, the requests spread over both.
    const second = await openStore({ kind: 'postgres', url: postgres.url });
    try {
      const limits = { ...testConfig, rateLimit: 2, trustProxy: true };
      const apps = [createApp({ store, config: limits }), createApp({ store: second, config: limits })];
      const send = (index: number, order: OrderRequestInput, from: string) =>
        apps[index % 2]!.request('/api/orders', post(order, { 'X-Forwarded-For': from }));
      const fromOne = await Promise.all(
        Array.from({ length: 10 }, (_, index) => send(index, validOrder(), '198.51.100.20')),
      );
      assert.deepEqual(fromOne.map((answer) => answer.status).sort(), [201, 201, ...Array(8).fill(429)]);

      // Ten orders to one buyer's address from ten addresses: each is taken, three with a confirmation.
      const email = 'einkauf-burst@kunde.example';
      const toOne = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          send(index, validOrder({ buyer: { ...buyer, email } }), `198.51.100.${30 + index}`),
        ),
      );
      assert.deepEqual(
        toOne.map((answer) => answer.status),
        Array(10).fill(201),
      );
      const told = await Promise.all(
        toOne.map(async (answer) => orderAcceptedSchema.parse(await answer.json()).confirmationMail),
      );
      assert.equal(told.filter(Boolean).length, CONFIRMATIONS_PER_DAY);
    } finally {
      await second.close();
    }
  });
});
