import { MAILING_STATUSES, MAILING_TYPES, mailingCountsSchema, mailingDetailSchema } from '@amora/contracts';
import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { rowOf, rowsOf, run, sql, sqlText } from '../../platform/sql.ts';

/**
 * Every statement of the mailings (broadcasts.service, the pace in mail-periodic): the console's
 * reads and writes, always of the console's own site, the pace's batches, and what became of the
 * copies (bounces and complaints by their outbox mail, unsubscribes by their signed link).
 */

const type = z.enum(MAILING_TYPES);
const status = z.enum(MAILING_STATUSES);

/**
 * A broadcast: the console's mailing (contracts mailingDetailSchema) as its row holds it (dates as
 * Date, the counts flat), without what the service works out (headline, languages, audience).
 */
const broadcastRow = mailingDetailSchema
  .pick({ id: true, type: true, texts: true, path: true, status: true, created_by: true, updated_by: true })
  .extend({
    site_id: z.number(),
    scheduled_at: z.date().nullable(),
    started_at: z.date().nullable(),
    finished_at: z.date().nullable(),
    created_at: z.date(),
    updated_at: z.date(),
    ...mailingCountsSchema.shape,
  });
export type BroadcastRow = z.output<typeof broadcastRow>;

/** A broadcast with its operators' names and what became of its copies (one aggregate over them). */
const SELECT = sqlText(`
  SELECT b.id, b.site_id, b.type, b.texts, b.path, b.status, b.scheduled_at, b.started_at, b.finished_at,
         b.created_at, b.updated_at, oc.name AS created_by, ou.name AS updated_by, b.queued,
         COALESCE(c.sent, 0) AS sent, COALESCE(c.bounced, 0) AS bounced,
         COALESCE(c.complaints, 0) AS complaints, COALESCE(c.unsubscribed, 0) AS unsubscribed,
         COALESCE(c.limited, 0) AS limited
    FROM broadcasts b
    LEFT JOIN operators oc ON oc.id = b.created_by
    LEFT JOIN operators ou ON ou.id = b.updated_by
    LEFT JOIN LATERAL (
      SELECT count(*) FILTER (WHERE e.status = 'sent')::int AS sent,
             count(*) FILTER (WHERE s.bounced_at IS NOT NULL)::int AS bounced,
             count(*) FILTER (WHERE s.complained_at IS NOT NULL)::int AS complaints,
             count(*) FILTER (WHERE s.unsubscribed_at IS NOT NULL)::int AS unsubscribed,
             -- A copy claimed without a mail: the member's daily allowance of the kind was used
             -- up (claim and mail commit together, so no copy is half-way here).
             count(*) FILTER (WHERE s.mail_id IS NULL)::int AS limited
        FROM mail_broadcasts_sent s LEFT JOIN outbox_emails e ON e.id = s.mail_id
       WHERE s.broadcast_id = b.id) c ON true`);

export const broadcastOfSite = (q: Queryable, siteId: number, id: number) =>
  rowOf(q, broadcastRow, sql`${SELECT} WHERE b.site_id = ${siteId} AND b.id = ${id}`);

/** The site's broadcasts, newest first: `limit` + 1 rows (whether more follow) with the list's count. */
export const listBroadcasts = (q: Queryable, siteId: number, limit: number, offset: number) =>
  rowsOf(
    q,
    broadcastRow.extend({ total_count: z.number() }),
    sql`SELECT x.*, count(*) OVER ()::int AS total_count FROM (${SELECT} WHERE b.site_id = ${siteId}) x
         ORDER BY x.id DESC LIMIT ${limit + 1} OFFSET ${offset}`,
  );

export interface BroadcastFields {
  type: 'promotions' | 'news';
  path: string;
  texts: Record<string, { headline: string; body: string }>;
}

export async function insertBroadcast(q: Queryable, siteId: number, operatorId: string, f: BroadcastFields) {
  const row = await rowOf(
    q,
    z.object({ id: z.number() }),
    sql`INSERT INTO broadcasts (site_id, type, texts, path, created_by, updated_by)
        VALUES (${siteId}, ${f.type}, ${JSON.stringify(f.texts)}::jsonb, ${f.path}, ${operatorId}, ${operatorId})
        RETURNING id`,
  );
  return row!.id;
}

/** Changes a broadcast not sending yet; false when it is (or is not the site's). */
export async function updateBroadcast(
  q: Queryable,
  siteId: number,
  id: number,
  operatorId: string,
  f: BroadcastFields,
) {
  const rows = await rowsOf(
    q,
    z.object({}),
    sql`UPDATE broadcasts SET type = ${f.type}, texts = ${JSON.stringify(f.texts)}::jsonb, path = ${f.path},
               updated_by = ${operatorId}, updated_at = now()
         WHERE site_id = ${siteId} AND id = ${id} AND status IN ('draft', 'scheduled') RETURNING 1`,
  );
  return rows.length > 0;
}

/** Schedules a draft or scheduled broadcast for `at` (null: now); false when it is past that. */
export async function scheduleBroadcast(
  q: Queryable,
  siteId: number,
  id: number,
  operatorId: string,
  at: Date | null,
) {
  const rows = await rowsOf(
    q,
    z.object({}),
    sql`UPDATE broadcasts SET status = 'scheduled', scheduled_at = COALESCE(${at}::timestamptz, now()),
               updated_by = ${operatorId}, updated_at = now()
         WHERE site_id = ${siteId} AND id = ${id} AND status IN ('draft', 'scheduled') RETURNING 1`,
  );
  return rows.length > 0;
}

/** Cancels a broadcast not finished (copies not queued yet never go); false when it is finished. */
export async function cancelBroadcast(q: Queryable, siteId: number, id: number, operatorId: string) {
  const rows = await rowsOf(
    q,
    z.object({}),
    sql`UPDATE broadcasts SET status = 'cancelled', cancelled_at = now(), finished_at = now(),
               updated_by = ${operatorId}, updated_at = now()
         WHERE site_id = ${siteId} AND id = ${id} AND status IN ('draft', 'scheduled', 'sending') RETURNING 1`,
  );
  return rows.length > 0;
}

/** The operator's test mails today (UTC day, as the mail allowance counts): their audit entries. */
export async function testsToday(q: Queryable, operatorId: string) {
  const row = await rowOf(
    q,
    z.object({ n: z.number() }),
    sql`SELECT count(*)::int AS n FROM operator_audit
         WHERE operator_id = ${operatorId} AND action = 'mailing.test'
           AND at >= (now() AT TIME ZONE 'UTC')::date AT TIME ZONE 'UTC'`,
  );
  return row?.n ?? 0;
}

// The pace (mail-periodic broadcastPass).

/** Scheduled broadcasts whose time has come start sending. */
export const startDueBroadcasts = (q: Queryable) =>
  run(
    q,
    sql`UPDATE broadcasts SET status = 'sending', started_at = now()
         WHERE status = 'scheduled' AND scheduled_at <= now()`,
  );

const paceRow = z.object({
  id: z.number(),
  site_id: z.number(),
  type,
  status,
  queued_upto: z.string().nullable(),
  last_batch_at: z.date().nullable(),
  last_batch_size: z.number(),
  due: z.boolean(),
});

/**
 * Locks what the pace reads (broadcasts sending, and those with a batch in the last minute) for
 * the pass's transaction, so two passes never spend the same minute's allowance; oldest first.
 * `due`: sending and without a batch in the last minute.
 */
export const lockPace = (q: Queryable) =>
  rowsOf(
    q,
    paceRow,
    sql`SELECT id, site_id, type, status, queued_upto::text, last_batch_at, last_batch_size,
               (status = 'sending' AND (last_batch_at IS NULL OR last_batch_at <= now() - interval '1 minute')) AS due
          FROM broadcasts
         WHERE status = 'sending' OR last_batch_at > now() - interval '1 minute'
         ORDER BY started_at NULLS LAST, id FOR UPDATE`,
  );

/** Notes a batch: members up to `upto` queued; the broadcast is sent once nobody is left. */
export const noteBatch = (
  q: Queryable,
  b: { id: number; upto: string | null; size: number; done: boolean },
) =>
  run(
    q,
    sql`UPDATE broadcasts SET queued_upto = ${b.upto}::uuid, queued = queued + ${b.size},
               last_batch_at = now(), last_batch_size = ${b.size},
               status = CASE WHEN ${b.done}::boolean THEN 'sent' ELSE status END,
               finished_at = CASE WHEN ${b.done}::boolean THEN now() ELSE finished_at END
         WHERE id = ${b.id}`,
  );

/** When the next batch of a broadcast still sending may go (null: none is sending). */
export async function nextBatchAt(q: Queryable) {
  const row = await rowOf(
    q,
    z.object({ at: z.date().nullable() }),
    sql`SELECT min(COALESCE(last_batch_at + interval '1 minute', now())) AS at FROM broadcasts WHERE status = 'sending'`,
  );
  return row?.at ?? null;
}

/** What one member's copy needs: the broadcast's site, type, texts, path and whether it still goes. */
export const broadcastForMail = (q: Queryable, id: number) =>
  rowOf(
    q,
    broadcastRow.pick({ id: true, site_id: true, type: true, texts: true, path: true, status: true }),
    sql`SELECT id, site_id, type, texts, path, status FROM broadcasts WHERE id = ${id}`,
  );

// What became of the copies.

/** A hard bounce or complaint about an outbox mail, counted for the broadcast copy it was (if any). */
export const noteMailReport = (q: Queryable, mailId: number, kind: 'bounce' | 'complaint') =>
  run(
    q,
    kind === 'bounce'
      ? sql`UPDATE mail_broadcasts_sent SET bounced_at = now() WHERE mail_id = ${mailId} AND bounced_at IS NULL`
      : sql`UPDATE mail_broadcasts_sent SET complained_at = now() WHERE mail_id = ${mailId} AND complained_at IS NULL`,
  );

/** An unsubscribe through the link of the member's copy of this broadcast. */
export const noteUnsubscribe = (q: Queryable, userId: string, broadcastId: number) =>
  run(
    q,
    sql`UPDATE mail_broadcasts_sent SET unsubscribed_at = now()
         WHERE user_id = ${userId} AND broadcast_id = ${broadcastId} AND unsubscribed_at IS NULL`,
  );
