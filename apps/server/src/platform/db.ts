import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Options of one statement. `prepare`: a name under which the statement is prepared once per
 * connection and then only executed (no parsing and planning each time); for hot statements whose
 * plan does not depend on their values (point lookups by key). Ignored by the embedded engine.
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

class PgDb implements Db {
  readonly kind = 'postgres' as const;
  constructor(private pool: pg.Pool) {}
  async query<T>(sql: string, params: unknown[] = [], opts?: QueryOptions): Promise<T[]> {
    return (await this.pool.query(pgQuery(sql, params, opts))).rows as T[];
  }
  async tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
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
          return (await running).rows as R[];
        },
      };
      const result = await fn(q);
      await begin;
      await (committed ?? client.query('COMMIT'));
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }
  async exec(sql: string): Promise<void> {
    await this.pool.query(sql);
  }
  async close(): Promise<void> {
    await this.pool.end();
  }
}

class PgliteDb implements Db {
  readonly kind = 'pglite' as const;
  constructor(private lite: PGlite) {}
  async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.lite.query<T>(sql, params)).rows;
  }
  async tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
    return this.lite.transaction(async (t) =>
      fn({ query: async <R>(sql: string, params: unknown[] = []) => (await t.query<R>(sql, params)).rows }),
    );
  }
  async exec(sql: string): Promise<void> {
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
export async function openDb(opts: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  if (opts.databaseUrl) {
    // pipeline: a statement issued while another is in flight goes out at once (see tx).
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      pipeline: true,
    } as pg.PoolConfig);
    // An idle connection the server closes (restart, failover, DROP DATABASE in tests) must not
    // crash the process; the pool replaces it on the next query.
    pool.on('error', (err) => console.warn(`PostgreSQL idle connection closed: ${err.message}`));
    await pool.query('SELECT 1');
    return new PgDb(pool);
  }
  if (opts.dataDir === 'memory://') return new PgliteDb(await PGlite.create());
  const dir = path.join(opts.dataDir, 'pg');
  fs.mkdirSync(dir, { recursive: true });
  return new PgliteDb(await PGlite.create(dir));
}
