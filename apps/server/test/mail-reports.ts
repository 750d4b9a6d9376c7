import nodemailer from 'nodemailer';
import type { ReceivedMail } from './smtp.ts';

/**
 * Delivery reports and complaints about a mail the app sent, as mail servers write them, and their
 * delivery over real SMTP to the app's bounce listener (bounces.int.test.ts, mailings.int.test.ts).
 */

/** A mail server delivering a report to the listener: real SMTP, null sender as for a DSN. */
export async function deliverReport(
  port: number,
  to: string,
  raw: string,
  from = '',
): Promise<{ response: string }> {
  const client = nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
  });
  try {
    const info = await client.sendMail({ envelope: { from, to: [to] }, raw: raw.replace(/\r?\n/g, '\r\n') });
    return { response: String(info.response) };
  } finally {
    client.close();
  }
}

/** The headers block of a mail as received (what a DSN quotes as text/rfc822-headers). */
export const headersOf = (m: ReceivedMail) => m.raw.slice(0, m.raw.search(/\r?\n\r?\n/));

/** A bounce as Postfix writes it (RFC 3464 multipart/report; report-type=delivery-status). */
export function dsn(
  returnPath: string,
  original: ReceivedMail,
  opts: { action?: string; status?: string; recipient?: string } = {},
) {
  const recipient = opts.recipient ?? original.to[0]!;
  return `Return-Path: <>
From: MAILER-DAEMON@mx.example.net (Mail Delivery System)
To: ${returnPath}
Subject: Undelivered Mail Returned to Sender
Date: Tue, 4 Mar 2025 10:00:00 +0000
Message-ID: <dsn.${Math.random().toString(36).slice(2)}@mx.example.net>
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
	boundary="B0UND.1741082400/mx.example.net"

This is a MIME-encapsulated message.

--B0UND.1741082400/mx.example.net
Content-Description: Notification
Content-Type: text/plain; charset=us-ascii

This is the mail system at host mx.example.net.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients.

--B0UND.1741082400/mx.example.net
Content-Description: Delivery report
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.net
X-Postfix-Queue-ID: 4XYZ123
Arrival-Date: Tue,  4 Mar 2025 09:59:58 +0000

Final-Recipient: rfc822; ${recipient}
Original-Recipient: rfc822;${recipient}
Action: ${opts.action ?? 'failed'}
Status: ${opts.status ?? '5.1.1'}
Remote-MTA: dns; mailbox.example.net
Diagnostic-Code: smtp; 550 5.1.1 <${recipient}>: Recipient address rejected:
    User unknown in virtual mailbox table

--B0UND.1741082400/mx.example.net
Content-Description: Undelivered Message Headers
Content-Type: text/rfc822-headers

Return-Path: <${returnPath}>
${headersOf(original)}

--B0UND.1741082400/mx.example.net--
`;
}

/** A complaint as a feedback loop sends it (RFC 5965 ARF: multipart/report; report-type=feedback-report). */
export function arf(returnPath: string, original: ReceivedMail, feedbackType = 'abuse') {
  return `From: <staff@fbl.example.net>
Date: Thu, 6 Mar 2025 14:00:00 +0000
Subject: FW: complaint about a message
To: <${returnPath}>
MIME-Version: 1.0
Content-Type: multipart/report; report-type=feedback-report;
     boundary="part1_13d.2e68ed54_boundary"

--part1_13d.2e68ed54_boundary
Content-Type: text/plain; charset="US-ASCII"
Content-Transfer-Encoding: 7bit

This is an email abuse report for an email message received from IP
192.0.2.1 on Thu, 6 Mar 2025 13:00:00 +0000.

--part1_13d.2e68ed54_boundary
Content-Type: message/feedback-report

Feedback-Type: ${feedbackType}
User-Agent: SomeGenerator/1.0
Version: 1
Original-Mail-From: <${returnPath}>
Original-Rcpt-To: <${original.to[0]}>
Arrival-Date: Thu, 6 Mar 2025 13:00:00 +0000
Source-IP: 192.0.2.1

--part1_13d.2e68ed54_boundary
Content-Type: message/rfc822
Content-Disposition: inline

Return-Path: <${returnPath}>
${original.raw.trimEnd()}

--part1_13d.2e68ed54_boundary--
`;
}
