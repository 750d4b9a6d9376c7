import type { AutoLike, LikeResult, LikesResponse, Message } from '@amora/contracts';
import { ageOn, ownAgeRange } from '@amora/contracts/rules';
import type { Db, Queryable } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { variantKey } from '../../platform/images.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import type { Realtime } from '../../platform/realtime.ts';
import type { Site } from '../../platform/sites.ts';
import { mediaUrl } from '../../platform/storage.ts';
import { addSystemNote, announceMessage } from '../chat/chat.service.ts';
import { cards } from '../members/members.service.ts';
import { birthBounds } from '../members/search.ts';
import { EVENT_QUEUE, type MemberEvent } from '../notifications/events.ts';
import * as repo from './likes.repo.ts';

/** Spec §7 /api/likes.php: likes given, likes received (with the "new" flag) and matches. */
export async function listLikes(db: Db, site: Site, viewerId: string): Promise<LikesResponse> {
  const [given, received] = await Promise.all([
    repo.likesGiven(db, viewerId),
    repo.likesReceived(db, viewerId),
  ]);
  const [profiles, likedByProfiles] = await Promise.all([
    cards(
      db,
      site,
      viewerId,
      given.map((g) => g.id),
    ),
    cards(
      db,
      site,
      viewerId,
      received.map((r) => r.id),
    ),
  ]);
  const visible = new Set(likedByProfiles.map((p) => p.id));
  const liked_by = received.filter((r) => visible.has(r.id)).map((r) => ({ id: r.id, like_new: !r.seen }));
  const gave = new Set(profiles.map((p) => p.id));
  return {
    profiles,
    liked_by,
    liked_by_profiles: likedByProfiles,
    matches: liked_by.filter((l) => gave.has(l.id)).map((l) => l.id),
    total_new_likes: liked_by.filter((l) => l.like_new).length,
  };
}

/**
 * Likes a member of the same site (idempotent). Nobody can like across a block, like a hidden
 * member, an invisible one who did not like them first (liking back works, spec §6), or themself. Returns whether the two now match, and, when this like made
 * the match and the two already talk, the "it's a match" system message written into their chat.
 */
export async function like(
  db: Db,
  site: Site,
  viewerId: string,
  id: string,
): Promise<LikeResult & { note: Message | null }> {
  if (!isUuid(id) || id === viewerId) throw new AppError('not_found', 404);
  return db.tx(async (q) => {
    const [card] = await cards(q, site, viewerId, [id]);
    if (!card) throw new AppError('not_found', 404);
    const fresh = await repo.insertLike(q, viewerId, id, site.id);
    const match = await repo.likesMember(q, id, viewerId);
    const note = fresh && match ? await addSystemNote(q, viewerId, id, 'match', fresh) : null;
    if (fresh) {
      const event: MemberEvent = { type: 'like', likerId: viewerId, likedId: id, siteId: site.id, match };
      await enqueueJob(q, EVENT_QUEUE, event);
    }
    return { liked: true, match, profile: card, note };
  });
}

export async function unlike(db: Db, site: Site, viewerId: string, id: string): Promise<LikeResult> {
  if (!isUuid(id)) throw new AppError('not_found', 404);
  await repo.deleteLike(db, viewerId, id);
  const [card] = await cards(db, site, viewerId, [id]);
  if (!card) throw new AppError('not_found', 404);
  return { liked: false, match: false, profile: card };
}

/** Opening a member who liked me clears that like's "new" flag (spec §4). */
export async function markLikeSeen(q: Queryable, viewerId: string, likerId: string): Promise<void> {
  await repo.markSeen(q, likerId, viewerId);
}

/**
 * Spec §7 /api/auto-like.php: a fictional chat partner (marked as such everywhere) who fits the
 * member's own search likes them, for the match modal. "Fits" is what the member's search starts
 * with (contracts/rules ownAgeRange): the gender they seek, their age ± AGE_SPREAD, and who seeks
 * the member's gender. Only members the viewer has not liked are picked, so the answer is always a
 * like received, never a match: the modal says "{name} liked you" and offers to like back.
 * Real members never like anybody automatically. It is never the first thing a newcomer sees: only
 * a member who has liked someone themselves gets one (their first search brings none).
 */
export async function autoLike(db: Db, site: Site, viewerId: string): Promise<AutoLike> {
  return db.tx(async (q) => {
    const me = await repo.seekerOf(q, viewerId);
    if (!me) return { profile: null };
    if (!(await repo.hasLikedAnyone(q, viewerId))) return { profile: null };
    const genders = me.seeking === 'both' ? ['male', 'female'] : [me.seeking];
    const range = ownAgeRange(ageOn(me.birth_date));
    const { after, onOrBefore } = birthBounds(range.min_age, range.max_age);
    const pick = await repo.autoLikePick(q, {
      siteId: site.id,
      genders,
      gender: me.gender,
      viewerId,
      after,
      onOrBefore,
    });
    if (!pick) return { profile: null };
    await repo.insertLike(q, pick.id, viewerId, site.id);
    return {
      profile: {
        id: pick.id,
        name: pick.name,
        main_image: pick.main_key ? mediaUrl(site.config.cdn_prefix, variantKey(pick.main_key, 'm')) : null,
        fictional: true,
      },
      match: false,
    };
  });
}

/**
 * After a like or unlike: both members' open tabs reload their likes (badge, lists) at once. The
 * event carries nothing; each tab asks /api/likes.php, which applies every rule again. A like that
 * made a match in a conversation also delivers its system message there. Returns the answer.
 */
function announceLike(
  realtime: Realtime,
  userIds: string[],
  { note, ...result }: LikeResult & { note?: Message | null },
): LikeResult {
  realtime.publish(userIds, { type: 'likes' });
  if (note) announceMessage(realtime, userIds, note);
  return result;
}

/** A like or unlike of `id` by `viewerId`: this feature's or another's (the swipe game's like). */
export type LikeAction = (
  db: Db,
  site: Site,
  viewerId: string,
  id: string,
) => Promise<LikeResult & { note?: Message | null }>;

/** Runs a like action and announces it to both members (announceLike); returns the answer. */
export async function likeAndAnnounce(
  ctx: { db: Db; realtime: Realtime },
  site: Site,
  viewerId: string,
  id: string,
  action: LikeAction,
): Promise<LikeResult> {
  return announceLike(ctx.realtime, [viewerId, id], await action(ctx.db, site, viewerId, id));
}
