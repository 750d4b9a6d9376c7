import type { Queryable } from '../../platform/db.ts';

export interface PhotoRow {
  id: string;
  user_id: string;
  storage_key: string;
  status: 'pending' | 'active' | 'rejected';
  is_main: boolean;
  position: number;
  /** Held back: beyond the free limit after the member's premium ended (shown to nobody else). */
  over_limit: boolean;
}

export async function photosOf(q: Queryable, userId: string, onlyActive = false): Promise<PhotoRow[]> {
  return q.query<PhotoRow>(
    `SELECT id, user_id, storage_key, status, is_main, position, over_limit FROM photos
      WHERE user_id = $1 ${onlyActive ? "AND status = 'active' AND NOT over_limit" : ''}
      ORDER BY is_main DESC, position, created_at`,
    [userId],
  );
}

export async function photoOf(
  q: Queryable,
  userId: string,
  photoId: string,
  forUpdate = false,
): Promise<PhotoRow | null> {
  const rows = await q.query<PhotoRow>(
    `SELECT id, user_id, storage_key, status, is_main, position, over_limit FROM photos WHERE id = $1 AND user_id = $2
     ${forUpdate ? 'FOR UPDATE' : ''}`,
    [photoId, userId],
  );
  return rows[0] ?? null;
}
