/**
 * Image work must not starve everyone else (issue 10, finding 5). The built server runs as its own
 * process on a PostgreSQL database with the demo sites; in one run it measures
 *   - search p95 with nothing else going on (the baseline),
 *   - search p95 while four members upload a 40-megapixel PNG each, again and again,
 * and reports the ratio (goal <= 1.5), the uploads' own times, the health check's worst answer
 * during the burst, and the server's peak memory.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { DEMO_PASSWORD, DEMO_SITES } from '../apps/server/src/seed/demo-sites.ts';
import { demoLogin } from '../apps/server/src/seed/seed.ts';
import { ConnectionPool } from './http-client.ts';
import { csrfToken, dropDatabase, freshDatabase, startBuiltServer } from './server.ts';

const UPLOADERS = 4;
const ROUNDS = Number(process.env.ROUNDS ?? 6); // uploads per member (the limit is 30 per 10 min per address)
const SEARCHERS = 2;
const IDLE_SEARCHES = Number(process.env.IDLE_SEARCHES ?? 3000);
const PORT = 3193;

const databaseUrl = await freshDatabase('amora_bench_uploads');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-bench-uploads-'));
const server = await startBuiltServer({
  port: PORT,
  databaseUrl,
  dataDir,
  env: { SEED_DEMO: 'on', PUBLIC_URL: `http://localhost:${PORT}` },
});

// A 40-megapixel PNG that compresses to little (as the probe's 115 KB one): cheap to send, the
// full decoding cost to the server.
const png = await sharp({ create: { width: 8000, height: 5000, channels: 3, background: '#c9826b' } })
  .composite([
    {
      input: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="8000" height="5000"><circle cx="4000" cy="2200" r="1600" fill="#f3d2c1"/><rect x="2600" y="3600" width="2800" height="1400" fill="#4a3f55"/></svg>',
      ),
    },
  ])
  .png({ compressionLevel: 9 })
  .toBuffer();

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}
function call(method: string, p: string, headers: Record<string, string>, body?: Buffer | string) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: PORT, method, path: p, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A member's browser: session cookie, CSRF token signed for it, their own address. */
async function logIn(siteIndex: number, n: number) {
  const site = DEMO_SITES[siteIndex]!;
  const host = site.domain;
  const ip = `10.77.${siteIndex}.${n}`;
  const visitorCsrf = await csrfToken(PORT, '', host);
  const res = await call(
    'POST',
    '/api/user.php',
    {
      host,
      'content-type': 'application/json',
      cookie: `auth.csrf=${visitorCsrf}`,
      'x-csrf-token': visitorCsrf,
      'x-forwarded-for': ip,
    },
    JSON.stringify({ email: demoLogin(site, n), password: DEMO_PASSWORD }),
  );
  const session = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith('auth.session='));
  if (res.status !== 200 || !session) throw new Error(`login answered ${res.status} ${res.body}`);
  const cookie = session.split(';')[0]!;
  const csrf = await csrfToken(PORT, cookie, host);
  return {
    ip,
    headers: (extra: Record<string, string> = {}) => ({
      host,
      cookie: `${cookie}; auth.csrf=${csrf}`,
      'x-csrf-token': csrf,
      'x-forwarded-for': ip,
      ...extra,
    }),
  };
}

type Member = Awaited<ReturnType<typeof logIn>>;
// The demo sites have three demo logins each: three on the English site, one on the Dutch one.
const members: Member[] = [];
for (const [siteIndex, n] of [
  [0, 1],
  [0, 2],
  [0, 3],
  [1, 1],
] as const)
  members.push(await logIn(siteIndex, n));

// Room for one more photo each: keep the newest demo photos below the limit.
for (const m of members) {
  const own = JSON.parse((await call('GET', '/api/profile', m.headers())).body) as {
    photos: { id: string }[];
    photo_limit: number;
  };
  for (const p of own.photos.slice(own.photo_limit - 1)) {
    const r = await call('DELETE', `/api/photos/${p.id}`, m.headers());
    if (r.status !== 200) throw new Error(`photo delete answered ${r.status}`);
  }
}

async function upload(m: Member): Promise<number> {
  const boundary = `----bench${randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const t0 = performance.now();
  const res = await call(
    'POST',
    '/api/photos',
    m.headers({ 'content-type': `multipart/form-data; boundary=${boundary}` }),
    body,
  );
  const ms = performance.now() - t0;
  if (res.status !== 201) throw new Error(`upload answered ${res.status} ${res.body}`);
  const { id } = JSON.parse(res.body) as { id: string };
  const del = await call('DELETE', `/api/photos/${id}`, m.headers());
  if (del.status !== 200) throw new Error(`photo delete answered ${del.status}`);
  return ms;
}

const pool = new ConnectionPool(PORT);
let visitor = 0;
async function search(): Promise<number> {
  const ip = `10.88.${(visitor >> 8) & 255}.${visitor++ & 255}`;
  const t0 = performance.now();
  const { status } = await pool.request('GET', '/api/search?gender=female&min_age=25&max_age=45&limit=24', {
    host: 'localhost',
    'x-forwarded-for': ip,
  });
  if (status !== 200) throw new Error(`search answered ${status}`);
  return performance.now() - t0;
}
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * p)]!;

/** SEARCHERS clients searching one after another until `until` says stop (or `count` is reached). */
async function searching(until: () => boolean, count = Number.POSITIVE_INFINITY): Promise<number[]> {
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: SEARCHERS }, async () => {
      while (!until() && times.length < count) times.push(await search());
    }),
  );
  return times;
}

function memory(): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kb = (k: string) => Number(status.match(new RegExp(`${k}:\\s+(\\d+)`))?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

// Warm-up: the search path, the image pipeline (one upload), the connections.
await searching(() => false, 200);
await upload(members[0]!);
const before = memory();

// Rounds of: idle searching, then four uploads at once (one per member) with searching alongside.
// Interleaving puts whatever else the machine does into both sides alike.
const idle: number[] = [];
const loaded: number[] = [];
const uploadTimes: number[] = [];
const healthTimes: number[] = [];
let peak = before.peak;
for (let round = 0; round < ROUNDS; round++) {
  idle.push(...(await searching(() => false, IDLE_SEARCHES / ROUNDS)));
  let uploading = UPLOADERS;
  const burst = Promise.all(
    members.map(async (m) => {
      uploadTimes.push(await upload(m));
      uploading--;
    }),
  );
  const health = (async () => {
    while (uploading > 0) {
      const t0 = performance.now();
      const r = await call('GET', '/api/health', { host: 'localhost' });
      if (r.status !== 200) throw new Error(`health answered ${r.status}`);
      healthTimes.push(performance.now() - t0);
      // A monitor's pace (ten checks a second), so the checks are not a load of their own.
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  loaded.push(...(await searching(() => uploading === 0)));
  await Promise.all([burst, health]);
  peak = Math.max(peak, memory().peak);
}
const during = { peak };

const f = (ms: number) => `${ms.toFixed(1)} ms`;
console.log(
  `search (${SEARCHERS} clients) while ${UPLOADERS} members each upload a ${(png.length / 1024).toFixed(0)} KB 8000x5000 PNG ${ROUNDS} times`,
);
console.log(`  idle    p50 ${f(pct(idle, 0.5))}  p95 ${f(pct(idle, 0.95))}  (${idle.length} searches)`);
console.log(`  uploads p50 ${f(pct(loaded, 0.5))}  p95 ${f(pct(loaded, 0.95))}  (${loaded.length} searches)`);
console.log(`  ratio p95 uploads / idle: ${(pct(loaded, 0.95) / pct(idle, 0.95)).toFixed(2)} (goal <= 1.5)`);
console.log(
  `  one upload (decode, 4 variants, store): p50 ${f(pct(uploadTimes, 0.5))}, max ${f(Math.max(...uploadTimes))}`,
);
console.log(
  `  /api/health during the burst: max ${f(Math.max(...healthTimes))} (${healthTimes.length} checks)`,
);
console.log(
  `  server memory: ${before.rss.toFixed(0)} MB before the burst, peak ${during.peak.toFixed(0)} MB (before: ${before.peak.toFixed(0)} MB)`,
);

server.kill('SIGTERM');
await new Promise((r) => server.on('exit', r));
await dropDatabase('amora_bench_uploads');
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
