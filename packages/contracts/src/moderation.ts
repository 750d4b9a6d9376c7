import { z } from 'zod';
import { consolePageSchema } from './admin.ts';

/**
 * Moderation (issue 17 items 3 and 4; EU Digital Services Act): photo review, decisions on
 * reports, statements of reasons shown to the member, appeals, the transparency export.
 */

/** Why content or an account was restricted: one fixed list, each with its ground (below). */
export const MODERATION_CATEGORIES = [
  'nudity',
  'not_own_photo',
  'no_person',
  'contact_details',
  'violence',
  'minor',
  'harassment',
  'scam',
  'fake_profile',
  'spam',
  'copyright',
  'illegal_content',
  'other_rules',
] as const;
export type ModerationCategory = (typeof MODERATION_CATEGORIES)[number];

/** The reasons a photo may be rejected for (a subset of the categories). */
export const PHOTO_REJECT_REASONS = [
  'nudity',
  'not_own_photo',
  'no_person',
  'contact_details',
  'violence',
  'minor',
  'copyright',
  'other_rules',
] as const satisfies readonly ModerationCategory[];

/** Legal ground (illegal under applicable law) or contractual (our terms of use). */
export type ModerationGround = 'contractual' | 'legal';
const LEGAL: readonly ModerationCategory[] = ['minor', 'copyright', 'illegal_content'];
export const groundOf = (c: ModerationCategory): ModerationGround =>
  LEGAL.includes(c) ? 'legal' : 'contractual';

export const MODERATION_ACTIONS = [
  'approve_photo',
  'dismiss',
  'remove_photo',
  'hide_profile',
  'suspend',
  'ban',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
/** The actions that restrict a member (each carries a statement of reasons and can be appealed). */
export const RESTRICTIONS = ['remove_photo', 'hide_profile', 'suspend', 'ban'] as const;
export type Restriction = (typeof RESTRICTIONS)[number];

/** How long after a decision the member may appeal (DSA Art. 20: at least six months). */
export const APPEAL_MONTHS = 6;

const note = z.string().trim().max(2000, { error: 'validation' });

export const photoDecisionSchema = z
  .object({
    decision: z.enum(['approve', 'reject']),
    category: z.enum(PHOTO_REJECT_REASONS, { error: 'choose_option' }).optional(),
    note: note.optional(),
  })
  .refine((d) => d.decision === 'approve' || d.category, {
    error: 'choose_option',
    path: ['category'],
  });
export type PhotoDecision = z.infer<typeof photoDecisionSchema>;

export const reportDecisionSchema = z
  .object({
    action: z.enum(['dismiss', 'remove_photo', 'hide_profile', 'suspend', 'ban']),
    category: z.enum(MODERATION_CATEGORIES, { error: 'choose_option' }).optional(),
    note: note.optional(),
    photo_id: z.string().uuid().optional(),
    /** Suspensions: the last day (YYYY-MM-DD); the account is active again the day after. */
    until: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation' })
      .optional(),
  })
  .refine((d) => d.action === 'dismiss' || d.category, { error: 'choose_option', path: ['category'] })
  .refine((d) => d.action !== 'remove_photo' || d.photo_id, { error: 'choose_option', path: ['photo_id'] })
  .refine((d) => d.action !== 'suspend' || d.until, { error: 'validation', path: ['until'] });
export type ReportDecision = z.infer<typeof reportDecisionSchema>;

export const appealDecisionSchema = z.object({
  outcome: z.enum(['uphold', 'reverse']),
  note: z.string().trim().min(1, { error: 'validation' }).max(2000, { error: 'validation' }),
});

export const appealSchema = z.object({
  text: z
    .string()
    .trim()
    .min(10, { error: 'complaint_too_short' })
    .max(3000, { error: 'complaint_too_long' }),
});

export const transparencyQuerySchema = z.object({
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation' }),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation' }),
  format: z.enum(['json', 'csv']).default('json'),
});

const photoView = z.object({ id: z.string(), url: z.string(), thumb: z.string(), status: z.string() });

export const photoQueueItemSchema = z.object({
  id: z.string(),
  member_id: z.string(),
  member_name: z.string(),
  url: z.string(),
  thumb: z.string(),
  status: z.enum(['pending', 'active']),
  uploaded_at: z.string(),
  /** Restrictions of this member in force (repeat offenders). */
  upheld: z.number().int(),
});
export const photoQueueSchema = consolePageSchema({
  approval: z.enum(['manual', 'auto']),
  photos: z.array(photoQueueItemSchema),
});
export type PhotoQueueItem = z.infer<typeof photoQueueItemSchema>;
export type PhotoQueue = z.infer<typeof photoQueueSchema>;

export const reportItemSchema = z.object({
  id: z.string(),
  status: z.string(),
  reason: z.string(),
  text: z.string(),
  reporter_name: z.string(),
  /** An automated report's scam rule (features/safety; its text is the flagged message), else null. */
  rule: z.string().nullable(),
  member_id: z.string().nullable(),
  member_name: z.string().nullable(),
  created_at: z.string(),
  upheld: z.number().int(),
});
export const reportQueueSchema = consolePageSchema({ reports: z.array(reportItemSchema) });
export type ReportItem = z.infer<typeof reportItemSchema>;
export type ReportQueue = z.infer<typeof reportQueueSchema>;

export const decisionViewSchema = z.object({
  id: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  category: z.enum(MODERATION_CATEGORIES).nullable(),
  ground: z.enum(['contractual', 'legal']).nullable(),
  facts: z.string(),
  automated: z.boolean(),
  decided_at: z.string(),
  suspended_until: z.string().nullable(),
  state: z.enum(['in_force', 'reversed', 'expired']),
  appeal_until: z.string(),
});
export type DecisionView = z.infer<typeof decisionViewSchema>;

export const reportDetailSchema = z.object({
  report: reportItemSchema,
  member: z
    .object({
      id: z.string(),
      name: z.string(),
      account_status: z.string(),
      profile_status: z.string(),
      about: z.string().nullable(),
      city: z.string().nullable(),
      photos: z.array(photoView),
      decisions: z.array(decisionViewSchema),
    })
    .nullable(),
});
export type ReportDetail = z.infer<typeof reportDetailSchema>;

export const appealItemSchema = z.object({
  id: z.string(),
  text: z.string(),
  created_at: z.string(),
  status: z.enum(['open', 'upheld', 'reversed']),
  member_id: z.string().nullable(),
  member_name: z.string().nullable(),
  decision: decisionViewSchema,
  decided_by_name: z.string(),
  /** False when the operator asking made the decision appealed (another moderator must decide). */
  can_decide: z.boolean(),
});
export const appealQueueSchema = consolePageSchema({ appeals: z.array(appealItemSchema) });
export type AppealItem = z.infer<typeof appealItemSchema>;
export type AppealQueue = z.infer<typeof appealQueueSchema>;

/** A statement of reasons as the member sees it (notice page, photo manager). */
export const noticeSchema = decisionViewSchema.extend({
  token: z.string(),
  photo_thumb: z.string().nullable(),
  appeal: z
    .object({
      status: z.enum(['open', 'upheld', 'reversed']),
      created_at: z.string(),
      note: z.string().nullable(),
    })
    .nullable(),
  can_appeal: z.boolean(),
});
export type Notice = z.infer<typeof noticeSchema>;
export const noticesSchema = z.object({ notices: z.array(noticeSchema) });

export const transparencySchema = z.object({
  site: z.string(),
  from: z.string(),
  to: z.string(),
  decisions: z.number().int(),
  by_category: z.record(z.string(), z.number().int()),
  by_action: z.record(z.string(), z.number().int()),
  by_source: z.record(z.string(), z.number().int()),
  automated: z.object({ yes: z.number().int(), no: z.number().int() }),
  hours_to_decide: z.object({ median: z.number().nullable(), average: z.number().nullable() }),
  appeals: z.object({
    received: z.number().int(),
    upheld: z.number().int(),
    reversed: z.number().int(),
    open: z.number().int(),
  }),
  reports_received: z.number().int(),
  /**
   * Reports decided in the range: dismissed, resolved by a decision on them, and resolved together
   * with another report about the same member when that one restricted the member (no decision of
   * their own: the restriction was decided once).
   */
  reports_decided: z.object({
    dismissed: z.number().int(),
    resolved: z.number().int(),
    resolved_with_another: z.number().int(),
  }),
});
export type Transparency = z.infer<typeof transparencySchema>;
