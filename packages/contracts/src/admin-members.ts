import { z } from 'zod';
import { consolePageSchema } from './admin.ts';
import { adminDataExportSchema } from './data-export.ts';
import { reportItemSchema } from './moderation.ts';
import { ORDER_STATES } from './money.ts';

/**
 * The console's members area (issue 17 item 5): search, a member's detail, and what an operator
 * may do to a member. Operators see a member's e-mail (support needs it to answer mail); no answer
 * carries a password hash or an IP address (none is needed for any action here), and every query
 * is of the console's own site.
 */

/** Search by e-mail (or its start), name (part of it) or member id; pages of 20. */
export const adminMemberSearchSchema = z.object({
  q: z.string().trim().max(254).default(''),
  page: z.coerce.number().int().min(1).max(500).default(1),
});

export const adminMemberRowSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  status: z.string(),
  country: z.string().nullable(),
  signup_date: z.string(),
  credits: z.number().int(),
  paid_user: z.boolean(),
  fictional: z.boolean(),
});
export type AdminMemberRow = z.infer<typeof adminMemberRowSchema>;

export const adminMemberPageSchema = consolePageSchema({ members: z.array(adminMemberRowSchema) });
export type AdminMemberPage = z.infer<typeof adminMemberPageSchema>;

/** A report about or by the member (the console's member detail): the report and the other member. */
export const adminMemberReportSchema = reportItemSchema
  .pick({ id: true, reason: true, text: true, status: true, created_at: true })
  .extend({
    /** The other member (the reported one for reports by, the reporter for reports about). */
    other_id: z.string().nullable(),
    other_name: z.string().nullable(),
  });

export const adminMemberOrderSchema = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATES),
  package_id: z.string(),
  credits: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  method: z.string(),
  created_at: z.string(),
});
export type AdminMemberOrder = z.infer<typeof adminMemberOrderSchema>;

/** The member of the console's member detail: the row and the rest of the profile and account. */
export const adminMemberFullSchema = adminMemberRowSchema.extend({
  gender: z.string().nullable(),
  birth_date: z.string().nullable(),
  city: z.string().nullable(),
  about: z.string().nullable(),
  language: z.string(),
  last_active_at: z.string(),
  invisible: z.boolean(),
  is_demo: z.boolean(),
  direct_debit_blocked: z.boolean(),
  /** Why e-mail is off ('bounce', 'fbl', 'listunsubscribe'); empty: mail flows. */
  notifications_disabled: z.array(z.string()),
  deletion_requested_at: z.string().nullable(),
  /** Open member sessions (logged-in browsers) now. */
  sessions: z.number().int(),
});

/** An entry of a member's credits ledger. */
export const adminLedgerEntrySchema = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  reason: z.string(),
  ref: z.string(),
  balance_after: z.number().int(),
  created_at: z.string(),
});

export const adminMemberDetailSchema = z.object({
  member: adminMemberFullSchema,
  photos: z.array(
    z.object({
      id: z.string(),
      thumb: z.string(),
      url: z.string(),
      status: z.string(),
      is_main: z.boolean(),
      created_at: z.string(),
    }),
  ),
  reports_about: z.array(adminMemberReportSchema),
  reports_by: z.array(adminMemberReportSchema),
  orders: z.array(adminMemberOrderSchema),
  /** The member's data exports: that they were made (dates, state, downloads), never their content. */
  data_exports: z.array(adminDataExportSchema),
});
export type AdminMemberDetail = z.infer<typeof adminMemberDetailSchema>;

export const adminLedgerQuerySchema = z.object({ cursor: z.coerce.number().int().positive().optional() });

export const adminLedgerPageSchema = z.object({
  entries: z.array(adminLedgerEntrySchema),
  next_cursor: z.number().int().nullable(),
});
export type AdminLedgerPage = z.infer<typeof adminLedgerPageSchema>;

/** The reason an operator gives for an action (kept in the audit log). */
export const operatorReason = z.string().trim().min(3, 'reason_required').max(500);

/** A credit adjustment: booked as a ledger entry `adjust:<adjustment_id>` (a retried form books once). */
export const creditAdjustmentSchema = z.object({
  adjustment_id: z.uuid(),
  delta: z
    .number()
    .int()
    .min(-100_000)
    .max(100_000)
    .refine((n) => n !== 0, 'adjustment_zero'),
  reason: operatorReason,
});
export type CreditAdjustment = z.infer<typeof creditAdjustmentSchema>;

export const creditAdjustmentResultSchema = z.object({ credits: z.number().int(), ref: z.string() });

export const memberActionSchema = z.object({ reason: operatorReason });

export const memberActionResultSchema = z.object({ status: z.string(), sessions: z.number().int() });
