#!/usr/bin/env node
// A real SMTP server for the browser journeys: receives the app's mail on SMTP_PORT and shows it
// to the tests over HTTP (GET /messages?to=address). Started by playwright.config.ts.
import http from 'node:http';
import { SMTPServer } from 'smtp-server';

const SMTP_PORT = Number(process.env.SMTP_PORT ?? 2526);
const HTTP_PORT = Number(process.env.SINK_PORT ?? 2580);
const mails = [];

const decodeQP = (s) =>
  Buffer.from(
    s
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, h) => String.fromCharCode(Number.parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      mails.push({
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        text: decodeQP(raw),
        at: Date.now(),
      });
      callback();
    });
  },
});
smtp.listen(SMTP_PORT, '127.0.0.1');

http
  .createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/health') return res.end('{"ok":true}');
    const to = (url.searchParams.get('to') ?? '').toLowerCase();
    res.end(JSON.stringify(mails.filter((m) => !to || m.to.includes(to))));
  })
  .listen(HTTP_PORT, '127.0.0.1');
