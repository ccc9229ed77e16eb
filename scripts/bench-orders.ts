// `npm run bench:orders`: 500 orders from 50 concurrent clients to the order service on SQLite (its own
// process, mails as .eml files), then orders/s and the p50/p95 latency; it checks that the database holds
// exactly 500 orders and the mail folder exactly 500 mails.
import fs from 'node:fs';
import path from 'node:path';
import { openStore } from '../orders/store';
import { kill, post, startProcess, tempDir, validOrder, waitFor } from '../orders/test/helpers';

const ORDERS = 500;
const CLIENTS = 50;

async function main() {
  const dataDir = tempDir('bench-orders');
  const { url, child } = await startProcess({ ORDERS_DATA_DIR: dataDir, ORDER_RATE_LIMIT: '0' });
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < ORDERS) {
          next++;
          const sent = performance.now();
          const response = await fetch(`${url}/api/orders`, post(validOrder()));
          if (response.status !== 201)
            throw new Error(`Answered ${response.status}: ${await response.text()}`);
          latencies.push(performance.now() - sent);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const mailDir = path.join(dataDir, 'mail');
    const mails = () => fs.readdirSync(mailDir).filter((name) => name.endsWith('.eml')).length;
    await waitFor('every mail', () => mails() >= ORDERS, 120_000);
    await kill(child, 'SIGTERM');
    const store = await openStore({ kind: 'sqlite', file: path.join(dataDir, 'orders.db') });
    const orders = await store.countOrders();
    await store.close();

    latencies.sort((a, b) => a - b);
    const at = (share: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))]!;
    console.log(`${ORDERS} orders from ${CLIENTS} clients in ${seconds.toFixed(1)} s`);
    console.log(`orders/s: ${(ORDERS / seconds).toFixed(0)}`);
    console.log(`latency p50: ${at(0.5).toFixed(0)} ms, p95: ${at(0.95).toFixed(0)} ms`);
    console.log(`in the database: ${orders} orders; in the mail folder: ${mails()} mails`);
    if (orders !== ORDERS || mails() !== ORDERS) {
      console.error(`Expected exactly ${ORDERS} of each`);
      process.exitCode = 1;
    }
  } finally {
    await kill(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
