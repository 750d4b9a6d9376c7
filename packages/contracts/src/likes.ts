import { z } from 'zod';
import { searchCardSchema } from './profiles.ts';

/**
 * Likes and matches (spec §3 Likes, §7 /api/likes.php, /api/auto-like.php).
 * A like is one member's; a match is two likes, one each way.
 */
export const likedByEntrySchema = z.object({ id: z.string(), like_new: z.boolean() });

/** GET /api/likes.php: spec §3 "profiles (likes given), liked_by (entries with id and like_new flag)". */
export const likesResponseSchema = z.object({
  /** Members I liked, newest first (cards). */
  profiles: z.array(searchCardSchema),
  /** Who liked me: ids with the "new" flag (cleared when I open their profile). */
  liked_by: z.array(likedByEntrySchema),
  /** Cards of the members in liked_by, in the same order. */
  liked_by_profiles: z.array(searchCardSchema),
  /** Ids of mutual likes. */
  matches: z.array(z.string()),
  total_new_likes: z.number().int(),
});
export type LikesResponse = z.infer<typeof likesResponseSchema>;

/** POST /api/likes/:id answers the new state; `match` is true when the like made a match. */
export const likeResultSchema = z.object({
  liked: z.boolean(),
  match: z.boolean(),
  profile: searchCardSchema,
});
export type LikeResult = z.infer<typeof likeResultSchema>;

/** The one member shown in the match modal: from a like result or an auto-like. */
export const matchPartnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  main_image: z.string().nullable(),
  /** A fictional chat partner: the modal carries the site's mark and warning, as every surface. */
  fictional: z.boolean(),
});
export type MatchPartner = z.infer<typeof matchPartnerSchema>;

/**
 * GET /api/auto-like.php: a profile (id, main_image) for the match modal (spec §7), or null. The
 * profile liked the member; `match` says whether that made a match (it never does: the auto-like
 * only picks members the member has not liked, so the modal offers "Like back").
 */
export const autoLikeSchema = z.object({
  profile: matchPartnerSchema.nullable(),
  match: z.boolean().optional(),
});
export type AutoLike = z.infer<typeof autoLikeSchema>;
