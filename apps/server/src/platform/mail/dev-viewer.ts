import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Development-only mail viewer, registered only when mail goes to the outbox folder (no SMTP_URL):
 * a newcomer can open /dev/mail and click the activation link of the account just made.
 */
export async function devMailViewer(app: FastifyInstance) {
  const dir = path.join(app.config.dataDir, 'outbox');
  const list = async () =>
    (await fs.readdir(dir).catch(() => [] as string[]))
      .filter((f) => f.endsWith('.json'))
      .sort()
      .reverse();

  app.get('/dev/mail', { config: { access: 'dev' }, schema: { hide: true } }, async (_req, reply) => {
    const files = (await list()).slice(0, 200);
    const rows = await Promise.all(
      files.map(async (f) => {
        const m = JSON.parse(await fs.readFile(path.join(dir, f), 'utf8')) as {
          to: string;
          subject: string;
          at: string;
        };
        return `<tr><td>${esc(new Date(m.at).toLocaleString('en-GB'))}</td><td>${esc(m.to)}</td><td><a href="/dev/mail/${encodeURIComponent(f)}">${esc(m.subject)}</a></td></tr>`;
      }),
    );
    return reply
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Outbox (development)</title><style>body{font:15px system-ui;margin:24px;color:#2a1f2d}table{border-collapse:collapse;width:100%}
td,th{padding:8px;border-bottom:1px solid #eee;text-align:left}</style></head><body>
<h1>Outbox</h1><p>Mail is written to <code>${esc(dir)}</code> because SMTP_URL is not set. Newest first.</p>
<table><tr><th>When</th><th>To</th><th>Subject</th></tr>${rows.join('') || '<tr><td colspan="3">No mail yet.</td></tr>'}</table></body></html>`);
  });

  app.get<{ Params: { file: string } }>(
    '/dev/mail/:file',
    { config: { access: 'dev' }, schema: { hide: true } },
    async (req, reply) => {
      const file = path.basename(req.params.file);
      if (!file.endsWith('.json')) return reply.callNotFound();
      const raw = await fs.readFile(path.join(dir, file), 'utf8').catch(() => null);
      if (!raw) return reply.callNotFound();
      const m = JSON.parse(raw) as { html: string };
      return reply.type('text/html; charset=utf-8').send(m.html);
    },
  );
}
