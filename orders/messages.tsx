/** @jsxImportSource hono/jsx */
import { randomBytes } from 'node:crypto';
import { Fragment } from 'hono/jsx';
import {
  formatDay,
  orderText,
  summarizeOrder,
  type OrderRow,
  type OrderSummary,
} from '../lib/checkout/order';
import { businessDay } from '../lib/business-day';
import { asciiDomain } from '../lib/checkout/buyer';
import { quoteIssueDay } from '../lib/checkout/order-request';
import { orderWords } from '../lib/checkout/words';
import { splitGroupKey, type CartItem } from '../lib/cart/rules';
import { getSite } from '../lib/content';
import { fill } from '../lib/format';
import { HOME_COUNTRY } from '../lib/checkout/vat';
import { intlLocales, type Locale } from '../lib/i18n';
import { formatMoney } from '../lib/money';
import type { MailMessage, NewOrder, OrderMails } from './store';

/**
 * The two mails of an order, made from what the service stored: the order to the sales team (the buyer's own
 * words, to the shop's own address) and the confirmation to the buyer. The confirmation carries only what the
 * shop wrote (lines, totals, terms, the AGB link, the seller's details) and a PO number that passes
 * `PO_NUMBER`: anyone can type anyone's address into the checkout, so nothing a stranger wrote reaches it.
 */

/** The order as stored: enough to put both mails into words again (e.g. when an order is found not to be spam). */
export type MailableOrder = Pick<
  NewOrder,
  'createdAt' | 'locale' | 'quote' | 'buyer' | 'lines' | 'net' | 'vat' | 'gross' | 'vatRate'
> & {
  number: string;
};

/**
 * A purchase order number as purchasing systems make them: letters, digits, `-`, `/` and `_`, at least one
 * digit, at most 30 characters. No dots, spaces or `@`, so a mail program never shows it as a link or an address.
 */
export const PO_NUMBER = /^(?=[^\d]*\d)[A-Za-z0-9][A-Za-z0-9/_-]{0,29}$/;

export interface MailOptions {
  mailFrom: string | undefined;
  /** Where the desk's order pages are, e.g. `https://www.leadwerk.de/desk`; the seller's mail links to the order. */
  deskUrl: string | undefined;
}

/** The cart lines an order's rows were grouped from (one per row): its category, kind and area are in its key. */
function itemsOf(rows: readonly OrderRow[]): CartItem[] {
  return rows.map((row) => ({
    ...splitGroupKey(row.key),
    id: row.key,
    price: row.price,
    quantity: row.quantity,
  }));
}

/** The German VAT rate an order was priced at; for an order from before it was kept, the current one. */
export function orderVatRate(order: Pick<MailableOrder, 'vatRate'>): number {
  return order.vatRate ?? getSite().facts.vatRate;
}

/** The order's summary in its language, with the totals as the service computed and stored them. */
function storedSummary(order: MailableOrder): OrderSummary {
  const summary = summarizeOrder(
    itemsOf(order.lines),
    order.buyer,
    orderVatRate(order),
    orderWords(order.locale),
  );
  return {
    ...summary,
    rows: order.lines,
    totals: { ...summary.totals, net: order.net, vat: order.vat, gross: order.gross },
  };
}

const deskLink: Record<Locale, string> = {
  de: 'Intern – die Bestellung im Desk: {url}',
  en: 'Internal – the order in the desk: {url}',
};
/**
 * Below the buyer's text, which names only the quote: the order's number and when it came in, for a mail that
 * arrives late (tried again for hours, or let through as "not spam" days later) or is forwarded or printed.
 */
const receivedLine: Record<Locale, string> = {
  de: 'Intern – Auftrag {number}, eingegangen am {time}',
  en: 'Internal – order {number}, received {time}',
};
/** The amount in the subject, said to be gross: the desk's list shows net. */
const subjectAmount: Record<Locale, string> = { de: '{amount} brutto', en: '{amount} gross' };
/** The longest company name the subject carries: on a phone the rest would push the quote's number out of sight. */
const SUBJECT_COMPANY_LENGTH = 40;

function deskOrderUrl(deskUrl: string, number: string): string {
  return `${deskUrl.replace(/\/+$/, '')}/orders/${encodeURIComponent(number)}`;
}

function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1);
}

/**
 * A mail's Message-ID: the order number, what the mail is, and a random part. It is made once, when the mail is
 * queued, so every try of one mail carries the same. The random part keeps it unique where the number is not: a
 * database restored from a backup gives numbers again that mails went out under, and a mail program shows a mail
 * with an ID it has seen as that earlier mail.
 */
function messageId(number: string, what: string, address: string): string {
  return `<${number}${what}.${randomBytes(8).toString('hex')}@${domainOf(address)}>`;
}

/**
 * The buyer's address as the confirmations' daily limit counts it: keyed-hashed, capitals alike, without a
 * subaddress (`einkauf+1@…` is `einkauf@…`'s mailbox at most providers), and with the domain in its ASCII form
 * (`müller-bau.de` is `xn--mller-bau-q9a.de`), so that neither tags nor spellings multiply the limit.
 */
export function confirmationRecipient(address: string, hash: (text: string) => string): string {
  const mailbox = address.trim().toLowerCase();
  const at = mailbox.lastIndexOf('@');
  const local = mailbox.slice(0, at);
  const plus = local.indexOf('+');
  return hash(`${plus > 0 ? local.slice(0, plus) : local}@${asciiDomain(mailbox.slice(at + 1))}`);
}

/** Both mails of an order that is not spam; `recipient` hashes the buyer's address for the daily limit. */
export function orderMails(
  order: MailableOrder,
  options: MailOptions,
  recipient: (address: string) => string,
): OrderMails {
  const site = getSite();
  const words = orderWords(order.locale);
  const summary = storedSummary(order);
  const text = orderText(summary, { number: order.quote, date: quoteIssueDay(order.quote) }, words);
  const from = options.mailFrom ?? { name: site.brand, address: site.email };
  const received = new Intl.DateTimeFormat(intlLocales[order.locale], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    // 'numeric', not '2-digit': English writes a 12-hour time as 9:18 PM, not 09:18 PM; German as 21:18 either way.
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Europe/Berlin',
    timeZoneName: 'short',
  }).format(order.createdAt);
  const internal = [
    fill(receivedLine[order.locale], { number: order.number, time: received }),
    ...(options.deskUrl
      ? [fill(deskLink[order.locale], { url: deskOrderUrl(options.deskUrl, order.number) })]
      : []),
  ];
  // Without invisible format characters (a right-to-left override, a zero-width space), which could reorder how
  // the subject shows, and shortened.
  const company = [...summary.buyer.company.replace(/\p{Cf}/gu, '')];
  const shortCompany =
    company.length > SUBJECT_COMPANY_LENGTH
      ? `${company
          .slice(0, SUBJECT_COMPANY_LENGTH - 1)
          .join('')
          .trimEnd()}…`
      : company.join('');
  const seller: MailMessage = {
    from,
    to: site.email,
    replyTo: summary.buyer.email,
    // What the sales team sorts the inbox by: the order's number and its amount, which are the shop's, first; then
    // the company, which the buyer typed (an amount in it comes after the real one), and the quote.
    subject: [
      order.number,
      fill(subjectAmount[order.locale], { amount: formatMoney(summary.totals.gross, order.locale) }),
      shortCompany,
      text.subject,
    ].join(' · '),
    // The internal lines last, marked as such: a reply to the buyer (Reply-To) quotes the whole mail.
    text: `${text.body}\n\n${internal.join('\n')}`,
    messageId: messageId(order.number, '', site.email),
    orderNumber: order.number,
    kind: 'seller',
  };
  const to = summary.buyer.email;
  return {
    seller,
    buyer: {
      message: confirmationMail(order, summary, from, to),
      recipient: confirmationRecipient(to, recipient),
    },
  };
}

interface ConfirmationParts {
  subject: string;
  greeting: string;
  intro: string;
  facts: string[];
  linesHeading: string;
  lines: string[];
  notes: string[];
  totals: [string, string][];
  vatNote: string;
  termsHeading: string;
  terms: string[];
  termsLink: string;
  termsUrl: string;
  questions: string;
  notYou: string;
  closing: string;
  sellerHeading: string;
  seller: string[];
}

/** What the confirmation says, in the order's language: the shop's words only, and a PO number if it passes. */
function confirmationParts(order: MailableOrder, summary: OrderSummary): ConfirmationParts {
  const site = getSite();
  const words = orderWords(order.locale);
  const { strings, locale } = words;
  const m = strings.confirmationMail;
  const q = strings.quote;
  const money = (cents: number) => formatMoney(cents, locale);
  const day = businessDay(order.createdAt);
  const po = summary.buyer.poNumber;
  const { seller } = site;
  return {
    subject: fill(m.subject, { number: order.number, brand: site.brand }),
    greeting: m.greeting,
    intro: m.intro,
    facts: [
      fill(m.orderNumber, { number: order.number }),
      fill(m.orderedOn, { day: formatDay(day, locale) }),
      fill(m.quote, { number: order.quote }),
      ...(PO_NUMBER.test(po) ? [fill(m.poNumber, { poNumber: po })] : []),
    ],
    linesHeading: m.linesHeading,
    lines: summary.rows.map((row) =>
      fill(m.line, {
        quantity: row.quantity,
        name: words.names[splitGroupKey(row.key).category] ?? row.name,
        area: row.area,
        kind: row.exclusive ? m.exclusive : m.shared,
        price: money(row.price),
        lineTotal: money(row.total),
      }),
    ),
    notes: [
      ...(summary.rows.some((row) => !row.exclusive) ? [strings.mail.shared] : []),
      ...(summary.rows.some((row) => row.exclusive) ? [strings.mail.exclusive] : []),
    ],
    totals: [
      [strings.totals.net, money(summary.totals.net)],
      [summary.vatLabel, money(summary.totals.vat)],
      [strings.totals.gross, money(summary.totals.gross)],
    ],
    vatNote: summary.vatNote,
    termsHeading: m.terms,
    terms: [q.payment, q.delivery, q.replacement],
    termsLink: m.termsLink,
    termsUrl: site.links.terms,
    questions: m.questions,
    notYou: m.notYou,
    closing: fill(m.closing, { brand: site.brand }),
    sellerHeading: m.seller,
    seller: [
      seller.legalName,
      seller.street,
      `${seller.postcode} ${seller.city}`,
      words.countryNames[HOME_COUNTRY] ?? HOME_COUNTRY,
      fill(q.seat, { seat: seller.seat }),
      fill(q.register, { court: seller.registerCourt, number: seller.registerNumber }),
      fill(q.vatId, { vatId: seller.vatId }),
      fill(q.directors, { names: seller.managingDirectors.join(', ') }),
      site.email,
    ],
  };
}

function ConfirmationHtml({ parts, lang }: { parts: ConfirmationParts; lang: Locale }) {
  const p = parts;
  return (
    <html lang={lang}>
      <head>
        <meta charset="utf-8" />
        <title>{p.subject}</title>
      </head>
      <body>
        <p>{p.greeting}</p>
        <p>{p.intro}</p>
        <p>
          {p.facts.map((fact) => (
            <Fragment key={fact}>
              {fact}
              <br />
            </Fragment>
          ))}
        </p>
        <h2>{p.linesHeading}</h2>
        <ul>
          {p.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {p.notes.map((note) => (
          <p key={note}>{note}</p>
        ))}
        <table>
          {p.totals.map(([label, value]) => (
            <tr key={label}>
              <th scope="row" align="left">
                {label}
              </th>
              <td align="right">{value}</td>
            </tr>
          ))}
        </table>
        {p.vatNote && <p>{p.vatNote}</p>}
        <h2>{p.termsHeading}</h2>
        {p.terms.map((term) => (
          <p key={term}>{term}</p>
        ))}
        <p>
          {p.termsLink} <a href={p.termsUrl}>{p.termsUrl}</a>
        </p>
        <p>{p.questions}</p>
        <p>{p.notYou}</p>
        <p>
          {p.closing.split('\n').map((line) => (
            <Fragment key={line}>
              {line}
              <br />
            </Fragment>
          ))}
        </p>
        <hr />
        <p>
          <small>
            {p.sellerHeading}: {p.seller.join(' · ')}
          </small>
        </p>
      </body>
    </html>
  );
}

function confirmationMail(
  order: MailableOrder,
  summary: OrderSummary,
  from: MailMessage['from'],
  to: string,
): MailMessage {
  const site = getSite();
  const p = confirmationParts(order, summary);
  const text = [
    p.greeting,
    '',
    p.intro,
    '',
    ...p.facts,
    '',
    `${p.linesHeading}:`,
    ...p.lines,
    '',
    ...p.notes,
    // The totals as a block of their own, not run on from the notes above them.
    ...(p.notes.length > 0 ? [''] : []),
    ...p.totals.map(([label, value]) => `${label}: ${value}`),
    ...(p.vatNote ? [p.vatNote] : []),
    '',
    `${p.termsHeading}:`,
    ...p.terms,
    `${p.termsLink} ${p.termsUrl}`,
    '',
    p.questions,
    p.notYou,
    '',
    p.closing,
    '',
    // The signature separator mail programs know ("-- " with its space), so they can set the seller block apart.
    '-- ',
    `${p.sellerHeading}:`,
    ...p.seller,
  ].join('\n');
  return {
    from,
    to,
    // Answers go to the sales team, never to the shop's sender.
    replyTo: site.email,
    subject: p.subject,
    text,
    html: `<!doctype html>${String(<ConfirmationHtml parts={p} lang={order.locale} />)}`,
    messageId: messageId(order.number, '.confirmation', site.email),
    orderNumber: order.number,
    kind: 'buyer',
  };
}
