import fs from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, sql, type Migration } from 'kysely';
import pg from 'pg';
import type { Buyer } from '../lib/checkout/buyer';
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
  /** Why the order counts as spam, or null. */
  spam: string | null;
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
}

type Generated = import('kysely').Generated<number>;

interface Database {
  orders: OrdersTable;
  outbox: OutboxTable;
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
  };
}

/** A mail as the outbox keeps it until it is sent. */
export interface MailMessage {
  from: string | { name: string; address: string };
  to: string;
  replyTo: string;
  subject: string;
  text: string;
  /** `<order number@domain>`: the same on every try, so a mail sent twice is one mail to the reader. */
  messageId: string;
  orderNumber: string;
}

export type SpamReason = 'honeypot' | 'tooFast';

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
  spam: SpamReason | null;
}

export interface StoredOrder extends NewOrder {
  number: string;
  /** When its mail went out; null while it waits, and for spam, which is not mailed. */
  mailSentAt: string | null;
}

export interface DueMail {
  id: number;
  attempts: number;
  nextAttemptAt: string;
  message: MailMessage;
}

/** `LW-20261125-000042`: the day (UTC) and the row's id. */
export function orderNumber(createdAt: Date, id: number): string {
  return `LW-${createdAt.toISOString().slice(0, 10).replaceAll('-', '')}-${String(id).padStart(6, '0')}`;
}

export type Store = Awaited<ReturnType<typeof openStore>>;

/** Opens the database of the settings and brings its tables up to date. */
export async function openStore(database: OrdersConfig['database']) {
  let dialect;
  if (database.kind === 'sqlite') {
    fs.mkdirSync(path.dirname(database.file), { recursive: true });
    dialect = new LibsqlDialect(database.file);
  } else dialect = new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 10 }) });
  const db = new Kysely<Database>({ dialect });

  const { error } = await new Migrator({
    db,
    provider: { getMigrations: async () => migrations(database.kind) },
  }).migrateToLatest();
  if (error) {
    await db.destroy();
    throw error;
  }

  const selectOrders = () =>
    db
      .selectFrom('orders')
      .leftJoin('outbox', 'outbox.order_id', 'orders.id')
      .selectAll('orders')
      .select('outbox.sent_at');

  function toOrder(
    row: Awaited<ReturnType<ReturnType<typeof selectOrders>['executeTakeFirstOrThrow']>>,
  ): StoredOrder {
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
      spam: row.spam as SpamReason | null,
      mailSentAt: row.sent_at,
    };
  }

  async function findOrder(key: string): Promise<StoredOrder | undefined> {
    const row = await selectOrders().where('orders.key', '=', key).executeTakeFirst();
    return row && toOrder(row);
  }

  return {
    kind: database.kind,
    findOrder,

    /**
     * Stores a new order and, unless it is spam, its mail, in one transaction. A key that is already there
     * (also one a concurrent request stored a moment earlier) gives back that order, unchanged.
     */
    async createOrder(
      order: NewOrder,
      mailFor: ((number: string) => MailMessage) | undefined,
    ): Promise<{ order: StoredOrder; created: boolean }> {
      const existing = await findOrder(order.key);
      if (existing) return { order: existing, created: false };
      try {
        const number = await db.transaction().execute(async (tx) => {
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
              spam: order.spam,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const number = orderNumber(order.createdAt, Number(id));
          await tx.updateTable('orders').set({ number }).where('id', '=', id).execute();
          if (mailFor)
            await tx
              .insertInto('outbox')
              .values({
                order_id: Number(id),
                attempts: 0,
                message: JSON.stringify(mailFor(number)),
                next_attempt_at: order.createdAt.toISOString(),
              })
              .execute();
          return number;
        });
        return { order: { ...order, number, mailSentAt: null }, created: true };
      } catch (error) {
        // The key's unique index refused a second row: the other request's order is the one.
        const raced = await findOrder(order.key);
        if (raced) return { order: raced, created: false };
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

    /** Mails not yet sent whose next try is due, oldest first. */
    async dueMails(now: Date, limit: number): Promise<DueMail[]> {
      const rows = await db
        .selectFrom('outbox')
        .select(['id', 'attempts', 'next_attempt_at', 'message'])
        .where('sent_at', 'is', null)
        .where('next_attempt_at', '<=', now.toISOString())
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: Number(row.id),
        attempts: Number(row.attempts),
        nextAttemptAt: row.next_attempt_at,
        message: JSON.parse(row.message) as MailMessage,
      }));
    },

    /** When the next unsent mail is due, if any. */
    async nextDue(): Promise<Date | undefined> {
      const row = await db
        .selectFrom('outbox')
        .select((eb) => eb.fn.min('next_attempt_at').as('next'))
        .where('sent_at', 'is', null)
        .executeTakeFirst();
      return row?.next ? new Date(row.next) : undefined;
    },

    /**
     * Takes a mail for one try: moves its next try to `until`, only if no other worker has taken it since it
     * was read. True when this worker has it.
     */
    async claimMail(mail: DueMail, until: Date): Promise<boolean> {
      const result = await db
        .updateTable('outbox')
        .set({ next_attempt_at: until.toISOString() })
        .where('id', '=', mail.id)
        .where('next_attempt_at', '=', mail.nextAttemptAt)
        .where('sent_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === BigInt(1);
    },

    async markSent(id: number, at: Date) {
      await db
        .updateTable('outbox')
        .set({ sent_at: at.toISOString(), last_error: null })
        .where('id', '=', id)
        .execute();
    },

    async markFailed(id: number, attempts: number, nextAttemptAt: Date, reason: string) {
      await db
        .updateTable('outbox')
        .set({ attempts, next_attempt_at: nextAttemptAt.toISOString(), last_error: reason.slice(0, 500) })
        .where('id', '=', id)
        .execute();
    },

    /** Tries and last error of each mail not yet sent, oldest first. */
    async unsentMails(): Promise<{ orderNumber: string; attempts: number; lastError: string | null }[]> {
      const rows = await db
        .selectFrom('outbox')
        .innerJoin('orders', 'orders.id', 'outbox.order_id')
        .select(['orders.number', 'outbox.attempts', 'outbox.last_error'])
        .where('outbox.sent_at', 'is', null)
        .orderBy('outbox.id')
        .execute();
      return rows.map((row) => ({
        orderNumber: row.number!,
        attempts: Number(row.attempts),
        lastError: row.last_error,
      }));
    },

    /** Whether the database answers. */
    async ping(): Promise<void> {
      await sql`select 1`.execute(db);
    },

    close: () => db.destroy(),
  };
}
