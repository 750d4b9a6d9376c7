import { z } from 'zod';
import { searchCardSchema } from './profiles.ts';

/**
 * A member as any visitor may see them on a card (never e-mail, birth date, coordinates): the one
 * card schema of every list (search, likes, chats, home page, signup matches).
 */
export const memberCardSchema = searchCardSchema;
export type MemberCard = z.infer<typeof memberCardSchema>;

export const featuredMembersSchema = z.object({
  members: z.array(memberCardSchema),
  total: z.number().int(),
});
export type FeaturedMembers = z.infer<typeof featuredMembersSchema>;

/** GET /api/match-finder: members fitting the member's own profile. */
export const memberListSchema = z.object({ members: z.array(memberCardSchema) });

/** GET /api/swipe: the swipe game's state. */
export const swipeStateSchema = z.object({
  /** Swipe likes left today (spec §9: 4 a day, reset at the site's local midnight). */
  likes_left: z.number().int(),
  /** Up to 10 members fitting the member's own profile, not liked or passed yet. */
  cards: z.array(memberCardSchema),
});
export type SwipeState = z.infer<typeof swipeStateSchema>;
