import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDb } from '../apps/server/src/platform/db.ts';
import { migrate } from '../apps/server/src/platform/migrate.ts';
import { DEMO_PASSWORD, DEMO_SITES, smallDemoSites } from '../apps/server/src/seed/demo-sites.ts';
import { demoLogin, seedDemo } from '../apps/server/src/seed/seed.ts';

const RUNS = Number(process.env.RUNS ?? 40);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-bench-login-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const db = await openDb({ dataDir: 'memory://' });
await migrate(db);
await seedDemo(db, config, undefined, smallDemoSites(20));
const app = await buildApp({ config, db, logger: false });
await app.ready();
// A visitor's CSRF token, as the login page gets it (signed by the server, bound to no session).
const boot = await app.inject({ method: 'GET', url: '/api/user.php', headers: { host: 'localhost' } });
const csrf = boot.cookies.find((c) => c.name === 'auth.csrf')?.value;
if (!csrf) throw new Error('the server set no CSRF cookie');
const email = demoLogin(DEMO_SITES[0]!, 1);

async function login(body: object, i: number): Promise<number> {
  const t0 = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/user.php',
    remoteAddress: `10.9.${Math.floor(i / 200)}.${(i % 200) + 1}`,
    headers: { host: 'localhost', cookie: `auth.csrf=${csrf}`, 'x-csrf-token': csrf },
    payload: body,
  });
  if (![200, 401].includes(res.statusCode)) throw new Error(`unexpected ${res.statusCode} ${res.body}`);
  return performance.now() - t0;
}
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ok: number[] = [];
const wrong: number[] = [];
const unknown: number[] = [];
for (let i = 0; i < RUNS; i++) {
  ok.push(await login({ email, password: DEMO_PASSWORD }, i * 3));
  // Wrong passwords on varying addresses so the lockout never kicks in.
  wrong.push(
    await login({ email: demoLogin(DEMO_SITES[0]!, 2 + (i % 2)), password: `wrong-${i}` }, i * 3 + 1),
  );
  unknown.push(await login({ email: `nobody-${i}@example.test`, password: 'whatever' }, i * 3 + 2));
  if (i % 4 === 3) await db.query('DELETE FROM login_throttle');
}
console.log(`login p50 over ${RUNS} runs each (argon2id m=19MiB t=2 p=1):`);
console.log(`  correct password   ${p50(ok).toFixed(1)} ms`);
console.log(
  `  wrong password     ${p50(wrong).toFixed(1)} ms   ratio to correct ${(p50(wrong) / p50(ok)).toFixed(2)}`,
);
console.log(
  `  unknown address    ${p50(unknown).toFixed(1)} ms   ratio to correct ${(p50(unknown) / p50(ok)).toFixed(2)}`,
);
await app.close();
await db.close();
fs.rmSync(dataDir, { recursive: true, force: true });
