import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { variantKey } from '../../platform/images.ts';
import type { Storage } from '../../platform/storage.ts';
import { endExportsOf } from '../data-export/data-export.service.ts';
import { REACTIVATION_DAYS } from './accounts.service.ts';
import { claimDueErasures, eraseMembers } from './erase.repo.ts';

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
      const due = await claimDueErasures(q, REACTIVATION_DAYS);
      if (due.length === 0) return null;
      const archiveKeys = await endExportsOf(
        q,
        due.map((d) => d.id),
      );
      return { count: due.length, ...(await eraseMembers(q, due)), archiveKeys };
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
