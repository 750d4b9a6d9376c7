import { z } from 'zod';

/**
 * "Take your data with you" (issue 30 item 1; GDPR Art. 15 and 20): a member asks for an archive
 * of their data in Settings, a job builds it, a mail brings a link that works for them only.
 */

/** Days an archive can be downloaded once it is ready. */
export const EXPORT_TTL_DAYS = 7;

export const DATA_EXPORT_STATES = ['none', 'requested', 'preparing', 'ready', 'expired'] as const;

/** The member's latest request, as the settings page shows it. */
export const dataExportStatusSchema = z.object({
  state: z.enum(DATA_EXPORT_STATES),
  requested_at: z.string().nullable(),
  /** Ready: the last moment of the download link. */
  expires_at: z.string().nullable(),
  /** Set while today's request blocks another: when the member may ask again. */
  next_request_at: z.string().nullable(),
  /** The owner's download address while the archive is ready. */
  download_url: z.string().nullable(),
});
export type DataExportStatus = z.infer<typeof dataExportStatusSchema>;

export const dataExportParamsSchema = z.object({ id: z.string().max(64) });

/** What the console sees of a member's exports: that they were made, never what they hold. */
export const adminDataExportSchema = z.object({
  requested_at: z.string(),
  state: z.enum(['requested', 'preparing', 'ready', 'expired']),
  expires_at: z.string().nullable(),
  downloads: z.number().int(),
});
