import crypto from 'node:crypto';
import type { Db } from '../../platform/db.ts';
import { AppError, found } from '../../platform/errors.ts';
import { processPhoto, type Variant, variantKey } from '../../platform/images.ts';
import type { Site } from '../../platform/sites.ts';
import type { Storage } from '../../platform/storage.ts';
import {
  deletePhotoRow,
  insertPhoto,
  lockMember,
  makeMain,
  type PhotoRow,
  photoAllowance,
  photoOf,
  photosOf,
  promoteNextMain,
  setOrder,
} from './photos.repo.ts';

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
  const count = await photoAllowance(db, userId);
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
      await lockMember(q, userId);
      return insertPhoto(q, {
        userId,
        siteId: site.id,
        key: base,
        status: site.config.photo_approval === 'manual' ? 'pending' : 'active',
        width: photo.width,
        height: photo.height,
      });
    });
  } catch (err) {
    await Promise.all(written.map((k) => storage.remove(k)));
    if (isLimitViolation(err)) throw new AppError('photo_limit', 409, { limit });
    throw err;
  }
}

export async function deletePhoto(db: Db, storage: Storage, userId: string, photoId: string): Promise<void> {
  const key = await db.tx(async (q) => {
    const photo = found(await photoOf(q, userId, photoId, true));
    await deletePhotoRow(q, photo.id);
    if (photo.is_main) await promoteNextMain(q, userId);
    return photo.storage_key;
  });
  await Promise.all((['l', 'm', 't', 'b'] as const).map((v) => storage.remove(variantKey(key, v))));
}

export async function setMainPhoto(db: Db, userId: string, photoId: string): Promise<void> {
  await db.tx(async (q) => {
    const photo = found(await photoOf(q, userId, photoId, true));
    await makeMain(q, userId, photoId, photo.over_limit);
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
    await setOrder(q, userId, ids);
  });
}
