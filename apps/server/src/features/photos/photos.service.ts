import crypto from 'node:crypto';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { processPhoto, type Variant, variantKey } from '../../platform/images.ts';
import type { Site } from '../../platform/sites.ts';
import type { Storage } from '../../platform/storage.ts';
import { type PhotoRow, photoOf, photosOf } from './photos.repo.ts';

/** Other features read photos through this module, never the repo. */
export { type PhotoRow, photosOf };

import { violates } from '../../platform/db-errors.ts';

const isLimitViolation = (err: unknown) => violates(err, 'users_photo_limit');

/**
 * Stores an upload: content checked and re-encoded first, files written under a fresh server-made
 * key, then the row inserted. The photo limit is a database CHECK (free 3, premium 25), so parallel
 * uploads cannot pass it; files of a refused upload are removed again.
 */
export async function addPhoto(
  db: Db,
  storage: Storage,
  site: Site,
  userId: string,
  upload: Buffer,
): Promise<PhotoRow> {
  const [count] = await db.query<{ photo_count: number; paid_user: boolean }>(
    'SELECT photo_count, paid_user FROM users WHERE id = $1',
    [userId],
  );
  const limit = count?.paid_user ? 25 : 3;
  if (count && count.photo_count >= limit) throw new AppError('photo_limit', 409, { limit });
  const photo = await processPhoto(upload);
  const base = `p/${crypto.randomUUID()}`;
  const files = Object.entries(photo.variants).map(
    ([v, data]) => [variantKey(base, v as Variant), data] as [string, Buffer],
  );
  const written = files.map(([key]) => key);
  await storage.putAll(files);
  try {
    return await db.tx(async (q) => {
      // One upload of a member at a time past this point (the first photo becomes main exactly once).
      await q.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
      const rows = await q.query<PhotoRow>(
        `INSERT INTO photos (user_id, site_id, storage_key, status, is_main, position, width, height)
         VALUES ($1, $2, $3, $4,
                 NOT EXISTS (SELECT 1 FROM photos WHERE user_id = $1 AND is_main),
                 coalesce((SELECT max(position) + 1 FROM photos WHERE user_id = $1), 0), $5, $6)
         RETURNING id, user_id, storage_key, status, is_main, position`,
        [
          userId,
          site.id,
          base,
          site.config.photo_approval === 'manual' ? 'pending' : 'active',
          photo.width,
          photo.height,
        ],
      );
      return rows[0]!;
    });
  } catch (err) {
    await Promise.all(written.map((k) => storage.remove(k)));
    if (isLimitViolation(err)) throw new AppError('photo_limit', 409, { limit });
    throw err;
  }
}

export async function deletePhoto(db: Db, storage: Storage, userId: string, photoId: string): Promise<void> {
  const key = await db.tx(async (q) => {
    const photo = await photoOf(q, userId, photoId, true);
    if (!photo) throw new AppError('not_found', 404);
    await q.query('DELETE FROM photos WHERE id = $1', [photo.id]);
    if (photo.is_main) {
      // The next photo (shown ones first, active first) becomes the main one.
      await q.query(
        `UPDATE photos SET is_main = true WHERE id = (
           SELECT id FROM photos WHERE user_id = $1 ORDER BY over_limit, (status = 'active') DESC, position LIMIT 1)`,
        [userId],
      );
    }
    return photo.storage_key;
  });
  await Promise.all((['l', 'm', 't', 'b'] as const).map((v) => storage.remove(variantKey(key, v))));
}

export async function setMainPhoto(db: Db, userId: string, photoId: string): Promise<void> {
  await db.tx(async (q) => {
    const photo = await photoOf(q, userId, photoId, true);
    if (!photo) throw new AppError('not_found', 404);
    // A photo held back (premium ended) that becomes main trades places with the old main photo:
    // the free limit still holds, and no hidden photo shows as anyone's main.
    const old = await q.query<{ id: string }>(
      `UPDATE photos SET is_main = false, over_limit = over_limit OR $3
        WHERE user_id = $1 AND is_main AND id <> $2 RETURNING id`,
      [userId, photoId, photo.over_limit],
    );
    await q.query(`UPDATE photos SET is_main = true, over_limit = over_limit AND $2 WHERE id = $1`, [
      photoId,
      old.length === 0,
    ]);
  });
}

/** Puts the member's photos in the given order (ids must be exactly their photos). */
export async function reorderPhotos(db: Db, userId: string, ids: string[]): Promise<void> {
  await db.tx(async (q) => {
    const mine = await photosOf(q, userId);
    const set = new Set(mine.map((p) => p.id));
    if (ids.length !== set.size || !ids.every((id) => set.has(id)) || new Set(ids).size !== ids.length) {
      throw new AppError('validation', 400);
    }
    await q.query(
      'UPDATE photos p SET position = o.pos FROM unnest($2::uuid[]) WITH ORDINALITY AS o(id, pos) WHERE p.id = o.id AND p.user_id = $1',
      [userId, ids],
    );
  });
}
