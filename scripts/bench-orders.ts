// `npm run bench:orders`: 500 orders from 50 concurrent clients, then orders/s and the p50/p95 latency, twice:
// - one instance of the order service on SQLite (its own process, mails as .eml files);
// - two instances on one Postgres (a throwaway cluster) sharing one SMTP server, the clients spread over both.
// Each run checks that the database holds exactly 500 orders and that exactly 500 mails arrived, one per order.
// Then the desk: 10,000 orders seeded into SQLite and into Postgres, and the p95 of the list's first page, a
// page filtered by status, and searches by company word, e-mail address and PO number (200 of each).
// The figures and the machine's load go to docs/orders.md by hand; nothing here is a test.
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import path from 'node:path';
import { openStore, type OrderFilter, type Store } from '../orders/store';
import { getCategories } from '../lib/content';
import {
  buyer,
  kill,
  post,
  startPostgres,
  startProcess,
  startSmtp,
  storedOrder,
  tempDir,
  validOrder,
  waitFor,
  type ServiceProcess,
} from '../orders/test/helpers';

const ORDERS = 500;
const CLIENTS = 50;

/** Sends the orders from the clients, each to the next instance in turn; the latencies, in ms, and the seconds. */
async function load(urls: string[]) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < ORDERS) {
        const url = urls[next++ % urls.length]!;
        const sent = performance.now();
        const response = await fetch(`${url}/api/orders`, post(validOrder()));
        if (response.status !== 201) throw new Error(`Answered ${response.status}: ${await response.text()}`);
        latencies.push(performance.now() - sent);
      }
    }),
  );
  return { latencies: latencies.sort((a, b) => a - b), seconds: (performance.now() - started) / 1000 };
}

function report(label: string, result: Awaited<ReturnType<typeof load>>, orders: number, mails: number) {
  const at = (share: number) =>
    result.latencies[Math.min(result.latencies.length - 1, Math.floor(share * result.latencies.length))]!;
  console.log(`\n${label}: ${ORDERS} orders from ${CLIENTS} clients in ${result.seconds.toFixed(1)} s`);
  console.log(`orders/s: ${(ORDERS / result.seconds).toFixed(0)}`);
  console.log(`latency p50: ${at(0.5).toFixed(0)} ms, p95: ${at(0.95).toFixed(0)} ms`);
  console.log(`stored: ${orders} orders; delivered: ${mails} mails`);
  if (orders !== ORDERS || mails !== ORDERS) {
    console.error(`Expected exactly ${ORDERS} of each`);
    process.exitCode = 1;
  }
}

async function sqlite() {
  const dataDir = tempDir('bench-orders');
  const { url, child } = await startProcess({ ORDERS_DATA_DIR: dataDir, ORDER_RATE_LIMIT: '0' });
  try {
    const result = await load([url]);
    const mailDir = path.join(dataDir, 'mail');
    // The mails to the sales team; the buyers' confirmations are files of their own (`.confirmation.eml`).
    const mails = () =>
      fs.readdirSync(mailDir).filter((name) => name.endsWith('.eml') && !name.endsWith('.confirmation.eml'))
        .length;
    await waitFor('every mail', () => mails() >= ORDERS, 120_000);
    await kill(child, 'SIGTERM');
    const store = await openStore({ kind: 'sqlite', file: path.join(dataDir, 'orders.db') });
    const orders = await store.countOrders();
    await store.close();
    report('One instance on SQLite', result, orders, mails());
  } finally {
    await kill(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function postgres() {
  const cluster = await startPostgres();
  const smtp = await startSmtp();
  let instances: ServiceProcess[] = [];
  try {
    const env = { DATABASE_URL: cluster.url, SMTP_URL: smtp.url, ORDER_RATE_LIMIT: '0' };
    instances = await Promise.all([startProcess(env), startProcess(env)]);
    const result = await load(instances.map((instance) => instance.url));
    await waitFor('every mail', () => smtp.received.length >= ORDERS, 120_000);
    const store = await openStore({ kind: 'postgres', url: cluster.url });
    const orders = await store.countOrders();
    await waitFor('no mail waiting', async () => (await store.mailCounts()).pending === 0, 120_000);
    await store.close();
    const ids = new Set(smtp.received.map(({ mail }) => mail.messageId));
    if (ids.size !== smtp.received.length) console.error(`${smtp.received.length - ids.size} mails twice`);
    report(
      'Two instances on one Postgres',
      result,
      orders,
      ids.size === smtp.received.length ? ids.size : -1,
    );
  } finally {
    await Promise.all(instances.map((instance) => kill(instance.child, 'SIGTERM')));
    await smtp.close();
    await cluster.close();
  }
}

const SEEDED = 10_000;
const LOOKUPS = 200;
const WORDS = [
  'Sonne',
  'Dach',
  'Wärme',
  'Fenster',
  'Strom',
  'Haus',
  'Berg',
  'Nord',
  'Süd',
  'Rhein',
  'Elbe',
  'Alpen',
];
const FORMS = ['GmbH', 'KG', 'AG', 'UG', 'e.K.', 'GmbH & Co. KG'];

/** Seeds the orders as the service stores them (createOrder: terms, outbox), companies from a few word pairs. */
async function seed(store: Store) {
  const categories = getCategories();
  const started = performance.now();
  for (let i = 0; i < SEEDED; i++) {
    const company = `${WORDS[i % WORDS.length]}${WORDS[(i * 7) % WORDS.length]!.toLowerCase()} ${i} ${FORMS[i % FORMS.length]}`;
    const number = `bench-${i}`;
    const category = categories[i % categories.length]!.id;
    await store.createOrder(
      storedOrder(category, {
        key: number,
        createdAt: new Date(Date.UTC(2026, 0, 1) + i * 3600_000),
        quote: 'AN-20260101-BENCH1',
        buyer: { ...buyer, company, email: `einkauf-${i}@kunde-${i % 500}.example`, poNumber: `PO-${i}` },
        spam: i % 50 === 0 ? 'honeypot' : null,
        requestHash: number,
      }),
      undefined,
    );
  }
  return (performance.now() - started) / 1000;
}

async function timed(store: Store, filter: (i: number) => OrderFilter) {
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < LOOKUPS; i++) {
    const started = performance.now();
    rows += (await store.listPage(filter(i))).orders.length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    p50: times[Math.floor(LOOKUPS * 0.5)]!,
    p95: times[Math.floor(LOOKUPS * 0.95)]!,
    rows: rows / LOOKUPS,
  };
}

async function deskBench(label: string, store: Store, afterSeeding = async () => {}) {
  const seconds = await seed(store);
  await afterSeeding();
  console.log(`\nThe desk on ${label}: ${SEEDED} orders seeded in ${seconds.toFixed(1)} s`);
  const cases: [string, (i: number) => OrderFilter][] = [
    ['list, first page', () => ({})],
    ['list, status "new", page of 50', () => ({ status: 'new' })],
    ['list, one industry', (i) => ({ industry: getCategories()[i % getCategories().length]!.id })],
    ['search, company word', (i) => ({ q: WORDS[i % WORDS.length]! })],
    ['search, company word and number', (i) => ({ q: `${WORDS[i % WORDS.length]} ${(i * 37) % SEEDED}` })],
    [
      'search, e-mail address',
      (i) => ({ q: `einkauf-${(i * 37) % SEEDED}@kunde-${((i * 37) % SEEDED) % 500}.example` }),
    ],
    ['search, PO number', (i) => ({ q: `PO-${(i * 53) % SEEDED}` })],
  ];
  for (const [name, filter] of cases) {
    const { p50, p95, rows } = await timed(store, filter);
    console.log(
      `${name}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${rows.toFixed(0)} rows a page)`,
    );
  }
}

async function desk() {
  const dataDir = tempDir('bench-desk');
  const sqliteStore = await openStore({ kind: 'sqlite', file: path.join(dataDir, 'orders.db') });
  try {
    await deskBench('SQLite', sqliteStore);
  } finally {
    await sqliteStore.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const cluster = await startPostgres();
  const postgresStore = await openStore({ kind: 'postgres', url: cluster.url });
  try {
    // As autovacuum does on a running database after many inserts: the planner's statistics of the new rows.
    await deskBench('Postgres', postgresStore, async () => {
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      await client.query('analyze');
      await client.end();
    });
  } finally {
    await postgresStore.close();
    await cluster.close();
  }
}

async function main() {
  console.log(
    `Node ${process.version}, ${os.availableParallelism()} cores, load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
  if (!process.argv.includes('--desk-only')) {
    await sqlite();
    await postgres();
  }
  await desk();
  console.log(
    `\nload average after: ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
}

void main();
