import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db.ts';
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
};

/**
 * Queues a mail in the caller's transaction: it is delivered only if that transaction commits
 * (guide: side effects after commit). Call `Mailer.kick()` after the commit for prompt delivery.
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
  await q.query(
    'INSERT INTO outbox_emails (site_id, to_address, template, locale, data) VALUES ($1, $2, $3, $4, $5)',
    [mail.siteId, mail.to, mail.template, mail.locale, JSON.stringify(mail.data)],
  );
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
  attempts: number;
}

const MAX_ATTEMPTS = 8;

/** Delivers queued mails: right after a commit (kick) and on a timer, retrying with backoff. */
export class Mailer {
  private running: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private db: Db,
    private sites: SiteDirectory,
    private transport: MailTransport,
    private log: FastifyBaseLogger,
  ) {}

  start(intervalMs = 10_000): void {
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
    this.kick();
  }

  /** Delivers what is due now; overlapping calls coalesce into one more pass. */
  kick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.deliverDue().catch((err) => this.log.error({ err }, 'mail delivery pass failed'));
      } while (this.again);
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Waits until nothing is being delivered (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.idle();
    this.transport.close();
  }

  private async deliverDue(): Promise<void> {
    for (;;) {
      // Claim a batch: push next_attempt_at forward so another instance skips these rows meanwhile.
      const rows = await this.db.query<OutboxRow>(
        `UPDATE outbox_emails SET next_attempt_at = now() + interval '5 minutes', attempts = attempts + 1
          WHERE id IN (SELECT id FROM outbox_emails WHERE status = 'pending' AND next_attempt_at <= now()
                        ORDER BY id LIMIT 20 FOR UPDATE SKIP LOCKED)
          RETURNING id, site_id, to_address, template, locale, data, attempts`,
      );
      if (rows.length === 0) return;
      for (const row of rows) await this.deliver(row);
    }
  }

  private async deliver(row: OutboxRow): Promise<void> {
    try {
      const site = await this.sites.byIdOrThrow(row.site_id);
      const mail = renderMail(row.template, row.locale, row.data, site);
      await this.transport.send({
        from: `"${site.config.name.replace(/"/g, '')}" <${site.config.support_email}>`,
        to: row.to_address,
        ...mail,
      });
      await this.db.query(
        `UPDATE outbox_emails SET status = 'sent', sent_at = now(), last_error = NULL WHERE id = $1`,
        [row.id],
      );
    } catch (err) {
      const failed = row.attempts >= MAX_ATTEMPTS;
      const backoffS = Math.min(3600, 15 * 2 ** row.attempts);
      this.log.warn({ err, mailId: row.id, attempts: row.attempts }, 'mail delivery failed');
      await this.db.query(
        `UPDATE outbox_emails SET status = $2, last_error = $3, next_attempt_at = now() + make_interval(secs => $4)
          WHERE id = $1`,
        [row.id, failed ? 'failed' : 'pending', String(err).slice(0, 500), backoffS],
      );
    }
  }
}
