import { simpleParser } from 'mailparser';

/**
 * What an inbound report says, read from its MIME structure only (never from free text):
 * - a delivery status notification (RFC 3464: multipart/report; report-type=delivery-status) with a
 *   recipient whose Action is `failed` and whose Status is 5.x.x is a hard bounce; `delayed` or a
 *   4.x.x status is a soft bounce (the mail server keeps trying; we note it and change nothing);
 * - a feedback-loop report (RFC 5965 ARF: multipart/report; report-type=feedback-report) with
 *   Feedback-Type `abuse` is a complaint (the member marked our mail as spam);
 * - anything else (an auto-reply, a person's answer, a DSN about a delivered mail, broken MIME) is
 *   not a report we act on.
 */
export type ReportVerdict =
  | { kind: 'hard_bounce'; status: string; recipient?: string }
  | { kind: 'soft_bounce'; status: string }
  | { kind: 'complaint'; feedbackType: string; originalMailFrom?: string }
  | { kind: 'ignored'; why: string };

/** Header-style fields of a report part, grouped at blank lines (RFC 3464 §2.1, RFC 5965 §3.1). */
export function fieldGroups(text: string): Array<Map<string, string>> {
  const groups: Array<Map<string, string>> = [];
  let current = new Map<string, string>();
  let last: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') {
      if (current.size) groups.push(current);
      current = new Map();
      last = undefined;
    } else if (/^[ \t]/.test(line) && last) {
      current.set(last, `${current.get(last)} ${line.trim()}`); // folded continuation
    } else {
      const m = /^([A-Za-z0-9-]+)\s*:\s*(.*)$/.exec(line);
      if (!m) continue;
      last = m[1]!.toLowerCase();
      // The first occurrence counts (a field repeated further down cannot override it).
      if (!current.has(last)) current.set(last, m[2]!.trim());
    }
  }
  if (current.size) groups.push(current);
  return groups;
}

/** `rfc822; someone@example.net` -> `someone@example.net`. */
function addressOf(field: string | undefined): string | undefined {
  if (!field) return undefined;
  const value = field.includes(';') ? field.slice(field.indexOf(';') + 1) : field;
  return value.trim().replace(/^<|>$/g, '') || undefined;
}

/** The status code at the start of a Status field ("5.1.1 (user unknown)" -> "5.1.1"). */
function statusOf(field: string | undefined): string | undefined {
  return /^\s*([245])\.(\d{1,3})\.(\d{1,3})\b/
    .exec(field ?? '')
    ?.slice(1, 4)
    .join('.');
}

/** Reads the delivery-status part of a DSN: the worst thing it says about any recipient. */
export function readDeliveryStatus(text: string): ReportVerdict {
  const [, ...recipients] = fieldGroups(text);
  let soft: string | undefined;
  for (const r of recipients) {
    const action = r.get('action')?.toLowerCase();
    const status = statusOf(r.get('status'));
    if (!action || !status) continue;
    if (action === 'failed' && status.startsWith('5.')) {
      return {
        kind: 'hard_bounce',
        status,
        recipient: addressOf(r.get('original-recipient')) ?? addressOf(r.get('final-recipient')),
      };
    }
    if (action === 'delayed' || (action === 'failed' && status.startsWith('4.'))) soft ??= status;
  }
  if (soft) return { kind: 'soft_bounce', status: soft };
  return { kind: 'ignored', why: 'delivery report without a permanent failure' };
}

/** Reads the machine-readable part of an ARF report. */
export function readFeedbackReport(text: string): ReportVerdict {
  const fields = new Map<string, string>();
  for (const g of fieldGroups(text)) for (const [k, v] of g) if (!fields.has(k)) fields.set(k, v);
  const feedbackType = fields.get('feedback-type')?.toLowerCase();
  if (!feedbackType) return { kind: 'ignored', why: 'feedback report without Feedback-Type' };
  if (feedbackType !== 'abuse') return { kind: 'ignored', why: `feedback type ${feedbackType}` };
  return { kind: 'complaint', feedbackType, originalMailFrom: addressOf(fields.get('original-mail-from')) };
}

/** Reads an inbound message; never throws (a message that cannot be parsed is 'ignored'). */
export async function readReport(raw: Buffer): Promise<ReportVerdict> {
  let parsed: Awaited<ReturnType<typeof simpleParser>>;
  try {
    parsed = await simpleParser(raw, {
      keepDeliveryStatus: true, // the delivery-status part as a part of its own, not merged into the text
      skipHtmlToText: true,
      skipTextToHtml: true,
      skipTextLinks: true,
      skipImageLinks: true,
      maxHtmlLengthToParse: 64 * 1024,
    });
  } catch {
    return { kind: 'ignored', why: 'unreadable MIME' };
  }
  const type = parsed.headers.get('content-type') as
    | { value?: string; params?: Record<string, string> }
    | undefined;
  if (type?.value?.toLowerCase() !== 'multipart/report')
    return { kind: 'ignored', why: 'not a multipart/report' };
  const reportType = type.params?.['report-type']?.toLowerCase();
  const part = (contentType: string) =>
    parsed.attachments.find((a) => a.contentType.toLowerCase() === contentType)?.content.toString('utf8');
  if (reportType === 'delivery-status') {
    const status = part('message/delivery-status') ?? part('message/global-delivery-status');
    return status
      ? readDeliveryStatus(status)
      : { kind: 'ignored', why: 'DSN without a delivery-status part' };
  }
  if (reportType === 'feedback-report') {
    const report = part('message/feedback-report');
    return report
      ? readFeedbackReport(report)
      : { kind: 'ignored', why: 'ARF without a feedback-report part' };
  }
  return { kind: 'ignored', why: `report type ${reportType ?? 'missing'}` };
}
