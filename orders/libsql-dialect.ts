import { createClient, type Client, type InValue, type Transaction } from '@libsql/client';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';

/**
 * Kysely over an embedded SQLite file through `@libsql/client`, built from Kysely's documented dialect parts
 * (its SQLite adapter, compiler and introspector, and a driver of our own). The client keeps one connection
 * (`concurrency: 1`), and one query or transaction holds it at a time, as Kysely's own SQLite driver does:
 * SQLite has one writer anyway, and so the pragmas set once apply to every statement. Transactions are the
 * client's own (`transaction('write')`, which begins with BEGIN IMMEDIATE).
 */
export class LibsqlDialect implements Dialect {
  constructor(private readonly file: string) {}
  createAdapter() {
    return new SqliteAdapter();
  }
  createDriver(): Driver {
    return new LibsqlDriver(this.file);
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
  createIntrospector(db: Parameters<Dialect['createIntrospector']>[0]) {
    return new SqliteIntrospector(db);
  }
}

class LibsqlDriver implements Driver {
  #client: Client | undefined;
  #connection: LibsqlConnection | undefined;
  /** The end of the queue of those waiting for the connection. */
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(private readonly file: string) {}

  async init() {
    this.#client = createClient({ url: `file:${this.file}`, concurrency: 1 });
    // The log survives a crash, and each commit is on disk before the service answers.
    for (const pragma of [
      'journal_mode = WAL',
      'synchronous = FULL',
      'busy_timeout = 5000',
      'foreign_keys = ON',
    ])
      await this.#client.execute(`PRAGMA ${pragma}`);
    this.#connection = new LibsqlConnection(this.#client);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise((resolve) => (release = resolve));
    await previous;
    this.#release = release;
    return this.#connection!;
  }

  async beginTransaction(connection: LibsqlConnection) {
    connection.transaction = await this.#client!.transaction('write');
  }

  async commitTransaction(connection: LibsqlConnection) {
    await connection.end().commit();
  }

  async rollbackTransaction(connection: LibsqlConnection) {
    await connection.end().rollback();
  }

  async releaseConnection() {
    this.#release?.();
  }

  async destroy() {
    this.#client?.close();
  }
}

class LibsqlConnection implements DatabaseConnection {
  /** The open transaction, which its statements go to. */
  transaction: Transaction | undefined;

  constructor(private readonly client: Client) {}

  /** The open transaction, now ending. */
  end(): Transaction {
    const transaction = this.transaction!;
    this.transaction = undefined;
    return transaction;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await (this.transaction ?? this.client).execute({
      sql: query.sql,
      args: query.parameters as InValue[],
    });
    return {
      rows: result.rows.map(
        (row) => Object.fromEntries(result.columns.map((name, i) => [name, row[i]])) as R,
      ),
      numAffectedRows: BigInt(result.rowsAffected),
      insertId: result.lastInsertRowid,
    };
  }

  async *streamQuery(): AsyncIterableIterator<QueryResult<never>> {
    throw new Error('The SQLite driver does not stream');
  }
}
