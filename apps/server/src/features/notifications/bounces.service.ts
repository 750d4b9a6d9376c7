import type { Db, Queryable } from '../../platform/db.ts';
import { found } from '../../platform/errors.ts';
import type { InboundMail } from '../../platform/mail/inbound.ts';
import { verpMailId } from '../../platform/mail/verp.ts';
import { mailBounced } from '../../platform/metrics.ts';
import { type ReportVerdict, readReport } from './bounce-report.ts';
import * as repo from './bounces.repo.ts';
import { noteMailReport } from './broadcasts.repo.ts';

/**
 * Bounces and complaints (issue 15, item 4). Every mail leaves with a signed per-message return
 * path (platform/mail/verp.ts); delivery reports and complaint reports sent back to it arrive at the
 * inbound SMTP listener (bounces.routes.ts), and this module decides what they change:
 *
 * - a hard bounce adds 'bounce' to the member's notifications_disabled, a complaint (ARF abuse) 'fbl';
 * - the member is the one who has the mail's address on its site *today*: a report about a mail to
 *   an address the member has since changed changes nothing, nor does one about a mail sent before
 *   the member turned mail back on (users.mail_reenabled_at);
 * - a report about a mailing's copy (promotions, news) is counted for that mailing;
 * - a soft bounce, a report about a mail we have no row for, anything that is not a report:
 *   nothing changes (logged). Unsigned or forged addresses never get this far: the listener refuses
 *   them at RCPT TO.
 *
 * Reports may also come to `fbl@<bounce domain>` (the address one registers with a mailbox
 * provider's feedback loop): a complaint there names our mail by its Original-Mail-From, which must
 * be one of our signed return paths.
 */

export const FBL_LOCAL_PART = 'fbl';

interface Log {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
}

export interface BounceDeps {
  db: Db;
  /** The return paths' signing key (server_secrets 'bounce'). */
  key: Buffer;
  /** The bounce domain (config.bounce.domain). */
  domain: string;
  log: Log;
}

function isFblAddress(domain: string, address: string): boolean {
  return address.toLowerCase() === `${FBL_LOCAL_PART}@${domain.toLowerCase()}`;
}

/** Whether the listener takes mail for this recipient: a signed return path of ours, or the FBL address. */
export function acceptsRecipient(deps: BounceDeps, address: string): boolean {
  return verpMailId(deps.key, deps.domain, address) !== null || isFblAddress(deps.domain, address);
}

export type ReportOutcome =
  | 'disabled' // the reason was added
  | 'already' // the reason was there already
  | 'ignored' // not a hard bounce or complaint
  | 'unknown_mail' // no outbox row (pruned, or never ours)
  | 'address_changed' // the address is nobody's on that site any more
  | 'before_reenable'; // about a mail sent before the member turned mail back on

export interface ReportResult {
  verdict: ReportVerdict;
  mailId?: number;
  outcome: ReportOutcome;
}

/** Handles one inbound message (already accepted at RCPT TO). Throws only for a database fault. */
export async function takeReport(deps: BounceDeps, mail: InboundMail): Promise<ReportResult> {
  const verdict = await readReport(mail.raw);
  const context = { rcpt: mail.rcptTo, from: mail.mailFrom, remote: mail.remoteAddress, verdict };
  if (verdict.kind !== 'hard_bounce' && verdict.kind !== 'complaint') {
    deps.log.info(context, 'inbound report: nothing to change');
    return { verdict, outcome: 'ignored' };
  }
  let mailId = mail.rcptTo.map((r) => verpMailId(deps.key, deps.domain, r)).find((id) => id !== null);
  if (mailId === undefined && verdict.kind === 'complaint' && verdict.originalMailFrom) {
    mailId = verpMailId(deps.key, deps.domain, verdict.originalMailFrom) ?? undefined;
  }
  if (mailId === undefined || mailId === null) {
    deps.log.warn(context, 'inbound report: names none of our mails, nothing changed');
    return { verdict, outcome: 'unknown_mail' };
  }
  const id = mailId;
  const reason = verdict.kind === 'hard_bounce' ? 'bounce' : 'fbl';
  mailBounced.inc({ kind: verdict.kind });
  const outcome = await deps.db.tx(async (q): Promise<ReportOutcome> => {
    const sent = await repo.reportedMail(q, id);
    if (!sent) return 'unknown_mail';
    // A mailing's copy counts the report for its mailing, whatever it changes for the member.
    await noteMailReport(q, id, reason === 'bounce' ? 'bounce' : 'complaint');
    const member = await repo.recipientByAddress(q, sent.site_id, sent.to_address);
    if (!member) return 'address_changed';
    // A mail that went out before the member turned mail back on (or is still going out: no sent_at).
    if (member.mail_reenabled_at && sent.sent_at && sent.sent_at < member.mail_reenabled_at) {
      return 'before_reenable';
    }
    if (member.notifications_disabled.includes(reason)) return 'already';
    await repo.addReason(q, member.id, reason);
    return 'disabled';
  });
  const logged = { ...context, mailId: id, reason, outcome };
  if (outcome === 'disabled') deps.log.info(logged, `inbound report: e-mail notifications off (${reason})`);
  else if (outcome === 'already') deps.log.info(logged, 'inbound report: the reason was set already');
  else deps.log.warn(logged, 'inbound report: nothing changed');
  return { verdict, mailId: id, outcome };
}

/**
 * The member turns e-mail notifications back on: every reason is cleared. For 'bounce' that is the
 * member's word that the address works (or was just fixed); if it still bounces, the next hard
 * bounce of a mail sent from now on sets it again, while late reports about earlier mail are
 * ignored (mail_reenabled_at). The console's support calls it too (with its transaction's `q`).
 */
export async function enableMail(
  q: Queryable,
  userId: string,
): Promise<{ notifications_disabled: string[] }> {
  const reasons = found(await repo.clearReasons(q, userId));
  return { notifications_disabled: reasons };
}
