// Mail failures that someone sees: a permanent refusal (550) marks the mail failed at once, health counts it,
// the owner's CSV shows it with the server's answer, and `npm run orders -- retry` sends it once the server
// takes it. A temporary refusal (451) is tried again with back-off and jitter, up to MAIL_MAX_ATTEMPTS.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { parse as parseCsv } from 'csv-parse/sync';
import { orderAcceptedSchema } from '../../lib/checkout/order-request';
import { getSite } from '../../lib/content';
import { createApp } from '../app';
import { mailTransport } from '../mail';
import { backoff, startOutbox } from '../outbox';
import { openStore } from '../store';
import {
  buyer,
  health,
  kill,
  post,
  runOrders,
  startProcess,
  startSmtp,
  tempDir,
  validOrder,
  waitFor,
  testConfig,
} from './helpers';

const TOKEN = 'a-token-of-the-owner-0123456789';

describe('mail failures', () => {
  it('marks a mail refused with 550 failed, shows it in health and the CSV, and sends it on retry', async () => {
    let refusing = true;
    const smtp = await startSmtp(0, {
      // As many servers answer: quoting the address, which the service does not keep or log.
      refuse: () =>
        refusing ? { code: 550, message: `5.1.1 <${getSite().email}>: Mailbox unavailable` } : undefined,
    });
    const env = {
      ORDERS_DATA_DIR: tempDir('orders-550'),
      SMTP_URL: smtp.url,
      ORDERS_TOKEN: TOKEN,
      MAIL_RETRY_MAX_MS: '200',
      MAIL_LEASE_MS: '20000',
    };
    const service = await startProcess(env);
    const csvRow = async (number: string) => {
      const response = await fetch(`${service.url}/api/orders.csv`, {
        headers: { Authorization: `Bearer ${TOKEN}` },
      });
      const rows = parseCsv(await response.text(), { columns: true }) as Record<string, string>[];
      return rows.find((row) => row.number === number)!;
    };
    try {
      const response = await fetch(`${service.url}/api/orders`, post(validOrder()));
      assert.equal(response.status, 201);
      const { orderNumber } = orderAcceptedSchema.parse(await response.json());

      // The confirmation goes out; the mail to the sales team is refused for good.
      await waitFor('the mail marked failed, the confirmation sent', async () => {
        const { mail } = await health(service.url);
        return mail?.failed === 1 && mail.pending === 0;
      });
      assert.deepEqual(await health(service.url), {
        status: 200,
        database: 'ok',
        mail: { pending: 0, failed: 1 },
      });
      assert.equal(smtp.mailsStarted(), 1, 'a permanent refusal is not tried again on its own');
      const failed = await csvRow(orderNumber);
      assert.equal(failed.mail_state, 'failed');
      assert.equal(failed.mail_tries, '1');
      assert.match(failed.mail_error!, /^550 .*Mailbox unavailable/);
      assert.ok(!failed.mail_error!.includes(getSite().email), 'the address is not kept');
      // The log names which of the order's mails failed: the one to the sales team, not the confirmation.
      assert.match(
        service.log(),
        new RegExp(`The mail to the sales team of ${orderNumber} FAILED after try 1: 550 `),
      );
      assert.doesNotMatch(service.log(), /confirmation/);
      assert.ok(!service.log().includes(getSite().email), 'nor logged');
      assert.ok(!Number.isNaN(Date.parse(failed.mail_at!)));

      refusing = false;
      const retry = await runOrders(['retry', orderNumber], env);
      assert.equal(retry.code, 0, retry.output);
      await waitFor('the mail sent after the retry', () => smtp.mailsOf(orderNumber).length > 0);
      await waitFor('no mail waiting or failed', async () => {
        const { mail } = await health(service.url);
        return mail?.pending === 0 && mail.failed === 0;
      });
      assert.equal(smtp.mailsOf(orderNumber).length, 1);
      const sent = await csvRow(orderNumber);
      assert.equal(sent.mail_state, 'sent');
      assert.equal(sent.mail_error, '');
      // A sent mail is not queued again.
      assert.equal((await runOrders(['retry', orderNumber], env)).code, 1);
    } finally {
      await kill(service.child, 'SIGTERM');
      await smtp.close();
    }
  });

  it('tries a mail refused with 451 again until the server takes it, and gives up after MAIL_MAX_ATTEMPTS', async () => {
    const smtp = await startSmtp(0, {
      // The first order's mail is refused twice, the second's always.
      refuse: (mail) =>
        mail <= 2 || mail >= 4 ? { code: 451, message: '4.3.0 Try again later' } : undefined,
    });
    const store = await openStore({ kind: 'sqlite', file: path.join(tempDir('orders-451'), 'orders.db') });
    const mail = mailTransport({ kind: 'smtp', url: smtp.url }, 20_000);
    const outbox = startOutbox({
      store,
      send: mail.send,
      retryMaxMs: 50,
      leaseMs: 4000,
      maxAttempts: 3,
      log: () => {},
    });
    const app = createApp({
      store,
      config: testConfig,
      onMail: outbox.wake,
    });
    try {
      const first = orderAcceptedSchema.parse(
        await (await app.request('/api/orders', post(validOrder()))).json(),
      );
      await waitFor('the first mail, third try', () => smtp.mailsOf(first.orderNumber).length === 1);
      const second = orderAcceptedSchema.parse(
        await (await app.request('/api/orders', post(validOrder()))).json(),
      );
      await waitFor('the second mail given up', async () => (await store.mailCounts()).failed === 1);
      assert.deepEqual(await store.mailCounts(), { pending: 0, failed: 1 });
      assert.equal(smtp.mailsStarted(), 6, 'three tries each');
      const [given] = await store.unsentMails();
      assert.equal(given?.orderNumber, second.orderNumber);
      assert.equal(given?.attempts, 3);
      assert.match(given?.lastError ?? '', /^451 /);
    } finally {
      await outbox.stop();
      mail.close();
      await store.close();
      await smtp.close();
    }
  });

  it('names the buyer’s confirmation in the log when it is not sent, and no address', async () => {
    const store = await openStore({ kind: 'sqlite', file: path.join(tempDir('orders-log'), 'orders.db') });
    const logged: string[] = [];
    // An address the checkout takes with a `'` in it, which the server quotes whole.
    const email = "erika.o'muster@muster-solar.example";
    // The mail to the sales team is taken; the buyer's server refuses the confirmation once for now, then for good,
    // quoting the address in angle brackets, then in single quotes.
    let refusals = 0;
    const outbox = startOutbox({
      store,
      send: async (message) => {
        if (message.kind !== 'buyer') return;
        const [code, quoted] = ++refusals === 1 ? [451, `<${message.to}>`] : [550, `'${message.to}'`];
        // As nodemailer reports a refusal of the recipient: a 5xx for good, a 4xx for now.
        throw Object.assign(new Error(`${code} ${quoted}: Mailbox unavailable`), {
          responseCode: code,
          command: 'RCPT TO',
          permanent: code >= 500,
        });
      },
      retryMaxMs: 50,
      leaseMs: 4000,
      log: (line) => logged.push(line),
    });
    try {
      const app = createApp({ store, config: testConfig, onMail: outbox.wake });
      const response = await app.request('/api/orders', post(validOrder({ buyer: { ...buyer, email } })));
      assert.equal(response.status, 201);
      const { orderNumber } = orderAcceptedSchema.parse(await response.json());
      await waitFor('the confirmation given up', async () => (await store.mailCounts()).failed === 1);
      assert.deepEqual(logged, [
        `The buyer's confirmation of ${orderNumber} not sent (try 1), will try again: 451 <[address]>: Mailbox unavailable`,
        `The buyer's confirmation of ${orderNumber} FAILED after try 2: 550 '[address]': Mailbox unavailable`,
      ]);
      // The answer as the desk and the CSV show it.
      assert.deepEqual(
        (await store.unsentMails()).map((mail) => mail.lastError),
        ["550 '[address]': Mailbox unavailable"],
      );
    } finally {
      await outbox.stop();
      await store.close();
    }
  });

  it('does not queue again a mail that a worker is sending: only once its lease has run out', async () => {
    const store = await openStore({
      kind: 'sqlite',
      file: path.join(tempDir('orders-retry-lease'), 'orders.db'),
    });
    // No outbox runs: this test is the worker.
    const app = createApp({ store, config: testConfig });
    try {
      const { orderNumber } = orderAcceptedSchema.parse(
        await (await app.request('/api/orders', post(validOrder()))).json(),
      );
      const claimed = await store.claimMail(60_000);
      assert.equal(claimed?.message.orderNumber, orderNumber);
      assert.equal(
        await store.retryMail(orderNumber, claimed!.message.kind),
        false,
        'its worker still holds it',
      );
      // The buyer's confirmation, which no worker holds, can be made due at once.
      assert.equal(
        await store.retryMail(orderNumber, claimed!.message.kind === 'seller' ? 'buyer' : 'seller'),
        true,
      );
      await store.markFailed(claimed!, '550 refused');
      assert.equal(await store.retryMail(orderNumber, claimed!.message.kind), true, 'failed: queued again');
    } finally {
      await store.close();
    }
  });

  it('waits 1 s, 2 s, 4 s … between tries, at most the longest wait, half of it random', () => {
    assert.deepEqual(
      [1, 2, 3].map((attempts) => backoff(attempts, 300_000, () => 1)),
      [1000, 2000, 4000],
    );
    assert.equal(
      backoff(1, 300_000, () => 0),
      500,
    );
    assert.equal(
      backoff(30, 300_000, () => 1),
      300_000,
    );
    assert.equal(
      backoff(30, 300_000, () => 0),
      150_000,
    );
  });
});
