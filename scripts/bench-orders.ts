// `npm run bench:orders`: 500 orders from 50 concurrent clients, then orders/s and the p50/p95 latency, twice:
// - one instance of the order service on SQLite (its own process, mails as .eml files);
// - two instances on one Postgres (a throwaway cluster) sharing one SMTP server, the clients spread over both.
// Each run checks that the database holds exactly 500 orders and that exactly 500 mails arrived, one per order.
// The figures and the machine's load go to docs/orders.md by hand; nothing here is a test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openStore } from '../orders/store';
import {
  kill,
  post,
  startPostgres,
  startProcess,
  startSmtp,
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
    const mails = () => fs.readdirSync(mailDir).filter((name) => name.endsWith('.eml')).length;
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

async function main() {
  console.log(
    `Node ${process.version}, ${os.availableParallelism()} cores, load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
  await sqlite();
  await postgres();
  console.log(
    `\nload average after: ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
}

void main();
