import { z } from 'zod';

/** A member as any visitor may see them on a card (never e-mail, birth date, coordinates). */
export const memberCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  age: z.number().int(),
  city: z.string().nullable(),
  country: z.string(),
  main_image: z.string().nullable(),
});
export type MemberCard = z.infer<typeof memberCardSchema>;

export const featuredMembersSchema = z.object({
  members: z.array(memberCardSchema),
  total: z.number().int(),
});
export type FeaturedMembers = z.infer<typeof featuredMembersSchema>;
