import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

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

export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** SMTP when SMTP_URL is set; otherwise each mail becomes an .eml file in DATA_DIR/outbox. */
export function createTransport(opts: { smtpUrl?: string; dataDir: string }): MailTransport {
  if (opts.smtpUrl) {
    const transporter = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transporter.sendMail(mail);
      },
      close: () => transporter.close(),
    };
  }
  const dir = path.join(opts.dataDir, 'outbox');
  const streamer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(mail) {
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
    },
    close: () => {},
  };
}
