import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * Where text messages go. The default writes each to an outbox folder (DATA_DIR/sms-outbox), read
 * by the development viewer at /dev/sms beside /dev/mail; a real SMS gateway implements the same
 * interface.
 */
export interface SmsTransport {
  readonly kind: 'outbox';
  send(to: string, text: string): Promise<void>;
}

export class OutboxSms implements SmsTransport {
  readonly kind = 'outbox' as const;
  constructor(readonly dir: string) {}

  async send(to: string, text: string): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.json`;
    await fs.writeFile(path.join(this.dir, name), JSON.stringify({ to, text, at: new Date().toISOString() }));
  }

  /** The messages sent, newest first (the viewer; tests read codes from here). */
  async list(): Promise<{ to: string; text: string; at: string }[]> {
    const files = (await fs.readdir(this.dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json'));
    files.sort().reverse();
    return Promise.all(
      files.slice(0, 200).map(async (f) => JSON.parse(await fs.readFile(path.join(this.dir, f), 'utf8'))),
    );
  }
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Development-only SMS viewer (same rules as /dev/mail: on request, local requests only). */
export async function devSmsViewer(app: FastifyInstance, opts: { sms: OutboxSms }) {
  app.get('/dev/sms', { config: { access: 'dev' }, schema: { hide: true } }, async (_req, reply) => {
    const rows = (await opts.sms.list())
      .map(
        (m) =>
          `<tr><td>${esc(new Date(m.at).toLocaleString('en-GB'))}</td><td>${esc(m.to)}</td><td>${esc(m.text)}</td></tr>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>SMS outbox (development)</title><style>body{font:15px system-ui;margin:24px;color:#2a1f2d}table{border-collapse:collapse;width:100%}
td,th{padding:8px;border-bottom:1px solid #eee;text-align:left}</style></head><body>
<h1>SMS outbox</h1><p>Text messages are written to <code>${esc(opts.sms.dir)}</code>. Newest first. <a href="/dev/mail">Mail</a></p>
<table><tr><th>When</th><th>To</th><th>Text</th></tr>${rows || '<tr><td colspan="3">No messages yet.</td></tr>'}</table></body></html>`);
  });
}
