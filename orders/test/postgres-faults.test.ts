// A database that goes away and comes back: Postgres restarted under a stream of orders, and stopped. Every
// request gets 201, or 503 with Retry-After, within 10 seconds; no 500, no reset, no hang; no instance exits
// (an idle pool connection the server closes is reported, not fatal); once Postgres is back they serve again.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { orderAcceptedSchema, orderErrorSchema } from '../../lib/checkout/order-request';
import {
  alive,
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
} from './helpers';

const skip = postgresSkip();

describe('Postgres restarted and stopped', { skip }, () => {
  let postgres: Postgres;
  let smtp: Smtp;
  let instances: ServiceProcess[] = [];
  let env: Record<string, string>;

  before(async () => {
    postgres = await startPostgres();
    smtp = await startSmtp();
    env = {
      DATABASE_URL: postgres.url,
      SMTP_URL: smtp.url,
      ORDER_RATE_LIMIT: '0',
      MAIL_RETRY_MAX_MS: '1000',
      MAIL_LEASE_MS: '20000',
    };
    instances = await Promise.all([startProcess(env), startProcess(env)]);
  });

  after(async () => {
    await Promise.all(instances.map((service) => kill(service.child)));
    await smtp?.close();
    await postgres?.close();
  });

  /** One order; what came back: its number, `503` (with Retry-After), or anything else as text. */
  async function attempt(url: string): Promise<string> {
    try {
      const response = await fetch(`${url}/api/orders`, {
        ...post(validOrder()),
        // The issue's bound: an answer within 10 s, never a hang.
        signal: AbortSignal.timeout(10_000),
      });
      if (response.status === 201) return orderAcceptedSchema.parse(await response.json()).orderNumber;
      if (response.status === 503 && Number(response.headers.get('Retry-After')) > 0) return '503';
      return `${response.status} ${response.headers.get('Retry-After')} ${await response.text()}`;
    } catch (error) {
      return `no answer: ${error instanceof Error ? `${error.name} ${error.message}` : String(error)}`;
    }
  }

  const taken = (answers: string[]) => answers.filter((answer) => answer.startsWith('LW-'));

  async function servingAgain() {
    for (const service of instances)
      await waitFor('orders taken again', async () => (await attempt(service.url)).startsWith('LW-'), 30_000);
  }

  it('keeps both instances up when Postgres closes their idle connections', async () => {
    for (const service of instances) assert.match(await attempt(service.url), /^LW-/);
    await postgres.restart();
    await waitFor('the pool reporting its closed idle connections', () =>
      instances.some((service) => service.log().includes('an idle connection ended')),
    );
    await servingAgain();
    assert.ok(instances.every((service) => alive(service.child)));
  });

  it('answers every order with 201 or 503 and Retry-After within 10 s while Postgres restarts', async () => {
    const answers: string[] = [];
    let streaming = true;
    const clients = [0, 1, 0, 1].map(async (index) => {
      while (streaming) answers.push(await attempt(instances[index]!.url));
    });
    await waitFor('orders before the restart', () => taken(answers).length >= 4);
    const before = answers.length;
    await postgres.restart();
    await waitFor('orders after the restart', () => taken(answers.slice(before)).length >= 4, 30_000);
    streaming = false;
    await Promise.all(clients);

    assert.deepEqual(
      answers.filter((answer) => answer !== '503' && !answer.startsWith('LW-')),
      [],
      `only 201 and 503 with Retry-After\n${instances.map((service) => service.log()).join('\n')}`,
    );
    assert.ok(instances.every((service) => alive(service.child)));
    // Every order answered 201 is mailed, once.
    const numbers = taken(answers);
    await waitFor('the mails of the orders taken', () =>
      numbers.every((number) => smtp.mailsOf(number).length > 0),
    );
    for (const number of numbers) assert.equal(smtp.mailsOf(number).length, 1);
  });

  it('answers 503 with Retry-After to orders and health while Postgres is down, and serves again once it is up', async () => {
    await postgres.stop();
    for (const service of instances) {
      const response = await fetch(`${service.url}/api/orders`, post(validOrder()));
      assert.equal(response.status, 503);
      assert.ok(Number(response.headers.get('Retry-After')) > 0);
      assert.deepEqual(
        orderErrorSchema.parse(await response.json()).errors.map((error) => error.field),
        ['database'],
      );
      const down = await fetch(`${service.url}/api/health`);
      assert.equal(down.status, 503);
      const text = await down.text();
      assert.doesNotMatch(text, /ECONNREFUSED|ENOENT|connect|socket|postgres/i, 'no error text');
    }
    assert.ok(instances.every((service) => alive(service.child)));
    await postgres.start();
    await servingAgain();
    for (const service of instances) assert.equal((await health(service.url)).database, 'ok');
  });

  it('answers 503 at `commit`, not "nothing was stored", when the commit’s answer is lost, and the same request then stores it once', async () => {
    const [service] = instances as [ServiceProcess];
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    // The connection ends at the commit, as when a failover or a network cut takes it: a trigger deferred to the
    // commit ends its own session. Whether a commit got through then, the service cannot know.
    await admin.query(`create function lost_commit() returns trigger language plpgsql as
      $$ begin perform pg_terminate_backend(pg_backend_pid()); return null; end $$`);
    await admin.query(`create constraint trigger lost_commit after insert on orders
      deferrable initially deferred for each row execute function lost_commit()`);
    const order = validOrder();
    try {
      const lost = await fetch(`${service.url}/api/orders`, post(order));
      assert.equal(lost.status, 503);
      assert.ok(Number(lost.headers.get('Retry-After')) > 0);
      assert.deepEqual(
        orderErrorSchema.parse(await lost.json()).errors.map((error) => error.field),
        ['commit'],
      );
    } finally {
      await admin.query('drop trigger lost_commit on orders');
      await admin.query('drop function lost_commit()');
    }
    // Sent again as the checkout does (the same key): the order, stored and mailed once.
    const again = await fetch(`${service.url}/api/orders`, post(order));
    assert.ok([200, 201].includes(again.status), String(again.status));
    const { orderNumber } = orderAcceptedSchema.parse(await again.json());
    const rows = await admin.query('select count(*)::int as n from orders where key = $1', [order.key]);
    assert.equal(rows.rows[0].n, 1);
    await admin.end();
    await waitFor('its mail', () => smtp.mailsOf(orderNumber).length > 0);
    assert.equal(smtp.mailsOf(orderNumber).length, 1);
  });

  it('takes orders again within seconds while another instance is frozen inside an order’s transaction', async () => {
    const [frozen, other] = instances as [ServiceProcess, ServiceProcess];
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    const heldLocks = async (granted: boolean, type: string) =>
      (
        await admin.query<{ n: number }>(
          'select count(*)::int as n from pg_locks where granted = $1 and locktype = $2 and pid <> pg_backend_pid()',
          [granted, type],
        )
      ).rows[0]!.n;
    let stuck: Promise<string> | undefined;
    try {
      // An order of the one instance waits at its insert, its intake lock taken, while the table is locked; then
      // the instance stops (a frozen VM, a host cut off) and the table is let go: its session sits idle inside
      // the transaction, holding the lock every order takes first.
      await admin.query('begin');
      await admin.query('lock table orders in exclusive mode');
      stuck = attempt(frozen.url);
      await waitFor('the order waiting for the table', async () => (await heldLocks(false, 'relation')) > 0);
      frozen.child.kill('SIGSTOP');
      await admin.query('commit');
      assert.equal(await heldLocks(true, 'advisory'), 1, 'the frozen session holds the intake lock');
      // The server ends that session (`idle_in_transaction_session_timeout`): the other instance takes orders
      // again, not after the hours a TCP keepalive takes to notice.
      const number = await waitFor(
        'an order taken by the other instance',
        async () => {
          const answer = await attempt(other.url);
          return answer.startsWith('LW-') && answer;
        },
        60_000,
      );
      await waitFor('its mail', () => smtp.mailsOf(number).length === 1);
    } finally {
      await kill(frozen.child);
      await admin.end();
    }
    assert.doesNotMatch(await stuck, /^LW-/, 'the frozen instance’s order was not answered as taken');
    instances = [await startProcess(env), other];
  });
});
