// The buyer's confirmation, through the same outbox as the order's mail to the sales team: what it says in
// each language (read from content/), what it never carries (anything a stranger typed), at most three per
// address a day, and none for spam. Sent once across two instances: instances.test.ts.
import assert from 'node:assert/strict';
import path from 'node:path';
import { domainToASCII } from 'node:url';
import { after, before, describe, it } from 'node:test';
import * as cheerio from 'cheerio';
import { BUYER_FIELDS, type Buyer } from '../../lib/checkout/buyer';
import { businessDay } from '../../lib/business-day';
import { formatDay } from '../../lib/checkout/order';
import { orderAcceptedSchema, type OrderRequestInput } from '../../lib/checkout/order-request';
import { orderWords } from '../../lib/checkout/words';
import { getDictionary, getSite } from '../../lib/content';
import { locales } from '../../lib/i18n';
import { fill } from '../../lib/format';
import { formatMoney } from '../../lib/money';
import { createApp } from '../app';
import { mailTransport } from '../mail';
import { startOutbox, type Outbox } from '../outbox';
import { CONFIRMATIONS_PER_DAY, openStore, type Store } from '../store';
import { austrianWithId } from '../../testing/buyers';
import { buyer, post, startSmtp, tempDir, testConfig, validOrder, waitFor, type Smtp } from './helpers';

let store: Store;
let outbox: Outbox;
let smtp: Smtp;
let app: ReturnType<typeof createApp>;
let mailbox = 0;

before(async () => {
  smtp = await startSmtp();
  store = await openStore({ kind: 'sqlite', file: path.join(tempDir('orders-confirm'), 'orders.db') });
  const mail = mailTransport({ kind: 'smtp', url: smtp.url });
  outbox = startOutbox({ store, send: mail.send, retryMaxMs: 200, leaseMs: 60_000 });
  app = createApp({ store, config: testConfig, onMail: outbox.wake });
});

after(async () => {
  await outbox.stop();
  await store.close();
  await smtp.close();
});

/** A buyer address of its own, so that only the limit's test meets the limit. */
function ownAddress(): string {
  return `einkauf-${++mailbox}@kunde.example`;
}

async function place(order: OrderRequestInput) {
  const response = await app.request('/api/orders', post(order));
  assert.equal(response.status, 201, await response.clone().text());
  return orderAcceptedSchema.parse(await response.json());
}

async function confirmationOf(number: string) {
  const [received] = await waitFor(`the confirmation of ${number}`, () => {
    const found = smtp.confirmationsOf(number);
    return found.length > 0 && found;
  });
  return received!;
}

/** The mail's HTML part as a person reads it: its text, and every link and image it has. */
function readHtml(html: string) {
  const $ = cheerio.load(html);
  return {
    text: $('body').text(),
    links: $('a[href]')
      .map((_, a) => $(a).attr('href'))
      .get(),
    images: $('img').length,
    remote: $('[src], link[href]').length,
  };
}

describe('the buyer confirmation', () => {
  for (const locale of locales)
    it(`says in ${locale} what was ordered, at what price, on which terms, and who sells`, async () => {
      const email = ownAddress();
      // German VAT for the German order; reverse charge, with its note, for the Austrian business in English.
      const details = locale === 'de' ? {} : austrianWithId;
      const order = validOrder({
        locale,
        buyer: { ...buyer, ...details, email, poNumber: 'PO-2026/0042' },
      });
      const accepted = await place(order);
      const { to, mail } = await confirmationOf(accepted.orderNumber);
      const dict = getDictionary(locale).checkout;
      const site = getSite();
      const money = (cents: number) => formatMoney(cents, locale);
      const html = readHtml(String(mail.html));
      const text = mail.text ?? '';

      assert.deepEqual(to, [email]);
      assert.equal(mail.replyTo?.value[0]?.address, site.email, 'answers go to the sales team');
      const stored = (await store.listOrders()).find((o) => o.number === accepted.orderNumber)!;
      const expected = [
        accepted.orderNumber,
        // The day in Germany, where the seller is: after 23:00 UTC in winter it is already the next one.
        formatDay(businessDay(stored.createdAt), locale),
        order.quote,
        'PO-2026/0042',
        orderWords(locale).names[order.lines[0]!.category]!,
        dict.confirmationMail.exclusive,
        dict.confirmationMail.shared,
        ...stored.lines.flatMap((line) => [line.area, money(line.price), money(line.total)]),
        money(accepted.net),
        money(accepted.vat),
        money(accepted.gross),
        ...(locale === 'de' ? [] : [dict.vatNotes.reverseCharge]),
        dict.quote.payment,
        dict.quote.delivery,
        site.links.terms,
        site.seller.legalName,
        fill(dict.quote.seat, { seat: site.seller.seat }),
        site.seller.vatId,
      ];
      for (const part of expected) {
        assert.ok(text.includes(part), `the text has ${part}`);
        assert.ok(html.text.includes(part), `the HTML has ${part}`);
      }
      // The seller's country in the mail's language: the English mail has no German word for it.
      const germany = (language: string) => new Intl.DisplayNames([language], { type: 'region' }).of('DE')!;
      assert.ok(text.includes(germany(locale)), `the seller in ${germany(locale)}`);
      if (locale === 'en') assert.ok(!text.includes(germany('de')), `no ${germany('de')} in English`);
      // The subject says what it is: the acknowledgment of receipt, not the confirmation that makes the contract.
      assert.equal(
        mail.subject,
        fill(dict.confirmationMail.subject, { number: accepted.orderNumber, brand: site.brand }),
      );
      // Sent by a machine: no out-of-office answers it.
      assert.equal(mail.headers.get('auto-submitted'), 'auto-generated');
      assert.deepEqual(html.links, [site.links.terms], 'one link: the terms');
      assert.equal(html.images, 0, 'no images');
      assert.equal(html.remote, 0, 'nothing loaded from anywhere');
    });

  it('carries no word the buyer typed, only a PO number of the strict form', async () => {
    const stranger: Buyer = {
      ...buyer,
      company: 'Gratis Leads https://evil.example/claim',
      name: 'Klicken Sie hier www.evil.example',
      email: ownAddress(),
      phone: '+49 30 555 0199',
      street: 'Phishingweg 7',
      postcode: '80331',
      city: 'Betrugsstadt',
      vatId: '',
      poNumber: 'evil.example/win',
      invoiceEmail: 'rechnung@evil.example',
    };
    const accepted = await place(validOrder({ buyer: stranger }));
    const { mail } = await confirmationOf(accepted.orderNumber);
    const html = readHtml(String(mail.html));
    for (const field of BUYER_FIELDS) {
      const value = stranger[field];
      if (field === 'country' || value === '') continue;
      assert.ok(!(mail.text ?? '').includes(value), `the text leaves out ${field}`);
      assert.ok(!html.text.includes(value), `the HTML leaves out ${field}`);
      assert.ok(!(mail.subject ?? '').includes(value), `the subject leaves out ${field}`);
    }
    assert.ok(!(mail.text ?? '').includes('evil'), 'no part of a URL the buyer typed');
    assert.deepEqual(html.links, [getSite().links.terms]);
  });

  it(`goes at most ${CONFIRMATIONS_PER_DAY} times a day to one address; later orders are taken and shown as skipped`, async () => {
    const email = ownAddress();
    const numbers: string[] = [];
    const answers: (boolean | undefined)[] = [];
    // The same address in other capitals, or with a tag after `+`, is the same mailbox.
    const [local, domain] = email.split('@');
    const spellings = [email, email.toUpperCase(), `${local}+angebot@${domain}`, `${local}+2@${domain}`];
    for (let i = 0; i <= CONFIRMATIONS_PER_DAY; i++) {
      const accepted = await place(
        validOrder({ buyer: { ...buyer, email: spellings[i % spellings.length]! } }),
      );
      numbers.push(accepted.orderNumber);
      answers.push(accepted.confirmationMail);
    }
    // The checkout is told, so that its page says a mail is on its way only when one is.
    assert.deepEqual(answers, [...Array(CONFIRMATIONS_PER_DAY).fill(true), false]);
    await waitFor('every mail sent', async () => (await store.mailCounts()).pending === 0);
    const counts = numbers.map((number) => smtp.confirmationsOf(number).length);
    assert.deepEqual(counts, [...Array(CONFIRMATIONS_PER_DAY).fill(1), 0]);
    for (const number of numbers) assert.equal(smtp.mailsOf(number).length, 1, 'the sales team gets each');
    const last = (await store.listOrders()).find((order) => order.number === numbers.at(-1))!;
    assert.equal(last.confirmationSkipped, 'limit');
    assert.equal(last.confirmation, null);
  });

  it('reaches an address at an internationalised domain, and counts its spellings as one mailbox', async () => {
    const domain = 'müller-bau.example';
    // An address with its domain as DNS and SMTP know it, from Node's own IDNA conversion.
    const asciiOf = (address: string) => {
      const at = address.lastIndexOf('@');
      return `${address.slice(0, at)}@${domainToASCII(address.slice(at + 1))}`;
    };
    const email = `einkauf@${domain}`;
    const spellings = [email, asciiOf(email), `einkauf@${domain.toUpperCase()}`, email];
    const accepted = [];
    for (const address of spellings)
      accepted.push(await place(validOrder({ buyer: { ...buyer, email: address } })));
    // The service's own check took each (201 in `place`); the fourth is past the day's limit for that mailbox.
    assert.deepEqual(
      accepted.map((each) => each.confirmationMail),
      [...Array(CONFIRMATIONS_PER_DAY).fill(true), false],
    );
    // nodemailer sends the ASCII form; the test server shows the domain decoded again: the same mailbox.
    const { to, mail } = await confirmationOf(accepted[0]!.orderNumber);
    assert.deepEqual(to.map(asciiOf), [asciiOf(email)]);
    assert.ok(mail.subject?.includes(accepted[0]!.orderNumber));
  });

  it(`counts orders to one address sent at once: ${CONFIRMATIONS_PER_DAY} confirmations of ten`, async () => {
    const email = ownAddress();
    const accepted = await Promise.all(
      Array.from({ length: 10 }, () => place(validOrder({ buyer: { ...buyer, email } }))),
    );
    const told = accepted.filter((each) => each.confirmationMail).length;
    assert.equal(told, CONFIRMATIONS_PER_DAY, 'the checkout is told of a confirmation this often');
    await waitFor('every mail sent', async () => (await store.mailCounts()).pending === 0);
    const sent = accepted.flatMap((each) => smtp.confirmationsOf(each.orderNumber));
    assert.equal(sent.length, CONFIRMATIONS_PER_DAY);
  });

  it('is not sent for spam, and neither is the mail to the sales team', async () => {
    const accepted = await place(
      validOrder({ buyer: { ...buyer, email: ownAddress() }, website: 'https://spam.example' }),
    );
    await waitFor('every mail sent', async () => (await store.mailCounts()).pending === 0);
    const stored = (await store.listOrders()).find((order) => order.number === accepted.orderNumber)!;
    assert.equal(stored.spam, 'honeypot');
    assert.equal(stored.confirmation, null);
    assert.equal(stored.mail, null);
    assert.equal(smtp.confirmationsOf(accepted.orderNumber).length, 0);
  });
});
