import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, startupSummary } from './config.ts';
import { openDb } from './platform/db.ts';
import { listenMetrics } from './platform/metrics.ts';
import { migrate } from './platform/migrate.ts';
import { seedDemo } from './seed/seed.ts';
import { loadSsr } from './ssr.ts';

/**
 * Starts this process's roles (ROLE: all by default): migrations, demo seed (a local start only,
 * unless SEED_DEMO says), HTTP (API + web), jobs; logs what is on (config.ts startupSummary).
 */
async function main() {
  const started = performance.now();
  let config: ReturnType<typeof loadConfig>;
  try {
    const here = path.dirname(fileURLToPath(import.meta.url));
    config = loadConfig(process.env, { webDistDir: path.resolve(here, '../../web/dist') });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }

  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(db);
  const ssr = await loadSsr(config);
  const app = await buildApp({ config, db, ssr });
  if (!ssr) app.log.warn('web app not built: pages answer 503 until `npm run build`');
  if (!config.smtpUrl) {
    const outbox = path.join(config.dataDir, 'outbox');
    app.log.warn(
      config.devMailViewer
        ? `SMTP_URL is not set: no mail leaves this server. Mails are written to ${outbox} and listed at ${config.publicUrl}/dev/mail (answered only to this machine).`
        : `SMTP_URL is not set: no mail leaves this server. Mails are written to ${outbox}; members receive nothing until SMTP_URL names a mail server. The /dev/mail viewer is off${config.devMailViewerOff ? ` (${config.devMailViewerOff})` : ''}.`,
    );
  }
  if (config.seedDemo) {
    const seeded = await seedDemo(db, config, app.log);
    await app.sites.reload();
    if (seeded.members) app.log.info(seeded, 'demo data seeded');
  } else if ((await app.sites.list()).length === 0) {
    app.log.warn(
      'no site yet: every page answers the set-up page. Create the first site with `npm run admin -- site create --domain ... --name ...` (README, "Going live").',
    );
  }

  let metricsServer: { close(): unknown } | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      metricsServer?.close();
      await app.close();
      await db.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  if (config.role !== 'worker') await app.listen({ port: config.port, host: config.host });
  // Prometheus's port (a worker's too): never the public one (platform/metrics.ts).
  if (config.metrics) metricsServer = await listenMetrics(config.metrics.host, config.metrics.port);
  // Background jobs (mail delivery, erasure, order reconciliation...) unless this is a web-only instance.
  if (config.role !== 'web') app.jobs.start();
  // What is on, in one line, and a loud line for each convenience a live install runs because it
  // was named (config.ts startupSummary): an operator reads the log before anything else.
  const summary = startupSummary(config);
  for (const warning of summary.warnings) app.log.warn(`WARNING: ${warning}`);
  app.log.info(summary.on, 'configuration');
  app.log.info(
    {
      url: config.role === 'worker' ? undefined : config.publicUrl,
      role: config.role,
      db: db.kind,
      startup_ms: Math.round(performance.now() - started),
    },
    'Amora is ready',
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
