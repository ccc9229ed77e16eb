// The site and the service deployed at different times: the page shows one price, the service charges another.
// The service, started as a process on a copy of content/ with one price changed (CONTENT_DIR), takes no order at
// prices the buyer was not shown, and still answers a retry of an order it took before the change.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createClient } from '@libsql/client';
import {
  orderAcceptedSchema,
  orderErrorSchema,
  type OrderRequestInput,
} from '../../lib/checkout/order-request';
import { contentRoot, getDictionary } from '../../lib/content';
import { unitPriceCents } from '../../lib/money';
import { kill, post, startProcess, startSmtp, tempDir, validOrder, waitFor, type Smtp } from './helpers';

/** A copy of content/ in which the first category costs `more` euros more per lead; its price there. */
function contentWithRaisedPrice(more: number): { dir: string; price: number } {
  const dir = tempDir('content');
  fs.cpSync(contentRoot(), dir, { recursive: true });
  const file = path.join(dir, 'categories.json');
  const table = JSON.parse(fs.readFileSync(file, 'utf8')) as { categories: { price: number }[] };
  const price = table.categories[0]!.price + more;
  table.categories[0]!.price = price;
  fs.writeFileSync(file, JSON.stringify(table, null, 2));
  return { dir, price };
}

/** The order's numbers and keys as the database has them. */
async function storedOrders(dataDir: string): Promise<{ number: string; key: string }[]> {
  const client = createClient({ url: `file:${path.join(dataDir, 'orders.db')}` });
  try {
    const { rows } = await client.execute('select number, key from orders order by id');
    return rows.map((row) => ({ number: String(row.number), key: String(row.key) }));
  } finally {
    client.close();
  }
}

/** The order as a page built from the changed content shows it: the first category at its new price. */
function atPrice(order: OrderRequestInput, price: number): OrderRequestInput {
  return {
    ...order,
    lines: order.lines.map((line) => ({ ...line, price: unitPriceCents(price, line.exclusive) })),
  };
}

let smtp: Smtp;
let changed: { dir: string; price: number };

before(async () => {
  smtp = await startSmtp();
  changed = contentWithRaisedPrice(10);
});

after(async () => {
  await smtp.close();
  fs.rmSync(changed.dir, { recursive: true, force: true });
});

describe('prices that differ between the page and the service', () => {
  it('takes no order at the prices the page showed: 409 at prices in its language, nothing stored or mailed', async () => {
    smtp.reset();
    const dataDir = tempDir('orders-prices');
    const service = await startProcess({
      ORDERS_DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      CONTENT_DIR: changed.dir,
    });
    try {
      // Built from content/ as it was: the first category at its old price.
      const shown = { de: validOrder(), en: validOrder({ locale: 'en' }) };
      for (const [locale, order] of Object.entries(shown) as [keyof typeof shown, OrderRequestInput][]) {
        const response = await fetch(`${service.url}/api/orders`, post(order));
        assert.equal(response.status, 409);
        assert.deepEqual(orderErrorSchema.parse(await response.json()).errors, [
          { field: 'prices', message: getDictionary(locale).checkout.errors.pricesChanged },
        ]);
      }
      // The new prices with another VAT rate, or none; and a page from before prices were sent, which says none.
      const current = atPrice(validOrder(), changed.price);
      const otherwise = [
        { ...current, vatRate: current.vatRate! + 1 },
        { ...current, vatRate: undefined },
        { ...current, lines: current.lines.map((line) => ({ ...line, price: undefined })) },
      ];
      for (const order of otherwise) {
        const response = await fetch(`${service.url}/api/orders`, post(order));
        assert.equal(response.status, 409);
        assert.deepEqual(
          orderErrorSchema.parse(await response.json()).errors.map((error) => error.field),
          ['prices'],
        );
      }
      assert.deepEqual(await storedOrders(dataDir), []);

      // The order as a page of the changed content shows it: taken, at the prices it showed.
      const response = await fetch(`${service.url}/api/orders`, post(current));
      assert.equal(response.status, 201);
      const taken = orderAcceptedSchema.parse(await response.json());
      assert.deepEqual(
        taken.lines.map((line) => line.price),
        current.lines.map((line) => line.price),
      );
      assert.equal(
        taken.net,
        current.lines.reduce((sum, line) => sum + line.price! * line.quantity, 0),
      );
      assert.deepEqual(await storedOrders(dataDir), [{ number: taken.orderNumber, key: current.key }]);
      // Its mails go out; had the refused orders queued any, they would have gone out before them.
      await waitFor('the taken order’s mails', () => smtp.mailsOf(taken.orderNumber).length === 1);
      await waitFor('its confirmation', () => smtp.confirmationsOf(taken.orderNumber).length === 1);
      assert.equal(smtp.received.length, 1);
      assert.equal(smtp.confirmations.length, 1);
    } finally {
      await kill(service.child, 'SIGTERM');
    }
  });

  it('answers a retry of an order taken before the prices changed with that order, 200', async () => {
    smtp.reset();
    const dataDir = tempDir('orders-prices-retry');
    const order = validOrder();
    let taken: unknown;
    const beforeDeploy = await startProcess({ ORDERS_DATA_DIR: dataDir, SMTP_URL: smtp.url });
    try {
      const response = await fetch(`${beforeDeploy.url}/api/orders`, post(order));
      assert.equal(response.status, 201);
      taken = await response.json();
    } finally {
      await kill(beforeDeploy.child, 'SIGTERM');
    }

    // The deploy that changed the price; the answer to the order was lost, and the page sends it again.
    const afterDeploy = await startProcess({
      ORDERS_DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      CONTENT_DIR: changed.dir,
    });
    try {
      const retry = await fetch(`${afterDeploy.url}/api/orders`, post(order));
      assert.equal(retry.status, 200);
      assert.deepEqual(await retry.json(), taken, 'the order as it was taken, at its prices');
      // The same lines under a new key are a new order, at prices the service no longer charges.
      const again = await fetch(
        `${afterDeploy.url}/api/orders`,
        post({ ...order, key: crypto.randomUUID() }),
      );
      assert.equal(again.status, 409);
      assert.equal((await storedOrders(dataDir)).length, 1);
    } finally {
      await kill(afterDeploy.child, 'SIGTERM');
    }
  });
});
