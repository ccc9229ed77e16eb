// Nothing is lost: orders are taken while the mail server is down and mailed once it is back, an order
// answered with 201 is mailed after the service was killed with SIGKILL and started again, and a new order's
// wake-up reaches the outbox whenever it comes. Nothing is sent twice: a mail under way stays its worker's
// however slowly the server answers, and one whose order is marked as spam or erased meanwhile is marked sent.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { orderAcceptedSchema } from '../../lib/checkout/order-request';
import { createApp } from '../app';
import { eraseBuyer, mailFiles, mailTransport } from '../mail';
import { orderMails } from '../messages';
import { startOutbox } from '../outbox';
import { openStore, type MailMessage, type Store } from '../store';
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

  it('keeps trying a mail, not failing it, while the mail server refuses the service’s password, and sends it once the password is right', async () => {
    const smtp = await startSmtp(0, { password: 'the right one' });
    const store = await openStore({ kind: 'sqlite', file: path.join(tempDir('orders-auth'), 'orders.db') });
    const signedIn = (password: string) => {
      const url = new URL(smtp.url);
      url.username = 'shop';
      url.password = password;
      return mailTransport({ kind: 'smtp', url: url.href });
    };
    const logged: string[] = [];
    const wrong = signedIn('an old one');
    let outbox = startOutbox({
      store,
      send: wrong.send,
      retryMaxMs: 1000,
      leaseMs: 60_000,
      log: (line) => logged.push(line),
    });
    const app = createApp({ store, config, onMail: () => outbox.wake() });
    try {
      const response = await app.request('/api/orders', post(validOrder()));
      assert.equal(response.status, 201);
      const { orderNumber } = orderAcceptedSchema.parse(await response.json());
      // A 535 is a permanent reply, but to the service's sign-in, not to the mail: each try waits for the next.
      await waitFor(
        'two refused tries of the mail to the sales team',
        () =>
          logged.filter(
            (line) =>
              line.includes(`The mail to the sales team of ${orderNumber} not sent`) && line.includes('535'),
          ).length >= 2,
      );
      assert.deepEqual(
        logged.filter((line) => line.includes('FAILED')),
        [],
      );
      assert.equal((await store.orderByNumber(orderNumber))?.mail?.state, 'pending');
      assert.deepEqual(await store.mailCounts(), { pending: 2, failed: 0 });
      await outbox.stop();
      wrong.close();
      // The operator sets the new password: the mails go out.
      const right = signedIn('the right one');
      outbox = startOutbox({ store, send: right.send, retryMaxMs: 1000, leaseMs: 60_000, log: () => {} });
      await waitFor(
        'the mail sent',
        () => smtp.mailsOf(orderNumber).length === 1 && smtp.confirmationsOf(orderNumber).length === 1,
        20_000,
      );
      await outbox.stop();
      right.close();
    } finally {
      await outbox.stop();
      await store.close();
      await smtp.close();
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

describe('a mail under way', () => {
  /** A store of its own with one order placed, its number, and the app that took it (no outbox of its own). */
  async function withOrder(name: string) {
    const store = await openStore({ kind: 'sqlite', file: path.join(tempDir(name), 'orders.db') });
    const app = createApp({ store, config });
    const response = await app.request('/api/orders', post(validOrder()));
    assert.equal(response.status, 201);
    return { store, number: orderAcceptedSchema.parse(await response.json()).orderNumber };
  }
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('stays its worker’s while the server takes longer than the lease: a second worker never sends it too', async () => {
    const { store } = await withOrder('orders-slow');
    const LEASE_MS = 3000;
    const sales: string[] = [];
    // The server takes two and a half leases to answer the sales team's mail, each reply in time (as SMTP's
    // waits allow); the confirmation at once. Without the lease renewed, the second worker takes the mail once
    // the first lease ends and sends it again.
    const send = async (message: MailMessage) => {
      if (message.kind !== 'seller') return;
      sales.push(message.messageId);
      await pause(2.5 * LEASE_MS);
    };
    const workers = [1, 2].map(() =>
      startOutbox({ store, send, retryMaxMs: 300, leaseMs: LEASE_MS, log: () => {} }),
    );
    try {
      await waitFor(
        'both mails sent, or the sales team’s sent again',
        async () => sales.length > 1 || (await store.mailCounts()).pending === 0,
        60_000,
      );
      assert.equal(sales.length, 1, 'the sales team’s mail once');
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await store.close();
    }
  });

  it('is due at once by the database’s clock, also from an instance whose own clock runs an hour ahead', async () => {
    const store = await openStore({ kind: 'sqlite', file: path.join(tempDir('orders-clock'), 'orders.db') });
    try {
      const ahead = createApp({ store, config, now: () => new Date(Date.now() + 60 * 60_000) });
      assert.equal((await ahead.request('/api/orders', post(validOrder()))).status, 201);
      const mail = await store.claimMail(60_000);
      assert.equal(mail?.message.kind, 'seller', 'the sales team’s mail, due now');
    } finally {
      await store.close();
    }
  });

  it('is marked sent when its order was marked as spam meanwhile, so “not spam” sends only the other mail', async () => {
    const { store, number } = await withOrder('orders-spam-sending');
    try {
      const underWay = await store.claimMail(60_000);
      assert.equal(underWay?.message.kind, 'seller');
      assert.equal(await store.markSpam(number, 'anna'), 'marked');
      // The server took it after all.
      assert.equal(await store.markSent(underWay!), 'sent');
      assert.equal(
        await store.markNotSpam(number, 'anna', (order) =>
          orderMails(order, config, (address) => store.clientHash(address)),
        ),
        true,
      );
      const next = await store.claimMail(60_000);
      assert.equal(next?.message.kind, 'buyer', 'the confirmation, which had not gone out');
      assert.equal(await store.markSent(next!), 'sent');
      assert.equal(await store.claimMail(60_000), undefined, 'the sales team’s mail is not sent again');
      const order = await store.orderByNumber(number);
      assert.equal(order?.mail?.state, 'sent');
    } finally {
      await store.close();
    }
  });

  it('leaves no mail file behind when its order is erased while it is written', async () => {
    const { store, number } = await withOrder('orders-erase-sending');
    const mail = { kind: 'folder' as const, dir: path.join(tempDir('orders-erase-mails'), 'mail') };
    const files = mailTransport(mail);
    let started!: () => void;
    const underWay = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const outbox = startOutbox({
      store,
      send: async (message) => {
        if (message.kind === 'seller') {
          started();
          await released;
        }
        await files.send(message);
      },
      forget: files.forget,
      retryMaxMs: 300,
      leaseMs: 60_000,
      log: () => {},
    });
    try {
      await underWay;
      assert.equal(await eraseBuyer(store, mail, number, 'anna', () => {}), true);
      release();
      await waitFor(
        'the mail marked sent',
        async () => (await store.orderByNumber(number))?.mail?.state === 'sent',
      );
      // The worker removes the file right after it marks the mail sent: once it has stopped, it has done both. (Read
      // at once instead, the file was still there on a loaded machine, between the two steps.)
      await outbox.stop();
      const left = mailFiles(mail, number).filter((file) => fs.existsSync(file));
      assert.deepEqual(left, [], 'no file holds the erased buyer’s details');
    } finally {
      await outbox.stop();
      await store.close();
    }
  });
});
