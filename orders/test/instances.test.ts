// Several instances on one Postgres, the service past one machine: two processes of `npm run service` share one
// DATABASE_URL and one mail server. Every order is stored once and every mail delivered once: with orders spread
// over both (the buyers' confirmations too), with a mail server slower than the lease, with one instance killed (SIGKILL) while it sends, with
// one key sent ten times at once to both, and through a rolling restart (SIGTERM) under a stream of orders.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { orderAcceptedSchema, type OrderRequestInput } from '../../lib/checkout/order-request';
import { EXPORT_LOCK_FAILURES } from '../desk/auth';
import { openStore, type Store } from '../store';
import {
  buyer,
  health,
  kill,
  post,
  postgresSkip,
  startPostgres,
  startProcess,
  startSmtp,
  validOrder,
  waitFor,
  type Postgres,
  type ServiceProcess,
  type Smtp,
  type SmtpBehaviour,
} from './helpers';

const skip = postgresSkip();
/** The outbox's lease in these tests; the SMTP waits are a quarter of it. */
const LEASE_MS = 8000;
/** The owner's token for the CSV export. */
const TOKEN = 'a-token-of-the-owner-0123456789';

describe('two instances on one Postgres', { skip }, () => {
  let postgres: Postgres;
  let store: Store;
  /** How the mail server behaves in the test under way. */
  const behaviour: SmtpBehaviour = {};
  let smtp: Smtp;
  /** Every process started, to end those still running at the end. */
  const running: ServiceProcess[] = [];
  /** The two instances up. */
  let a: ServiceProcess;
  let b: ServiceProcess;

  before(async () => {
    postgres = await startPostgres();
    store = await openStore({ kind: 'postgres', url: postgres.url });
    smtp = await startSmtp(0, behaviour);
    [a, b] = await Promise.all([instance(), instance()]);
  });

  beforeEach(async () => {
    // Each test counts its own mails: none of an earlier one is still under way.
    await waitFor('no mail waiting', async () => (await store.mailCounts()).pending === 0, 60_000);
    smtp.reset();
    delete behaviour.greetingStallMs;
    delete behaviour.dataStallMs;
  });

  after(async () => {
    await Promise.all(running.map((service) => kill(service.child)));
    await store?.close();
    await smtp?.close();
    await postgres?.close();
  });

  async function instance(): Promise<ServiceProcess> {
    const service = await startProcess({
      DATABASE_URL: postgres.url,
      SMTP_URL: smtp.url,
      MAIL_LEASE_MS: String(LEASE_MS),
      MAIL_RETRY_MAX_MS: '1000',
      ORDER_RATE_LIMIT: '0',
      ORDERS_TOKEN: TOKEN,
    });
    running.push(service);
    return service;
  }

  /**
   * Posts an order, and posts it again with the same key while the service answers that its database did not
   * answer in time and nothing was stored (503), as a buyer does who is told to try again. On a loaded machine
   * an instance's pool can fail to connect within its 3 s; that is the service working as documented.
   */
  async function send(url: string, order: OrderRequestInput): Promise<Response> {
    for (let tries = 1; ; tries++) {
      const response = await fetch(`${url}/api/orders`, post(order));
      const answer: { errors?: { field?: string }[] } =
        response.status === 503
          ? await response
              .clone()
              .json()
              .catch(() => ({}))
          : {};
      const unstored = answer.errors?.some((error) => error.field === 'database');
      if (!unstored || tries === 25) return response;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async function place(url: string, order: OrderRequestInput = validOrder()) {
    const response = await send(url, order);
    assert.equal(
      response.status,
      201,
      `${await response.clone().text()}\n${running.map((service) => service.log()).join('\n')}`,
    );
    return orderAcceptedSchema.parse(await response.json()).orderNumber;
  }

  /** Waits until no mail waits and each order's mail arrived, then checks that each arrived exactly once. */
  async function deliveredOnce(url: string, numbers: string[]) {
    await waitFor(
      'every mail sent',
      async () =>
        (await health(url)).mail?.pending === 0 && numbers.every((number) => smtp.mailsOf(number).length > 0),
      60_000,
    );
    for (const number of numbers) assert.equal(smtp.mailsOf(number).length, 1, `the mail of ${number} once`);
    assert.equal(smtp.received.length, numbers.length);
    assert.equal((await health(url)).mail?.failed, 0);
  }

  it('stores orders spread over both once and mails each, and each buyer its confirmation, once', async () => {
    const before = await store.countOrders();
    // Each buyer an address of its own, so that every order gets a confirmation (at most 3 a day per address).
    const numbers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        place(
          (index % 2 ? a : b).url,
          validOrder({ buyer: { ...buyer, email: `einkauf-${index}@kunde-${index}.example` } }),
        ),
      ),
    );
    assert.equal(new Set(numbers).size, 20);
    assert.equal((await store.countOrders()) - before, 20);
    await deliveredOnce(a.url, numbers);
    for (const number of numbers)
      assert.equal(smtp.confirmationsOf(number).length, 1, `the confirmation of ${number} once`);
  });

  it('mails each order once while the mail server takes longer than the lease to answer', async () => {
    // The first two connections get no greeting for one and a half leases: each try must give up, not wait.
    behaviour.greetingStallMs = (connection) => (connection <= 2 ? LEASE_MS * 1.5 : 0);
    const numbers = [await place(a.url), await place(b.url), await place(a.url)];
    await deliveredOnce(b.url, numbers);
  });

  it('mails once after the instance that was sending it was killed with SIGKILL', async () => {
    // The server holds its answer to every try until the instance is dead, so it took none of them: the first
    // try, and a retry of the instance's own after its client gave up on a slow kill on a loaded machine (a retry
    // taken at once could be cut off between the server's answer and its record, the window SMTP leaves open).
    let killed = false;
    behaviour.dataStallMs = () => (killed ? 0 : LEASE_MS);
    // One instance up, so that it is the one sending.
    await kill(b.child, 'SIGTERM');
    const number = await place(a.url);
    await waitFor('the mail under way', () => smtp.mailsStarted() === 1);
    await kill(a.child, 'SIGKILL');
    killed = true;
    const triesThatDied = smtp.mailsStarted();
    [a, b] = await Promise.all([instance(), instance()]);
    // Another instance sends it once the killed one's lease ran out.
    await deliveredOnce(b.url, [number]);
    assert.equal(smtp.mailsStarted() - triesThatDied, 1, 'after the tries that died, one that was taken');
  });

  it('takes one key sent ten times at once to both instances as one order with one mail', async () => {
    const order = validOrder();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => send((index % 2 ? a : b).url, order)),
    );
    assert.deepEqual(
      answers.map((answer) => answer.status).sort(),
      [200, 200, 200, 200, 200, 200, 200, 200, 200, 201],
    );
    const numbers = new Set(
      await Promise.all(
        answers.map(async (answer) => orderAcceptedSchema.parse(await answer.json()).orderNumber),
      ),
    );
    assert.equal(numbers.size, 1);
    await deliveredOnce(a.url, [...numbers]);
  });

  it(`compares at most ${EXPORT_LOCK_FAILURES} of the wrong export tokens a client sends at once to both instances`, async () => {
    const guess = async (url: string, index: number) => {
      const headers = { Authorization: `Bearer guess-${index}-0123456789abcdef` };
      return (await fetch(`${url}/api/orders.csv`, { headers })).status;
    };
    // One wrong token to each instance, one after the other: each compares it and says it is wrong.
    assert.deepEqual([await guess(a.url, 0), await guess(b.url, 1)], [401, 401]);
    // Three times the limit, spread over both: each try is recorded before its token is compared, so each sees
    // those recorded before it, on either instance, the two above included.
    const burst = 3 * EXPORT_LOCK_FAILURES;
    const statuses = await Promise.all(
      Array.from({ length: burst }, (_, index) => guess((index % 2 ? a : b).url, index + 2)),
    );
    const compared = statuses.filter((status) => status === 401).length;
    assert.ok(
      compared <= EXPORT_LOCK_FAILURES - 2,
      `${compared} of ${burst} tokens compared after 2: ${statuses.join(' ')}`,
    );
    assert.equal(
      statuses.filter((status) => status === 429).length,
      burst - compared,
      'the others held back',
    );
    for (const { url } of [a, b]) {
      const right = await fetch(`${url}/api/orders.csv`, { headers: { Authorization: `Bearer ${TOKEN}` } });
      assert.equal(right.status, 429, 'held back, even with the right token');
    }
  });

  it('loses no order in a rolling restart of both instances under a stream of orders', async () => {
    const instances = [a, b];
    /** What a load balancer sends to: the instances up. A request that finds one gone goes to another. */
    const live = instances.map((service) => service.url);
    const numbers: string[] = [];
    const refused: string[] = [];
    let streaming = true;
    let sent = 0;

    /** One order, with its key, to the next instance up until one answers, as a client that retries does. */
    async function order() {
      const body = validOrder();
      for (let tries = 1; ; tries++) {
        const url = live[(sent + tries) % live.length]!;
        try {
          const response = await send(url, body);
          if (response.status !== 201 && response.status !== 200) {
            refused.push(`${response.status} ${await response.text()}`);
            return;
          }
          numbers.push(orderAcceptedSchema.parse(await response.json()).orderNumber);
          return;
        } catch (error) {
          // The connection was refused or closed before an answer: the same order, same key, elsewhere.
          if (tries >= 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    }
    const clients = Array.from({ length: 3 }, async () => {
      while (streaming) {
        sent++;
        await order();
      }
    });

    for (const index of [0, 1]) {
      const count = numbers.length;
      await waitFor('orders on the instances up', () => numbers.length >= count + 5);
      const old = instances[index]!;
      const exited = new Promise<number | null>((resolve) => old.child.once('exit', resolve));
      old.child.kill('SIGTERM');
      assert.equal(await exited, 0, old.log());
      live.splice(live.indexOf(old.url), 1);
      instances[index] = await instance();
      live.push(instances[index]!.url);
    }
    const count = numbers.length;
    await waitFor('orders on the new instances', () => numbers.length >= count + 5);
    streaming = false;
    await Promise.all(clients);

    assert.deepEqual(refused, []);
    assert.equal(new Set(numbers).size, numbers.length, 'each order its own number');
    await deliveredOnce(instances[0]!.url, numbers);
  });
});
