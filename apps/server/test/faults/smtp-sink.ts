/**
 * An SMTP server of the test's own that misbehaves on demand (issue 24 item 6): it can refuse
 * (421, 550), hang (never greet, never answer RCPT TO, never answer the message) and vanish (every
 * connection cut, the port closed) and come back. Every message it has received in full is kept,
 * whether or not it answered: that is what counts for "no duplicate mail".
 */
import { EventEmitter } from 'node:events';
import type { AddressInfo, Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** What the sink does at RCPT TO for an address: accept, refuse with a code, never answer, or cut the connection. */
export type RcptAction = 'ok' | 'hang' | 'vanish' | 421 | 450 | 550;
/** What it does once it has the whole message: accept, refuse, never answer, or cut the connection. */
export type DataAction = 'ok' | 'hang' | 'vanish' | 451 | 554;

export interface SinkMail {
  to: string[];
  subject: string;
  /** What the sink answered (or did) after receiving it. */
  action: DataAction;
}

export interface FaultySmtp {
  url: string;
  port: number;
  /** Every message received in full, answered or not. */
  received: SinkMail[];
  /** How many messages to `to` were received in full. */
  count(to: string): number;
  /** How new connections are greeted: normally, never (hang), or refused with 421. */
  greeting: 'ok' | 'hang' | 421;
  /** Queues what RCPT TO for `to` gets on the next attempts (then 'ok'). */
  onRcpt(to: string, ...actions: RcptAction[]): void;
  /** Queues what a message to `to` gets once received, on the next attempts (then 'ok'). */
  onData(to: string, ...actions: DataAction[]): void;
  /** 'connect' (), 'rcpt' ({ to, action }), 'message' (SinkMail): as they happen. */
  events: EventEmitter;
  /** Resolves at the next event of that name matching `pred`. */
  next<T>(event: 'connect' | 'rcpt' | 'message', pred?: (e: T) => boolean): Promise<T>;
  /** Gone: every connection cut, the port closed (connection refused). */
  vanish(): Promise<void>;
  /** Back on the same port. */
  revive(): Promise<void>;
  close(): Promise<void>;
}

const fail = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

export async function startFaultySmtp(): Promise<FaultySmtp> {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const received: SinkMail[] = [];
  const rcptPlan = new Map<string, RcptAction[]>();
  const dataPlan = new Map<string, DataAction[]>();
  const sockets = new Set<Socket>();
  const take = <A>(plan: Map<string, A[]>, to: string, dflt: A): A => plan.get(to)?.shift() ?? dflt;
  const sink = { greeting: 'ok' as FaultySmtp['greeting'] };
  const cut = (session: { id: string }) => {
    for (const s of sockets) if ((s as Socket & { sinkId?: string }).sinkId === session.id) s.destroy();
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    socketTimeout: 600_000,
    onConnect(session, callback) {
      // The raw socket of this session, to cut it ('vanish'): the newest one not yet named.
      for (const s of sockets) {
        const named = s as Socket & { sinkId?: string };
        if (!named.sinkId && s.remotePort === session.remotePort) named.sinkId = session.id;
      }
      events.emit('connect');
      if (sink.greeting === 'hang') return; // never greets
      if (sink.greeting === 421) return callback(fail(421, 'Service not available, try later'));
      callback();
    },
    onRcptTo(address, session, callback) {
      const to = address.address;
      const action = take(rcptPlan, to, 'ok' as RcptAction);
      events.emit('rcpt', { to, action });
      if (action === 'hang') return;
      if (action === 'vanish') return cut(session);
      if (action === 'ok') return callback();
      callback(fail(action, action >= 500 ? 'No such user here' : 'Try again later'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((r) => r.address);
        const action = take(dataPlan, to[0] ?? '', 'ok' as DataAction);
        const mail = { to, subject: raw.match(/^Subject: (.*)$/im)?.[1] ?? '', action };
        received.push(mail);
        events.emit('message', mail);
        if (action === 'hang') return;
        if (action === 'vanish') return cut(session);
        if (action === 'ok') return callback();
        callback(fail(action, action >= 500 ? 'Message refused' : 'Try again later'));
      });
    },
  });
  server.on('error', () => {}); // a cut connection is the point, not a failure
  server.server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  const stopListening = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (!server.server.listening) return resolve();
      server.server.close(() => resolve());
    });

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    count: (to) => received.filter((m) => m.to.includes(to)).length,
    get greeting() {
      return sink.greeting;
    },
    set greeting(g) {
      sink.greeting = g;
    },
    onRcpt: (to, ...actions) => rcptPlan.set(to, [...(rcptPlan.get(to) ?? []), ...actions]),
    onData: (to, ...actions) => dataPlan.set(to, [...(dataPlan.get(to) ?? []), ...actions]),
    events,
    next: <T>(event: string, pred: (e: T) => boolean = () => true) =>
      new Promise<T>((resolve) => {
        const on = (e: T) => {
          if (!pred(e)) return;
          events.off(event, on);
          resolve(e);
        };
        events.on(event, on);
      }),
    vanish: stopListening,
    revive: () => new Promise<void>((resolve) => server.server.listen(port, '127.0.0.1', () => resolve())),
    close: stopListening,
  };
}
