import { z } from 'zod';

/**
 * The operator console's core (issue 17): operators, their roles, the console session and the
 * audit log. Operators are not members: they have their own accounts, cookie and shorter sessions.
 */

/** Roles of an operator; `admin` implies every other role. Each grant is for all sites or one site. */
export const OPERATOR_ROLES = ['admin', 'moderator', 'support', 'finance'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** The console's session cookie (its own: a member session never opens the console). */
export const OPERATOR_COOKIE = 'auth.op';
/** A console session ends after this long without a request... */
export const OPERATOR_IDLE_S = 30 * 60;
/** ...and at the latest this long after the login. */
export const OPERATOR_MAX_AGE_S = 12 * 3600;

/** A one-time code of the authenticator app (RFC 6238: 6 digits, 30 s steps). */
export const totpCodeField = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: 'totp_invalid' });

export const operatorLoginSchema = z.object({
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().min(1).max(200),
});

export const operatorTotpSchema = z.object({ code: totpCodeField });

const grantSchema = z.object({ role: z.enum(OPERATOR_ROLES), site_id: z.number().int().nullable() });

/** The logged-in operator as the console sees it. */
export const operatorMeSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** Roles held on this site (by a grant for it or for all sites); admin implies the others. */
  roles: z.array(z.enum(OPERATOR_ROLES)),
  grants: z.array(grantSchema),
  totp_enabled: z.boolean(),
  totp_required: z.boolean(),
});
export type OperatorMe = z.infer<typeof operatorMeSchema>;

/**
 * The console session: `operator` once fully logged in; `next` says what the login still needs
 * ('totp': the second factor, the code of the authenticator app or a passkey; 'totp_setup': an admin requires a second factor the
 * operator has not set up yet, so only the account page's set-up works until it is done).
 */
export const operatorSessionSchema = z.object({
  operator: operatorMeSchema.nullable(),
  next: z.enum(['totp', 'totp_setup']).nullable(),
  /** With next 'totp': the second factors this login may use (the app's code, a passkey of this site). */
  factors: z.array(z.enum(['totp', 'passkey'])).optional(),
  site: z.object({ id: z.number().int(), domain: z.string(), name: z.string() }),
});
export type OperatorSession = z.infer<typeof operatorSessionSchema>;

export const totpSetupSchema = z.object({ secret: z.string(), uri: z.string() });

const jobStatSchema = z.object({ name: z.string(), state: z.string(), count: z.number().int() });
export const deadJobSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  finished_at: z.string().nullable(),
});

/**
 * The dashboard: what waits for someone (null: that part of the console does not exist yet). The
 * counts are SQL counts of the queues as moderation pages them (reports open or in review, photos
 * not yet reviewed, appeals open), never the length of a loaded page.
 */
export const dashboardSchema = z.object({
  open_reports: z.number().int().nullable(),
  pending_photos: z.number().int().nullable(),
  open_appeals: z.number().int().nullable(),
  /** Background jobs (all sites: the jobs table is shared); only for admins. */
  jobs: z
    .object({ stats: z.array(jobStatSchema), dead: z.array(deadJobSchema), dead_total: z.number().int() })
    .nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** The page number of a console list (the first unless asked; at most 1000). */
export const consolePageNumber = z.coerce.number().int().min(1).max(1000).default(1);

/**
 * A page of a console list: its rows (by their name), the page's number, whether more follow, and
 * how many rows the whole list has (an SQL count, never the length of a capped load).
 */
export const consolePageSchema = <Rows extends z.ZodRawShape>(rows: Rows) =>
  z.object({ ...rows, page: z.number().int(), has_more: z.boolean(), total: z.number().int() });

/** The query of a console list paged by number (pages of CONSOLE_QUEUE_PAGE for the moderation queues). */
export const consoleListQuerySchema = z.object({ page: consolePageNumber });

/** Rows per page of the moderation queues (reports, photos, appeals). */
export const CONSOLE_QUEUE_PAGE = 50;

/** Rows per page of the console's searches and lists (members, orders, codes, redemptions). */
export const CONSOLE_LIST_PAGE = 20;

export const auditQuerySchema = z.object({
  /** Rows older than this id (keyset paging: the last id of the page before). */
  before: z.coerce.number().int().positive().optional(),
  operator: z.string().uuid().optional(),
  action: z.string().max(80).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  operator_id: z.string().nullable(),
  operator_name: z.string(),
  action: z.string(),
  site_id: z.number().int().nullable(),
  subject_type: z.string(),
  subject_id: z.string(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** The `before` of the next page, or null on the last page. */
  next: z.number().int().nullable(),
  /** Operators and actions that appear in the log (for the filters). */
  operators: z.array(z.object({ id: z.string(), name: z.string() })),
  actions: z.array(z.string()),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

export const operatorListSchema = z.object({
  operators: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      grants: z.array(grantSchema),
      totp_enabled: z.boolean(),
      totp_required: z.boolean(),
      disabled: z.boolean(),
      /**
       * Whether the asking admin may act on this operator: an admin of every site on anyone, a
       * site's admin only on operators whose every role is on its sites (never an all-sites one).
       */
      manageable: z.boolean(),
    }),
  ),
});
export const requireTotpSchema = z.object({ required: z.boolean() });
