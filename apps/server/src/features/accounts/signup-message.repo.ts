import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { rowOf, run, sql } from '../../platform/sql.ts';

/** Keeps a new account's message (one per account) when its recipient is another member of the site. */
export const insertSignupMessage = (
  q: Queryable,
  m: { userId: string; recipientId: string; body: string; siteId: number },
) =>
  run(
    q,
    sql`INSERT INTO signup_messages (user_id, recipient_id, body)
        SELECT ${m.userId}::uuid, u.id, ${m.body} FROM users u
         WHERE u.id = ${m.recipientId} AND u.site_id = ${m.siteId} AND u.id <> ${m.userId}
        ON CONFLICT (user_id) DO NOTHING`,
  );

/** Takes the account's kept message (the row goes). */
export const takeSignupMessage = (q: Queryable, userId: string) =>
  rowOf(
    q,
    z.object({ recipient_id: z.string(), body: z.string() }),
    sql`DELETE FROM signup_messages WHERE user_id = ${userId} RETURNING recipient_id, body`,
  );
