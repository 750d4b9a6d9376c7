import { z } from 'zod';
import type { Db, Queryable } from '../db.ts';
import { enqueueJob, type JobContext, type Jobs, jobQueue, PermanentJobError } from '../jobs.ts';
import { mailFailed, mailSent } from '../metrics.ts';
import type { Site, SiteDirectory } from '../sites.ts';
import { emailKey } from '../tokens.ts';
import { type MailData, type MailTemplate, renderMail } from './templates.ts';
import { MailSendError, type MailTransport } from './transport.ts';

/**
 * How many mails of a kind one address may receive per day, whoever asks: nobody can flood a
 * mailbox through us (repeated signups, e-mail changes to someone else's address...). Kinds a
 * stranger can trigger get the least. Limits the product shows (reset mails, activation resends)
 * are enforced before, with their own messages; these are the last line.
 */
export const MAILS_PER_RECIPIENT_DAY: Record<MailTemplate, number> = {
  activation: 6,
  alreadyRegistered: 2,
  reactivationPending: 3,
  passwordReset: 3,
  mailChange: 3,
  mailChanged: 3,
  passwordChanged: 5,
  accountDeleted: 3,
  complaintReceived: 10,
  complaintDecided: 10,
  mailChangeTaken: 2,
  loginLink: 3,
  moderationNotice: 20,
  moderationAppealDecided: 20,
  premiumEnded: 5,
  dataExportReady: 2,
  // Notification mail (features/notifications): batched and timed there; these are the last line.
  notifyNewConversation: 10,
  notifyNewMessages: 6,
  notifyLike: 4,
  notifyUnread: 5,
  notifyWeekly: 1,
  notifyReminder: 1,
  notifyPromotion: 1,
  notifyNews: 1,
};

/**
 * Queues a mail in the caller's transaction: it is delivered only if that transaction commits
 * (guide: side effects after commit), with its delivery job ('mail.deliver'). Call `app.jobs.kick()`
 * (or `Mailer.kick()`) after the commit for prompt delivery. Answers the outbox row's id.
 * Beyond the recipient's daily allowance for the kind, nothing is queued (answers null), so the
 * caller answers exactly as if it had been. `quota` counts the mail in an allowance of its own
 * instead of its kind's (an operator's test of a mailing: a few a day, apart from members' mail).
 */
export async function enqueueMail<T extends MailTemplate>(
  q: Queryable,
  mail: { siteId: number; to: string; template: T; locale: string; data: MailData[T] },
  opts: { quota?: { name: string; perDay: number } } = {},
): Promise<number | null> {
  const [quota] = await q.query<{ sent: number }>(
    `INSERT INTO mail_quota AS m (recipient_hash, template) VALUES ($1, $2)
     ON CONFLICT (recipient_hash, template, day) DO UPDATE SET sent = m.sent + 1
     RETURNING sent`,
    [emailKey(mail.to), opts.quota?.name ?? mail.template],
  );
  // The first row of a day starts at 0: the count is of mails before this one.
  if ((quota?.sent ?? 0) >= (opts.quota?.perDay ?? MAILS_PER_RECIPIENT_DAY[mail.template])) return null;
  const [row] = await q.query<{ id: number | string }>(
    `INSERT INTO outbox_emails (site_id, to_address, template, locale, data) VALUES ($1, $2, $3, $4, $5)
     RETURNING id`,
    [mail.siteId, mail.to, mail.template, mail.locale, JSON.stringify(mail.data)],
  );
  const id = Number(row!.id);
  await enqueueJob(q, MAIL_QUEUE, { id }, { maxAttempts: MAX_ATTEMPTS });
  return id;
}

/** Forgets the per-recipient counts of past days (run now and then). */
export async function pruneMailQuota(q: Queryable): Promise<void> {
  await q.query('DELETE FROM mail_quota WHERE day < current_date - 1');
}

interface OutboxRow {
  id: number;
  site_id: number;
  to_address: string;
  template: MailTemplate;
  locale: string;
  data: MailData[MailTemplate];
  status: 'pending' | 'sending' | 'sent' | 'failed' | 'unknown';
}

export const MAIL_JOB = 'mail.deliver';
/** One job per outbox row. */
export const MAIL_QUEUE = jobQueue(MAIL_JOB, z.object({ id: z.number().int() }));
const MAX_ATTEMPTS = 8;

/**
 * Delivers queued mails, one 'mail.deliver' job per outbox row: the job system retries a failed
 * delivery with backoff (15 s, 30 s, ... up to an hour, 8 attempts) and keeps the last error on the
 * row. A mail that may have left is never sent again:
 * - the row is marked 'sending' right before the SMTP transaction (committed before it starts);
 * - a failure that proves nothing left (no connection, a timeout or a 4xx reply before the whole
 *   message was handed over) puts it back to 'pending' for the retry ('failed' after the last);
 * - a 5xx refusal makes it 'failed' and its job dead at once, without retries;
 * - a failure after the whole message was handed over (connection lost, no reply, the run
 *   aborted), or a run that finds the row still 'sending' (its earlier run crashed or was cut off),
 *   makes it 'unknown': not sent again, logged as an error, its job dead with the reason (the
 *   console's dead jobs list). An operator who learns it did not arrive can resend by hand.
 * At most 4 mails are in an SMTP transaction at once per worker (the job name's slots): a hung
 * mail server holds those, never the other queues.
 */
export class Mailer {
  /**
   * The envelope sender (Return-Path) of outbox mail `id`, where its bounces and complaints come
   * back: a signed VERP address (platform/mail/verp.ts, set by app.ts). Unset: the From address.
   */
  returnPath: ((id: number) => string) | undefined;

  constructor(
    private db: Db,
    private sites: SiteDirectory,
    private transport: MailTransport,
    private jobs: Jobs,
  ) {
    jobs.define(MAIL_QUEUE, (p, ctx) => this.deliver(p.id, ctx), {
      backoffS: 15,
      timeoutS: 120,
      concurrency: 4,
    });
  }

  /** Delivers what is due now (after a commit that queued mail). */
  kick(): Promise<void> {
    return this.jobs.kick();
  }

  /** Waits until nothing is being delivered (tests and shutdown). */
  idle(): Promise<void> {
    return this.jobs.idle();
  }

  async stop(): Promise<void> {
    await this.jobs.stop();
    this.transport.close();
  }

  private async deliver(id: number, ctx: JobContext): Promise<void> {
    const [row] = await this.db.query<OutboxRow>(
      'SELECT id, site_id, to_address, template, locale, data, status FROM outbox_emails WHERE id = $1',
      [id],
    );
    if (!row || row.status === 'sent' || row.status === 'failed') return; // done, given up, or erased with its member
    if (row.status !== 'pending') {
      await this.unknown(row.id, ctx, 'an earlier run was cut off while sending it');
    }
    let site: Site;
    let mail: ReturnType<typeof renderMail>;
    try {
      site = await this.sites.byIdOrThrow(row.site_id);
      mail = renderMail(row.template, row.locale, row.data, site);
    } catch (err) {
      // Nothing was sent: retried, and given up with the job's last attempt.
      if (ctx.lastAttempt) {
        await this.db.query(
          `UPDATE outbox_emails SET status = 'failed', last_error = $2 WHERE id = $1 AND status = 'pending'`,
          [row.id, String(err).slice(0, 500)],
        );
      }
      throw err;
    }
    // Committed before the first SMTP byte: from here on, the mail may leave.
    const [mine] = await this.db.query(
      `UPDATE outbox_emails SET status = 'sending', sending_at = now(), attempts = attempts + 1
        WHERE id = $1 AND status = 'pending' RETURNING id`,
      [row.id],
    );
    if (!mine) return; // another run took it meanwhile: that run records it
    try {
      await this.transport.send(
        {
          from: `"${site.config.name.replace(/"/g, '')}" <${site.config.support_email}>`,
          to: row.to_address,
          ...mail,
          ...(this.returnPath ? { envelope: { from: this.returnPath(row.id), to: row.to_address } } : {}),
        },
        { signal: ctx.signal },
      );
    } catch (err) {
      const failure = err instanceof MailSendError ? err.failure : 'not-sent';
      if (failure === 'unknown') await this.unknown(row.id, ctx, String(err));
      const error = String(err).slice(0, 500);
      const status = failure === 'rejected' || ctx.lastAttempt ? 'failed' : 'pending';
      ctx.log.warn({ err, mailId: row.id, status }, 'mail delivery failed');
      await this.db.query(
        `UPDATE outbox_emails SET status = $2, last_error = $3, sending_at = NULL WHERE id = $1 AND status = 'sending'`,
        [row.id, status, error],
      );
      if (status === 'failed') mailFailed.inc();
      if (failure === 'rejected') throw new PermanentJobError(`mail ${row.id} refused: ${error}`);
      throw err;
    }
    // A run that marked it 'unknown' meanwhile (this one having lost its lease) learns the truth here.
    await this.db.query(
      `UPDATE outbox_emails SET status = 'sent', sent_at = now(), last_error = NULL
        WHERE id = $1 AND status IN ('sending', 'unknown')`,
      [row.id],
    );
    mailSent.inc();
  }

  /** The mail may have left: never sent again, said loudly, its job dead with the reason. */
  private async unknown(id: number, ctx: JobContext, why: string): Promise<never> {
    const error = `mail ${id} may have left (${why}): not sent again`.slice(0, 500);
    ctx.log.error({ mailId: id }, error);
    await this.db.query(
      `UPDATE outbox_emails SET status = 'unknown', last_error = $2 WHERE id = $1 AND status IN ('sending', 'unknown')`,
      [id, error],
    );
    throw new PermanentJobError(error);
  }
}
