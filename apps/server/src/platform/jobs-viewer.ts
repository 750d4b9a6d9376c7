import type { FastifyInstance } from 'fastify';
import type { Jobs } from './jobs.ts';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Development-only view of the background jobs (same rules as /dev/mail): counts by name and
 * state, and the latest dead jobs with their last error. Operators get the same in the console.
 */
export async function devJobsViewer(app: FastifyInstance, opts: { jobs: Jobs }) {
  app.get('/dev/jobs', { config: { access: 'dev' }, schema: { hide: true } }, async (_req, reply) => {
    const stats = await opts.jobs.stats();
    const dead = await app.db.query<{
      id: number;
      name: string;
      attempts: number;
      last_error: string;
      at: Date;
    }>(
      `SELECT id, name, attempts, last_error, finished_at AS at FROM jobs WHERE state = 'dead'
        ORDER BY finished_at DESC LIMIT 50`,
    );
    const statRows = stats
      .map((s) => `<tr><td>${esc(s.name)}</td><td>${esc(s.state)}</td><td>${s.count}</td></tr>`)
      .join('');
    const deadRows = dead
      .map(
        (d) =>
          `<tr><td>${d.id}</td><td>${esc(d.name)}</td><td>${d.attempts}</td><td>${esc(new Date(d.at).toLocaleString('en-GB'))}</td><td>${esc(d.last_error ?? '')}</td></tr>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Jobs (development)</title><style>body{font:15px system-ui;margin:24px;color:#2a1f2d}table{border-collapse:collapse;width:100%;margin-bottom:24px}
td,th{padding:8px;border-bottom:1px solid #eee;text-align:left}</style></head><body>
<h1>Background jobs</h1>
<table><tr><th>Job</th><th>State</th><th>Count</th></tr>${statRows || '<tr><td colspan="3">No jobs yet.</td></tr>'}</table>
<h2>Dead jobs (latest 50)</h2>
<table><tr><th>Id</th><th>Job</th><th>Attempts</th><th>Given up</th><th>Last error</th></tr>${deadRows || '<tr><td colspan="5">None.</td></tr>'}</table>
</body></html>`);
  });
}
