/**
 * The scaled-out installation a test stands up (issue 28, proxy.int.test.ts): nginx (deploy/nginx)
 * in front of web instances and a worker on one database (PGlite, or TEST_DATABASE_URL's server),
 * a redis-server and an S3-compatible server (s3rver) of the test's own, a real SMTP sink, and the
 * stand-in for the built web app so public pages render (and are cached) as in production. Or, the
 * default start: one instance doing everything, local media folder, no Redis.
 */
import type { AppDeps } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { Db } from '../../src/platform/db.ts';
import { startSmtp } from '../smtp.ts';
import { stubWebBuild } from '../stub-web.ts';
import { type AppInstance, appInstance, seededDb } from './apps.ts';
import { type Nginx, nginxFor } from './nginx.ts';
import { type RedisServer, startRedisServer } from './procs.ts';
import { type S3Server, startS3Server } from './s3-server.ts';

export interface ScaleMode {
  label: string;
  /** Web instances behind the proxy: 2 (ROLE=web, plus a ROLE=worker instance) or 1 (ROLE=all). */
  web: 1 | 2;
  /** Redis and the S3-compatible store (the scaled-out set-up), or neither (the default start). */
  shared: boolean;
}

export interface ScaleCluster {
  mode: ScaleMode;
  db: Db;
  web: AppInstance[];
  /** The instance that runs the jobs: the worker, or the one instance of the default start. */
  jobs: AppInstance;
  smtp: Awaited<ReturnType<typeof startSmtp>>;
  s3?: S3Server;
  redis?: RedisServer;
  nginx: Nginx;
  /** X-Forwarded-For of every request each web instance received, in order. */
  served: string[][];
  close(): Promise<void>;
}

/**
 * A public page shows the site's name, the member lander's photo and its render number (the same
 * number twice: the second visitor got the cached page).
 */
const RENDER = `{
  html: '<main>' + JSON.stringify({
    render: renders,
    name: state.settings.name,
    image: ((state.queries.find((q) => q.key[0] === 'lander') || {}).data || {}).member?.main_image ?? null,
  }) + '</main>',
  head: '',
  status: 200,
}`;
const PAGE_DATA = `((m) => (m ? [{ kind: 'lander', design: 'landing', member: m[1] }] : []))(
  /^\\/members\\/([^/]+)\\/landing$/.exec(pathname))`;

export async function startScaleCluster(mode: ScaleMode): Promise<ScaleCluster> {
  const cleanup: (() => Promise<void> | void)[] = [];
  const close = async () => {
    for (const fn of cleanup.reverse()) await Promise.resolve(fn()).catch(() => {});
  };
  try {
    const seeded = await seededDb(4);
    cleanup.push(seeded.drop);
    const smtp = await startSmtp();
    cleanup.push(smtp.close);
    const s3 = mode.shared ? await startS3Server() : undefined;
    if (s3) cleanup.push(s3.close);
    const redis = mode.shared ? await startRedisServer() : undefined;
    if (redis) cleanup.push(redis.destroy);
    const build = await stubWebBuild(loadConfig({ DATA_DIR: '/nonexistent' }), RENDER, {
      pageData: PAGE_DATA,
    });
    cleanup.push(build.remove);
    const start = async (role: 'all' | 'web' | 'worker', deps: Partial<AppDeps> = {}) => {
      const a = await appInstance(seeded.db, {
        smtpUrl: smtp.url,
        redisUrl: redis?.url,
        env: { TRUST_PROXY: 'loopback', ROLE: role, ...(s3 ? s3.env(5) : {}) },
        deps,
      });
      cleanup.push(a.close);
      return a;
    };
    const web: AppInstance[] = [];
    for (let i = 0; i < mode.web; i++)
      web.push(await start(mode.web === 1 ? 'all' : 'web', { ssr: build.ssr }));
    // The worker as main.ts starts one (ROLE=worker): it serves no page, it polls for jobs.
    const jobs = mode.web === 1 ? web[0]! : await start('worker');
    jobs.app.jobs.start();
    const served: string[][] = web.map(() => []);
    for (const [i, a] of web.entries()) {
      a.app.server.on('request', (req) => served[i]!.push(String(req.headers['x-forwarded-for'] ?? '')));
    }
    const nginx = await nginxFor(web.map((a) => a.port));
    cleanup.push(nginx.stop);
    return { mode, db: seeded.db, web, jobs, smtp, s3, redis, nginx, served, close };
  } catch (err) {
    await close();
    throw err;
  }
}
