import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { domainToASCII, domainToUnicode } from 'node:url';
import { Kysely, Migrator, PostgresDialect, sql, type Migration } from 'kysely';
import pg from 'pg';
import { businessDay, businessYear, dayEnd, dayStart, yearStart } from '../lib/business-day';
import { BUYER_FIELDS, EMPTY_BUYER, type Buyer } from '../lib/checkout/buyer';
import { splitGroupKey } from '../lib/cart/rules';
import type { OrderRow } from '../lib/checkout/order';
import type { Locale } from '../lib/i18n';
import type { OrdersConfig } from './config';
import { LibsqlDialect } from './libsql-dialect';

/**
 * Where orders and their mails live: one Kysely module over SQLite or Postgres, one migration list. An order
 * and its mail are written in one transaction (the outbox); the worker in outbox.ts sends what is due.
 * Times are ISO 8601 strings in UTC, which sort as text the same in both databases.
 */

interface OrdersTable {
  id: Generated;
  /** LW-YYYYMMDD-NNNNNN, set in the transaction that inserts the row. */
  number: string | null;
  key: string;
  created_at: string;
  locale: string;
  quote: string;
  /** JSON: the billing details, cleaned. */
  buyer: string;
  /** JSON: the rows as the order's mail shows them. */
  lines: string;
  net: number;
  vat: number;
  gross: number;
  vat_case: string;
  /** The German VAT rate the order was priced at, in hundredths of a percent (1900); null before it was kept. */
  vat_rate: number | null;
  /** Why the order counts as spam, or null. */
  spam: string | null;
  /** SHA-256 of what the request asked for (lines, details, language, quote): the same key must ask the same. */
  request_hash: string | null;
  /** A keyed hash (HMAC) of the client's address, for the rate limit; cleared after a day. */
  client: string | null;
  /** When its buyer's details were erased, or null. */
  erased_at: string | null;
  /** Why the buyer got no confirmation although the order is not spam ('limit'), or null. */
  confirmation_skipped: string | null;
  /** Where the sales team is with it (ORDER_STATUSES). */
  status: import('kysely').Generated<OrderStatus>;
}

interface OutboxTable {
  id: Generated;
  order_id: number;
  /** JSON: a MailMessage. */
  message: string;
  attempts: number;
  next_attempt_at: string;
  sent_at: string | null;
  last_error: string | null;
  /** The worker's claim on the mail for one try (a fencing token): only its holder marks the try's end. */
  lease_token: string | null;
  /** When the mail was given up (a permanent refusal, or too many tries); not tried again on its own. */
  failed_at: string | null;
  /** Since when the mail waits: its order's time, or when `retry` queued it again. */
  queued_at: string | null;
  /** 'seller' (the order to the sales team) or 'buyer' (the buyer's confirmation). */
  kind: MailKind;
  /** The confirmation's recipient as a keyed hash, for the limit per address; null for the seller's mail. */
  recipient: string | null;
  /** When the mail was first queued; the limit counts confirmations by it. */
  created_at: string | null;
  /**
   * When the mail was given up: by a sales person (a failed mail nobody will send), or because its order was
   * erased or marked as spam. A given-up mail is failed no more: health and the desk's failed filter leave it out.
   */
  given_up_at: string | null;
}

interface SettingsTable {
  name: string;
  value: string;
}

/** A staff account of the desk: the name and its scrypt hash (desk/auth.ts). */
interface UsersTable {
  name: string;
  password: string;
  created_at: string;
}

/** A signed-in browser: the SHA-256 of its cookie's random id, never the id. */
interface SessionsTable {
  id: string;
  name: string;
  created_at: string;
  seen_at: string;
}

/** A wrong password for a name (which may not exist), for the lock-out. */
interface SignInFailuresTable {
  id: Generated;
  name: string;
  at: string;
}

/** What happened to an order in the desk, and who did it: status changes, notes, retries, spam, erasure. */
interface EventsTable {
  id: Generated;
  order_id: number;
  at: string;
  who: string;
  kind: EventKind;
  detail: string;
}

/**
 * The words an order is found by (`s:` search terms, `i:` its industries), each pointing at the order, and which
 * form of the search words it has (`TERMS_VERSION`).
 */
interface OrderTermsTable {
  term: string;
  order_id: number;
}

type Generated = import('kysely').Generated<number>;

interface Database {
  orders: OrdersTable;
  outbox: OutboxTable;
  settings: SettingsTable;
  users: UsersTable;
  sessions: SessionsTable;
  sign_in_failures: SignInFailuresTable;
  events: EventsTable;
  order_terms: OrderTermsTable;
}

type Kind = OrdersConfig['database']['kind'];

/** Every change to the tables, in order; the Migrator runs those a database has not had yet. */
function migrations(kind: Kind): Record<string, Migration> {
  const id = kind === 'postgres' ? 'serial' : 'integer';
  return {
    '001-orders-and-outbox': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('orders')
          .addColumn('id', id, (column) =>
            kind === 'sqlite' ? column.primaryKey().autoIncrement() : column.primaryKey(),
          )
          .addColumn('number', 'text', (column) => column.unique())
          .addColumn('key', 'text', (column) => column.notNull().unique())
          .addColumn('created_at', 'text', (column) => column.notNull())
          .addColumn('locale', 'text', (column) => column.notNull())
          .addColumn('quote', 'text', (column) => column.notNull())
          .addColumn('buyer', 'text', (column) => column.notNull())
          .addColumn('lines', 'text', (column) => column.notNull())
          .addColumn('net', 'integer', (column) => column.notNull())
          .addColumn('vat', 'integer', (column) => column.notNull())
          .addColumn('gross', 'integer', (column) => column.notNull())
          .addColumn('vat_case', 'text', (column) => column.notNull())
          .addColumn('spam', 'text')
          .execute();
        await db.schema
          .createTable('outbox')
          .addColumn('id', id, (column) =>
            kind === 'sqlite' ? column.primaryKey().autoIncrement() : column.primaryKey(),
          )
          .addColumn('order_id', 'integer', (column) => column.notNull().references('orders.id'))
          .addColumn('message', 'text', (column) => column.notNull())
          .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
          .addColumn('next_attempt_at', 'text', (column) => column.notNull())
          .addColumn('sent_at', 'text')
          .addColumn('last_error', 'text')
          .execute();
        await db.schema
          .createIndex('outbox_due')
          .on('outbox')
          .columns(['sent_at', 'next_attempt_at'])
          .execute();
      },
    },
    '002-leases-states-and-retention': {
      async up(db: Kysely<unknown>) {
        for (const column of ['request_hash', 'client', 'erased_at'])
          await db.schema.alterTable('orders').addColumn(column, 'text').execute();
        for (const column of ['lease_token', 'failed_at', 'queued_at'])
          await db.schema.alterTable('outbox').addColumn(column, 'text').execute();
        await sql`update outbox set queued_at = (select created_at from orders where orders.id = outbox.order_id)`.execute(
          db,
        );
        await db.schema.createIndex('orders_client').on('orders').columns(['client', 'created_at']).execute();
        await db.schema.createIndex('orders_created').on('orders').column('created_at').execute();
        // One secret for every instance on this database: the key of the client addresses' hashes.
        await db.schema
          .createTable('settings')
          .addColumn('name', 'text', (column) => column.primaryKey())
          .addColumn('value', 'text', (column) => column.notNull())
          .execute();
        await sql`insert into settings (name, value) values ('client_key', ${randomBytes(32).toString('hex')})`.execute(
          db,
        );
      },
    },
    '003-buyer-confirmation': {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('orders').addColumn('confirmation_skipped', 'text').execute();
        await db.schema
          .alterTable('outbox')
          .addColumn('kind', 'text', (column) => column.notNull().defaultTo('seller'))
          .execute();
        for (const column of ['recipient', 'created_at'])
          await db.schema.alterTable('outbox').addColumn(column, 'text').execute();
        await db.schema.createIndex('outbox_order').on('outbox').columns(['order_id', 'kind']).execute();
        await db.schema
          .createIndex('outbox_recipient')
          .on('outbox')
          .columns(['recipient', 'created_at'])
          .execute();
      },
    },
    '004-desk': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('orders')
          .addColumn('status', 'text', (column) => column.notNull().defaultTo('new'))
          .execute();
        await db.schema.createIndex('orders_status').on('orders').columns(['status', 'id']).execute();
        await db.schema
          .createTable('users')
          .addColumn('name', 'text', (column) => column.primaryKey())
          .addColumn('password', 'text', (column) => column.notNull())
          .addColumn('created_at', 'text', (column) => column.notNull())
          .execute();
        await db.schema
          .createTable('sessions')
          .addColumn('id', 'text', (column) => column.primaryKey())
          .addColumn('name', 'text', (column) => column.notNull())
          .addColumn('created_at', 'text', (column) => column.notNull())
          .addColumn('seen_at', 'text', (column) => column.notNull())
          .execute();
        await db.schema.createIndex('sessions_name').on('sessions').column('name').execute();
        await db.schema
          .createTable('sign_in_failures')
          .addColumn('id', id, (column) =>
            kind === 'sqlite' ? column.primaryKey().autoIncrement() : column.primaryKey(),
          )
          .addColumn('name', 'text', (column) => column.notNull())
          .addColumn('at', 'text', (column) => column.notNull())
          .execute();
        await db.schema
          .createIndex('sign_in_failures_name')
          .on('sign_in_failures')
          .columns(['name', 'at'])
          .execute();
        await db.schema
          .createTable('events')
          .addColumn('id', id, (column) =>
            kind === 'sqlite' ? column.primaryKey().autoIncrement() : column.primaryKey(),
          )
          .addColumn('order_id', 'integer', (column) => column.notNull())
          .addColumn('at', 'text', (column) => column.notNull())
          .addColumn('who', 'text', (column) => column.notNull())
          .addColumn('kind', 'text', (column) => column.notNull())
          .addColumn('detail', 'text', (column) => column.notNull())
          .execute();
        await db.schema.createIndex('events_order').on('events').columns(['order_id', 'id']).execute();
        await db.schema
          .createTable('order_terms')
          // Byte order in Postgres too, so that a range of terms is exactly the words with a prefix.
          .addColumn('term', 'text', (column) =>
            kind === 'postgres' ? column.notNull().modifyEnd(sql`collate "C"`) : column.notNull(),
          )
          .addColumn('order_id', 'integer', (column) => column.notNull())
          .execute();
        await db.schema
          .createIndex('order_terms_term')
          .on('order_terms')
          .columns(['term', 'order_id'])
          .execute();
        await db.schema.createIndex('order_terms_order').on('order_terms').column('order_id').execute();
        // The orders taken before the desk become findable too.
        const { rows } = await sql<{
          id: number;
          number: string | null;
          buyer: string;
          lines: string;
        }>`select id, number, buyer, lines from orders`.execute(db);
        for (const row of rows) {
          const terms = orderTerms(
            row.number ?? '',
            JSON.parse(row.buyer) as Buyer,
            JSON.parse(row.lines) as OrderRow[],
          );
          for (const term of terms)
            await sql`insert into order_terms (term, order_id) values (${term}, ${Number(row.id)})`.execute(
              db,
            );
        }
      },
    },
    // The VAT rate each order was priced at: its mails written later (an order let through as "not spam") and the
    // desk name the rate of its VAT, not the one in force since.
    '005-vat-rate': {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('orders').addColumn('vat_rate', 'integer').execute();
      },
    },
    // A failed mail can be given up, so that the failed count (health's alert) returns to 0. The unsent mails of
    // orders erased or held as spam before are given up from then on: those an erasure or a spam mark failed, and
    // those that had failed already (a mailbox refused them) when the order was marked.
    '006-given-up-mails': {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('outbox').addColumn('given_up_at', 'text').execute();
        await sql`update outbox set given_up_at = failed_at where sent_at is null and failed_at is not null and order_id in (select id from orders where spam is not null or erased_at is not null)`.execute(
          db,
        );
      },
    },
  };
}

/** The order's mail to the sales team, or the buyer's confirmation. */
export type MailKind = 'seller' | 'buyer';

/** A mail as the outbox keeps it until it is sent; once sent, its body is cleared (only '{}' stays). */
export interface MailMessage {
  from: string | { name: string; address: string };
  to: string;
  replyTo: string;
  subject: string;
  text: string;
  /** A simple HTML part beside the text (the confirmation), with no remote images. */
  html?: string;
  /**
   * `<order number.random@domain>`, made when the mail is queued: the same on every try, so a mail sent twice is one
   * mail to the reader, and never one an earlier mail had (messages.tsx).
   */
  messageId: string;
  orderNumber: string;
  /** Absent in mails queued before confirmations existed: the seller's. */
  kind?: MailKind;
}

/** An order's mails, made once its number is known. */
export interface OrderMails {
  seller: MailMessage;
  /** The confirmation, with its recipient's keyed hash (`clientHash` of the address) for the limit. */
  buyer?: { message: MailMessage; recipient: string };
}

/** Confirmations one address gets at most in 24 hours; later orders are still taken, without one. */
export const CONFIRMATIONS_PER_DAY = 3;

/**
 * Where the sales team is with an order: new → confirmed → in delivery → completed, or cancelled before that. A
 * status that is not final may go one step back, to mend a slip of the hand: a status change sends no mail, so
 * nothing has told the buyer of it. Completed and cancelled are final.
 */
export const ORDER_STATUSES = ['new', 'confirmed', 'inDelivery', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const TRANSITIONS = {
  new: ['confirmed', 'cancelled'],
  confirmed: ['inDelivery', 'new', 'cancelled'],
  inDelivery: ['completed', 'confirmed', 'cancelled'],
  completed: [],
  cancelled: [],
} as const satisfies Record<OrderStatus, readonly OrderStatus[]>;

/** The statuses each status may change to. */
export const NEXT_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = TRANSITIONS;

/** A status nothing follows (completed, cancelled): the desk asks before it sets one. */
export type FinalStatus = {
  [S in OrderStatus]: (typeof TRANSITIONS)[S] extends readonly [] ? S : never;
}[OrderStatus];

export function isFinalStatus(status: OrderStatus): status is FinalStatus {
  return NEXT_STATUSES[status].length === 0;
}

/** Whether `to` is the status before `from`, which undoes a change (cancelled is no step back). */
export function isStepBack(from: OrderStatus, to: OrderStatus): boolean {
  return to !== 'cancelled' && ORDER_STATUSES.indexOf(to) < ORDER_STATUSES.indexOf(from);
}

/**
 * A status change as the desk asks for it: from the status it showed, to the one chosen. `seen` is how many status
 * changes its history showed, so that a status changed away and back meanwhile (confirmed, then in delivery, then
 * confirmed again) still counts as changed.
 */
export type StatusChange = { from: OrderStatus; to: OrderStatus; seen?: number };

export function isOrderStatus(value: unknown): value is OrderStatus {
  return (ORDER_STATUSES as readonly unknown[]).includes(value);
}

export type EventKind = 'status' | 'note' | 'retry' | 'giveUp' | 'spam' | 'notSpam' | 'erase';

export interface OrderEvent {
  at: string;
  who: string;
  kind: EventKind;
  detail: string;
}

/**
 * Whether the desk offers to mark an order as spam, by the rule `markSpam` holds in the database: not spam yet, not
 * erased, new and never worked on (new again after a step back was worked on).
 */
export function mayMarkSpam(order: StoredOrder, events: readonly OrderEvent[]): boolean {
  return order.spam === null && !order.erased && order.status === 'new' && statusChanges(events) === 0;
}

/** How many times an order's status changed, by its history: what a status form sends as `seen` (`StatusChange`). */
export function statusChanges(events: readonly OrderEvent[]): number {
  return events.filter((event) => event.kind === 'status').length;
}

/** One page of the desk's list, and whether another follows. */
export interface OrderPage {
  orders: StoredOrder[];
  more: boolean;
}

/** The desk's filter of the list. Dates are days in Germany (YYYY-MM-DD), both included. */
export interface OrderFilter {
  status?: OrderStatus;
  from?: string;
  to?: string;
  industry?: string;
  /** Words of a number, company, e-mail address or PO number; each must begin a word the order has. */
  q?: string;
  /** Spam is left out unless this is set: `true` shows it with the rest, `'only'` shows nothing else. */
  spam?: boolean | 'only';
  /** Only orders with a mail that failed: the ones the sales team has to act on. */
  mailFailed?: boolean;
}

/** Orders per page of the desk's list. */
export const PAGE_SIZE = 50;

/** Orders indexed anew in one transaction as the service starts (`indexOrders`). */
const INDEX_BATCH = 200;

const wordSegmenter = new Intl.Segmenter('de', { granularity: 'word' });

/**
 * A word as the search keeps and looks it up, so that each way of writing a German name finds the others:
 * „Müller“, „Mueller“ and „Muller“ are all `muller`, „Weiß“ and „Weiss“ `weiss`. German readers take ä for ae
 * (DIN 5007-2), and on an English keyboard type a; so umlauts and other accents lose their marks, ß becomes ss,
 * and ae, oe and ue become a, o and u. The folded form of a word's beginning begins its folded form, so prefixes
 * still find. A word that merely looks alike (Michal for Michael) is found too: a desk lists a few orders more.
 */
export function searchForm(word: string): string {
  return word
    .toLowerCase()
    .replaceAll('ß', 'ss')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/([aou])e/g, '$1');
}

/** The words of a text, in their search form (`searchForm`), as the search keeps and looks them up. */
export function searchWords(text: string): string[] {
  return [...wordSegmenter.segment(text.toLowerCase())]
    .filter((segment) => segment.isWordLike)
    .map((segment) => searchForm(segment.segment));
}

/**
 * The term every order indexed with the current search form has. The service indexes anew, as it starts, each
 * order without it: those indexed before the words were folded, or by an older instance during a rolling deploy.
 */
export const TERMS_VERSION = 'v:4';

/**
 * An address with its domain as people read it, so that either way a buyer or a mail program writes it finds the
 * other: `einkauf@xn--grtnerei-khler-5hb11a.example` is `einkauf@gärtnerei-köhler.example`. What is no domain in IDNA's
 * ASCII form stays as it is.
 */
function readableAddress(text: string): string {
  return withDomain(text, domainToUnicode);
}

/** An address with its domain in IDNA's ASCII form, as mail headers write it; what is no domain stays as it is. */
function asciiAddress(text: string): string {
  return withDomain(text, domainToASCII);
}

/** The address with its domain converted; as it is where there is none, or the conversion refuses it (''). */
function withDomain(text: string, convert: (domain: string) => string): string {
  const at = text.lastIndexOf('@');
  const domain = at < 0 ? '' : convert(text.slice(at + 1));
  return domain ? `${text.slice(0, at + 1)}${domain}` : text;
}

/** The category ids of an order's rows, each once, from the rows' group keys (lib/cart/rules.ts). */
export function categoriesOf(rows: readonly OrderRow[]): string[] {
  return [...new Set(rows.map((row) => splitGroupKey(row.key).category))];
}

/**
 * What an order is found by: its number, its company and each of the company's words, its e-mail addresses and
 * its PO number (`s:`, in their search form), and its industries (`i:`). Prefix lookups on one index answer the
 * desk's search.
 */
export function orderTerms(number: string, buyer: Buyer, lines: readonly OrderRow[]): string[] {
  const terms = new Set<string>([TERMS_VERSION]);
  const addresses = [buyer.email, buyer.invoiceEmail];
  for (const text of [number, buyer.company, ...addresses.map(readableAddress), buyer.poNumber]) {
    const whole = searchForm(text.trim());
    if (whole) terms.add(`s:${whole}`.slice(0, 200));
    for (const word of searchWords(text)) terms.add(`s:${word}`.slice(0, 200));
  }
  // Each address in its ASCII form too, whole, so that a search typed as a mail header writes it finds it by any
  // beginning (`einkauf@xn--grtn`); its words (`xn`, `5hb11a`) would only find unrelated orders.
  for (const text of addresses) {
    const whole = searchForm(asciiAddress(text.trim()));
    if (whole) terms.add(`s:${whole}`.slice(0, 200));
  }
  for (const category of categoriesOf(lines)) terms.add(`i:${category}`);
  return [...terms];
}

/** The terms a search looks up, each a prefix in its search form: an address whole, anything else word by word. */
export function queryTerms(q: string): string[] {
  const text = q.trim();
  if (text === '') return [];
  // An address as typed: the order keeps it in both of its domain's forms (`orderTerms`).
  if (text.includes('@')) return [`s:${searchForm(text)}`];
  // Every word counts, short ones too: an order has to match each, so "PO-2026/17" finds that PO number and not
  // every order whose number begins with 2026.
  return searchWords(text).map((word) => `s:${word}`);
}

export type SpamReason = 'honeypot' | 'tooFast' | 'staff';

export interface NewOrder {
  key: string;
  createdAt: Date;
  locale: Locale;
  quote: string;
  buyer: Buyer;
  lines: OrderRow[];
  net: number;
  vat: number;
  gross: number;
  vatCase: string;
  /**
   * The German VAT rate in percent when the order was taken (`facts.vatRate`), which its mails and the desk name
   * beside its VAT; absent for orders from before it was kept, which then use the current one.
   */
  vatRate?: number;
  spam: SpamReason | null;
  /** What the request asked for, hashed (app.ts): the same key with another request is refused. */
  requestHash: string;
  /** The client address's keyed hash (`clientHash`), for the rate limit. */
  client: string | null;
  /** The buyer's address as the confirmations' daily limit counts it (`confirmationRecipient`), if mailed. */
  recipient?: string;
}

/**
 * Where an order's mail is: sent (at), pending (since), failed (at, with the server's answer), or given up (at, with
 * the last answer, or `erased` or `spam`): failed, and nobody is to send it, so it no longer counts as failed.
 */
export interface MailState {
  state: 'sent' | 'pending' | 'failed' | 'givenUp';
  at: string;
  attempts: number;
  error: string | null;
}

export interface StoredOrder extends Omit<NewOrder, 'requestHash' | 'client' | 'recipient'> {
  number: string;
  requestHash: string | null;
  /** Its mail to the sales team; null for spam, which is not mailed. */
  mail: MailState | null;
  /** The buyer's confirmation; null for spam, and when it was skipped. */
  confirmation: MailState | null;
  /** Why a confirmation was not sent although the order is not spam: too many to this address in a day. */
  confirmationSkipped: 'limit' | null;
  erased: boolean;
  status: OrderStatus;
}

/** A mail one worker holds for one try: `token` fences it, `until` is the lease's end by the database's clock. */
export interface ClaimedMail {
  id: number;
  token: string;
  attempts: number;
  until: Date;
  message: MailMessage;
}

/** The database did not answer (down, restarting, locked, too slow): nothing was stored; try again. */
export class DatabaseUnavailable extends Error {
  constructor(cause: unknown) {
    super(`The database does not answer: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'DatabaseUnavailable';
  }
}

/**
 * The order's transaction ran to its commit, and the database's answer to the commit was lost (the connection
 * broke, the wait ran out): the order may be stored or not. The same request with the same key tells which.
 */
export class OrderOutcomeUnknown extends Error {
  constructor(cause: unknown) {
    super(
      `The database did not confirm the order's commit: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
    this.name = 'OrderOutcomeUnknown';
  }
}

/**
 * A client already sent as many new orders in the window as the rate limit allows: nothing was stored. `oldest` is
 * the first of them, whose leaving the window lets the next one in.
 */
export class TooManyOrders extends Error {
  constructor(readonly oldest: Date) {
    super('Too many orders from this client');
    this.name = 'TooManyOrders';
  }
}

/** How many new orders one client may send since when; the order's transaction counts them. */
export interface OrderLimit {
  max: number;
  since: Date;
}

/**
 * The key of the Postgres advisory lock that each new order's transaction takes first (and "not spam", which may
 * queue a confirmation). Orders are then taken one
 * at a time across all instances, so that the rate limit and the confirmations' daily limit are counted and the
 * order stored in one step: a burst cannot pass a limit before its first orders are stored. An order's
 * transaction is a handful of statements; one at a time is far more than a shop's orders need.
 */
const ORDER_INTAKE_LOCK = 0x4c57_0001;

/** `LW-20261125-000042`: the day in Germany and the row's id. */
export function orderNumber(createdAt: Date, id: number): string {
  return `LW-${businessDay(createdAt).replaceAll('-', '')}-${String(id).padStart(6, '0')}`;
}

/**
 * The start of the first year whose orders are still kept: the period runs from the end of the order's year, the
 * calendar year in Germany (§ 257 (5) HGB, § 147 (4) AO).
 */
export function retentionCutoff(now: Date, years: number): Date {
  return yearStart(businessYear(now) - years);
}

/** A sent or erased mail's body: nothing of the buyer's is left. */
const CLEARED = '{}';
/** An order `prune` deleted: its number, and whether as spam (held or marked `since`) or past its retention. */
export interface PrunedOrder {
  number: string;
  why: 'spam' | 'retention';
  /** When it was held or marked as spam, or when it arrived. */
  since: string;
}

/** Spam is kept this long after it was held or marked, to see what bots send, then deleted. */
export const SPAM_DAYS = 30;
/** The client's hash is kept this long for the rate limit, then cleared. */
const CLIENT_HASH_MS = 24 * 3600_000;
const DAY_MS = 24 * 3600_000;

export type Store = Awaited<ReturnType<typeof openStore>>;

export interface StoreOptions {
  /** Where a pool's error (an idle connection the server closed) is reported; it never ends the process. */
  log?: (line: string) => void;
  /**
   * Whether a database the service never used may be made (the service: true). The owner's commands say false:
   * run without the service's settings, they would make an empty database of their own and work on it.
   */
  create?: boolean;
}

/** `openStore` without `create` found no database the service has used: a file, or a Postgres database. */
export class NoDatabase extends Error {
  constructor(readonly where: string) {
    super(`No order database at ${where}`);
    this.name = 'NoDatabase';
  }
}

/** A Postgres URL as a message may show it: without its password. */
function withoutPassword(url: string): string {
  const shown = new URL(url);
  shown.password = '';
  return shown.href;
}

/** Opens the database of the settings and brings its tables up to date. */
export async function openStore(
  database: OrdersConfig['database'],
  { log = console.error, create = true }: StoreOptions = {},
) {
  let dialect;
  if (database.kind === 'sqlite') {
    // An empty file is no database either: the service leaves one if it dies before it made its tables.
    if (!create && !(fs.existsSync(database.file) && fs.statSync(database.file).size > 0))
      throw new NoDatabase(database.file);
    // Orders are personal data: the folder and the file are the service's account's alone, whatever the umask.
    // SQLite gives its -wal and -shm files the database file's mode.
    fs.mkdirSync(path.dirname(database.file), { recursive: true, mode: 0o700 });
    fs.closeSync(fs.openSync(database.file, 'a', 0o600));
    dialect = new LibsqlDialect(database.file);
  } else {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: 10,
      // A database that is away is reported within seconds, never waited for.
      connectionTimeoutMillis: 3000,
      query_timeout: 5000,
      statement_timeout: 5000,
      // An instance that froze or lost its network inside a transaction would hold the intake lock until the
      // server's TCP keepalive noticed (hours), and every instance's orders would wait for it. The server ends
      // such a session itself; no transaction of the service waits on anything but its own statements.
      idle_in_transaction_session_timeout: 15_000,
      // Connections are kept a minute: a burst after a quiet spell finds them open, not to be made under load.
      idleTimeoutMillis: 60_000,
      keepAlive: true,
    });
    // A connection the server closes (a restart) makes its client emit 'error'; without a listener that ends
    // the process. An idle client's reaches the pool's listener, which drops the client; a client in use (between
    // a transaction's statements) gets its own listener when it connects, and its query fails with 503.
    pool.on('error', (error) => log(`Postgres: an idle connection ended: ${error.message}`));
    pool.on('connect', (client) =>
      client.on('error', (error) => log(`Postgres: a connection in use ended: ${error.message}`)),
    );
    dialect = new PostgresDialect({ pool });
  }
  const db = new Kysely<Database>({ dialect });

  // A Postgres database the service has used has the migrations' table: its first start made it.
  if (!create && database.kind === 'postgres') {
    let made = false;
    try {
      const { rows } = await sql<{
        found: string | null;
      }>`select to_regclass('kysely_migration')::text as found`.execute(db);
      made = Boolean(rows[0]?.found);
    } finally {
      if (!made) await db.destroy();
    }
    if (!made)
      throw new NoDatabase(
        `DATABASE_URL ${withoutPassword(database.url)}, which has none of the service's tables`,
      );
  }

  const { error } = await new Migrator({
    db,
    provider: { getMigrations: async () => migrations(database.kind) },
  }).migrateToLatest();
  if (error) {
    await db.destroy();
    throw error;
  }

  /** The database's clock, as an ISO 8601 string in UTC: every instance's leases are timed by it. */
  const clock =
    database.kind === 'sqlite'
      ? sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`
      : sql<string>`to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  async function dbNow(): Promise<Date> {
    const { rows } = await sql<{ now: string }>`select ${clock} as now`.execute(db);
    return new Date(rows[0]!.now);
  }
  const later = (from: Date, ms: number) => new Date(from.getTime() + ms).toISOString();

  const { value: clientKey } = await db
    .selectFrom('settings')
    .select('value')
    .where('name', '=', 'client_key')
    .executeTakeFirstOrThrow();

  /** Orders with their two mails (to the sales team, and the buyer's confirmation), nothing selected yet. */
  const ordersWithMails = () =>
    db
      .selectFrom('orders')
      .leftJoin('outbox', (join) =>
        join.onRef('outbox.order_id', '=', 'orders.id').on('outbox.kind', '=', 'seller'),
      )
      .leftJoin('outbox as confirmation', (join) =>
        join.onRef('confirmation.order_id', '=', 'orders.id').on('confirmation.kind', '=', 'buyer'),
      );

  /**
   * The orders a filter of the desk's list asks for, spam or not (the caller decides): the list and its counts
   * are the same query.
   */
  const filteredOrders = (filter: Omit<OrderFilter, 'spam'>) => {
    let query = ordersWithMails();
    if (filter.status) query = query.where('orders.status', '=', filter.status);
    // Failed and not given up: what the sales team still has to act on.
    if (filter.mailFailed)
      query = query.where((eb) =>
        eb.or([
          eb.and([eb('outbox.failed_at', 'is not', null), eb('outbox.given_up_at', 'is', null)]),
          eb.and([eb('confirmation.failed_at', 'is not', null), eb('confirmation.given_up_at', 'is', null)]),
        ]),
      );
    // Days as the sales team means them: in Germany.
    if (filter.from) query = query.where('orders.created_at', '>=', dayStart(filter.from).toISOString());
    if (filter.to) query = query.where('orders.created_at', '<', dayEnd(filter.to).toISOString());
    const terms = [
      ...(filter.industry ? [{ from: `i:${filter.industry}`, exact: true }] : []),
      ...queryTerms(filter.q ?? '').map((term) => ({ from: term, exact: false })),
    ];
    for (const { from, exact } of terms)
      query = query.where('orders.id', 'in', (eb) => {
        const found = eb.selectFrom('order_terms').select('order_terms.order_id');
        return exact
          ? found.where('order_terms.term', '=', from)
          : found.where('order_terms.term', '>=', from).where('order_terms.term', '<', `${from}\uffff`);
      });
    return query;
  };

  /** The columns an order is read from (`toOrder`). */
  const withOrderColumns = (query: ReturnType<typeof ordersWithMails>) =>
    query
      .selectAll('orders')
      .select([
        'outbox.sent_at',
        'outbox.failed_at',
        'outbox.queued_at',
        'outbox.last_error',
        'outbox.attempts',
        'outbox.given_up_at',
        'outbox.id as mail_id',
        'confirmation.sent_at as c_sent_at',
        'confirmation.failed_at as c_failed_at',
        'confirmation.queued_at as c_queued_at',
        'confirmation.last_error as c_last_error',
        'confirmation.attempts as c_attempts',
        'confirmation.given_up_at as c_given_up_at',
        'confirmation.id as c_mail_id',
      ]);

  const selectOrders = () => withOrderColumns(ordersWithMails());

  /** A mail's state from its row's columns: sent (at), failed (at, with the answer), or pending (since). */
  function mailState(
    id: number | null,
    row: {
      sent_at: string | null;
      failed_at: string | null;
      queued_at: string | null;
      last_error: string | null;
      attempts: number | null;
      given_up_at: string | null;
      created_at: string;
    },
  ): MailState | null {
    if (id === null) return null;
    const attempts = Number(row.attempts);
    if (row.sent_at) return { state: 'sent', at: row.sent_at, attempts, error: null };
    if (row.given_up_at) return { state: 'givenUp', at: row.given_up_at, attempts, error: row.last_error };
    if (row.failed_at) return { state: 'failed', at: row.failed_at, attempts, error: row.last_error };
    return { state: 'pending', at: row.queued_at ?? row.created_at, attempts, error: row.last_error };
  }

  type OrderRowOut = Awaited<ReturnType<ReturnType<typeof selectOrders>['executeTakeFirstOrThrow']>>;

  function toOrder(row: OrderRowOut): StoredOrder {
    return {
      number: row.number!,
      key: row.key,
      createdAt: new Date(row.created_at),
      locale: row.locale as Locale,
      quote: row.quote,
      buyer: JSON.parse(row.buyer) as Buyer,
      lines: JSON.parse(row.lines) as OrderRow[],
      net: Number(row.net),
      vat: Number(row.vat),
      gross: Number(row.gross),
      vatCase: row.vat_case,
      ...(row.vat_rate === null ? {} : { vatRate: Number(row.vat_rate) / 100 }),
      spam: row.spam as SpamReason | null,
      requestHash: row.request_hash,
      mail: mailState(row.mail_id, row),
      confirmation: mailState(row.c_mail_id, {
        sent_at: row.c_sent_at,
        failed_at: row.c_failed_at,
        queued_at: row.c_queued_at,
        last_error: row.c_last_error,
        attempts: row.c_attempts,
        given_up_at: row.c_given_up_at,
        created_at: row.created_at,
      }),
      confirmationSkipped: row.confirmation_skipped === 'limit' ? 'limit' : null,
      erased: row.erased_at !== null,
      status: row.status,
    };
  }

  async function findOrder(key: string): Promise<StoredOrder | undefined> {
    const row = await selectOrders().where('orders.key', '=', key).executeTakeFirst();
    return row && toOrder(row);
  }

  async function insertTerms(tx: Kysely<Database>, orderId: number, terms: string[]): Promise<void> {
    if (terms.length > 0)
      await tx
        .insertInto('order_terms')
        .values(terms.map((term) => ({ term, order_id: orderId })))
        .execute();
  }

  async function addEvent(
    tx: Kysely<Database>,
    orderId: number,
    event: { who: string; kind: EventKind; detail?: string },
  ): Promise<void> {
    await tx
      .insertInto('events')
      .values({ order_id: orderId, at: clock, who: event.who, kind: event.kind, detail: event.detail ?? '' })
      .execute();
  }

  /** Waits for the turn of this transaction among those that take orders or confirmations (`ORDER_INTAKE_LOCK`). */
  async function takeIntakeLock(tx: Kysely<Database>): Promise<void> {
    if (database.kind === 'postgres')
      await sql`select pg_advisory_xact_lock(${ORDER_INTAKE_LOCK})`.execute(tx);
  }

  async function orderId(tx: Kysely<Database>, number: string): Promise<number | undefined> {
    const row = await tx.selectFrom('orders').select('id').where('number', '=', number).executeTakeFirst();
    return row && Number(row.id);
  }

  async function recentOrders(
    executor: Kysely<Database>,
    client: string,
    since: Date,
  ): Promise<{ count: number; oldest: Date | undefined }> {
    const row = await executor
      .selectFrom('orders')
      .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('created_at').as('oldest')])
      .where('client', '=', client)
      .where('created_at', '>', since.toISOString())
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), oldest: row.oldest ? new Date(row.oldest) : undefined };
  }

  /** How many confirmations went to (or wait for) one recipient in the 24 hours before `at`. */
  async function confirmationsSince(
    executor: Kysely<Database>,
    recipient: string,
    at: Date,
  ): Promise<number> {
    const { count } = await executor
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('recipient', '=', recipient)
      .where('created_at', '>', new Date(at.getTime() - DAY_MS).toISOString())
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  /**
   * Puts an order's mail to the sales team, and the buyer's confirmation when `withConfirmation`, into the
   * outbox: one statement. The daily limit is counted in the order's transaction (`confirmationsSince`).
   */
  async function queueMails(
    tx: Kysely<Database>,
    orderId: number,
    mails: OrderMails,
    at: Date,
    withConfirmation: boolean,
  ): Promise<void> {
    const queued = at.toISOString();
    const row = (kind: MailKind, message: MailMessage, recipient: string | null) => ({
      order_id: orderId,
      attempts: 0,
      message: JSON.stringify(message),
      // Due now by the database's clock, which the outbox's claims compare with: an instance whose own clock is
      // ahead would otherwise hold its mails back by as much.
      next_attempt_at: clock,
      queued_at: queued,
      created_at: queued,
      kind,
      recipient,
    });
    await tx
      .insertInto('outbox')
      .values([
        row('seller', mails.seller, null),
        ...(mails.buyer && withConfirmation
          ? [row('buyer', mails.buyer.message, mails.buyer.recipient)]
          : []),
      ])
      .execute();
  }

  /**
   * Indexes anew the orders whose terms lack `TERMS_VERSION`: at the first start after the search words were
   * folded, every order; later, those an older instance took (or erased) during a rolling deploy, after a newer one
   * had migrated. Each start does it, so the next start of any instance makes them findable by every spelling. One
   * anti-join on the terms' index finds none on most starts. A batch's rows are read again and locked in the
   * transaction that writes their terms, as `erase` locks its row: an erasure is never undone by an index written
   * from the buyer it erased, and an erased order gets what erasure leaves, its number and industries.
   */
  async function indexOrders(): Promise<number> {
    let indexed = 0;
    for (;;) {
      const batch = await db.transaction().execute(async (tx) => {
        const rows = await tx
          .selectFrom('orders')
          .select(['id', 'number', 'buyer', 'lines', 'erased_at'])
          .where('number', 'is not', null)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('order_terms')
                  .select('order_id')
                  .whereRef('order_id', '=', 'orders.id')
                  .where('term', '=', TERMS_VERSION),
              ),
            ),
          )
          .orderBy('id')
          .limit(INDEX_BATCH)
          .$if(database.kind === 'postgres', (query) => query.forUpdate())
          .execute();
        if (rows.length === 0) return 0;
        // Whatever terms they have (none, or the older form) make way for the new ones; another instance starting
        // at the same moment may have indexed some meanwhile, which this writes once more, the same.
        await tx
          .deleteFrom('order_terms')
          .where(
            'order_id',
            'in',
            rows.map((row) => Number(row.id)),
          )
          .execute();
        const values = rows.flatMap((row) =>
          orderTerms(
            row.number!,
            row.erased_at === null ? (JSON.parse(row.buyer) as Buyer) : EMPTY_BUYER,
            JSON.parse(row.lines) as OrderRow[],
          ).map((term) => ({ term, order_id: Number(row.id) })),
        );
        for (let at = 0; at < values.length; at += 1000)
          await tx
            .insertInto('order_terms')
            .values(values.slice(at, at + 1000))
            .execute();
        return rows.length;
      });
      if (batch === 0) return indexed;
      indexed += batch;
    }
  }
  const indexed = await indexOrders();
  if (indexed > 0) log(`Order service: orders indexed anew for the desk's search: ${indexed}`);

  const store = {
    kind: database.kind,
    findOrder,
    dbNow,

    /** The client address as the rate limit keeps it: a keyed hash, never the address. */
    clientHash(address: string): string {
      return createHmac('sha256', clientKey).update(address).digest('base64url');
    },

    /** The orders of one client since a time, and the oldest of them. */
    recentOrders: (client: string, since: Date) => recentOrders(db, client, since),

    /**
     * Stores a new order and, unless it is spam, its mails, in one transaction. A key that is already there
     * (also one a concurrent request stored a moment earlier) gives back that order, unchanged. With `limit`,
     * a client that already sent `limit.max` orders since `limit.since` gets `TooManyOrders`, and nothing is
     * stored. Both limits are counted inside the transaction, one order at a time (`ORDER_INTAKE_LOCK`; SQLite
     * has one writer anyway), so orders sent at once are counted like orders sent one after another.
     */
    async createOrder(
      order: NewOrder,
      mailsFor: ((number: string) => OrderMails) | undefined,
      limit?: OrderLimit,
    ): Promise<{ order: StoredOrder; created: boolean }> {
      let committing = false;
      try {
        const { number, skipped } = await db.transaction().execute(async (tx) => {
          await takeIntakeLock(tx);
          // A request with the same key that was taken while this one waited: its order is the answer (below).
          const taken = await tx
            .selectFrom('orders')
            .select('id')
            .where('key', '=', order.key)
            .executeTakeFirst();
          if (taken) throw new Error(`key ${order.key} taken meanwhile`);
          if (limit && order.client !== null) {
            const recent = await recentOrders(tx, order.client, limit.since);
            if (recent.count >= limit.max && recent.oldest) throw new TooManyOrders(recent.oldest);
          }
          // Past the daily limit to the buyer's address, the order is taken without a confirmation.
          const skipped =
            mailsFor && order.recipient
              ? (await confirmationsSince(tx, order.recipient, order.createdAt)) >= CONFIRMATIONS_PER_DAY
                ? ('limit' as const)
                : null
              : null;
          const { id } = await tx
            .insertInto('orders')
            .values({
              key: order.key,
              created_at: order.createdAt.toISOString(),
              locale: order.locale,
              quote: order.quote,
              buyer: JSON.stringify(order.buyer),
              lines: JSON.stringify(order.lines),
              net: order.net,
              vat: order.vat,
              gross: order.gross,
              vat_case: order.vatCase,
              vat_rate: order.vatRate === undefined ? null : Math.round(order.vatRate * 100),
              spam: order.spam,
              request_hash: order.requestHash,
              client: order.client,
              confirmation_skipped: skipped,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const number = orderNumber(order.createdAt, Number(id));
          await tx.updateTable('orders').set({ number }).where('id', '=', id).execute();
          await insertTerms(tx, Number(id), orderTerms(number, order.buyer, order.lines));
          if (mailsFor) await queueMails(tx, Number(id), mailsFor(number), order.createdAt, !skipped);
          committing = true;
          return { number, skipped };
        });
        const pending = (): MailState => ({
          state: 'pending',
          at: order.createdAt.toISOString(),
          attempts: 0,
          error: null,
        });
        return {
          order: {
            ...order,
            number,
            erased: false,
            mail: mailsFor ? pending() : null,
            confirmation: mailsFor && !skipped ? pending() : null,
            confirmationSkipped: skipped,
            status: 'new',
          },
          created: true,
        };
      } catch (error) {
        if (error instanceof TooManyOrders) throw error;
        // The key's unique index refused a second row, or the key was taken while the transaction waited for
        // its turn: the other request's order is the one.
        const raced = await findOrder(order.key).catch(() => undefined);
        if (raced) return { order: raced, created: false };
        // Every statement went through and the commit failed: stored or not, the database has not said.
        if (committing) throw new OrderOutcomeUnknown(error);
        throw error;
      }
    },

    async listOrders(): Promise<StoredOrder[]> {
      return (await selectOrders().orderBy('orders.id').execute()).map(toOrder);
    },

    async countOrders(): Promise<number> {
      const { count } = await db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    /**
     * Takes the oldest due mail for one try: a new token, and a lease until the database's clock says
     * `leaseMs` later. Only a mail whose lease has run out (or that was never taken) can be taken, so two
     * workers never hold one mail at once.
     */
    async claimMail(leaseMs: number): Promise<ClaimedMail | undefined> {
      const now = await dbNow();
      const due = await db
        .selectFrom('outbox')
        .select(['id'])
        .where('sent_at', 'is', null)
        .where('failed_at', 'is', null)
        .where('next_attempt_at', '<=', now.toISOString())
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(5)
        .execute();
      for (const { id } of due) {
        const token = randomUUID();
        const until = later(now, leaseMs);
        const result = await db
          .updateTable('outbox')
          .set({ lease_token: token, next_attempt_at: until })
          .where('id', '=', id)
          .where('sent_at', 'is', null)
          .where('failed_at', 'is', null)
          .where('next_attempt_at', '<=', now.toISOString())
          .executeTakeFirst();
        if (result.numUpdatedRows !== BigInt(1)) continue;
        const row = await db
          .selectFrom('outbox')
          .select(['attempts', 'message'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        return {
          id: Number(id),
          token,
          attempts: Number(row.attempts),
          until: new Date(until),
          message: JSON.parse(row.message) as MailMessage,
        };
      }
      return undefined;
    },

    /** When the next mail is due by the database's clock, in ms from now; undefined when none waits. */
    async nextDueIn(): Promise<number | undefined> {
      const row = await db
        .selectFrom('outbox')
        .select((eb) => eb.fn.min('next_attempt_at').as('next'))
        .where('sent_at', 'is', null)
        .where('failed_at', 'is', null)
        .executeTakeFirst();
      if (!row?.next) return undefined;
      return new Date(row.next).getTime() - (await dbNow()).getTime();
    },

    /**
     * The server took the mail: marks it sent and clears its body, only while this try's token holds it; `taken`
     * when another worker took it after the lease ran out. A mail given up while it was under way (its order
     * marked as spam, or erased) went out all the same and is marked sent, so that nothing sends it again;
     * `erased` says that its order was erased meanwhile, and what the transport kept of it is to go too.
     */
    async markSent(mail: ClaimedMail): Promise<'sent' | 'erased' | 'taken'> {
      const result = await db
        .updateTable('outbox')
        .set({
          sent_at: clock,
          message: CLEARED,
          last_error: null,
          lease_token: null,
          failed_at: null,
          given_up_at: null,
        })
        .where('id', '=', mail.id)
        .where('lease_token', '=', mail.token)
        .executeTakeFirst();
      if (result.numUpdatedRows !== BigInt(1)) return 'taken';
      const order = await db
        .selectFrom('outbox')
        .innerJoin('orders', 'orders.id', 'outbox.order_id')
        .select('orders.erased_at')
        .where('outbox.id', '=', mail.id)
        .executeTakeFirst();
      return order?.erased_at ? 'erased' : 'sent';
    },

    /**
     * Holds a mail under way for another `leaseMs` by the database's clock, while this try's token holds it, so
     * that a slow mail server's answer never lets another worker take it. False when the lease was lost.
     */
    async renewLease(mail: ClaimedMail, leaseMs: number): Promise<boolean> {
      const until = later(await dbNow(), leaseMs);
      const result = await db
        .updateTable('outbox')
        .set({ next_attempt_at: until })
        .where('id', '=', mail.id)
        .where('lease_token', '=', mail.token)
        .where('sent_at', 'is', null)
        .executeTakeFirst();
      if (result.numUpdatedRows !== BigInt(1)) return false;
      mail.until = new Date(until);
      return true;
    },

    /** A try failed for now: the next one after `delayMs`, by the database's clock. */
    async markRetry(mail: ClaimedMail, delayMs: number, reason: string): Promise<void> {
      const now = await dbNow();
      await db
        .updateTable('outbox')
        .set({
          attempts: mail.attempts + 1,
          next_attempt_at: later(now, delayMs),
          last_error: reason.slice(0, 500),
          lease_token: null,
        })
        .where('id', '=', mail.id)
        .where('lease_token', '=', mail.token)
        // Given up meanwhile (spam, erased): it stays so, with the reason it was given up for.
        .where('failed_at', 'is', null)
        .execute();
    },

    /** The mail is given up: a permanent refusal, or too many tries. Only `retry` queues it again. */
    async markFailed(mail: ClaimedMail, reason: string): Promise<void> {
      await db
        .updateTable('outbox')
        .set({
          attempts: mail.attempts + 1,
          failed_at: clock,
          last_error: reason.slice(0, 500),
          lease_token: null,
        })
        .where('id', '=', mail.id)
        .where('lease_token', '=', mail.token)
        .where('failed_at', 'is', null)
        .execute();
    },

    /** A mail taken but not tried (the worker stops): due again now, for any worker. */
    async giveBack(mail: ClaimedMail): Promise<void> {
      await db
        .updateTable('outbox')
        .set({ next_attempt_at: clock, lease_token: null })
        .where('id', '=', mail.id)
        .where('lease_token', '=', mail.token)
        .execute();
    },

    /**
     * Queues the failed, given-up (or waiting) mails of one order again, due now: both, or the one of `kind`. A mail
     * given up by hand can be sent after all (the buyer's mailbox works again); an erased one has no body left.
     * False when it has none unsent that no worker is sending, or is held as spam ("not spam" sends its mails).
     */
    async retryMail(number: string, kind?: MailKind): Promise<boolean> {
      const order = await db
        .selectFrom('orders')
        .select('id')
        .where('number', '=', number)
        .where('spam', 'is', null)
        .executeTakeFirst();
      if (!order) return false;
      const result = await db
        .updateTable('outbox')
        .set({
          failed_at: null,
          given_up_at: null,
          attempts: 0,
          next_attempt_at: clock,
          queued_at: clock,
          lease_token: null,
        })
        .where('order_id', '=', Number(order.id))
        // Checked again in the same statement: a colleague's spam mark between the two gave these mails up.
        .where('order_id', 'in', (eb) => eb.selectFrom('orders').select('id').where('spam', 'is', null))
        .$if(kind !== undefined, (query) => query.where('kind', '=', kind!))
        .where('sent_at', 'is', null)
        .where('message', '!=', CLEARED)
        // A mail a worker is sending right now (its lease still runs) is left to it: queued again, it could go
        // out twice.
        .where((eb) =>
          eb.or([
            eb('failed_at', 'is not', null),
            eb('lease_token', 'is', null),
            eb('next_attempt_at', '<=', clock),
          ]),
        )
        .executeTakeFirst();
      return result.numUpdatedRows > BigInt(0);
    },

    /**
     * A failed mail nobody will send (a mistyped address the buyer's server refuses for good): given up, it no longer
     * counts as failed, and the order's history says who gave it up. `retryMail` can still send it. False when that
     * mail of the order is not failed (sent, waiting, given up already), or there is no such order.
     */
    async giveUpMail(number: string, kind: MailKind, who: string): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const id = await orderId(tx, number);
        if (id === undefined) return false;
        const result = await tx
          .updateTable('outbox')
          .set({ given_up_at: clock })
          .where('order_id', '=', id)
          .where('kind', '=', kind)
          .where('sent_at', 'is', null)
          .where('failed_at', 'is not', null)
          .where('given_up_at', 'is', null)
          .executeTakeFirst();
        if (result.numUpdatedRows !== BigInt(1)) return false;
        await addEvent(tx, id, { who, kind: 'giveUp', detail: kind });
        return true;
      });
    },

    /**
     * How many mails wait to be sent, and how many failed and wait for someone to act (send again, or give up).
     * Given-up mails count as neither: once each failure is dealt with, `failed` is 0 again.
     */
    async mailCounts(): Promise<{ pending: number; failed: number }> {
      const row = await db
        .selectFrom('outbox')
        .select((eb) => [
          eb.fn.countAll().filterWhere('failed_at', 'is', null).as('pending'),
          eb.fn
            .countAll()
            .filterWhere((eb) => eb.and([eb('failed_at', 'is not', null), eb('given_up_at', 'is', null)]))
            .as('failed'),
        ])
        .where('sent_at', 'is', null)
        .executeTakeFirstOrThrow();
      return { pending: Number(row.pending), failed: Number(row.failed) };
    },

    /** Tries and last error of each mail not yet sent, oldest first. */
    async unsentMails(): Promise<
      { orderNumber: string; attempts: number; lastError: string | null; failed: boolean }[]
    > {
      const rows = await db
        .selectFrom('outbox')
        .innerJoin('orders', 'orders.id', 'outbox.order_id')
        .select(['orders.number', 'outbox.attempts', 'outbox.last_error', 'outbox.failed_at'])
        .where('outbox.sent_at', 'is', null)
        .orderBy('outbox.id')
        .execute();
      return rows.map((row) => ({
        orderNumber: row.number!,
        attempts: Number(row.attempts),
        lastError: row.last_error,
        failed: row.failed_at !== null,
      }));
    },

    /**
     * Removes the buyer's personal data of one order (GDPR art. 17): the details, the mail's body, the client
     * hash and the request's hash. The number, the date, the lines and the totals stay. False when no such order.
     * An order erased before is erased again (whatever came in since goes too), without a second erasure in
     * its history.
     */
    async erase(number: string, who: string): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        // The order's row is locked first (SQLite's write transactions take turns anyway), so a note being added
        // either lands before and is erased, or waits and finds the order erased.
        const order = await tx
          .selectFrom('orders')
          .select(['id', 'lines', 'erased_at', 'buyer', 'vat_case'])
          .where('number', '=', number)
          .$if(database.kind === 'postgres', (query) => query.forUpdate())
          .executeTakeFirst();
        if (!order) return false;
        // Found by its number and industries only, no more by the buyer's words.
        await tx.deleteFrom('order_terms').where('order_id', '=', Number(order.id)).execute();
        await insertTerms(
          tx,
          Number(order.id),
          orderTerms(number, EMPTY_BUYER, JSON.parse(order.lines) as OrderRow[]),
        );
        // Notes may name the buyer: their text goes too; that there was a note stays.
        await tx
          .updateTable('events')
          .set({ detail: '' })
          .where('order_id', '=', Number(order.id))
          .where('kind', '=', 'note')
          .execute();
        if (order.erased_at === null) await addEvent(tx, Number(order.id), { who, kind: 'erase' });
        // The country stays with the totals, for the VAT case; the VAT ID only where the VAT records need it: a
        // reverse-charge supply to another EU country, which the EU sales list reports by the buyer's VAT ID
        // (§ 18a UStG). The law keeps those (GDPR art. 17 (3) (b)); a German buyer's VAT ID goes with the rest.
        const { country = '', vatId = '' } = JSON.parse(order.buyer) as Partial<Buyer>;
        const erased = {
          ...Object.fromEntries(BUYER_FIELDS.map((field) => [field, ''])),
          country,
          vatId: order.vat_case === 'reverseCharge' ? vatId : '',
        } as Buyer;
        await tx
          .updateTable('orders')
          .set({
            buyer: JSON.stringify(erased),
            client: null,
            request_hash: null,
            erased_at: order.erased_at ?? clock,
          })
          .where('id', '=', order.id)
          .execute();
        // A mail not yet sent (waiting, or failed) cannot go out without its body: it is given up, and says why.
        await tx
          .updateTable('outbox')
          .set({
            failed_at: sql<string>`coalesce(failed_at, ${clock})`,
            given_up_at: clock,
            last_error: 'erased',
            // A mail under way keeps its token: if the server takes it, it is marked sent, never sent again.
          })
          .where('order_id', '=', Number(order.id))
          .where('sent_at', 'is', null)
          .where('given_up_at', 'is', null)
          .execute();
        await tx
          .updateTable('outbox')
          .set({ message: CLEARED, recipient: null })
          .where('order_id', '=', Number(order.id))
          .execute();
        // A mail server's answer may quote what the mail held; a failed mail keeps only that it failed.
        await tx
          .updateTable('outbox')
          .set({ last_error: 'erased' })
          .where('order_id', '=', Number(order.id))
          .where('last_error', 'is not', null)
          .execute();
        return true;
      });
    },

    /**
     * Applies the retention (docs/orders.md): spam 30 days after it was held or marked, and orders past
     * `retentionYears` (counted from the end of their year), are deleted with their mails; client hashes older
     * than a day are cleared, and so are confirmations' recipient hashes older than a day (the limit needs 24
     * hours) and any sent mail's body. Returns the orders deleted: each number, and why.
     */
    async prune(now: Date, retentionYears: number): Promise<{ deleted: PrunedOrder[]; cleared: number }> {
      return db.transaction().execute(async (tx) => {
        const spamBefore = new Date(now.getTime() - SPAM_DAYS * DAY_MS).toISOString();
        const keptFrom = retentionCutoff(now, retentionYears).toISOString();
        // Spam counts from when it was held (the order's arrival) or marked by hand (its last "spam" in the
        // history): an order marked today is kept 30 days from today, however old it is. Only spam that is still
        // new: an order someone worked on is a commercial record, whatever an older version let happen to it.
        const spamSince = sql<string>`coalesce((select max(events.at) from events where events.order_id = orders.id and events.kind = 'spam'), orders.created_at)`;
        const gone = await tx
          .selectFrom('orders')
          .select(['id', 'number', 'created_at', spamSince.as('spam_since')])
          .where((eb) =>
            eb.or([
              eb.and([eb('spam', 'is not', null), eb('status', '=', 'new'), eb(spamSince, '<', spamBefore)]),
              eb('created_at', '<', keptFrom),
            ]),
          )
          .orderBy('id')
          .execute();
        const ids = gone.map((row) => Number(row.id));
        for (let i = 0; i < ids.length; i += 500) {
          const chunk = ids.slice(i, i + 500);
          await tx.deleteFrom('outbox').where('order_id', 'in', chunk).execute();
          await tx.deleteFrom('order_terms').where('order_id', 'in', chunk).execute();
          await tx.deleteFrom('events').where('order_id', 'in', chunk).execute();
          await tx.deleteFrom('orders').where('id', 'in', chunk).execute();
        }
        await tx
          .updateTable('orders')
          .set({ client: null })
          .where('client', 'is not', null)
          .where('created_at', '<', new Date(now.getTime() - CLIENT_HASH_MS).toISOString())
          .execute();
        await tx
          .updateTable('outbox')
          .set({ recipient: null })
          .where('recipient', 'is not', null)
          .where('created_at', '<', new Date(now.getTime() - CLIENT_HASH_MS).toISOString())
          .execute();
        const cleared = await tx
          .updateTable('outbox')
          .set({ message: CLEARED })
          .where('sent_at', 'is not', null)
          .where('message', '!=', CLEARED)
          .executeTakeFirst();
        return {
          deleted: gone.map((row) =>
            row.created_at < keptFrom
              ? { number: row.number!, why: 'retention' as const, since: row.created_at }
              : { number: row.number!, why: 'spam' as const, since: row.spam_since },
          ),
          cleared: Number(cleared.numUpdatedRows),
        };
      });
    },

    /**
     * After an erasure, makes the old versions of the erased rows leave the database's files; after `prune`,
     * frees the deleted rows' space. SQLite overwrites freed space at once (secure_delete) and here moves its
     * log into the file and empties it. Postgres only marks a dead row's space as free: after an erasure,
     * VACUUM FULL writes the tables anew without the old versions (holding an exclusive lock on them while it
     * copies) and ANALYZE renews the planner's samples of their values; after `prune`, a plain VACUUM, which
     * locks no one out.
     */
    async compact(after: 'erase' | 'prune'): Promise<void> {
      if (database.kind === 'sqlite') {
        await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
        return;
      }
      // On a grown database VACUUM outlasts the 5 s a request may take: a connection of its own, without that
      // limit. It waits at most 5 s for the tables (a long read holding them fails it, and orders never queue
      // behind a VACUUM FULL that waits).
      const client = new pg.Client({
        connectionString: database.url,
        connectionTimeoutMillis: 3000,
        lock_timeout: 5000,
      });
      await client.connect();
      try {
        await client.query(
          after === 'erase'
            ? 'vacuum (full, analyze) orders, outbox, order_terms, events'
            : 'vacuum orders, outbox, order_terms, events',
        );
      } finally {
        await client.end();
      }
    },

    // ---- The desk: its list, an order's page and its actions, each recorded with who and when. ----

    /** One page of orders, newest first, by the filter: one query, on the indexes of status, date and terms. */
    async listPage(filter: OrderFilter, page = 1): Promise<OrderPage> {
      let query = withOrderColumns(filteredOrders(filter));
      if (!filter.spam) query = query.where('orders.spam', 'is', null);
      else if (filter.spam === 'only') query = query.where('orders.spam', 'is not', null);
      const rows = await query
        .orderBy('orders.id', 'desc')
        .limit(PAGE_SIZE + 1)
        .offset((Math.max(1, page) - 1) * PAGE_SIZE)
        .execute();
      return { orders: rows.slice(0, PAGE_SIZE).map(toOrder), more: rows.length > PAGE_SIZE };
    },

    /**
     * How many orders the filter matches, and how many of them are held as spam (kept 30 days): the list says how
     * many it has and how many it hides unless asked. One count over the list's own query, without its pages.
     */
    async listCounts(filter: OrderFilter = {}): Promise<{ matching: number; spam: number }> {
      const row = await filteredOrders(filter)
        .select((eb) => [eb.fn.countAll().as('all'), eb.fn.count('orders.spam').as('spam')])
        .executeTakeFirstOrThrow();
      const spam = Number(row.spam);
      const all = Number(row.all);
      return { matching: filter.spam === 'only' ? spam : filter.spam ? all : all - spam, spam };
    },

    /** Every order of the filter, newest first, for the export: page by page, each one indexed query. */
    async allFiltered(filter: OrderFilter): Promise<StoredOrder[]> {
      const all: StoredOrder[] = [];
      for (let page = 1; ; page++) {
        const { orders, more } = await store.listPage(filter, page);
        all.push(...orders);
        if (!more) return all;
      }
    },

    async orderByNumber(number: string): Promise<StoredOrder | undefined> {
      const row = await selectOrders().where('orders.number', '=', number).executeTakeFirst();
      return row && toOrder(row);
    },

    /** The order's history, oldest first. */
    async events(number: string): Promise<OrderEvent[]> {
      return (
        await db
          .selectFrom('events')
          .innerJoin('orders', 'orders.id', 'events.order_id')
          .select(['events.at', 'events.who', 'events.kind', 'events.detail'])
          .where('orders.number', '=', number)
          .orderBy('events.id')
          .execute()
      ).map((row) => ({ at: row.at, who: row.who, kind: row.kind, detail: row.detail }));
    },

    /**
     * Moves an order from the status it had when the desk showed it (`from`) to one that may follow; false when
     * `to` may not follow, when the order's status is no longer `from` or its status changed since (`seen`):
     * someone changed it meanwhile, and with steps back a stale form could otherwise undo a colleague's change; when it is held as spam (it is let through
     * first: spam is never worked on, so what is deleted as spam never was), or when there is no such order.
     */
    async changeStatus(number: string, { from, to, seen }: StatusChange, who: string): Promise<boolean> {
      if (!NEXT_STATUSES[from].includes(to)) return false;
      return db.transaction().execute(async (tx) => {
        const id = await orderId(tx, number);
        if (id === undefined) return false;
        const result = await tx
          .updateTable('orders')
          .set({ status: to })
          .where('id', '=', id)
          .where('status', '=', from)
          .$if(seen !== undefined, (query) =>
            query.where(
              (eb) =>
                eb
                  .selectFrom('events')
                  .select(eb.fn.countAll().as('changes'))
                  .where('events.order_id', '=', id)
                  .where('events.kind', '=', 'status'),
              '=',
              seen!,
            ),
          )
          .where('spam', 'is', null)
          .executeTakeFirst();
        if (result.numUpdatedRows !== BigInt(1)) return false;
        await addEvent(tx, id, { who, kind: 'status', detail: to });
        return true;
      });
    },

    /** Records something that happened to an order (a retry); false when no such order. Notes go by `addNote`. */
    async recordEvent(
      number: string,
      event: { who: string; kind: Exclude<EventKind, 'note'>; detail?: string },
    ): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const id = await orderId(tx, number);
        if (id === undefined) return false;
        await addEvent(tx, id, event);
        return true;
      });
    },

    /**
     * Adds a note to an order's history. An erased order takes none, since a note may name the buyer whose
     * details were erased; the order's row is locked, as `erase` locks it, so an erasure under way is waited for.
     */
    async addNote(number: string, who: string, text: string): Promise<'added' | 'erased' | 'missing'> {
      return db.transaction().execute(async (tx) => {
        const order = await tx
          .selectFrom('orders')
          .select(['id', 'erased_at'])
          .where('number', '=', number)
          .$if(database.kind === 'postgres', (query) => query.forUpdate())
          .executeTakeFirst();
        if (!order) return 'missing';
        if (order.erased_at !== null) return 'erased';
        await addEvent(tx, Number(order.id), { who, kind: 'note', detail: text });
        return 'added';
      });
    },

    /**
     * Marks an order as spam: its mails not yet sent are given up. Only an order nobody has worked on (status new,
     * buyer not erased) can be spam: a received order is a commercial letter kept for years, and spam leaves the
     * accountant's export at once and the database after 30 days. The status is checked in the same statement
     * that marks it, so a status changed meanwhile in another tab wins.
     */
    async markSpam(number: string, who: string): Promise<'marked' | 'worked' | 'already' | 'missing'> {
      return db.transaction().execute(async (tx) => {
        const order = await tx
          .selectFrom('orders')
          .select(['id', 'spam'])
          .where('number', '=', number)
          .$if(database.kind === 'postgres', (query) => query.forUpdate())
          .executeTakeFirst();
        if (!order) return 'missing';
        if (order.spam !== null) return 'already';
        const id = Number(order.id);
        const result = await tx
          .updateTable('orders')
          .set({ spam: 'staff' })
          .where('id', '=', id)
          .where('spam', 'is', null)
          .where('status', '=', 'new')
          // New again after a step back is still worked on: its history says so.
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('events')
                  .select('events.id')
                  .where('events.order_id', '=', id)
                  .where('events.kind', '=', 'status'),
              ),
            ),
          )
          .where('erased_at', 'is', null)
          .executeTakeFirst();
        if (result.numUpdatedRows !== BigInt(1)) return 'worked';
        // Its mails not yet sent are given up, not failed: nobody is to send them, and health's alert stays quiet.
        // Those still waiting say why ("not spam" queues them again); a failed one keeps the server's answer.
        await tx
          .updateTable('outbox')
          // A mail under way keeps its token: if the server takes it, it is marked sent, and "not spam" leaves it.
          .set({ failed_at: clock, given_up_at: clock, last_error: 'spam' })
          .where('order_id', '=', id)
          .where('sent_at', 'is', null)
          .where('failed_at', 'is', null)
          .execute();
        await tx
          .updateTable('outbox')
          .set({ given_up_at: clock })
          .where('order_id', '=', id)
          .where('sent_at', 'is', null)
          .where('given_up_at', 'is', null)
          .execute();
        await addEvent(tx, id, { who, kind: 'spam' });
        return 'marked';
      });
    },

    /**
     * An order taken for spam is not: it is flagged no more, and its mail to the sales team and the buyer's
     * confirmation go out (the confirmation within the daily limit). Mails it already has are queued again.
     * False when it is not spam, was erased, or is none.
     */
    async markNotSpam(
      number: string,
      who: string,
      mailsFor: (order: StoredOrder) => OrderMails,
    ): Promise<boolean> {
      const order = await store.orderByNumber(number);
      if (!order || order.spam === null || order.erased) return false;
      const now = await dbNow();
      const mails = mailsFor(order);
      return db.transaction().execute(async (tx) => {
        // Counted one at a time with new orders' confirmations, as `createOrder` counts them.
        await takeIntakeLock(tx);
        const limited =
          mails.buyer !== undefined &&
          (await confirmationsSince(tx, mails.buyer.recipient, now)) >= CONFIRMATIONS_PER_DAY;
        const id = (await orderId(tx, number))!;
        const result = await tx
          .updateTable('orders')
          .set({ spam: null })
          .where('id', '=', id)
          .where('spam', 'is not', null)
          .where('erased_at', 'is', null)
          .executeTakeFirst();
        if (result.numUpdatedRows !== BigInt(1)) return false;
        // Whether it has mails is read here, under the lock: another "not spam" and a new mark in the moment since
        // the order was read would otherwise queue a second pair.
        const queued = await tx
          .selectFrom('outbox')
          .select('id')
          .where('order_id', '=', id)
          .executeTakeFirst();
        if (!queued) {
          await queueMails(tx, id, mails, now, !limited);
          if (limited)
            await tx
              .updateTable('orders')
              .set({ confirmation_skipped: 'limit' })
              .where('id', '=', id)
              .execute();
        } else
          await tx
            .updateTable('outbox')
            .set({
              failed_at: null,
              given_up_at: null,
              last_error: null,
              // A mail still under way when the order was marked keeps its lease: its try ends as any other.
              next_attempt_at: sql<string>`case when lease_token is not null and next_attempt_at > ${clock} then next_attempt_at else ${clock} end`,
              queued_at: clock,
            })
            .where('order_id', '=', id)
            .where('sent_at', 'is', null)
            .where('last_error', '=', 'spam')
            .execute();
        await addEvent(tx, id, { who, kind: 'notSpam' });
        return true;
      });
    },

    /**
     * Net, VAT case, VAT and gross of each order in a range of days in Germany, oldest first: the accountant's
     * export. Spam and cancelled orders are left out, as neither becomes revenue (docs/orders.md, "The
     * accountant's CSV").
     */
    async accounts(from: string, to: string) {
      return db
        .selectFrom('orders')
        .select(['number', 'created_at', 'status', 'net', 'vat_case', 'vat', 'gross', 'buyer'])
        .where('spam', 'is', null)
        .where('status', '!=', 'cancelled')
        .where('created_at', '>=', dayStart(from).toISOString())
        .where('created_at', '<', dayEnd(to).toISOString())
        .orderBy('id')
        .execute();
    },

    // ---- Staff accounts, sessions and the lock-out (desk/auth.ts hashes; this keeps). ----

    async addUser(name: string, password: string): Promise<boolean> {
      const result = await db
        .insertInto('users')
        .values({ name, password, created_at: new Date().toISOString() })
        .onConflict((oc) => oc.column('name').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** Removes an account and ends its sessions. */
    async removeUser(name: string): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        await tx.deleteFrom('sessions').where('name', '=', name).execute();
        const result = await tx.deleteFrom('users').where('name', '=', name).executeTakeFirst();
        return result.numDeletedRows === BigInt(1);
      });
    },

    async listUsers(): Promise<{ name: string; createdAt: string }[]> {
      return (await db.selectFrom('users').select(['name', 'created_at']).orderBy('name').execute()).map(
        (row) => ({ name: row.name, createdAt: row.created_at }),
      );
    },

    /** Replaces an account's password hash (the same password, hashed at today's cost). */
    async setPassword(name: string, password: string): Promise<void> {
      await db.updateTable('users').set({ password }).where('name', '=', name).execute();
    },

    async passwordOf(name: string): Promise<string | undefined> {
      return (await db.selectFrom('users').select('password').where('name', '=', name).executeTakeFirst())
        ?.password;
    },

    /** The times of a name's last `count` wrong passwords, newest first. */
    async lastFailures(name: string, count: number): Promise<Date[]> {
      const rows = await db
        .selectFrom('sign_in_failures')
        .select('at')
        .where('name', '=', name)
        .orderBy('at', 'desc')
        .limit(count)
        .execute();
      return rows.map((row) => new Date(row.at));
    },

    /** A wrong password for a name; failures older than a day are forgotten meanwhile. */
    async recordFailure(name: string, at: Date): Promise<void> {
      await db.insertInto('sign_in_failures').values({ name, at: at.toISOString() }).execute();
      await db
        .deleteFrom('sign_in_failures')
        .where('at', '<', new Date(at.getTime() - DAY_MS).toISOString())
        .execute();
    },

    async clearFailures(name: string): Promise<void> {
      await db.deleteFrom('sign_in_failures').where('name', '=', name).execute();
    },

    async createSession(idHash: string, name: string, at: Date): Promise<void> {
      await db
        .insertInto('sessions')
        .values({ id: idHash, name, created_at: at.toISOString(), seen_at: at.toISOString() })
        .execute();
    },

    /**
     * The name of a session that was used within `idleMs` and began within `maxMs`, marking it used now; a
     * session idle for longer, or older, is deleted, as is one whose account is gone.
     */
    async touchSession(idHash: string, at: Date, idleMs: number, maxMs: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.name', 'sessions.name')
        .select(['sessions.name', 'sessions.seen_at', 'sessions.created_at'])
        .where('sessions.id', '=', idHash)
        .executeTakeFirst();
      if (
        !row ||
        new Date(row.seen_at).getTime() + idleMs < at.getTime() ||
        new Date(row.created_at).getTime() + maxMs < at.getTime()
      ) {
        await db.deleteFrom('sessions').where('id', '=', idHash).execute();
        return undefined;
      }
      // Written at most once a minute: a page view is a read, not a write.
      if (at.getTime() - new Date(row.seen_at).getTime() > 60_000)
        await db
          .updateTable('sessions')
          .set({ seen_at: at.toISOString() })
          .where('id', '=', idHash)
          .execute();
      return row.name;
    },

    async endSession(idHash: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', idHash).execute();
    },

    /**
     * What the desk's sign-in keeps past its use (prune): sessions idle for longer than `idleMs`, which no
     * request can use again, and wrong passwords older than a day, which no lock-out counts any more. Both
     * name a sales person and when they worked.
     */
    async pruneSignIns(
      at: Date,
      idleMs: number,
      maxMs: number,
    ): Promise<{ sessions: number; failures: number }> {
      const sessions = await db
        .deleteFrom('sessions')
        .where((eb) =>
          eb.or([
            eb('seen_at', '<', new Date(at.getTime() - idleMs).toISOString()),
            eb('created_at', '<', new Date(at.getTime() - maxMs).toISOString()),
          ]),
        )
        .executeTakeFirst();
      const failures = await db
        .deleteFrom('sign_in_failures')
        .where('at', '<', new Date(at.getTime() - DAY_MS).toISOString())
        .executeTakeFirst();
      return { sessions: Number(sessions.numDeletedRows), failures: Number(failures.numDeletedRows) };
    },

    /** Whether the database answers. */
    async ping(): Promise<void> {
      await sql`select 1`.execute(db);
    },

    close: () => db.destroy(),
  };
  return guarded(store);
}

/**
 * Every method that reads or writes the database reports a failure as DatabaseUnavailable; `TooManyOrders` is an
 * answer, not a failure, and `OrderOutcomeUnknown` says more than a failure: both pass as they are.
 */
function guarded<T extends object>(store: T): T {
  const plain = new Set(['clientHash', 'close', 'kind']);
  return Object.fromEntries(
    Object.entries(store).map(([name, value]) => [
      name,
      typeof value === 'function' && !plain.has(name)
        ? async (...args: unknown[]) => {
            try {
              return await (value as (...args: unknown[]) => Promise<unknown>)(...args);
            } catch (error) {
              if (
                error instanceof DatabaseUnavailable ||
                error instanceof TooManyOrders ||
                error instanceof OrderOutcomeUnknown
              )
                throw error;
              throw new DatabaseUnavailable(error);
            }
          }
        : value,
    ]),
  ) as T;
}

/** SHA-256 of a value's JSON with its keys sorted, so that the same request hashes the same. */
export function hashOf(value: unknown): string {
  const sorted = (item: unknown): unknown =>
    Array.isArray(item)
      ? item.map(sorted)
      : typeof item === 'object' && item !== null
        ? Object.fromEntries(
            Object.keys(item)
              .sort()
              .map((key) => [key, sorted((item as Record<string, unknown>)[key])]),
          )
        : item;
  return createHash('sha256')
    .update(JSON.stringify(sorted(value)))
    .digest('base64url');
}
