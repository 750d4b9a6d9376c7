import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.ts';

/** The committed SQL migrations, found next to the source (dev) or copied beside the bundle (build). */
export function migrationsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of ['migrations', '../migrations', '../../migrations'].map((d) =>
    path.join(here, d),
  )) {
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error(`migrations folder not found near ${here}`);
}

/**
 * Applies every migration not yet applied, in file-name order, each in its own transaction.
 * An advisory lock keeps two instances starting at once from applying the same file twice.
 */
export async function migrate(db: Db, dir = migrationsDir()): Promise<string[]> {
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^\d{3}_.+\.sql$/.test(f))
    .sort();
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const applied: string[] = [];
  await db.tx(async (q) => {
    // A migration may take longer than a request's limits (platform/db.ts DB_TIMEOUTS): an index
    // on a large table; an instance starting beside a running one waits for its migrations.
    if (db.kind === 'postgres') {
      await q.query('SET LOCAL statement_timeout = 0');
      await q.query('SET LOCAL lock_timeout = 0');
    }
    await q.query("SELECT pg_advisory_xact_lock(hashtext('amora.migrations'))");
    const done = new Set(
      (await q.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = fs.readFileSync(path.join(dir, file), 'utf8');
      for (const statement of splitSql(sql)) await q.query(statement);
      await q.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
  });
  return applied;
}

/** Splits a migration on semicolons that end a line, outside dollar-quoted bodies. */
function splitSql(sql: string): string[] {
  const out: string[] = [];
  let buf = '';
  let inDollar = false;
  for (const line of sql.split('\n')) {
    if (/^\s*--/.test(line)) continue;
    const dollars = line.match(/\$\$/g)?.length ?? 0;
    if (dollars % 2 === 1) inDollar = !inDollar;
    buf += `${line}\n`;
    if (!inDollar && /;\s*$/.test(line)) {
      out.push(buf.trim());
      buf = '';
    }
  }
  if (buf.trim()) out.push(buf.trim());
  return out;
}
