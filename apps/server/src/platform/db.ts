import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Options of one statement. `prepare`: a name under which the statement is prepared once per
 * connection and then only executed (no parsing and planning each time); for hot statements whose
 * plan does not depend on their values (point lookups by key, the job queue's statements over
 * arrays of ids and names). Ignored by the embedded engine.
 */
export interface QueryOptions {
  prepare?: string;
  /**
   * The transaction's last statement: COMMIT goes out right behind it (one round trip less) and
   * nothing may be run in the transaction after it. Outside a transaction it means nothing.
   */
  last?: boolean;
}

/** Something SQL can be run on: the database itself or an open transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], opts?: QueryOptions): Promise<T[]>;
}

/** The first row a statement answers (a lookup by key), or undefined when there is none. */
export async function firstRow<T>(
  q: Queryable,
  sql: string,
  params?: unknown[],
  opts?: QueryOptions,
): Promise<T | undefined> {
  const [row] = await q.query<T>(sql, params, opts);
  return row;
}

const pgQuery = (sql: string, params: unknown[], opts?: QueryOptions) =>
  opts?.prepare ? { name: opts.prepare, text: sql, values: params } : { text: sql, values: params };

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** The connection pool's state (PostgreSQL only): connections open, idle, and clients waiting for one. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** Runs fn in one transaction; commits when it resolves, rolls back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

// int8 and numeric come back as strings from pg by default; counts and sums fit in a double here.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/** The socket under a pooled client, to gather several pipelined statements into one write. */
function corkable(client: pg.PoolClient): { cork(): void; uncork(): void } | undefined {
  const stream = (client as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } })
    .connection?.stream;
  return stream?.cork && stream.uncork ? (stream as { cork(): void; uncork(): void }) : undefined;
}

/**
 * A pooled connection the server ended while it sat idle (a restart, pg_terminate_backend): the
 * pool learns it only when the next statement goes out on it, which then fails with the server's
 * 57P01/57P02 (or "not queryable", the client having seen the error first). The server never ran
 * that statement (a terminated backend rolls back what it was doing), so it is sent again on
 * another connection; a lost connection whose statement may have run ("Connection terminated")
 * is never retried.
 */
export function isStaleConnection(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  if (code === '57P01' || code === '57P02') return true;
  return err instanceof Error && /not queryable/.test(err.message);
}

class PgDb implements Db {
  readonly kind = 'postgres' as const;
  constructor(
    private pool: pg.Pool,
    /** At most this many stale connections are dropped in a row for one statement (the pool's size). */
    private staleRetries: number,
  ) {}
  poolStats() {
    return { total: this.pool.totalCount, idle: this.pool.idleCount, waiting: this.pool.waitingCount };
  }
  async query<T>(sql: string, params: unknown[] = [], opts?: QueryOptions): Promise<T[]> {
    for (let attempt = 0; ; attempt++) {
      try {
        return (await this.pool.query(pgQuery(sql, params, opts))).rows as T[];
      } catch (err) {
        if (attempt >= this.staleRetries || !isStaleConnection(err)) throw err;
      }
    }
  }
  /**
   * Runs fn in a transaction. When the connection turns out stale before any of fn's statements
   * answered, fn runs again on another connection (nothing of it reached the server); so fn must
   * not act outside the database before its first statement, which holds for every caller.
   */
  async tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const answered = { any: false };
      try {
        return await this.txOnce(fn, answered);
      } catch (err) {
        if (answered.any || attempt >= this.staleRetries || !isStaleConnection(err)) throw err;
      }
    }
  }
  private async txOnce<T>(fn: (q: Queryable) => Promise<T>, answered: { any: boolean }): Promise<T> {
    const client = await this.pool.connect();
    // A checked-out connection has no listener of the pool's: a server restart or a terminated
    // backend (57P01) would be an unhandled 'error' event and end the process (issue 24 item 2).
    // The error fails this transaction's statement; the connection is dropped on release.
    let lost: Error | undefined;
    const onError = (err: Error) => {
      lost = err;
    };
    client.on('error', onError);
    // BEGIN goes out with the transaction's first statement (the pool's clients pipeline): one
    // round trip less per transaction. Were BEGIN to fail, that statement fails with it.
    // Corked until the current tick ends, so both leave in one write (a system call each costs
    // about as much as planning a small statement on these machines).
    const stream = corkable(client);
    stream?.cork();
    const begin = client.query('BEGIN');
    begin.catch(() => {});
    if (stream) process.nextTick(() => stream.uncork());
    try {
      let committed: Promise<unknown> | null = null;
      const q: Queryable = {
        query: async <R>(sql: string, params: unknown[] = [], opts?: QueryOptions) => {
          if (committed) throw new Error('statement after the last one of a transaction');
          if (opts?.last) stream?.cork();
          const running = client.query(pgQuery(sql, params, opts));
          if (opts?.last) {
            // A COMMIT behind a failed statement only rolls back; the statement's error is thrown.
            committed = client.query('COMMIT');
            committed.catch(() => {});
            stream?.uncork();
          }
          const rows = (await running).rows as R[];
          answered.any = true;
          return rows;
        },
      };
      const result = await fn(q);
      await begin;
      await (committed ?? client.query('COMMIT'));
      return result;
    } catch (err) {
      if (!lost) await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.off('error', onError);
      // A lost connection is destroyed, not returned to the pool.
      client.release(lost);
    }
  }
  async exec(sql: string): Promise<void> {
    await this.pool.query(sql);
  }
  async close(): Promise<void> {
    await this.pool.end();
  }
}

/**
 * The transaction the current async context holds on the embedded engine, while it is open. PGlite
 * has one connection: a statement on the database itself (or a second transaction) issued while
 * the caller holds a transaction waits for that transaction, which waits for the caller: the whole
 * server freezes (issue 24: a mail job's transaction reloading the site directory). Such a call
 * fails at once instead, loudly, in tests and in production alike.
 */
const heldTx = new AsyncLocalStorage<{ open: boolean; db: PgliteDb }>();

/** A statement that would wait for the connection its own caller holds (see heldTx). */
export class HeldConnectionError extends Error {
  constructor(what: string) {
    super(
      `${what} on the database while this code holds a transaction: the embedded engine has one connection, ` +
        'so it would wait for itself. Use the transaction (q) given to the callback, or run it after the commit.',
    );
    this.name = 'HeldConnectionError';
  }
}

/**
 * Runs fn outside the current transaction's context: for work that starts during a transaction
 * but need not finish within it (a cache refreshed in the background). On the embedded engine
 * its statements simply wait for the commit; nothing waits for them.
 */
export function detached<T>(fn: () => T): T {
  return heldTx.exit(fn);
}

class PgliteDb implements Db {
  readonly kind = 'pglite' as const;
  constructor(private lite: PGlite) {}
  private guard(what: string): void {
    const held = heldTx.getStore();
    if (held?.open && held.db === this) throw new HeldConnectionError(what);
  }
  async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    this.guard('a statement');
    return (await this.lite.query<T>(sql, params)).rows;
  }
  async tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
    this.guard('a second transaction');
    const held = { open: true, db: this };
    try {
      return await this.lite.transaction(async (t) =>
        heldTx.run(held, () =>
          fn({
            query: async <R>(sql: string, params: unknown[] = []) => (await t.query<R>(sql, params)).rows,
          }),
        ),
      );
    } finally {
      held.open = false;
    }
  }
  async exec(sql: string): Promise<void> {
    this.guard('a script');
    await this.lite.exec(sql);
  }
  async close(): Promise<void> {
    await this.lite.close();
  }
}

/**
 * Opens PostgreSQL: the server at `databaseUrl` when given, else the embedded PGlite engine
 * persisted in `dataDir/pg` (or in memory when dataDir is 'memory://').
 */
/**
 * Limits on a PostgreSQL server (issue 24 item 7): no request waits longer than these for the
 * database; what runs out answers 503 with Retry-After (platform/error-handler.ts). A held row
 * lock fails its waiters after `lockMs` instead of filling the pool.
 */
export interface DbTimeouts {
  /** Waiting for a free connection of the pool (or a new one to open). */
  acquireMs: number;
  /** One statement (statement_timeout). */
  statementMs: number;
  /** Waiting for a lock (lock_timeout). */
  lockMs: number;
  /** A transaction left open and idle (idle_in_transaction_session_timeout). */
  idleInTxMs: number;
}

export const DB_TIMEOUTS: DbTimeouts = {
  acquireMs: 5_000,
  statementMs: 30_000,
  lockMs: 10_000,
  idleInTxMs: 60_000,
};

export async function openDb(opts: {
  databaseUrl?: string;
  dataDir: string;
  timeouts?: Partial<DbTimeouts>;
  /** Pool size (10). */
  max?: number;
}): Promise<Db> {
  if (opts.databaseUrl) {
    const limits = { ...DB_TIMEOUTS, ...opts.timeouts };
    // pipeline: a statement issued while another is in flight goes out at once (see tx).
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.max ?? 10,
      pipeline: true,
      connectionTimeoutMillis: limits.acquireMs,
      statement_timeout: limits.statementMs,
      lock_timeout: limits.lockMs,
      idle_in_transaction_session_timeout: limits.idleInTxMs,
    } as pg.PoolConfig);
    // An idle connection the server closes (restart, failover, DROP DATABASE in tests) must not
    // crash the process; the pool replaces it on the next query.
    pool.on('error', (err) => console.warn(`PostgreSQL idle connection closed: ${err.message}`));
    // The pool listens on an idle connection only, and its user (tx, pool.query) while it holds
    // one. A connection the server ends (57P01 on a restart) can say so in between: with nobody
    // listening that is an unhandled 'error' event, which ends the process (seen once in a test
    // run under load, faults/database.int). Every connection gets a listener of its own for its
    // whole life; whoever uses it still gets the error from its statement, and the pool drops it.
    pool.on('connect', (client) => client.on('error', () => {}));
    await pool.query('SELECT 1');
    return new PgDb(pool, (opts.max ?? 10) + 1);
  }
  if (opts.dataDir === 'memory://') return new PgliteDb(await PGlite.create());
  const dir = path.join(opts.dataDir, 'pg');
  fs.mkdirSync(dir, { recursive: true });
  return new PgliteDb(await PGlite.create(dir));
}
