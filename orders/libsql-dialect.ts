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

  /** Set when a statement failed: the connection is opened again before its next use. */
  #failed = false;

  async init() {
    // A locked database is waited for 5 s (the client's busy timeout), then reported.
    this.#client = createClient({ url: `file:${this.file}`, concurrency: 1, timeout: 5000 });
    await this.#pragmas();
    this.#connection = new LibsqlConnection(this.#client, () => (this.#failed = true));
  }

  /** The connection's settings: the log survives a crash, and each commit is on disk before the service answers. */
  async #pragmas() {
    for (const pragma of [
      'journal_mode = WAL',
      'synchronous = FULL',
      'foreign_keys = ON',
      'secure_delete = ON',
    ])
      await this.#client!.execute(`PRAGMA ${pragma}`);
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
    try {
      connection.transaction = await this.#client!.transaction('write');
    } catch (error) {
      this.#failed = true;
      throw error;
    }
  }

  async commitTransaction(connection: LibsqlConnection) {
    try {
      await connection.end()!.commit();
    } catch (error) {
      this.#failed = true;
      throw error;
    }
  }

  async rollbackTransaction(connection: LibsqlConnection) {
    // Kysely rolls back also when BEGIN itself failed (a locked database): then there is nothing to end.
    await connection.end()?.rollback();
  }

  async releaseConnection() {
    // A statement that failed (SQLITE_BUSY) can leave the connection unable to commit: a fresh one replaces it.
    if (this.#failed) {
      this.#failed = false;
      await this.#client!.reconnect();
      await this.#pragmas().catch(() => (this.#failed = true));
    }
    this.#release?.();
  }

  async destroy() {
    // Commits wait in the -wal file until a checkpoint moves them into the database file. Moved and emptied here,
    // the file of a stopped service holds every order by itself: a copy of it is complete, and an old -wal left
    // beside a restored file has nothing to replay. Best effort: a transaction still open, or a reader in another
    // process, leaves the log as it is, and SQLite replays it on the next open.
    await this.#client?.execute('PRAGMA wal_checkpoint(TRUNCATE)').catch(() => {});
    this.#client?.close();
  }
}

class LibsqlConnection implements DatabaseConnection {
  /** The open transaction, which its statements go to. */
  transaction: Transaction | undefined;

  constructor(
    private readonly client: Client,
    private readonly onError: () => void,
  ) {}

  /** The open transaction, now ending, if one began. */
  end(): Transaction | undefined {
    const transaction = this.transaction;
    this.transaction = undefined;
    return transaction;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    let result;
    try {
      result = await (this.transaction ?? this.client).execute({
        sql: query.sql,
        args: query.parameters as InValue[],
      });
    } catch (error) {
      this.onError();
      throw error;
    }
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
