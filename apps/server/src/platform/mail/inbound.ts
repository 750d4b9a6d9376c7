import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';

/** One message taken in: the envelope (MAIL FROM, accepted RCPT TOs) and the raw bytes. */
export interface InboundMail {
  mailFrom: string;
  rcptTo: string[];
  raw: Buffer;
  remoteAddress: string;
}

export interface InboundSmtpOptions {
  port: number;
  host: string;
  /** The name the server greets with (EHLO, banner). */
  name: string;
  /** Whether a recipient is one this listener takes mail for; every other is refused at RCPT TO. */
  accepts: (address: string) => boolean;
  /** Handles a message; a throw answers 451 (try later), so the sender keeps it and retries. */
  onMail: (mail: InboundMail) => Promise<void>;
  log: FastifyBaseLogger;
  /** Largest message taken, in bytes (advertised as SIZE; more is refused with 552). */
  maxBytes?: number;
  /** Recipients per message. */
  maxRecipients?: number;
  /** Connections at once. */
  maxClients?: number;
  /** An idle connection is closed after this long. */
  socketTimeoutMs?: number;
}

export interface InboundSmtp {
  /** The port listened on (the real one when asked for port 0). */
  port: number;
  close: () => Promise<void>;
}

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

/**
 * A small inbound SMTP server for machine-written mail (delivery reports, complaint reports):
 * plain SMTP without AUTH or STARTTLS, recipients checked one by one at RCPT TO, messages bounded
 * in size, recipients and connection time. It only ever answers within the session (a refused
 * message is refused with a code, never bounced later), so it cannot be made to send mail to
 * anyone.
 */
export async function startInboundSmtp(opts: InboundSmtpOptions): Promise<InboundSmtp> {
  const maxBytes = opts.maxBytes ?? 1024 * 1024;
  const maxRecipients = opts.maxRecipients ?? 5;
  const server = new SMTPServer({
    name: opts.name,
    banner: 'delivery reports only',
    logger: false,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: maxBytes,
    maxClients: opts.maxClients ?? 50,
    socketTimeout: opts.socketTimeoutMs ?? 60_000,
    closeTimeout: 10_000,
    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= maxRecipients) {
        return callback(smtpError(452, '4.5.3 Too many recipients'));
      }
      if (!opts.accepts(address.address)) {
        opts.log.info(
          { rcpt: address.address, remote: session.remoteAddress },
          'inbound mail: unknown recipient refused',
        );
        return callback(smtpError(550, '5.1.1 No such recipient here'));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let bytes = 0;
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes <= maxBytes) chunks.push(chunk);
      });
      stream.on('error', (err) => callback(err));
      stream.on('end', () => {
        if ((stream as { sizeExceeded?: boolean }).sizeExceeded || bytes > maxBytes) {
          opts.log.info({ bytes, remote: session.remoteAddress }, 'inbound mail: too large, refused');
          return callback(smtpError(552, '5.3.4 Message too big'));
        }
        const mail: InboundMail = {
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
          remoteAddress: session.remoteAddress,
        };
        opts.onMail(mail).then(
          () => callback(),
          (err) => {
            opts.log.error({ err }, 'inbound mail: handling failed, sender asked to retry');
            callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
          },
        );
      });
    },
  });
  server.on('error', (err) => opts.log.warn({ err }, 'inbound SMTP connection error'));
  await new Promise<void>((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.server.once('error', onError);
    server.listen(opts.port, opts.host, () => {
      server.server.off('error', onError);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
