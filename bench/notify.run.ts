/**
 * Notifications (issue 15), measured in one run on the real server (built, own processes,
 * PostgreSQL server):
 *  1. chat send latency (p50, p99) with notifications ON — recipients away from the site, every
 *     mail type on, two push subscriptions each at a local push service, mail over SMTP to a local
 *     sink — against notifications OFF — recipients with every mail type off and no subscription —
 *     two servers side by side, rounds alternating (goal: p99 on/off <= 1.1: notifying happens
 *     after the commit, off the request path);
 *  2. background jobs processed per second (no-op jobs: the queue's own cost), one worker and
 *     two workers on one table, JOBS of them queued at once (a backlog), each worker defining as
 *     many names as the app does.
 */
import fs from 'node:fs';
import os from 'node:os';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { z } from 'zod';
import { openDb } from '../apps/server/src/platform/db.ts';
import { enqueueJob, Jobs, jobQueue } from '../apps/server/src/platform/jobs.ts';
import { migrate } from '../apps/server/src/platform/migrate.ts';
import { createSession } from '../apps/server/src/platform/sessions.ts';
import { SiteDirectory } from '../apps/server/src/platform/sites.ts';
import { startPushService } from '../apps/server/test/push-service.ts';
import { ConnectionPool, sendChatText } from './http-client.ts';
import {
  chatPairs,
  csrfToken,
  dropDatabase,
  freshDatabase,
  seededDatabase,
  startBuiltServer,
} from './server.ts';

const PAIRS = 8;
const ROUNDS = Number(process.env.ROUNDS ?? 10);
const PER_ROUND = Number(process.env.PER_ROUND ?? 160);
const JOBS = Number(process.env.JOBS ?? 4000);
const MAIL_TYPES = [
  'new_conversations',
  'new_messages',
  'like',
  'unread_message_reminders',
  'promotions',
  'weekly_updates',
  'news',
  'reminders',
];

const push = await startPushService();
let mails = 0;
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, done) {
    stream.on('data', () => {});
    stream.on('end', () => {
      mails++;
      done();
    });
  },
});
await new Promise<void>((r) => sink.listen(0, '127.0.0.1', r));
const smtpPort = (sink.server.address() as { port: number }).port;

interface Side {
  name: 'on' | 'off';
  port: number;
  db: Awaited<ReturnType<typeof openDb>>;
  server: import('node:child_process').ChildProcess;
  dataDir: string;
  http: ConnectionPool;
  send: (i: number) => Promise<number>;
  latencies: number[];
}

async function side(name: 'on' | 'off', port: number): Promise<Side> {
  const { databaseUrl, db, dataDir } = await seededDatabase(`amora_bench_notify_${name}`, 2 * PAIRS + 4);
  const site = (await new SiteDirectory(db).forHost('localhost'))!;
  const { senders, recipients } = await chatPairs(db, site.id, PAIRS, { realOnly: true });
  const prefs = Object.fromEntries(MAIL_TYPES.map((t) => [t, name === 'on']));
  for (const id of recipients) {
    // Away from the site (no presence), so every message is worth telling about.
    await db.query(
      `UPDATE users SET mail_prefs = $2, presence_at = NULL, page_hidden_at = now() - interval '1 hour',
              notifications_disabled = '{}' WHERE id = $1`,
      [id, JSON.stringify(prefs)],
    );
    if (name === 'on') {
      for (let k = 0; k < 2; k++) {
        const s = push.subscribe();
        await db.query(
          'INSERT INTO push_subscriptions (user_id, site_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4, $5)',
          [id, site.id, s.endpoint, s.keys.p256dh, s.keys.auth],
        );
      }
    }
  }
  const server = await startBuiltServer({
    port,
    databaseUrl,
    dataDir,
    env: name === 'on' ? { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, PUSH_SERVICES: push.origin } : {},
  });
  const cookies = await Promise.all(
    senders.map(async (id) => `auth.session=${await createSession(db, { id, site_id: site.id }, 'bench')}`),
  );
  const csrf = await Promise.all(cookies.map((c) => csrfToken(port, c)));
  const http = new ConnectionPool(port);
  let n = 0;
  const send = async (i: number) => {
    const started = performance.now();
    await sendChatText(http, {
      to: recipients[i % PAIRS]!,
      cookie: cookies[i % PAIRS]!,
      csrf: csrf[i % PAIRS]!,
      // Each send from an address of its own: the per-address limits are not what is measured.
      ip: `10.9.${(n >> 8) & 255}.${n & 255}`,
      clientId: `bn${name}${process.pid}x${(n++).toString(36)}`,
      body: 'Hi there!',
    }).catch((err: Error) => {
      throw new Error(`${name}: ${err.message}`);
    });
    return performance.now() - started;
  };
  return { name, port, db, server, dataDir, http, send, latencies: [] };
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * p)]!;

const off = await side('off', 3196);
const on = await side('on', 3197);
// Every pair talks once first (warm-up; the first message of a conversation is its own mail type).
for (const s of [off, on]) for (let i = 0; i < PAIRS * 4; i++) await s.send(i);

/** PER_ROUND sends, PAIRS at a time (one per sender), each timed from request to answer. */
async function round(s: Side) {
  let next = 0;
  await Promise.all(
    Array.from({ length: PAIRS }, async (_, lane) => {
      while (next < PER_ROUND) {
        next++;
        s.latencies.push(await s.send(lane));
      }
    }),
  );
}
for (let r = 0; r < ROUNDS; r++) {
  // Alternate which side goes first, so drift on a shared machine falls on both.
  for (const s of r % 2 ? [on, off] : [off, on]) await round(s);
}

// Let the ON server's worker finish what the sends queued, to show the notifying really happened.
for (let i = 0; i < 600; i++) {
  const [w] = await on.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM jobs WHERE state IN ('queued', 'active') AND run_at <= now()`,
  );
  if (!w?.n) break;
  await new Promise((r) => setTimeout(r, 100));
}
const [onJobs] = await on.db.query<{ done: number; dead: number; waiting: number }>(
  `SELECT count(*) FILTER (WHERE state = 'done')::int AS done, count(*) FILTER (WHERE state = 'dead')::int AS dead,
          count(*) FILTER (WHERE state = 'queued')::int AS waiting FROM jobs`,
);

const report = (s: Side) =>
  `${s.name.padEnd(3)}: ${s.latencies.length} sends, p50 ${pct(s.latencies, 0.5).toFixed(2)} ms, p99 ${pct(s.latencies, 0.99).toFixed(2)} ms`;
console.log('\n1. chat send latency, notifications on vs off (same load, rounds alternating)');
console.log(`   ${report(off)}`);
console.log(`   ${report(on)}`);
console.log(
  `   p99 on/off = ${(pct(on.latencies, 0.99) / pct(off.latencies, 0.99)).toFixed(2)} (goal <= 1.1); p50 on/off = ${(pct(on.latencies, 0.5) / pct(off.latencies, 0.5)).toFixed(2)}`,
);
console.log(
  `   the ON side sent ${push.received.length} pushes (decrypted by the stand-in) and ${mails} mails; its jobs: ${onJobs?.done} done, ${onJobs?.dead} dead, ${onJobs?.waiting} waiting (batched mail and reminders wait their time)`,
);

// 2. The queue's own throughput: no-op jobs on one table, one worker then two.
const silent = pino({ level: 'silent' });
const qdb = await openDb({ databaseUrl: await freshDatabase('amora_bench_jobs'), dataDir: os.tmpdir() });
await migrate(qdb);
console.log('\n2. background jobs per second (no-op handler, PostgreSQL server)');
const noop = jobQueue('bench.noop', z.object({ i: z.number() }));
for (const workers of [1, 2]) {
  await qdb.tx(async (q) => {
    for (let i = 0; i < JOBS; i++) await enqueueJob(q, noop, { i });
  });
  const pool = Array.from({ length: workers }, () => {
    const j = new Jobs(qdb, silent);
    j.define(noop, async () => {});
    // As many other names as the app defines (idle here): every claim asks for each of them.
    for (let k = 0; k < 26; k++) j.define(`bench.idle${k}`, async () => {});
    return j;
  });
  const started = performance.now();
  await Promise.all(pool.map((j) => j.kick()));
  const s = (performance.now() - started) / 1000;
  const [left] = await qdb.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE state <> 'done'`);
  console.log(
    `   ${workers} worker${workers > 1 ? 's' : ''}: ${JOBS} jobs in ${s.toFixed(2)} s = ${Math.round(JOBS / s)} jobs/s (${left?.n} not done)`,
  );
  await qdb.query('DELETE FROM jobs');
}

await push.close();
sink.close();
// The run's databases go with it (the machine's PostgreSQL is shared).
for (const s of [off, on]) {
  s.server.kill('SIGTERM');
  await new Promise((r) => s.server.on('exit', r));
  await s.db.close();
  fs.rmSync(s.dataDir, { recursive: true, force: true });
}
await qdb.close();
for (const name of ['amora_bench_notify_off', 'amora_bench_notify_on', 'amora_bench_jobs'])
  await dropDatabase(name);
process.exit(0);
