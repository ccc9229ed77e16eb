// Personal data kept only as long as needed: `npm run orders -- erase NUMBER` removes one buyer's details from
// every table and file the service keeps, and `prune` applies the retention. Both checked by reading the
// database (and the SQLite file's bytes) directly.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createClient } from '@libsql/client';
import { orderAcceptedSchema } from '../../lib/checkout/order-request';
import { createApp } from '../app';
import { runCommand } from '../cli';
import { readConfig } from '../config';
import { mailTransport } from '../mail';
import { openStore, type MailMessage } from '../store';
import {
  buyer,
  kill,
  post,
  runOrders,
  startProcess,
  tempDir,
  validOrder,
  waitFor,
  testConfig,
} from './helpers';

const config = testConfig;

/** Every row of a table, read with SQL. */
async function rows(file: string, table: string) {
  const client = createClient({ url: `file:${file}` });
  try {
    return (await client.execute(`select * from ${table} order by id`)).rows.map((row) => ({ ...row }));
  } finally {
    client.close();
  }
}

describe('personal data', () => {
  it('erase removes one buyer’s details from every table and file; number, date, lines and totals stay', async () => {
    const dataDir = tempDir('orders-erase');
    const env = { ORDERS_DATA_DIR: dataDir };
    const file = path.join(dataDir, 'orders.db');
    const mailDir = path.join(dataDir, 'mail');
    const service = await startProcess(env);
    const erasedBuyer = {
      ...buyer,
      name: 'Zacharias Löschmich',
      email: 'zacharias@loeschmich.example',
      phone: '+49 30 1234567',
      vatId: 'DE136695976',
    };
    // A company in Austria with its VAT ID: a reverse-charge supply, which the EU sales list reports.
    const austrianBuyer = {
      ...buyer,
      company: 'Alpen Solar GmbH',
      name: 'Anton Alpenländer',
      email: 'anton@alpen-solar.example',
      street: 'Ringstraße 1',
      postcode: '1010',
      city: 'Wien',
      country: 'AT',
      vatId: 'ATU13585627',
    };
    let erased: string;
    let austrian: string;
    let kept: string;
    try {
      const place = async (details = buyer) =>
        orderAcceptedSchema.parse(
          await (await fetch(`${service.url}/api/orders`, post(validOrder({ buyer: details })))).json(),
        ).orderNumber;
      erased = await place(erasedBuyer);
      austrian = await place(austrianBuyer);
      kept = await place();
      // Each order's mail to the sales team and its buyer's confirmation.
      await waitFor('all six mails in the folder', () =>
        [erased, austrian, kept].every(
          (number) =>
            fs.existsSync(path.join(mailDir, `${number}.eml`)) &&
            fs.existsSync(path.join(mailDir, `${number}.confirmation.eml`)),
        ),
      );
    } finally {
      await kill(service.child, 'SIGTERM');
    }
    // A write cut short by a crash leaves a mail under the name it is written as, details and all.
    for (const name of [`${erased}.eml`, `${erased}.confirmation.eml`])
      fs.copyFileSync(path.join(mailDir, name), path.join(mailDir, `${name}.part`));
    const before = (await rows(file, 'orders')).find((row) => row.number === erased)!;
    // A mail server's refusal as an older version kept it, quoting the buyer's address.
    const client = createClient({ url: `file:${file}` });
    await client.execute({
      sql: `update outbox set last_error = ? where kind = 'buyer' and order_id = ?`,
      args: [`550 <${erasedBuyer.email}>: Recipient address rejected`, before.id as number],
    });
    client.close();

    const result = await runOrders(['erase', erased], env);
    assert.equal(result.code, 0, result.output);
    // Its output names the number, for the journal, and nothing of the buyer.
    assert.ok(result.output.includes(`Order service: buyer details of ${erased} erased`), result.output);
    for (const value of [erasedBuyer.email, erasedBuyer.name, erasedBuyer.phone, erasedBuyer.company])
      assert.ok(!result.output.includes(value), value);

    const orders = await rows(file, 'orders');
    const row = orders.find((candidate) => candidate.number === erased)!;
    for (const column of ['number', 'created_at', 'lines', 'net', 'vat', 'gross', 'vat_case', 'quote'])
      assert.deepEqual(row[column], before[column], column);
    // What the VAT records need stays with the totals: the country; a German buyer's VAT ID goes with the rest.
    const { country, ...rest } = JSON.parse(String(row.buyer)) as Record<string, string>;
    assert.equal(country, (JSON.parse(String(before.buyer)) as Record<string, string>).country);
    assert.ok(
      Object.values(rest).every((value) => value === ''),
      JSON.stringify(rest),
    );
    // A reverse-charge order keeps its VAT ID, which the EU sales list reports; nothing else of the buyer.
    assert.equal((await runOrders(['erase', austrian], env)).code, 0);
    const austrianRow = (await rows(file, 'orders')).find((candidate) => candidate.number === austrian)!;
    assert.equal(austrianRow.vat_case, 'reverseCharge');
    const {
      vatId: keptVatId,
      country: austrianCountry,
      ...austrianRest
    } = JSON.parse(String(austrianRow.buyer)) as Record<string, string>;
    assert.deepEqual([austrianCountry, keptVatId], ['AT', austrianBuyer.vatId]);
    assert.ok(
      Object.values(austrianRest).every((value) => value === ''),
      JSON.stringify(austrianRest),
    );
    assert.equal(row.client, null);
    assert.equal(row.request_hash, null);
    assert.ok(row.erased_at);
    const outbox = await rows(file, 'outbox');
    const mails = outbox.filter((mail) => mail.order_id === row.id);
    assert.deepEqual(
      mails.map((mail) => [mail.kind, mail.message, mail.recipient]),
      [
        ['seller', '{}', null],
        ['buyer', '{}', null],
      ],
    );
    assert.deepEqual(
      fs.readdirSync(mailDir).filter((name) => name.startsWith(erased)),
      [],
      'no mail file of the erased order, written or cut short',
    );
    assert.equal(fs.existsSync(path.join(mailDir, `${kept}.confirmation.eml`)), true);
    // The order's history says who erased it: the system user, through the command.
    const events = (await rows(file, 'events')).filter((event) => event.order_id === row.id);
    assert.deepEqual(
      events.map((event) => event.kind),
      ['erase'],
    );
    assert.match(String(events[0]!.who), /\(npm run orders\)$/);
    assert.equal(fs.existsSync(path.join(mailDir, `${kept}.eml`)), true);
    assert.equal(
      JSON.parse(String(orders.find((candidate) => candidate.number === kept)!.buyer)).email,
      buyer.email,
    );
    // Nowhere in the database's files either: no old copy of a page keeps the details.
    for (const name of fs.readdirSync(dataDir).filter((entry) => entry.startsWith('orders.db'))) {
      const bytes = fs.readFileSync(path.join(dataDir, name));
      for (const value of [erasedBuyer.email, erasedBuyer.name, erasedBuyer.phone])
        assert.equal(bytes.includes(Buffer.from(value)), false, `${value} in ${name}`);
    }
    assert.equal((await runOrders(['erase', 'LW-20000101-999999'], env)).code, 1);
    // A note that came in after the erasure (as the desk took them before it refused them) is erased by a
    // second run, which adds no second erasure to the history.
    const late = `Rückruf: ${erasedBuyer.name}, ${erasedBuyer.phone}`;
    const writer = createClient({ url: `file:${file}` });
    await writer.execute({
      sql: `insert into events (order_id, at, who, kind, detail) values (?, ?, 'anna', 'note', ?)`,
      args: [row.id as number, new Date().toISOString(), late],
    });
    writer.close();
    const again = await runOrders(['erase', erased], env);
    assert.equal(again.code, 0, again.output);
    assert.match(again.output, /erased before/);
    assert.deepEqual(
      (await rows(file, 'events'))
        .filter((event) => event.order_id === row.id)
        .map((event) => [event.kind, event.detail]),
      [
        ['erase', ''],
        ['note', ''],
      ],
    );
    for (const name of fs.readdirSync(dataDir).filter((entry) => entry.startsWith('orders.db')))
      assert.equal(fs.readFileSync(path.join(dataDir, name)).includes(Buffer.from(late)), false, name);
  });

  it('leaves no part of a mail file behind when writing it fails', async () => {
    const mail = { kind: 'folder' as const, dir: path.join(tempDir('orders-part'), 'mail') };
    const files = mailTransport(mail);
    const message: MailMessage = {
      from: 'shop@leadwerk.example',
      to: 'vertrieb@leadwerk.example',
      replyTo: buyer.email,
      subject: 'Bestellung LW-20261126-000042',
      text: `${buyer.name}, ${buyer.email}`,
      messageId: '<LW-20261126-000042.part@leadwerk.example>',
      orderNumber: 'LW-20261126-000042',
      kind: 'seller',
    };
    try {
      // The mail's own name is taken (here by a folder), so the written file cannot be renamed to it.
      fs.mkdirSync(path.join(mail.dir, 'LW-20261126-000042.eml'));
      await assert.rejects(files.send(message));
      assert.deepEqual(fs.readdirSync(mail.dir), ['LW-20261126-000042.eml'], 'nothing but what was there');
      // Once the name is free, the next try writes the mail.
      fs.rmdirSync(path.join(mail.dir, 'LW-20261126-000042.eml'));
      await files.send(message);
      assert.ok(fs.readFileSync(path.join(mail.dir, 'LW-20261126-000042.eml'), 'utf8').includes(buyer.email));
    } finally {
      files.close();
    }
  });

  it('keeps its folder, database and mail files to its own account, whatever the umask', async () => {
    // A folder that is not there yet, as on a fresh machine; the test runs with the usual umask 022.
    const dataDir = path.join(tempDir('orders-modes'), 'data');
    const service = await startProcess({ ORDERS_DATA_DIR: dataDir });
    try {
      const response = await fetch(`${service.url}/api/orders`, post(validOrder()));
      const { orderNumber } = orderAcceptedSchema.parse(await response.json());
      await waitFor('the mail in the folder', () =>
        fs.existsSync(path.join(dataDir, 'mail', `${orderNumber}.eml`)),
      );
      const mode = (...parts: string[]) =>
        (fs.statSync(path.join(dataDir, ...parts)).mode & 0o777).toString(8);
      assert.equal(mode(), '700');
      assert.equal(mode('mail'), '700');
      assert.equal(mode('mail', `${orderNumber}.eml`), '600');
      for (const file of ['orders.db', 'orders.db-wal', 'orders.db-shm'])
        assert.equal(mode(file), '600', file);
    } finally {
      await kill(service.child, 'SIGTERM');
    }
  });

  it('prune counts spam from when it was held or marked, never deletes an order someone worked on, and names each order it deletes', async () => {
    const dataDir = tempDir('orders-prune-spam');
    const file = path.join(dataDir, 'orders.db');
    const settings = readConfig({ ...process.env, ORDERS_DATA_DIR: dataDir, ORDER_RETENTION_YEARS: '6' });
    const store = await openStore(settings.database);
    const now = await store.dbNow();
    const daysLater = (days: number) => new Date(now.getTime() + days * 24 * 3600_000);
    const arrived = new Date(now.getTime() - 40 * 24 * 3600_000);
    const numbers: Record<string, string> = {};
    try {
      const app = createApp({ store, config, now: () => arrived });
      const cases: [string, object][] = [
        ['held 40 days ago', { website: 'https://spam.example' }],
        ['marked today', {}],
        ['worked on, marked by an older version', {}],
      ];
      for (const [name, changes] of cases) {
        const response = await app.request('/api/orders', post(validOrder(changes)));
        assert.equal(response.status, 201);
        numbers[name] = orderAcceptedSchema.parse(await response.json()).orderNumber;
      }
      // Arrived 40 days ago, found to be spam today at the desk.
      assert.equal(await store.markSpam(numbers['marked today']!, 'anna'), 'marked');
      // Completed, then marked as spam: what the desk let happen before only new orders could be spam.
      const client = createClient({ url: `file:${file}` });
      await client.execute({
        sql: `update orders set status = 'completed', spam = 'staff' where number = ?`,
        args: [numbers['worked on, marked by an older version']!],
      });
      client.close();
    } finally {
      await store.close();
    }
    const left = async () => new Set((await rows(file, 'orders')).map((row) => String(row.number)));
    const prune = async (at: Date) => {
      const lines: string[] = [];
      assert.equal(await runCommand(['prune'], settings, (line) => lines.push(line), at), 0);
      return lines.join('\n');
    };

    const today = await prune(now);
    assert.ok(today.includes(numbers['held 40 days ago']!), today);
    assert.match(today, /1 order deleted/);
    assert.deepEqual(
      await left(),
      new Set([numbers['marked today'], numbers['worked on, marked by an older version']]),
    );

    // 29 days after it was marked, the spam is still there to look at; 31 days after, it is gone, and said so.
    assert.match(await prune(daysLater(29)), /0 orders deleted/);
    const later = await prune(daysLater(31));
    assert.ok(later.includes(numbers['marked today']!), later);
    assert.deepEqual(await left(), new Set([numbers['worked on, marked by an older version']]));
  });

  it('prune deletes spam after 30 days, orders after the retention years and idle desk sessions, and clears client hashes', async () => {
    const dataDir = tempDir('orders-prune');
    const file = path.join(dataDir, 'orders.db');
    const settings = readConfig({ ...process.env, ORDERS_DATA_DIR: dataDir, ORDER_RETENTION_YEARS: '6' });
    const now = new Date('2026-11-26T12:00:00Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600_000);
    const store = await openStore(settings.database);
    const numbers: Record<string, string> = {};
    try {
      const cases: [string, Date, object][] = [
        // Six years after the end of 2019: deleted in 2026. 23:30 on New Year's Eve in Germany.
        ['2019 order', new Date('2019-12-31T22:30:00Z'), {}],
        // Six years after the end of 2020 (the year in Germany, where the books are kept): kept until the end
        // of 2026. Half past midnight on New Year's Day in Germany, still 2019 in UTC.
        ['2020 order', new Date('2019-12-31T23:30:00Z'), {}],
        ['spam of 31 days', daysAgo(31), { website: 'https://spam.example' }],
        ['spam of 29 days', daysAgo(29), { website: 'https://spam.example' }],
        ['order of 2 days', daysAgo(2), {}],
        ['order of today', daysAgo(0.1), {}],
      ];
      for (const [name, at, changes] of cases) {
        const app = createApp({ store, config, now: () => at });
        const response = await app.request('/api/orders', post(validOrder(changes)));
        assert.equal(response.status, 201);
        numbers[name] = orderAcceptedSchema.parse(await response.json()).orderNumber;
      }
      // The desk's sign-ins: a session left 9 hours ago (past the 8-hour idle limit) and one in use an hour
      // ago; wrong passwords of an hour and of two days ago.
      const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3600_000);
      await store.createSession('left-hash', 'anna', hoursAgo(9));
      await store.createSession('in-use-hash', 'ben', hoursAgo(1));
      // (Recording a failure forgets those a day older than itself, so the older one is recorded last.)
      await store.recordFailure('dora', hoursAgo(1));
      await store.recordFailure('carla', hoursAgo(48));
    } finally {
      await store.close();
    }
    // What a crash while the mails were written left of each order's mail to the sales team.
    fs.mkdirSync(path.join(dataDir, 'mail'), { recursive: true });
    const part = (name: string) => path.join(dataDir, 'mail', `${numbers[name]}.eml.part`);
    for (const name of ['2019 order', '2020 order']) fs.writeFileSync(part(name), buyer.email);
    const lines: string[] = [];
    assert.equal(await runCommand(['prune'], settings, (line) => lines.push(line), now), 0);
    assert.match(lines.join('\n'), /2 orders deleted/);
    assert.deepEqual(
      (await rows(file, 'sessions')).map((session) => session.name),
      ['ben'],
      'only the session in use is kept',
    );
    assert.deepEqual(
      (await rows(file, 'sign_in_failures')).map((failure) => failure.name),
      ['dora'],
      'only the wrong password of the last day is kept',
    );

    const orders = await rows(file, 'orders');
    const left = (name: string) => orders.find((row) => row.number === numbers[name]);
    assert.equal(left('2019 order'), undefined);
    assert.equal(left('spam of 31 days'), undefined);
    for (const name of ['2020 order', 'spam of 29 days', 'order of 2 days', 'order of today'])
      assert.ok(left(name), `${name} kept`);
    assert.equal(left('order of 2 days')!.client, null, 'a client hash older than a day is cleared');
    assert.ok(left('order of today')!.client);
    assert.equal(fs.existsSync(part('2019 order')), false, 'its mail file goes with the order');
    assert.equal(fs.existsSync(part('2020 order')), true, 'as the order');
    const outbox = await rows(file, 'outbox');
    const ids = new Set(orders.map((row) => row.id));
    assert.ok(
      outbox.every((mail) => ids.has(mail.order_id)),
      'no mail of a deleted order',
    );
  });
});
