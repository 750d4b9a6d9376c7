import { z } from 'zod';
import { consolePageNumber } from './admin.ts';
import { BODY_TYPES, EYE_COLORS, HAIR_COLORS, INTERESTS, RELATIONSHIP_STATUSES } from './profile.ts';
import { siteConfigSchema } from './settings.ts';

/**
 * The console's sites and fictional profiles (issue 17 items 6 and 8, owner H7).
 *
 * A site's settings are sent as they are and validated on the server by siteConfigSchema itself
 * (features/sites/sites.admin.service.ts), so the console form, built from the same schema
 * (z.toJSONSchema), can never accept what the server would refuse; each refused setting comes
 * back as a field error `config.<setting>`.
 */

const hostField = z.string().trim().toLowerCase().max(253);

export const siteInputSchema = z.object({
  domain: hostField,
  aliases: z.array(hostField).max(20),
  config: z.record(z.string(), z.unknown()),
});
export type SiteInput = z.infer<typeof siteInputSchema>;

export const adminSiteSchema = z.object({
  id: z.number().int(),
  domain: z.string(),
  aliases: z.array(z.string()),
  is_default: z.boolean(),
  config: siteConfigSchema,
  updated_at: z.string(),
});
export type AdminSite = z.infer<typeof adminSiteSchema>;

export const adminSiteListSchema = z.object({
  sites: z.array(
    z.object({
      id: z.number().int(),
      domain: z.string(),
      aliases: z.array(z.string()),
      is_default: z.boolean(),
      name: z.string(),
      domain_language: z.string(),
      niche: z.number().int(),
      fictional_profiles: z.boolean(),
      updated_at: z.string(),
    }),
  ),
});

export const siteIdParams = z.object({ id: z.coerce.number().int().min(1).max(2147483647) });

/** A fictional chat partner's profile as the console edits it (never a real member's account). */
export const fictionalProfileInputSchema = z.object({
  name: z.string().trim().min(2, { error: 'username_length' }).max(40),
  gender: z.enum(['male', 'female']),
  seeking: z.enum(['male', 'female', 'both']),
  birth_date: z.iso.date(),
  country: z.string().regex(/^[A-Z]{2}$/, { error: 'choose_option' }),
  region: z.string().trim().max(100).nullable(),
  city: z.string().trim().max(100).nullable(),
  about: z.string().trim().max(2000),
  interests: z.array(z.enum(INTERESTS)).max(20, { error: 'too_many_interests' }),
  hair_color: z.enum(HAIR_COLORS).nullable(),
  eye_color: z.enum(EYE_COLORS).nullable(),
  body_type: z.enum(BODY_TYPES).nullable(),
  relationship_status: z.enum(RELATIONSHIP_STATUSES).nullable(),
  /** The fictional mark: cannot be taken off while the profile has conversations (409). */
  fictional: z.boolean(),
});
export type FictionalProfileInput = z.infer<typeof fictionalProfileInputSchema>;

export const adminFictionalProfileSchema = fictionalProfileInputSchema.extend({
  id: z.string(),
  conversations: z.number().int(),
  created_at: z.string(),
  /** Its photos (the first is the main one), as members see them once active. */
  photos: z.array(z.object({ id: z.string(), url: z.string(), is_main: z.boolean(), status: z.string() })),
});
export type AdminFictionalProfile = z.infer<typeof adminFictionalProfileSchema>;

export const adminFictionalListSchema = z.object({ profiles: z.array(adminFictionalProfileSchema) });

export const profileIdParams = z.object({ id: z.uuid() });

/** One conversation of a member with a fictional profile, for the operators' inbox. */
export const inboxEntrySchema = z.object({
  conversation_id: z.string(),
  fictional: z.object({ id: z.string(), name: z.string() }),
  member: z.object({ id: z.string(), name: z.string() }),
  last_message_at: z.string(),
  last_body: z.string(),
  /** The member wrote last: waiting for an operator. */
  unanswered: z.boolean(),
});
export type InboxEntry = z.infer<typeof inboxEntrySchema>;

export const inboxQuerySchema = z.object({ page: consolePageNumber });
export const inboxPageSchema = z.object({
  entries: z.array(inboxEntrySchema),
  page: z.number().int(),
  more: z.boolean(),
  /** Conversations in the whole inbox, and those of them unanswered. */
  total: z.number().int(),
  unanswered: z.number().int(),
  /** fictional_profiles is off on this site: nothing can be answered. */
  switched_off: z.boolean(),
});

export const inboxMessageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['text', 'gift', 'photo', 'system']),
  body: z.string(),
  gift: z.string().nullable(),
  created_at: z.string(),
  /** Written by the fictional profile (an operator), not by the member. */
  from_fictional: z.boolean(),
  /** The operator who wrote it (console only; never in any member's answer). */
  operator_name: z.string().nullable(),
});

/**
 * The member of a conversation as the operator answering sees them beside it: screen name, age,
 * city, credits, premium, last seen (never their e-mail, coordinates or address).
 */
export const inboxMemberFactsSchema = z.object({
  id: z.string(),
  name: z.string(),
  age: z.number().int().nullable(),
  city: z.string().nullable(),
  credits: z.number().int(),
  premium: z.boolean(),
  last_active_at: z.string(),
});
export type InboxMemberFacts = z.infer<typeof inboxMemberFactsSchema>;

export const inboxConversationSchema = z.object({
  entry: inboxEntrySchema,
  /** Null only when the member's profile is gone (an erased account). */
  member: inboxMemberFactsSchema.nullable(),
  messages: z.array(inboxMessageSchema),
});
export type InboxConversation = z.infer<typeof inboxConversationSchema>;

export const conversationIdParams = z.object({ id: z.uuid() });

export const inboxReplySchema = z.object({
  client_id: z.string().min(8).max(64),
  body: z.string().trim().min(1).max(10000),
});
