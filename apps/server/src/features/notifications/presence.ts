import type { Queryable } from '../../platform/db.ts';
import { run, sql } from '../../platform/sql.ts';

/**
 * Presence, for "no mail per message while the member is on the site" (issue 15). A member is
 * active while a page of theirs is visible: its socket says so every 25 s (the 'visible' keep-alive
 * of contracts/realtime, written here at most every 50 s), and the page-hidden beacon (spec §7)
 * ends it at once. A closed tab stops the keep-alives: presence then fades after ACTIVE_S.
 * Kept in the database so every instance (and the jobs role) sees the same answer.
 */
export const ACTIVE_S = 120;

/** A visible page's keep-alive: the member is here (clears a hidden mark). */
export async function markVisible(q: Queryable, userId: string): Promise<void> {
  await run(
    q,
    sql`UPDATE users SET presence_at = now(), page_hidden_at = NULL
         WHERE id = ${userId}
           AND (page_hidden_at IS NOT NULL OR presence_at IS NULL OR presence_at < now() - interval '50 seconds')`,
  );
}

/** The page-hidden beacon: the member stopped looking at the site. */
export async function markHidden(q: Queryable, userId: string): Promise<void> {
  await run(q, sql`UPDATE users SET page_hidden_at = now() WHERE id = ${userId}`);
}

/** SQL condition (on a users alias) true while the member is active on the site. */
export const activeSql = (u: string) =>
  `(${u}.presence_at > now() - make_interval(secs => ${ACTIVE_S}) AND ${u}.page_hidden_at IS NULL)`;
