import type { Queryable } from './db.ts';

/** Who acted: an operator of the console, or the command line (`npm run admin`, operator null). */
export type AuditActor = { id: string; name: string } | null;

export interface AuditEntryInput {
  /** What was done, `area.verb` (e.g. 'photo.reject', 'operator.grant'). */
  action: string;
  /** The site it concerns, or null for something of every site (an operator, a site list). */
  siteId: number | null;
  /** What it was done to ('photo', 'member', 'operator', 'order', ...) and its id. */
  subjectType: string;
  subjectId: string;
  /** The reason the operator gave, when the action asks for one. */
  reason?: string;
  /** Anything else worth keeping (before/after values); never a secret or a password. */
  details?: Record<string, unknown>;
}

/**
 * Appends an operator action to the audit log. Call it with the action's own transaction (`q`),
 * so the entry exists exactly when the action does. The table refuses UPDATE and DELETE.
 */
export async function audit(q: Queryable, operator: AuditActor, entry: AuditEntryInput): Promise<void> {
  await q.query(
    `INSERT INTO operator_audit (operator_id, operator_name, action, site_id, subject_type, subject_id, reason, details)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      operator?.id ?? null,
      operator?.name ?? 'command line',
      entry.action,
      entry.siteId,
      entry.subjectType,
      entry.subjectId,
      entry.reason ?? null,
      JSON.stringify(entry.details ?? {}),
    ],
  );
}
