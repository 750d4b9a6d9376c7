import type { Db, Queryable } from '../db.ts';
import { enqueueJob, type JobContext, type Jobs } from '../jobs.ts';
import type { SiteDirectory } from '../sites.ts';
import { emailKey } from '../tokens.ts';
import { type MailData, type MailTemplate, renderMail } from './templates.ts';
import type { MailTransport } from './transport.ts';

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
  mailChangeTaken: 2,
  loginLink: 3,
  moderationNotice: 20,
  moderationAppealDecided: 20,
  premiumEnded: 5,
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
 * (or `Mailer.kick()`) after the commit for prompt delivery.
 * Beyond the recipient's daily allowance for the kind, nothing is queued (returns false), so the
 * caller answers exactly as if it had been.
 */
export async function enqueueMail<T extends MailTemplate>(
  q: Queryable,
  mail: { siteId: number; to: string; template: T; locale: string; data: MailData[T] },
): Promise<boolean> {
  const [quota] = await q.query<{ sent: number }>(
    `INSERT INTO mail_quota AS m (recipient_hash, template) VALUES ($1, $2)
     ON CONFLICT (recipient_hash, template, day) DO UPDATE SET sent = m.sent + 1
     RETURNING sent`,
    [emailKey(mail.to), mail.template],
  );
  // The first row of a day starts at 0: the count is of mails before this one.
  if ((quota?.sent ?? 0) >= MAILS_PER_RECIPIENT_DAY[mail.template]) return false;
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO outbox_emails (site_id, to_address, template, locale, data) VALUES ($1, $2, $3, $4, $5)
     RETURNING id`,
    [mail.siteId, mail.to, mail.template, mail.locale, JSON.stringify(mail.data)],
  );
  await enqueueJob(q, MAIL_JOB, { id: row!.id }, { maxAttempts: MAX_ATTEMPTS });
  return true;
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
}

export const MAIL_JOB = 'mail.deliver';
const MAX_ATTEMPTS = 8;

/**
 * Delivers queued mails, one 'mail.deliver' job per outbox row: the job system retries a failed
 * delivery with backoff (15 s, 30 s, ... up to an hour, 8 attempts) and keeps the last error on the
 * row. A row already sent is never sent again, whatever runs its job twice.
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
    jobs.define<{ id: number }>(MAIL_JOB, (p, ctx) => this.deliver(p.id, ctx), { backoffS: 15 });
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
      `UPDATE outbox_emails SET attempts = attempts + 1 WHERE id = $1 AND status = 'pending'
        RETURNING id, site_id, to_address, template, locale, data`,
      [id],
    );
    if (!row) return; // sent already, or erased with its member
    try {
      const site = await this.sites.byIdOrThrow(row.site_id);
      const mail = renderMail(row.template, row.locale, row.data, site);
      await this.transport.send({
        from: `"${site.config.name.replace(/"/g, '')}" <${site.config.support_email}>`,
        to: row.to_address,
        ...mail,
        ...(this.returnPath ? { envelope: { from: this.returnPath(row.id), to: row.to_address } } : {}),
      });
      await this.db.query(
        `UPDATE outbox_emails SET status = 'sent', sent_at = now(), last_error = NULL WHERE id = $1`,
        [row.id],
      );
    } catch (err) {
      ctx.log.warn({ err, mailId: row.id }, 'mail delivery failed');
      await this.db.query(`UPDATE outbox_emails SET status = $2, last_error = $3 WHERE id = $1`, [
        row.id,
        ctx.lastAttempt ? 'failed' : 'pending',
        String(err).slice(0, 500),
      ]);
      throw err;
    }
  }
}
