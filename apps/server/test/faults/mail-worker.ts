/**
 * A job worker in a process of its own, for the tests that kill one with SIGKILL
 * (jobs-mail.int.test.ts): delivers mail from the database (DATABASE_URL, else the embedded engine
 * in DATA_DIR) to SMTP_URL, with a lease of LEASE_S seconds, and runs 't.hang' jobs that never end.
 * Writes 'ready' and then 'claimed <name> <id>' lines on stdout.
 */
import { pino } from 'pino';
import { z } from 'zod';
import { openDb } from '../../src/platform/db.ts';
import { Jobs, jobQueue } from '../../src/platform/jobs.ts';
import { Mailer } from '../../src/platform/mail/outbox.ts';
import { createTransport } from '../../src/platform/mail/transport.ts';
import { SiteDirectory } from '../../src/platform/sites.ts';

const env = process.env;
const db = await openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? '' });
const jobs = new Jobs(db, pino({ level: 'silent' }), true, { leaseS: Number(env.LEASE_S) });
const transport = createTransport({
  smtpUrl: env.SMTP_URL,
  dataDir: env.DATA_DIR ?? '',
  timeouts: { connectMs: 60_000, greetingMs: 60_000, socketMs: 60_000 },
});
new Mailer(db, new SiteDirectory(db), transport, jobs);
jobs.define(jobQueue('t.hang', z.object({ n: z.number() })), () => new Promise(() => {}));
jobs.events.on('claimed', (c: { name: string; id: number }) => console.log(`claimed ${c.name} ${c.id}`));
jobs.start(50);
console.log('ready');
