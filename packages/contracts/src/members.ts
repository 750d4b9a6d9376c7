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
