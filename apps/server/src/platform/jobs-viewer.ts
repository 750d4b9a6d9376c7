import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Jobs } from './jobs.ts';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * What POST /dev/jobs/run-due takes: the names of the jobs to run now. JSON only: a page of
 * another site cannot post JSON to the developer's machine without a CORS preflight, which fails.
 */
const runDueBody = z.object({ names: z.array(z.string().min(1).max(100)).min(1).max(20) }).strict();

/**
 * Development-only view of the background jobs (same rules as /dev/mail): counts by name and
 * state, and the latest dead jobs with their last error. Operators get the same in the console.
 */
export async function devJobsViewer(app: FastifyInstance, opts: { jobs: Jobs }) {
  // A developer (or a browser test) who does not want to wait for a notification mail's delay
  // (2 minutes for a new conversation, 15 for likes): the named queued jobs run now, as if their
  // time had come, after what is due already (the events a request just queued), and what they
  // queue to run at once (mail delivery) runs too. Answers when all of it is done.
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/dev/jobs/run-due',
      { config: { access: 'dev' }, schema: { hide: true, body: runDueBody } },
      async (req, reply) => {
        const unknown = req.body.names.filter((n) => !opts.jobs.defines(n));
        if (unknown.length) return reply.status(400).send({ error: 'unknown_job', names: unknown });
        await opts.jobs.kick();
        const runs = await opts.jobs.drain({ names: req.body.names });
        await opts.jobs.idle(); // the passes those runs kicked (mail delivery)
        return { runs };
      },
    );

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
