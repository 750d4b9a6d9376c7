import type { MemberProfile } from '@amora/contracts';
import type { Db } from '../../platform/db.ts';
import { AppError, found } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import type { SessionUser } from '../../platform/sessions.ts';
import type { Site } from '../../platform/sites.ts';
import { exists, run, sql } from '../../platform/sql.ts';
import { photosOf } from '../photos/photos.service.ts';
import { presentMemberProfile } from '../profiles/profiles.presenter.ts';
import { blockBetween, profileById } from '../profiles/profiles.service.ts';
import { likeState } from './members.repo.ts';
import { profileShown } from './visibility.ts';

/**
 * Another member's profile. Not found: other sites, pending deletion, disabled, invisible (unless
 * it is the viewer, or the invisible member reached out first: liked the viewer or talks with them,
 * spec §6 "must send first message or like"). Blocked by that member: 403 blocked_by_member.
 */
export async function viewMember(
  db: Db,
  site: Site,
  viewer: SessionUser | null,
  id: string,
): Promise<MemberProfile> {
  if (!isUuid(id)) throw new AppError('not_found', 404);
  const p = await profileById(db, id);
  const self = viewer?.id === id;
  if (!p || !(await profileShown(p, site.id, viewer?.id ?? null, () => reachedOut(db, id, viewer!.id)))) {
    throw new AppError('not_found', 404);
  }
  // Independent reads side by side; nothing is written here (this serves GETs and page renders).
  const other = viewer && !self ? viewer.id : null;
  const [b, photos, likes] = await Promise.all([
    other ? blockBetween(db, other, id) : { aBlocksB: false, bBlocksA: false },
    photosOf(db, id, true),
    other ? likeState(db, other, id) : { liked: false, match: false },
  ]);
  if (b.bBlocksA) throw new AppError('blocked_by_member', 403);
  const blockedByMe = b.aBlocksB;
  return presentMemberProfile(
    p,
    photos,
    site,
    viewer ? { id: viewer.id, paid: viewer.paid_user || self } : null,
    blockedByMe,
    likes,
  );
}

/** The pair's conversation: its members are kept in order, the lesser id first. */
const pairIs = (a: string, b: string) =>
  sql`member_a = least(${a}::uuid, ${b}::uuid) AND member_b = greatest(${a}::uuid, ${b}::uuid)`;

/** Whether `from` liked `to` or the two have a conversation (an invisible member shows to them). */
async function reachedOut(db: Db, from: string, to: string): Promise<boolean> {
  return exists(
    db,
    sql`SELECT 1 FROM likes WHERE liker_id = ${from} AND liked_id = ${to}
        UNION ALL
        SELECT 1 FROM conversations WHERE ${pairIs(from, to)}
        LIMIT 1`,
  );
}

/** Blocks a member of the same site; what the two shared (likes, conversations) goes with it. */
export async function block(db: Db, site: Site, viewerId: string, id: string): Promise<void> {
  if (!isUuid(id) || id === viewerId) throw new AppError('not_found', 404);
  await db.tx(async (q) => {
    found(await exists(q, sql`SELECT 1 FROM profiles WHERE user_id = ${id} AND site_id = ${site.id}`));
    await run(
      q,
      sql`INSERT INTO blocks (blocker_id, blocked_id) VALUES (${viewerId}, ${id}) ON CONFLICT DO NOTHING`,
    );
    await run(
      q,
      sql`DELETE FROM likes WHERE (liker_id = ${viewerId} AND liked_id = ${id}) OR (liker_id = ${id} AND liked_id = ${viewerId})`,
    );
    // Blocking deletes the pair's chats too (spec §6).
    await run(q, sql`DELETE FROM conversations WHERE ${pairIs(viewerId, id)}`);
  });
}

export async function unblock(db: Db, viewerId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw new AppError('not_found', 404);
  await run(db, sql`DELETE FROM blocks WHERE blocker_id = ${viewerId} AND blocked_id = ${id}`);
}
