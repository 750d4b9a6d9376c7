import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { variantKey } from '../../platform/images.ts';
import type { Storage } from '../../platform/storage.ts';
import { endExportsOf } from '../data-export/data-export.service.ts';
import { REACTIVATION_DAYS } from './accounts.service.ts';

/**
 * Erases members whose 14 days of pending deletion are over: profile, photos (files too),
 * sessions, tokens, queued mail and their data archives (the objects; the rows keep dates only) go; the account row stays as an anonymous stub so records the
 * law requires (payments, later) keep their reference without personal details.
 * Safe to run on several instances at once (rows are claimed with SKIP LOCKED).
 */
export async function eraseExpiredAccounts(
  db: Db,
  storage: Storage,
  chatStorage: Storage,
  log?: FastifyBaseLogger,
): Promise<number> {
  let erased = 0;
  for (;;) {
    const batch = await db.tx(async (q) => {
      const due = await q.query<{ id: string; email: string }>(
        `SELECT id, email FROM users WHERE status = 'pending_deletion'
            AND deletion_requested_at <= now() - make_interval(days => $1)
          ORDER BY deletion_requested_at LIMIT 50 FOR UPDATE SKIP LOCKED`,
        [REACTIVATION_DAYS],
      );
      if (due.length === 0) return null;
      const ids = due.map((d) => d.id);
      const photos = await q.query<{ storage_key: string }>(
        'DELETE FROM photos WHERE user_id = ANY($1::uuid[]) RETURNING storage_key',
        [ids],
      );
      await q.query('DELETE FROM profiles WHERE user_id = ANY($1::uuid[])', [ids]);
      await q.query('DELETE FROM sessions WHERE user_id = ANY($1::uuid[])', [ids]);
      const chatPhotos = await q.query<{ media_key: string }>(
        'DELETE FROM messages WHERE sender_id = ANY($1::uuid[]) RETURNING media_key',
        [ids],
      );
      await q.query('DELETE FROM likes WHERE liker_id = ANY($1::uuid[]) OR liked_id = ANY($1::uuid[])', [
        ids,
      ]);
      await q.query('DELETE FROM tokens WHERE user_id = ANY($1::uuid[])', [ids]);
      const archiveKeys = await endExportsOf(q, ids);
      await q.query(`DELETE FROM outbox_emails WHERE status = 'pending' AND to_address = ANY($1::text[])`, [
        due.map((d) => d.email),
      ]);
      await q.query(
        `UPDATE users SET status = 'deleted', email = 'erased-' || id || '@invalid', password_hash = NULL,
           tracking = NULL, delete_remarks = NULL, status_before_deletion = NULL, invisible = true
         WHERE id = ANY($1::uuid[])`,
        [ids],
      );
      return {
        count: ids.length,
        keys: photos.map((p) => p.storage_key),
        chatKeys: chatPhotos.flatMap((m) => (m.media_key ? [m.media_key] : [])),
        archiveKeys,
      };
    });
    if (batch === null) break;
    // Files go after the commit; demo portraits are drawn from specs and shared by nobody else.
    for (const key of batch.keys) {
      for (const v of ['l', 'm', 't', 'b'] as const) await storage.remove(variantKey(key, v)).catch(() => {});
    }
    for (const key of batch.chatKeys) {
      for (const v of ['l', 't'] as const) await chatStorage.remove(variantKey(key, v)).catch(() => {});
    }
    // Archives live in the private store, beside the chat's pictures.
    for (const key of batch.archiveKeys) await chatStorage.remove(key).catch(() => {});
    erased += batch.count;
  }
  if (erased) log?.info({ members: erased }, 'erased accounts past their reactivation window');
  return erased;
}
