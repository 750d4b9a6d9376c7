import type { Queryable } from './db.ts';

/** How many failed logins within a window lead to a block, and for how long. */
export interface LockoutRule {
  windowMinutes: number;
  maxFailures: number;
  blockMinutes: number;
}

/** The throttle tables (migrations 003 and 023): one row of failures and block per key. */
type ThrottleTable = 'login_throttle' | 'operator_login_throttle';

/**
 * Failed logins counted per key (the hashed address; for members also the site) in a throttle
 * table, and the block they lead to. The members' login and the console's login share the rule's
 * arithmetic; only their table and key differ. `key` holds the values of `keyColumns`, in order.
 */
export function loginThrottle(table: ThrottleTable, keyColumns: readonly string[]) {
  const n = keyColumns.length;
  const where = keyColumns.map((c, i) => `${c} = $${i + 1}`).join(' AND ');
  const values = keyColumns.map((_, i) => `$${i + 1}`).join(', ');
  const window = `t.window_start < now() - make_interval(mins => $${n + 1})`;
  const failures = `CASE WHEN ${window} THEN 1 ELSE t.failures + 1 END`;
  const recordSql = `INSERT INTO ${table} AS t (${keyColumns.join(', ')}, failures, window_start) VALUES (${values}, 1, now())
     ON CONFLICT (${keyColumns.join(', ')}) DO UPDATE SET
       failures = ${failures},
       window_start = CASE WHEN ${window} THEN now() ELSE t.window_start END,
       blocked_until = CASE WHEN (${failures}) >= $${n + 2}
         THEN now() + make_interval(mins => $${n + 3}) ELSE t.blocked_until END
     RETURNING blocked_until`;
  const blockOf = (rows: { blocked_until: Date | null }[]) =>
    rows[0]?.blocked_until ? new Date(rows[0].blocked_until) : null;

  return {
    /** The block in force for this key, if any (it may have run out: compare with now). */
    async blockedUntil(q: Queryable, key: readonly unknown[]): Promise<Date | null> {
      return blockOf(
        await q.query<{ blocked_until: Date | null }>(`SELECT blocked_until FROM ${table} WHERE ${where}`, [
          ...key,
        ]),
      );
    },
    /** Counts a failure in the current window; answers the block (if this or an earlier one set it). */
    async recordFailure(q: Queryable, key: readonly unknown[], rule: LockoutRule): Promise<Date | null> {
      return blockOf(
        await q.query<{ blocked_until: Date | null }>(recordSql, [
          ...key,
          rule.windowMinutes,
          rule.maxFailures,
          rule.blockMinutes,
        ]),
      );
    },
    /** Forgets the failures (after a successful login). */
    async clear(q: Queryable, key: readonly unknown[]): Promise<void> {
      await q.query(`DELETE FROM ${table} WHERE ${where}`, [...key]);
    },
  };
}
