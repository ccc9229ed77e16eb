// Nothing is lost: orders are taken while the mail server is down and mailed once it is back, an order
// answered with 201 is mailed after the service was killed with SIGKILL and started again, and a new order's
// wake-up reaches the outbox whenever it comes.
import assert from 'node:assert/strict';
import path from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { orderAcceptedSchema } from '../../lib/checkout/order-request';
import { createApp } from '../app';
import { mailTransport } from '../mail';
import { startOutbox } from '../outbox';
import { openStore, type Store } from '../store';
import {
  freePort,
  health,
  kill,
  post,
  startProcess,
  startSmtp,
  tempDir,
  validOrder,
  waitFor,
  testConfig,
} from './helpers';

const config = testConfig;

describe('the outbox', () => {
  it('takes orders while SMTP is down and sends each mail once it is back', async () => {
    const port = await freePort();
    const store = await openStore({ kind: 'sqlite', file: path.join(tempDir('orders-outbox'), 'orders.db') });
    const mail = mailTransport({ kind: 'smtp', url: `smtp://127.0.0.1:${port}` });
    const outbox = startOutbox({ store, send: mail.send, retryMaxMs: 300, leaseMs: 60_000, log: () => {} });
    const app = createApp({ store, config, onMail: outbox.wake });
    try {
      const numbers: string[] = [];
      for (let i = 0; i < 3; i++) {
        const response = await app.request('/api/orders', post(validOrder()));
        assert.equal(response.status, 201);
        numbers.push(orderAcceptedSchema.parse(await response.json()).orderNumber);
      }
      // Every mail (to the sales team, and each buyer's confirmation) has failed at least once and waits.
      await waitFor('a failed try of each mail', async () => {
        const unsent = await store.unsentMails();
        return unsent.length === 6 && unsent.every((entry) => entry.attempts > 0 && entry.lastError);
      });
      const smtp = await startSmtp(port);
      try {
        await waitFor('all six mails', async () => (await store.unsentMails()).length === 0);
        const ids = smtp.received.map(({ mail: parsed }) => parsed.messageId ?? '');
        assert.equal(ids.length, 3, 'each mail once');
        for (const number of numbers) {
          assert.equal(ids.filter((id) => id.includes(number)).length, 1);
          assert.equal(smtp.confirmationsOf(number).length, 1, 'each confirmation once');
        }
      } finally {
        await smtp.close();
      }
    } finally {
      await outbox.stop();
      mail.close();
      await store.close();
    }
  });

  it('sends a new order’s mail at once, also when the order came while the outbox looked up its next due mail', async (t) => {
    const store = await openStore({ kind: 'sqlite', file: path.join(tempDir('orders-wake'), 'orders.db') });
    let reading!: () => void;
    const read = new Promise<void>((resolve) => (reading = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The first read finds nothing due, and its answer is held until the order is stored and the outbox woken.
    let first = true;
    const watched: Store = {
      ...store,
      nextDueIn: async () => {
        const due = await store.nextDueIn();
        if (first) {
          first = false;
          reading();
          await released;
        }
        return due;
      },
    };
    // Its timers stand still: only the wake-up can start the next send, not the idle poll every few seconds.
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const sent: string[] = [];
    const outbox = startOutbox({
      store: watched,
      send: async (message) => void sent.push(String(message.subject)),
      retryMaxMs: 300,
      leaseMs: 60_000,
      log: () => {},
    });
    const app = createApp({ store, config, onMail: outbox.wake });
    try {
      await read;
      const response = await app.request('/api/orders', post(validOrder()));
      assert.equal(response.status, 201);
      const { orderNumber } = orderAcceptedSchema.parse(await response.json());
      release();
      // Polled without a timer; the deadline is the clock's, which the mock leaves running.
      const deadline = Date.now() + 20_000;
      while (sent.length < 2 && Date.now() < deadline) await setImmediate();
      assert.equal(sent.length, 2, 'the mail to sales and the confirmation, without waiting for a poll');
      assert.ok(
        sent.some((subject) => subject.includes(orderNumber)),
        sent.join('\n'),
      );
    } finally {
      t.mock.timers.reset();
      await outbox.stop();
      await store.close();
    }
  });

  it('mails an order answered with 201 after the service was killed with SIGKILL and started again', async () => {
    const dataDir = tempDir('orders-kill');
    const port = await freePort();
    const env = {
      ORDERS_DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_RETRY_MAX_MS: '300',
      MAIL_LEASE_MS: '20000',
    };
    const first = await startProcess(env);
    const order = validOrder();
    let number: string;
    try {
      const response = await fetch(`${first.url}/api/orders`, post(order));
      assert.equal(response.status, 201);
      number = orderAcceptedSchema.parse(await response.json()).orderNumber;
    } finally {
      // Killed right after the answer, with its mail unsent: no mail server listens yet.
      await kill(first.child);
    }
    // The order is in the database, its mail waiting.
    const store = await openStore({ kind: 'sqlite', file: path.join(dataDir, 'orders.db') });
    try {
      const stored = (await store.listOrders()).find((candidate) => candidate.number === number);
      assert.equal(stored?.key, order.key);
      assert.equal(stored?.mail?.state, 'pending');
    } finally {
      await store.close();
    }

    const smtp = await startSmtp(port);
    const second = await startProcess(env);
    try {
      // A kill that came while the first service held the mail for its try leaves it leased: it is sent once
      // the lease of 20 s has run out, which the wait must outlast.
      const { mail } = await waitFor(
        'the mail after the restart',
        () => smtp.received.find(({ mail: parsed }) => parsed.messageId?.includes(number)),
        60_000,
      );
      assert.match(mail.subject ?? '', new RegExp(order.quote));
      // The same key again is the same order, stored before the kill.
      const again = await fetch(`${second.url}/api/orders`, post(order));
      assert.equal(again.status, 200);
      assert.equal(orderAcceptedSchema.parse(await again.json()).orderNumber, number);
      // Counted once the service says no mail waits: a second send would have happened by then.
      await waitFor('no mail waiting', async () => (await health(second.url)).mail?.pending === 0);
      assert.equal(smtp.received.length, 1);
    } finally {
      await kill(second.child, 'SIGTERM');
      await smtp.close();
    }
  });
});
