import type { DataExportStatus } from '@amora/contracts';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db, Queryable } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueJob, jobQueue } from '../../platform/job-queue.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import type { Site } from '../../platform/sites.ts';
import type { MediaStore } from '../../platform/storage.ts';
import { siteOrigin } from '../sites/site-origin.ts';
import { buildArchive } from './archive.ts';
import * as repo from './data-export.repo.ts';

/** Builds one requested archive (a retry builds it again; nothing half-made is kept). */
export const BUILD_QUEUE = jobQueue('data-export.build', z.object({ exportId: z.uuid() }));
/** Ends archives past their 7 days: the row says expired, the object goes. */
export const EXPIRE_JOB = 'data-export.expire';

export interface ExportContext {
  db: Db;
  /** The private store (DATA_DIR/private or the bucket's private/ prefix): never served publicly. */
  archives: MediaStore;
  /** Where the member's photos are read from. */
  photos: MediaStore;
  config: Pick<Config, 'publicUrl'>;
  siteOf: (id: number) => Promise<Site>;
  /** After a commit that queued a job or a mail. */
  afterCommit: () => void;
}

const archiveKey = (id: string) => `x/${id}.zip`;
const downloadPath = (id: string) => `/api/data-export/${id}/download`;

/** The start of the next UTC day: when a member who asked today may ask again. */
export function nextRequestAt(requestedAt: Date): Date {
  const d = new Date(requestedAt);
  d.setUTCHours(24, 0, 0, 0);
  return d;
}

function present(row: repo.ExportRow | undefined, now = new Date()): DataExportStatus {
  if (!row)
    return { state: 'none', requested_at: null, expires_at: null, next_request_at: null, download_url: null };
  const expired = row.state === 'expired' || (row.expires_at !== null && row.expires_at <= now);
  const next = nextRequestAt(row.requested_at);
  return {
    state: expired ? 'expired' : row.state,
    requested_at: row.requested_at.toISOString(),
    expires_at: row.expires_at?.toISOString() ?? null,
    next_request_at: next > now ? next.toISOString() : null,
    download_url: !expired && row.state === 'ready' ? downloadPath(row.id) : null,
  };
}

/** The member's latest export as the settings page shows it. */
export async function exportStatus(db: Queryable, userId: string): Promise<DataExportStatus> {
  return present(await repo.latestExport(db, userId));
}

/**
 * A member asks for their data: one request a UTC day (the database's unique constraint decides,
 * parallel requests included); the archive is built by a job. Refused: 429 `export_once_a_day`
 * with `next` (when they may ask again) for the route to word in the member's language.
 */
export async function requestExport(
  ctx: ExportContext,
  site: Site,
  userId: string,
): Promise<{ ok: true; status: DataExportStatus } | { ok: false; next: Date }> {
  const row = await ctx.db.tx(async (q) => {
    const created = await repo.insertExport(q, userId, site.id);
    if (created) await enqueueJob(q, BUILD_QUEUE, { exportId: created.id }, { maxAttempts: 5 });
    return created;
  });
  if (!row) {
    const latest = await repo.latestExport(ctx.db, userId);
    return { ok: false, next: nextRequestAt(latest?.requested_at ?? new Date()) };
  }
  ctx.afterCommit();
  return { ok: true, status: present(row) };
}

/** The job: builds the archive, stores it as a private object, then mails the owner its link. */
export async function buildExport(ctx: ExportContext, exportId: string): Promise<void> {
  const row = await repo.markPreparing(ctx.db, exportId);
  if (!row) return; // expired meanwhile (the account was erased) or built already
  const zip = await buildArchive(ctx.db, { photos: ctx.photos, chat: ctx.archives }, row.user_id);
  const key = archiveKey(row.id);
  await ctx.archives.put(key, zip);
  const site = await ctx.siteOf(row.site_id);
  const ready = await ctx.db.tx(async (q) => {
    const done = await repo.markReady(q, row.id, key, zip.length);
    const to = done ? await repo.mailTarget(q, row.user_id) : undefined;
    if (done && to && to.status !== 'deleted') {
      await enqueueMail(q, {
        siteId: site.id,
        to: to.email,
        template: 'dataExportReady',
        locale: to.language,
        data: {
          name: to.name ?? '',
          link: `${siteOrigin(site, ctx.config)}${downloadPath(row.id)}`,
          until: done.expires_at!.toISOString(),
        },
      });
    }
    return done;
  });
  if (!ready) await ctx.archives.remove(key);
  ctx.afterCommit();
}

/**
 * The archive for its owner: anyone else gets 404 (as if there were none); a request still being
 * built 409 `export_not_ready`; one past its 7 days 410 `export_expired`. Every download is logged.
 */
export async function downloadExport(
  ctx: Pick<ExportContext, 'db' | 'archives'>,
  userId: string,
  exportId: string,
): Promise<{ zip: Buffer; requestedAt: Date }> {
  const row = z.uuid().safeParse(exportId).success ? await repo.exportById(ctx.db, exportId) : undefined;
  if (!row || row.user_id !== userId) throw new AppError('not_found', 404);
  const status = present(row);
  if (status.state === 'expired') throw new AppError('export_expired', 410);
  if (status.state !== 'ready' || !row.storage_key) throw new AppError('export_not_ready', 409);
  const zip = await ctx.archives.get(row.storage_key);
  if (!zip) throw new AppError('export_expired', 410);
  await repo.logDownload(ctx.db, row.id);
  return { zip, requestedAt: row.requested_at };
}

/** The sweep: archives past their date become expired and their objects go (after the commit). */
export async function expireExports(ctx: Pick<ExportContext, 'db' | 'archives'>): Promise<number> {
  let ended = 0;
  for (;;) {
    const keys = await ctx.db.tx((q) => repo.expireDue(q));
    if (keys.length === 0) return ended;
    for (const k of keys) if (k.storage_key) await ctx.archives.remove(k.storage_key).catch(() => {});
    ended += keys.length;
  }
}

/**
 * Ends every archive of these members inside the caller's transaction (the 14-day erasure) and
 * returns the objects to remove once it has committed.
 */
export async function endExportsOf(q: Queryable, userIds: string[]): Promise<string[]> {
  const rows = await repo.expireAllOf(q, userIds);
  return rows.flatMap((r) => (r.storage_key ? [r.storage_key] : []));
}

/** What the console may know of a member's exports: dates, state, downloads; never the content. */
export async function exportsForConsole(db: Queryable, userId: string) {
  return (await repo.exportsOf(db, userId)).map((r) => {
    const s = present(r);
    return {
      requested_at: s.requested_at!,
      state: s.state as Exclude<DataExportStatus['state'], 'none'>,
      expires_at: s.expires_at,
      downloads: r.downloads,
    };
  });
}
