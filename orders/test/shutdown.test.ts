// Stopping: on SIGTERM the service stops taking connections, answers the request it already has, lets the mail
// under way finish and exits within 10 seconds. And SQLite held by another writer: 503 with Retry-After, never
// a 500, and orders again once it is free.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createClient } from '@libsql/client';
import { orderAcceptedSchema, orderErrorSchema } from '../../lib/checkout/order-request';
import { openStore } from '../store';
import { health, kill, post, startProcess, startSmtp, tempDir, validOrder, waitFor } from './helpers';

/**
 * A POST whose body arrives in two parts: the service has the request (it said 100 Continue) before the second. On
 * a kept-alive connection, as browsers and proxies keep them.
 */
async function halfSentOrder(url: string, body: string, agent: http.Agent) {
  const request = http.request(`${url}/api/orders`, {
    agent,
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
      Expect: '100-continue',
    },
  });
  const answer = new Promise<{ status: number; connection: string | undefined; body: string }>(
    (resolve, reject) => {
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, connection: response.headers.connection, body: text }),
        );
      });
      request.on('error', reject);
    },
  );
  request.flushHeaders();
  await once(request, 'continue');
  const half = Math.floor(body.length / 2);
  request.write(body.slice(0, half));
  return { finish: () => request.end(body.slice(half)), answer };
}

describe('stopping', () => {
  it('on SIGTERM answers the request it has, closing its connection, lets the mail under way finish and exits within 10 s', async () => {
    const dataDir = tempDir('orders-sigterm');
    // The server holds its answer to the first mail for a while: the mail is under way when SIGTERM comes.
    const smtp = await startSmtp(0, { dataStallMs: (mail) => (mail === 1 ? 1500 : 0) });
    const service = await startProcess({
      ORDERS_DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      // SMTP waits of 5 s: the held answer is well inside them.
      MAIL_LEASE_MS: '20000',
      // A deadline far beyond the 10 s: only a service that closes every connection exits within them.
      SHUTDOWN_MS: '60000',
    });
    const agent = new http.Agent({ keepAlive: true });
    try {
      const first = await fetch(`${service.url}/api/orders`, post(validOrder()));
      assert.equal(first.status, 201);
      const sent = orderAcceptedSchema.parse(await first.json()).orderNumber;
      await waitFor('the mail under way', () => smtp.mailsStarted() === 1);
      const inFlight = await halfSentOrder(service.url, JSON.stringify(validOrder()), agent);

      const exited = new Promise<number | null>((resolve) => service.child.once('exit', resolve));
      const signalled = Date.now();
      service.child.kill('SIGTERM');
      await waitFor('new connections refused', async () => (await health(service.url)).status === 0, 10_000);
      inFlight.finish();
      const answer = await inFlight.answer;
      assert.equal(answer.status, 201, answer.body);
      // The answer written after stopping began closes its connection, though the request came before.
      assert.equal(answer.connection, 'close');
      const taken = orderAcceptedSchema.parse(JSON.parse(answer.body)).orderNumber;
      const code = await waitFor(
        'the exit',
        () => Promise.race([exited, Promise.resolve(undefined)]),
        10_000,
      );
      assert.equal(code, 0, service.log());
      assert.ok(Date.now() - signalled < 10_000, 'exited within 10 s of SIGTERM');

      // The stopped service's database file holds every order by itself: a copy without its -wal (a backup of
      // the file, a restore beside an old -wal) is complete.
      const copy = path.join(tempDir('orders-sigterm-copy'), 'orders.db');
      fs.copyFileSync(path.join(dataDir, 'orders.db'), copy);
      const copied = createClient({ url: `file:${copy}` });
      try {
        const { rows } = await copied.execute('select number from orders order by id');
        assert.deepEqual(
          rows.map((row) => row.number),
          [sent, taken],
        );
      } finally {
        copied.close();
      }

      // The mail under way went out once and is marked sent; the order taken while stopping waits for the next start.
      assert.equal(smtp.mailsOf(sent).length, 1);
      const store = await openStore({ kind: 'sqlite', file: path.join(dataDir, 'orders.db') });
      try {
        const orders = await store.listOrders();
        assert.equal(orders.find((order) => order.number === sent)?.mail?.state, 'sent', service.log());
        assert.equal(orders.find((order) => order.number === taken)?.mail?.state, 'pending');
      } finally {
        await store.close();
      }
    } finally {
      agent.destroy();
      await kill(service.child);
      await smtp.close();
    }
  });

  /**
   * Runs an npm script in a process group of its own, so that the end of the test reaches whatever npm left
   * behind; `check` gets the first line of its output that starts with `prefix`, and a way to stop it as a
   * supervisor does (SIGTERM to npm, waiting for npm to exit).
   */
  async function underNpm(
    args: string[],
    env: Record<string, string>,
    prefix: string,
    check: (line: string, output: () => string, stop: () => Promise<void>) => Promise<void>,
  ) {
    const npm = spawn('npm', args, {
      env: { ...process.env, PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk));
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk));
    try {
      const line = await waitFor(`a line "${prefix}…"`, () =>
        output.split('\n').find((text) => text.startsWith(prefix)),
      );
      await check(
        line,
        () => output,
        async () => {
          const exited = once(npm, 'exit');
          npm.kill('SIGTERM');
          await exited;
        },
      );
    } finally {
      try {
        process.kill(-npm.pid!, 'SIGKILL');
      } catch {
        // The group is gone: nothing was left behind.
      }
    }
  }

  it('stops under `npm run service` too: npm passes SIGTERM on to the service, which exits', async () => {
    await underNpm(
      ['run', 'service'],
      { ORDERS_DATA_DIR: tempDir('orders-npm') },
      'Order service on ',
      async (line, output, stop) => {
        const url = new URL(line.split(' ')[3]!).origin;
        assert.equal((await health(url)).status, 200);
        await stop();
        await waitFor('the service gone', async () => (await health(url)).status === 0, 10_000);
        assert.match(output(), /SIGTERM, stopping/);
      },
    );
  });

  it('stops under `npm run serve` as well, which listens on this machine alone when HOST is empty', async () => {
    // `npm start` ends in `npm run serve`: the site's server with the service under /api. An env file's `HOST=`
    // line is no setting, so the server stays on 127.0.0.1 and is not reachable at the machine's own address.
    await underNpm(
      ['run', 'serve', '--', tempDir('serve-export')],
      { HOST: '', ORDERS_DATA_DIR: tempDir('orders-serve') },
      'Serving ',
      async (line, output, stop) => {
        const port = new URL(line.split(' on ')[1]!).port;
        const url = `http://127.0.0.1:${port}`;
        await waitFor('the service', async () => (await health(url)).status === 200);
        // The start-up warnings README promises: without SMTP_URL no mail reaches anyone. They come on standard
        // error, a pipe of its own, which may be read after the line on standard output.
        await waitFor('the warning', () => /Order service: no SMTP_URL/.test(output()));
        const external = Object.values(os.networkInterfaces())
          .flat()
          .find((address) => address && address.family === 'IPv4' && !address.internal);
        assert.ok(external, 'a network address of this machine besides the loopback');
        assert.equal((await health(`http://${external.address}:${port}`)).status, 0);
        await stop();
        await waitFor('the server gone', async () => (await health(url)).status === 0, 10_000);
      },
    );
  });

  it('answers 503 with Retry-After while another process holds the SQLite write lock, then takes orders again', async () => {
    const dataDir = tempDir('orders-locked');
    const service = await startProcess({ ORDERS_DATA_DIR: dataDir });
    const other = createClient({ url: `file:${path.join(dataDir, 'orders.db')}` });
    try {
      const lock = await other.transaction('write');
      const refused = await fetch(`${service.url}/api/orders`, post(validOrder()));
      assert.equal(refused.status, 503);
      assert.ok(Number(refused.headers.get('Retry-After')) > 0);
      assert.deepEqual(
        orderErrorSchema.parse(await refused.json()).errors.map((error) => error.field),
        ['database'],
      );
      await lock.rollback();
      const again = await fetch(`${service.url}/api/orders`, post(validOrder()));
      assert.equal(again.status, 201, service.log());
    } finally {
      other.close();
      await kill(service.child, 'SIGTERM');
    }
  });
});
