import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** Something SQL can be run on: the database itself or an open transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

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

class PgDb implements Db {
  readonly kind = 'postgres' as const;
  constructor(private pool: pg.Pool) {}
  async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.pool.query(sql, params)).rows as T[];
  }
  async tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const q: Queryable = {
        query: async <R>(sql: string, params: unknown[] = []) =>
          (await client.query(sql, params)).rows as R[],
      };
      const result = await fn(q);
      await client.query('COMMIT');
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
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
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
