import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { rowsOf, run, sql } from '../../platform/sql.ts';

/** Up to 50 members whose pending deletion is older than `days`, claimed (SKIP LOCKED) for this transaction. */
export const claimDueErasures = (q: Queryable, days: number) =>
  rowsOf(
    q,
    z.object({ id: z.string(), email: z.string() }),
    sql`SELECT id, email FROM users WHERE status = 'pending_deletion'
           AND deletion_requested_at <= now() - make_interval(days => ${days})
         ORDER BY deletion_requested_at LIMIT 50 FOR UPDATE SKIP LOCKED`,
  );

/**
 * Erases the members' personal data: profile, photos, sessions, messages they sent, likes either
 * way, tokens, queued mail; the account row stays as an anonymous stub. Answers the storage keys
 * of the photos and chat photos that went, for their files.
 */
export async function eraseMembers(q: Queryable, members: { id: string; email: string }[]) {
  const ids = members.map((m) => m.id);
  const photos = await rowsOf(
    q,
    z.object({ storage_key: z.string() }),
    sql`DELETE FROM photos WHERE user_id = ANY(${ids}::uuid[]) RETURNING storage_key`,
  );
  await run(q, sql`DELETE FROM profiles WHERE user_id = ANY(${ids}::uuid[])`);
  await run(q, sql`DELETE FROM sessions WHERE user_id = ANY(${ids}::uuid[])`);
  const chatPhotos = await rowsOf(
    q,
    z.object({ media_key: z.string().nullable() }),
    sql`DELETE FROM messages WHERE sender_id = ANY(${ids}::uuid[]) RETURNING media_key`,
  );
  await run(q, sql`DELETE FROM likes WHERE liker_id = ANY(${ids}::uuid[]) OR liked_id = ANY(${ids}::uuid[])`);
  await run(q, sql`DELETE FROM tokens WHERE user_id = ANY(${ids}::uuid[])`);
  await run(
    q,
    sql`DELETE FROM outbox_emails WHERE status = 'pending' AND to_address = ANY(${members.map((m) => m.email)}::text[])`,
  );
  await run(
    q,
    sql`UPDATE users SET status = 'deleted', email = 'erased-' || id || '@invalid', password_hash = NULL,
          tracking = NULL, delete_remarks = NULL, status_before_deletion = NULL, invisible = true
        WHERE id = ANY(${ids}::uuid[])`,
  );
  return {
    keys: photos.map((p) => p.storage_key),
    chatKeys: chatPhotos.flatMap((m) => (m.media_key ? [m.media_key] : [])),
  };
}
