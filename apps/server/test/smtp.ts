import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The envelope sender (MAIL FROM): the Return-Path a receiving server would write. */
  from: string;
  raw: string;
  /** The decoded text of the message (quoted-printable undone), to find links and words in. */
  text: string;
  subject: string;
}

function decodeQuotedPrintable(s: string): string {
  const bytes = s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeHeader(v: string): string {
  return v.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, body: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(body, 'base64').toString('utf8')
      : decodeQuotedPrintable(body.replace(/_/g, ' ')),
  );
}

/** A real SMTP server on a random local port that keeps what it receives (tests talk real SMTP). */
export async function startSmtp(): Promise<{
  url: string;
  mails: ReceivedMail[];
  /** Waits for a mail to `to` matching `pred` (at most `timeoutMs`, 10 s), then returns it. */
  waitFor: (to: string, pred?: (m: ReceivedMail) => boolean, timeoutMs?: number) => Promise<ReceivedMail>;
  close: () => Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const headerEnd = raw.search(/\r?\n\r?\n/);
        const headers = raw.slice(0, headerEnd).replace(/\r?\n[ \t]+/g, ' ');
        const subject = decodeHeader(headers.match(/^Subject: (.*)$/im)?.[1] ?? '');
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          raw,
          text: decodeQuotedPrintable(raw),
          subject,
        });
        for (const w of waiters) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const find = (to: string, pred?: (m: ReceivedMail) => boolean) =>
    mails.find((m) => m.to.includes(to) && (!pred || pred(m)));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor: (to, pred, timeoutMs = 10_000) =>
      new Promise<ReceivedMail>((resolve, reject) => {
        const hit = find(to, pred);
        if (hit) return resolve(hit);
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${to} arrived`));
        }, timeoutMs);
        const check = () => {
          const m = find(to, pred);
          if (m) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve(m);
          }
        };
        waiters.add(check);
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail whose path starts with `path`. */
export function linkIn(mail: ReceivedMail, path: string): string {
  const m = mail.text.match(new RegExp(`https?://[^\\s"<>]+${path.replace(/[.?]/g, '\\$&')}[^\\s"<>]*`));
  if (!m) throw new Error(`no ${path} link in mail "${mail.subject}"`);
  return m[0].replace(/&amp;/g, '&');
}
