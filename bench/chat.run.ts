/**
 * Chat on the real server (built, own process, PostgreSQL server), measured in one run:
 *  1. messages per second through POST /api/members/:id/messages (each with its ledger charge),
 *     against the very same transaction's statements replayed straight to PostgreSQL (goal >= 0.8),
 *     and against bench/bare-server.ts: node:http calling the same sendMessage, no framework or
 *     middleware, the floor under any Node API in front of that database on this machine;
 *  2. p99 from "send" to "received on the recipient's socket", against a bare `ws` echo server at
 *     the same load (goal <= 3x);
 *  3. server memory per idle authenticated socket with 5,000 open (goal <= 10 KB).
 */
import fs from 'node:fs';
import pg from 'pg';
import WebSocket, { WebSocketServer } from 'ws';
import { sendMessage } from '../apps/server/src/features/chat/chat.service.ts';
import type { Queryable, QueryOptions } from '../apps/server/src/platform/db.ts';
import { createSession } from '../apps/server/src/platform/sessions.ts';
import { SiteDirectory } from '../apps/server/src/platform/sites.ts';
import { ConnectionPool, sendChatText } from './http-client.ts';
import {
  type Cpu,
  chatPairs,
  cpuMeter,
  csrfToken,
  dropDatabase,
  seededDatabase,
  startBareServer,
  startBuiltServer,
} from './server.ts';

const PAIRS = 8;
const MESSAGES = Number(process.env.MESSAGES ?? 1600);
const SOCKETS = Number(process.env.SOCKETS ?? 5000);
/** Throughput runs of each side before anything counts. */
const WARMUP_ROUNDS = Number(process.env.WARMUP_ROUNDS ?? 2);
/** Latency samples per side, after a fifth as many (at most 400) of warm-up. */
const LATENCY = Number(process.env.LATENCY ?? 3000);
const LATENCY_WARMUP = Math.min(400, Math.ceil(LATENCY / 5));
const PORT = 3194;
const ECHO_PORT = 3195;
const BARE_PORT = 3196;

const { databaseUrl, db, dataDir } = await seededDatabase('amora_bench_chat', 2 * PAIRS + 4);
const site = await new SiteDirectory(db).forHost('localhost');

// Premium senders with plenty of credits, recipients, and a session for each.
const { senders, recipients } = await chatPairs(db, site.id, PAIRS, { realOnly: true });
const cookie = async (id: string) =>
  `auth.session=${await createSession(db, { id, site_id: site.id }, 'bench')}`;
const senderCookies = await Promise.all(senders.map(cookie));
const recipientCookies = await Promise.all(recipients.map(cookie));

const server = await startBuiltServer({ port: PORT, databaseUrl, dataDir });
const bare = await startBareServer({ port: BARE_PORT, databaseUrl, dataDir });
process.on('uncaughtException', (err) => {
  console.error(err);
  process.exit(1);
});
// Each member's CSRF token is signed for their session, as their browser gets it.
const senderCsrf = await Promise.all(senderCookies.map((c) => csrfToken(PORT, c)));
let n = 0;
const clientId = () => `bench${process.pid}x${(n++).toString(36)}`;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * p)]!;

// 1. Throughput: API vs the same transaction's statements replayed raw.
const http = new ConnectionPool(PORT);
/** One send as a member's browser makes it (session cookie, CSRF header), from its own address. */
function post(i: number, id: string, body: string, ipPrefix: string) {
  return sendChatText(http, {
    to: recipients[i % PAIRS]!,
    cookie: senderCookies[i % PAIRS]!,
    csrf: senderCsrf[i % PAIRS]!,
    ip: `${ipPrefix}.${(i >> 8) & 255}.${i & 255}`,
    clientId: id,
    body,
  });
}
const apiSend = (i: number, body = 'Hello, how are you today?') => post(i, clientId(), body, '10.7');
const bareHttp = new ConnectionPool(BARE_PORT);
/** The same send through the bare server: the sender named in a header, nothing checked. */
async function bareSend(i: number) {
  const res = await bareHttp.request(
    'POST',
    `/chat/${recipients[i % PAIRS]}`,
    { host: 'localhost', 'content-type': 'application/json', 'x-sender': senders[i % PAIRS]! },
    JSON.stringify({ client_id: clientId(), kind: 'text', body: 'Hello, how are you today?' }),
  );
  if (res.status !== 200) throw new Error(`bare send answered ${res.status} ${res.body.toString()}`);
}
// Every pair talks once first, so the measured sends all go into existing conversations.
for (let i = 0; i < PAIRS; i++) await apiSend(i, 'Hi!');
const conversationOf = new Map<number, string>();
for (let i = 0; i < PAIRS; i++) {
  const [c] = await db.query<{ id: string }>(
    'SELECT id FROM conversations WHERE member_a = least($1::uuid, $2::uuid) AND member_b = greatest($1::uuid, $2::uuid)',
    [senders[i], recipients[i]],
  );
  conversationOf.set(i, c!.id);
}
// Record the statements of one send, to replay them with fresh client ids.
// Prepared statements (QueryOptions.prepare) are replayed prepared under the same names.
const recorded: { sql: string; params: unknown[]; prepare?: string; last?: boolean }[] = [];
const recorder: Queryable = {
  query: async <T>(sql: string, params: unknown[] = [], opts?: QueryOptions) => {
    recorded.push({ sql, params, prepare: opts?.prepare, last: opts?.last });
    return db.query<T>(sql, params, opts);
  },
};
const recId = clientId();
await sendMessage(
  {
    ...db,
    query: recorder.query,
    tx: (fn) =>
      db.tx((q) =>
        fn({
          query: (s, p, o) => {
            recorded.push({ sql: s, params: p ?? [], prepare: o?.prepare, last: o?.last });
            return q.query(s, p, o);
          },
        }),
      ),
  } as typeof db,
  site,
  senders[0]!,
  recipients[0]!,
  { client_id: recId, kind: 'text', body: 'Hello, how are you today?' },
);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, pipeline: true } as pg.PoolConfig);
async function rawSend(i: number) {
  const id = clientId();
  const client = await pool.connect();
  try {
    // As the app's transactions do: BEGIN goes out with the first statement (pipelined pool), in
    // one write with it, and COMMIT in one write with the last.
    const stream = (client as unknown as { connection: { stream: import('node:net').Socket } }).connection
      .stream;
    stream.cork();
    const begin = client.query('BEGIN');
    process.nextTick(() => stream.uncork());
    let commit: Promise<unknown> | null = null;
    for (const c of recorded) {
      const params = c.params.map((p) => {
        if (p === recId) return id;
        if (p === `msg:${recId}`) return `msg:${id}`;
        if (p === senders[0]) return senders[i % PAIRS];
        if (p === recipients[0]) return recipients[i % PAIRS];
        if (p === conversationOf.get(0)) return conversationOf.get(i % PAIRS);
        return p;
      });
      if (c.last) stream.cork();
      const running = client.query(
        c.prepare ? { name: c.prepare, text: c.sql, values: params } : { text: c.sql, values: params },
      );
      // As the app does: COMMIT goes out right behind the transaction's last statement.
      if (c.last) {
        commit = client.query('COMMIT');
        stream.uncork();
      }
      await running;
    }
    await begin;
    await (commit ?? client.query('COMMIT'));
  } finally {
    client.release();
  }
}
async function throughput(fn: (i: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: PAIRS }, async () => {
      while (next < MESSAGES) await fn(next++);
    }),
  );
  return MESSAGES / ((performance.now() - t0) / 1000);
}
// Warm-up of both sides (JIT, pools, caches, prepared statements) before anything counts: the
// server's code settles only after a few thousand requests.
for (let i = 0; i < WARMUP_ROUNDS; i++) {
  await throughput(rawSend);
  await throughput(apiSend);
  await throughput(bareSend);
}
// Alternating runs, so a disturbance of the machine falls on both sides.
const ROUNDS = Number(process.env.ROUNDS ?? 4);
const rawRuns: number[] = [];
const apiRuns: number[] = [];
const bareRuns: number[] = [];
// And where each side's CPU goes: per send, the load generator, the server, PostgreSQL's backends
// of this database, the rest of the machine (its other work, PostgreSQL's background writers).
const meter = cpuMeter(server.pid!, 'amora_bench_chat');
const bareMeter = cpuMeter(bare.pid!, 'amora_bench_chat');
const zero = (): Cpu => ({ bench: 0, server: 0, pg: 0, other: 0 });
const rawCpu = zero();
const apiCpu = zero();
const bareCpu = zero();
async function metered(fn: (i: number) => Promise<unknown>, into: Cpu, m = meter): Promise<number> {
  const a = m.now();
  const rate = await throughput(fn);
  const used = m.between(a, m.now());
  for (const part of ['bench', 'server', 'pg', 'other'] as const) into[part] += used[part];
  return rate;
}
for (let r = 0; r < ROUNDS; r++) {
  rawRuns.push(await metered(rawSend, rawCpu));
  apiRuns.push(await metered(apiSend, apiCpu));
  bareRuns.push(await metered(bareSend, bareCpu, bareMeter));
}
const perSend = (c: Cpu) => {
  const n = MESSAGES * ROUNDS;
  const f = (ms: number) => (ms / n).toFixed(2);
  return `load generator ${f(c.bench)}, server ${f(c.server)}, PostgreSQL ${f(c.pg)}, rest ${f(c.other)}, all ${f(c.bench + c.server + c.pg + c.other)}`;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const rawRate = mean(rawRuns);
const apiRate = mean(apiRuns);
const bareRate = mean(bareRuns);

// 2. Send-to-receive latency on the recipients' sockets vs a bare ws echo, same concurrency.
function open(urlStr: string, headers: Record<string, string>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(urlStr, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}
const sockets = await Promise.all(
  recipientCookies.map((c) =>
    open(`ws://127.0.0.1:${PORT}/api/ws`, {
      cookie: c,
      origin: `http://localhost:${PORT}`,
      host: `localhost:${PORT}`,
    }),
  ),
);
const waiting = new Map<string, () => void>();
for (const ws of sockets) {
  ws.on('message', (data) => {
    const e = JSON.parse(String(data));
    if (e.type === 'message') waiting.get(e.message.client_id)?.();
  });
}
async function apiLatency(i: number): Promise<number> {
  const id = clientId();
  const t0 = performance.now();
  const got = new Promise<void>((r) => waiting.set(id, r));
  await post(i, id, 'ping', '10.8');
  await got;
  waiting.delete(id);
  return performance.now() - t0;
}
const echo = new WebSocketServer({ port: ECHO_PORT });
echo.on('connection', (ws) => ws.on('message', (d) => ws.send(d)));
const echoSockets = await Promise.all(
  Array.from({ length: PAIRS }, () => open(`ws://127.0.0.1:${ECHO_PORT}`, {})),
);
const echoWaiting = new Map<string, () => void>();
for (const ws of echoSockets) ws.on('message', (d) => echoWaiting.get(String(d))?.());
async function echoLatency(i: number): Promise<number> {
  const id = clientId();
  const t0 = performance.now();
  const got = new Promise<void>((r) => echoWaiting.set(id, r));
  echoSockets[i % PAIRS]!.send(id);
  await got;
  echoWaiting.delete(id);
  return performance.now() - t0;
}
async function latencies(fn: (i: number) => Promise<number>, count: number): Promise<number[]> {
  const out: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: PAIRS }, async () => {
      while (next < count) out.push(await fn(next++));
    }),
  );
  return out;
}
/**
 * The floor under any durable send: the same transaction replayed raw (commit and WAL flush
 * included), then one bare ws hop. What the API adds is its p99 over this one.
 */
async function floorLatency(i: number): Promise<number> {
  const t0 = performance.now();
  await rawSend(i);
  const id = clientId();
  const got = new Promise<void>((r) => echoWaiting.set(id, r));
  echoSockets[i % PAIRS]!.send(id);
  await got;
  echoWaiting.delete(id);
  return performance.now() - t0;
}
await latencies(apiLatency, LATENCY_WARMUP);
const apiLat = await latencies(apiLatency, LATENCY);
await latencies(echoLatency, LATENCY_WARMUP);
const echoLat = await latencies(echoLatency, LATENCY);
await latencies(floorLatency, LATENCY_WARMUP);
const floorLat = await latencies(floorLatency, LATENCY);

// 3. Memory per idle authenticated socket.
const rss = () =>
  Number(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)![1]) * 1024;
for (const ws of sockets) ws.close();
await new Promise((r) => setTimeout(r, 500));
const before = rss();
const idle: WebSocket[] = [];
for (let i = 0; i < SOCKETS; i += 100) {
  idle.push(
    ...(await Promise.all(
      Array.from({ length: Math.min(100, SOCKETS - i) }, (_, k) =>
        open(`ws://127.0.0.1:${PORT}/api/ws`, {
          cookie: recipientCookies[(i + k) % PAIRS]!,
          'x-forwarded-for': `10.6.${((i + k) >> 8) & 255}.${(i + k) & 255}`,
          origin: `http://localhost:${PORT}`,
          host: `localhost:${PORT}`,
        }),
      ),
    )),
  );
}
await new Promise((r) => setTimeout(r, 1500));
const after = rss();

console.log(`chat on PostgreSQL, ${PAIRS} concurrent senders`);
console.log(
  `  throughput  API ${apiRate.toFixed(0)} msg/s (runs ${apiRuns.map((x) => x.toFixed(0)).join(', ')}), raw SQL ${rawRate.toFixed(0)} msg/s (runs ${rawRuns.map((x) => x.toFixed(0)).join(', ')})`,
);
console.log(
  `              bare node:http + sendMessage ${bareRate.toFixed(0)} msg/s (runs ${bareRuns.map((x) => x.toFixed(0)).join(', ')})`,
);
console.log(`              ratio API / raw ${(apiRate / rawRate).toFixed(2)}  (goal >= 0.8, issue 29)`);
console.log(
  `              ratio bare / raw ${(bareRate / rawRate).toFixed(2)} (the floor of any Node server here), API / bare ${(apiRate / bareRate).toFixed(2)} (what the app's stack costs)`,
);
console.log(`  CPU ms per send, API:     ${perSend(apiCpu)}`);
console.log(`  CPU ms per send, bare:    ${perSend(bareCpu)}`);
console.log(`  CPU ms per send, raw SQL: ${perSend(rawCpu)}`);
console.log(
  `  latency     send-to-receive p50 ${pct(apiLat, 0.5).toFixed(2)} ms p99 ${pct(apiLat, 0.99).toFixed(2)} ms; ws echo p50 ${pct(echoLat, 0.5).toFixed(2)} ms p99 ${pct(echoLat, 0.99).toFixed(2)} ms`,
);
console.log(`              ratio p99 ${(pct(apiLat, 0.99) / pct(echoLat, 0.99)).toFixed(2)}  (goal <= 3)`);
console.log(
  `  floor       raw transaction + ws hop p50 ${pct(floorLat, 0.5).toFixed(2)} ms p99 ${pct(floorLat, 0.99).toFixed(2)} ms: ${(pct(floorLat, 0.99) / pct(echoLat, 0.99)).toFixed(2)}x the echo; API / floor p99 ${(pct(apiLat, 0.99) / pct(floorLat, 0.99)).toFixed(2)} (goal <= 1.3, issue 29)`,
);
console.log(
  `  memory      ${idle.length} idle sockets: RSS ${(before / 1048576).toFixed(1)} MiB -> ${(after / 1048576).toFixed(1)} MiB, ${((after - before) / idle.length / 1024).toFixed(2)} KiB per socket  (goal <= 10 KB)`,
);

for (const ws of [...idle, ...echoSockets]) ws.terminate();
echo.close();
await pool.end();
bare.kill('SIGTERM');
server.kill('SIGTERM');
await new Promise((r) => server.on('exit', r));
await db.close();
await dropDatabase('amora_bench_chat');
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
