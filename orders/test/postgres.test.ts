// The same service on Postgres: a throwaway cluster made with initdb and pg_ctl in a temporary folder,
// listening on a Unix socket only. Without the binaries the test says so; under CI it fails instead.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { orderAcceptedSchema } from '../../lib/checkout/order-request';
import { createApp } from '../app';
import { mailTransport } from '../mail';
import { startOutbox, type Outbox } from '../outbox';
import { openStore, type Store } from '../store';
import { post, startSmtp, validOrder, waitFor } from './helpers';

/** The newest installed Postgres's binaries (Debian keeps them under /usr/lib/postgresql/<version>/bin). */
function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((version) => fs.existsSync(path.join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && path.join(root, versions[0], 'bin');
}

const bin = postgresBin();
const missing = 'Postgres is not installed (no /usr/lib/postgresql/*/bin/initdb): apt-get install postgresql';
if (!bin) {
  if (process.env.CI === 'true') throw new Error(missing);
  console.warn(`\n!!! ${missing}; the Postgres test is skipped !!!\n`);
}

describe('the service on Postgres', { skip: bin ? false : missing }, () => {
  let dir: string;
  let store: Store;
  let outbox: Outbox;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let app: ReturnType<typeof createApp>;
  // initdb and the server refuse to run as root: as root, they run as the postgres user.
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin!, command), ...args], {
          stdio: 'pipe',
        })
      : execFileSync(path.join(bin!, command), args, { stdio: 'pipe' });

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadwerk-postgres-'));
    if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
    const data = path.join(dir, 'data');
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-o',
      `-c listen_addresses='' -k ${dir} -c fsync=off`,
      'start',
    ]);
    const url = `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(dir)}`;
    smtp = await startSmtp();
    store = await openStore({ kind: 'postgres', url });
    const mail = mailTransport({ kind: 'smtp', url: smtp.url });
    outbox = startOutbox({ store, send: mail.send, retryMaxMs: 200, leaseMs: 60_000 });
    app = createApp({
      store,
      config: {
        allowedOrigins: [],
        rateLimit: 0,
        trustProxy: false,
        ordersToken: undefined,
        mailFrom: undefined,
      },
      onMail: outbox.wake,
    });
  });

  after(async () => {
    await outbox?.stop();
    await store?.close();
    await smtp?.close();
    if (dir) {
      run('pg_ctl', ['-D', path.join(dir, 'data'), '-m', 'immediate', 'stop']);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports its database as reachable', async () => {
    const response = await app.request('/api/health');
    assert.deepEqual(await response.json(), { database: 'ok', mail: { pending: 0, failed: 0 } });
  });

  it('stores an order once per key, numbers orders apart and mails each', async () => {
    const order = validOrder();
    const first = await app.request('/api/orders', post(order));
    const again = await app.request('/api/orders', post(order));
    const other = await app.request('/api/orders', post({ ...order, key: crypto.randomUUID() }));
    assert.deepEqual([first.status, again.status, other.status], [201, 200, 201]);
    const [a, b, c] = await Promise.all(
      [first, again, other].map(async (answer) => orderAcceptedSchema.parse(await answer.json())),
    );
    assert.equal(a!.orderNumber, b!.orderNumber);
    assert.notEqual(a!.orderNumber, c!.orderNumber);
    await waitFor(
      'both mails',
      async () => (await store.unsentMails()).length === 0 && smtp.received.length === 2,
    );
    assert.equal(await store.countOrders(), 2);
  });

  it('takes the same key sent at once as one order', async () => {
    const order = validOrder();
    const answers = await Promise.all([1, 2, 3, 4].map(() => app.request('/api/orders', post(order))));
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 200, 200, 201]);
  });
});
