// A database that goes away and comes back: Postgres restarted under a stream of orders, and stopped. Every
// request gets 201, or 503 with Retry-After, within 10 seconds; no 500, no reset, no hang; no instance exits
// (an idle pool connection the server closes is reported, not fatal); once Postgres is back they serve again.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
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

  before(async () => {
    postgres = await startPostgres();
    smtp = await startSmtp();
    const env = {
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
});
