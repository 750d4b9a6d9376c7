import fs from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';
import SMTPConnection from 'nodemailer/lib/smtp-connection/index.js';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on notification mail). */
  headers?: Record<string, string>;
  /** SMTP envelope: MAIL FROM (the Return-Path, where bounces go) and RCPT TO; else From and To. */
  envelope?: { from: string; to: string };
}

/**
 * Why a mail did not go, as far as the SMTP conversation proves it:
 * - 'not-sent': nothing was accepted (no connection, a timeout or a 4xx reply before the message
 *   was handed over, an abort before that): it may be sent again;
 * - 'rejected': the server refused it for good (a 5xx reply to MAIL FROM, RCPT TO, DATA or the
 *   message): nothing left, and sending it again would be refused again;
 * - 'unknown': the whole message was handed over and no reply came (connection lost, timeout,
 *   abort): the server may have taken it, so it must not be sent again.
 */
export type MailFailure = 'not-sent' | 'rejected' | 'unknown';

export class MailSendError extends Error {
  override name = 'MailSendError';
  constructor(
    message: string,
    readonly failure: MailFailure,
    /** The SMTP reply code, when the server answered. */
    readonly responseCode?: number,
  ) {
    super(message);
  }
}

export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  /** Sends one mail; throws a MailSendError. An aborted signal closes the connection at once. */
  send(mail: OutgoingMail, opts?: { signal?: AbortSignal }): Promise<void>;
  close(): void;
}

/** How long each SMTP step may take (config SMTP_CONNECT_TIMEOUT_SECONDS, SMTP_REPLY_TIMEOUT_SECONDS). */
export interface SmtpTimeouts {
  /** TCP connection. */
  connectMs: number;
  /** The server's greeting once connected. */
  greetingMs: number;
  /** Any later silence: a reply to a command, or to the message. */
  socketMs: number;
}

export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = {
  connectMs: 10_000,
  greetingMs: 10_000,
  socketMs: 30_000,
};

/** SMTP when SMTP_URL is set; otherwise each mail becomes an .eml file in DATA_DIR/outbox. */
export function createTransport(opts: {
  smtpUrl?: string;
  dataDir: string;
  timeouts?: SmtpTimeouts;
}): MailTransport {
  if (opts.smtpUrl) {
    const t = opts.timeouts ?? DEFAULT_SMTP_TIMEOUTS;
    const options: SMTPConnection.Options = {
      ...parseConnectionUrl(opts.smtpUrl),
      connectionTimeout: t.connectMs,
      greetingTimeout: t.greetingMs,
      socketTimeout: t.socketMs,
    };
    const open = new Set<SMTPConnection>();
    return {
      kind: 'smtp',
      send: (mail, sendOpts) => sendSmtp(options, open, mail, sendOpts?.signal),
      close: () => {
        for (const c of open) c.close();
      },
    };
  }
  const dir = path.join(opts.dataDir, 'outbox');
  const streamer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(mail) {
      try {
        const info = await streamer.sendMail(mail);
        await fs.mkdir(dir, { recursive: true });
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
        await fs.writeFile(path.join(dir, `${stamp}_${safeTo}.eml`), info.message as Buffer);
        await fs.writeFile(
          path.join(dir, `${stamp}_${safeTo}.json`),
          JSON.stringify({
            to: mail.to,
            subject: mail.subject,
            html: mail.html,
            text: mail.text,
            at: new Date(),
          }),
        );
      } catch (err) {
        throw new MailSendError(`writing the mail failed: ${String(err)}`, 'not-sent');
      }
    },
    close: () => {},
  };
}

interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
  command?: string;
}

/** What an SMTP error proves, given whether the whole message had been handed to the socket. */
function classify(err: SmtpError, messageHandedOver: boolean): MailSendError {
  const reply = err.responseCode;
  const refused = (err.code === 'EENVELOPE' || err.code === 'EMESSAGE') && reply !== undefined;
  const failure: MailFailure =
    refused && reply >= 500
      ? 'rejected'
      : refused && reply >= 400
        ? 'not-sent'
        : messageHandedOver
          ? 'unknown'
          : 'not-sent';
  return new MailSendError(err.message, failure, reply);
}

/**
 * One SMTP transaction on a connection of its own (connect, greeting, EHLO, AUTH when the URL has
 * credentials, MAIL FROM, RCPT TO, DATA, the message, QUIT), each step under a timeout. The
 * message goes as a stream whose end marks the moment it has all been handed over: before it,
 * no server can have accepted the mail (the message ends with the final dot, written after).
 */
async function sendSmtp(
  options: SMTPConnection.Options,
  open: Set<SMTPConnection>,
  mail: OutgoingMail,
  signal?: AbortSignal,
): Promise<void> {
  const node = new MailComposer(mail).compile();
  const envelope = node.getEnvelope();
  const raw = await node.build();
  if (signal?.aborted) throw new MailSendError(`not sent: ${String(signal.reason)}`, 'not-sent');
  const conn = new SMTPConnection(options);
  open.add(conn);
  let handedOver = false;
  await new Promise<void>((resolve, reject) => {
    let settled = false;
    const finish = (err?: SmtpError) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      open.delete(conn);
      if (err) {
        conn.close();
        reject(classify(err, handedOver));
      } else {
        conn.quit();
        resolve();
      }
    };
    const onAbort = () => {
      const reason = signal?.reason instanceof Error ? signal.reason.message : String(signal?.reason);
      finish(Object.assign(new Error(`aborted: ${reason}`), { code: 'EABORT' }));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    conn.once('error', (err: SmtpError) => finish(err));
    conn.once('end', () => finish(Object.assign(new Error('connection closed'), { code: 'ECONNECTION' })));
    conn.connect(() => {
      const transaction = () => {
        const body = new PassThrough();
        body.once('end', () => {
          handedOver = true;
        });
        body.end(raw);
        conn.send(envelope, body, (err) => finish(err ?? undefined));
      };
      const auth = options.auth as { user?: string; pass?: string } | undefined;
      if (auth?.user && (conn as unknown as { allowsAuth?: boolean }).allowsAuth) {
        conn.login({ credentials: { user: auth.user, pass: auth.pass ?? '' } }, (err) =>
          err ? finish(err) : transaction(),
        );
      } else {
        transaction();
      }
    });
  });
}
