import { z } from 'zod';
import { aboutField } from './accounts.ts';
import {
  BODY_TYPES,
  COMPLAINT_REASONS,
  EYE_COLORS,
  HAIR_COLORS,
  INTERESTS,
  RELATIONSHIP_STATUSES,
  SIGNUP_REASONS,
} from './profile.ts';

/**
 * Profiles, photos, search, blocks and complaints (issue: profiles and discovery).
 * Messages in schemas are error codes with translations under `errors.<code>`.
 */

/** Largest upload accepted in pixels (checked before decoding); in bytes: rules.ts PHOTO_MAX_BYTES. */
export const PHOTO_MAX_PIXELS = 40_000_000;

export const photoSchema = z.object({
  id: z.string(),
  /** Display size (max 960 px wide) unless `locked`, then a blurred picture. */
  url: z.string(),
  thumb: z.string(),
  is_main: z.boolean(),
  locked: z.boolean(),
});
export type Photo = z.infer<typeof photoSchema>;

export const ownPhotoSchema = photoSchema.extend({
  status: z.enum(['pending', 'active', 'rejected']),
  position: z.number().int(),
});
export type OwnPhoto = z.infer<typeof ownPhotoSchema>;

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values).nullable().optional();

/** What a member may change on their own profile (every field optional: send what changed). */
export const profileUpdateSchema = z.object({
  seeking: z.enum(['male', 'female', 'both']).optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, { error: 'choose_option' })
    .optional(),
  region: z.string().trim().max(100).nullable().optional(),
  city: z.string().trim().max(100).nullable().optional(),
  about: aboutField.optional(),
  interests: z.array(z.enum(INTERESTS)).max(20, { error: 'too_many_interests' }).optional(),
  hair_color: optionalEnum(HAIR_COLORS),
  eye_color: optionalEnum(EYE_COLORS),
  body_type: optionalEnum(BODY_TYPES),
  relationship_status: optionalEnum(RELATIONSHIP_STATUSES),
  tattoos: z.boolean().nullable().optional(),
  signup_reason: optionalEnum(SIGNUP_REASONS),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** The member's own profile, with everything they may edit. */
export const ownProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  gender: z.enum(['male', 'female']),
  seeking: z.enum(['male', 'female', 'both']),
  sexuality: z.enum(['hetero', 'gay', 'lesbian', 'bi']),
  birth_date: z.string(),
  age: z.number().int(),
  country: z.string(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  about: z.string(),
  interests: z.array(z.string()),
  hair_color: z.string().nullable(),
  eye_color: z.string().nullable(),
  body_type: z.string().nullable(),
  relationship_status: z.string().nullable(),
  tattoos: z.boolean().nullable(),
  signup_reason: z.string().nullable(),
  invisible: z.boolean(),
  photos: z.array(ownPhotoSchema),
  photo_limit: z.number().int(),
  /** 0-100; `missing` names what would complete it (for the enrich-profile prompt). */
  completeness: z.number().int(),
  missing: z.array(z.string()),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;

/** Another member's profile as a viewer may see it: never e-mail, birth date, coordinates, IP or flags. */
export const memberProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  age: z.number().int(),
  gender: z.enum(['male', 'female']),
  country: z.string(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  about: z.string(),
  interests: z.array(z.string()),
  /** The fields the site shows (settings.visible_profile_fields), with their values. */
  fields: z.record(z.string(), z.union([z.string(), z.boolean()]).nullable()),
  photos: z.array(photoSchema),
  main_image: z.string().nullable(),
  /** Coarse activity: online (15 min), today, week, earlier. */
  activity: z.enum(['online', 'today', 'week', 'earlier']),
  fictional: z.boolean(),
  blocked_by_me: z.boolean(),
  /** The viewer's like of this member, and whether it is mutual (a match). */
  liked: z.boolean(),
  match: z.boolean(),
  /** For a logged-out viewer: the actions that need a login. */
  viewer: z.enum(['visitor', 'free', 'premium']),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;

export const searchQuerySchema = z.object({
  gender: z.enum(['male', 'female']).optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  countryregion: z.string().max(100).optional(),
  min_age: z.coerce.number().int().min(18).max(99).optional(),
  max_age: z.coerce.number().int().min(18).max(99).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(48).default(24),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  age: z.number().int(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string(),
  main_image: z.string().nullable(),
  activity: z.enum(['online', 'today', 'week', 'earlier']),
  fictional: z.boolean(),
});
export type SearchCard = z.infer<typeof searchCardSchema>;

export const searchResultSchema = z.object({
  members: z.array(searchCardSchema),
  /** Matches in all, counted up to a cap (1,000; then `total` is the cap and `total_capped` true). */
  total: z.number().int(),
  total_capped: z.boolean(),
  next_cursor: z.string().nullable(),
  /** When few match: members close to the filters (age band widened, any region). */
  similar: z.array(searchCardSchema),
  similar_total: z.number().int(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/**
 * Where a complaint stands for the operator console: open (new), in_review (a moderator has it),
 * resolved (acted on), dismissed (no rule broken). Moves only forward; see complaints.service.
 */
export const COMPLAINT_STATUSES = ['open', 'in_review', 'resolved', 'dismissed'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

export const complaintSchema = z.object({
  member_id: z.string().uuid().optional(),
  reason: z.enum(COMPLAINT_REASONS, { error: 'choose_option' }),
  text: z
    .string()
    .trim()
    .min(10, { error: 'complaint_too_short' })
    .max(3000, { error: 'complaint_too_long' }),
});

export const invisibleSchema = z.object({ invisible: z.boolean() });
export const photoOrderSchema = z.object({ ids: z.array(z.string().uuid()).min(1).max(25) });

export const geocodeQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
});
export const geocodeResponseSchema = z.object({
  result: z.union([
    z.object({ country: z.string(), region: z.string().nullable(), city: z.string().nullable() }),
    z.literal(false),
  ]),
});
