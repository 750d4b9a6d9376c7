import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { accountsRoutes } from './features/accounts/accounts.routes.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { adminMembersRoutes } from './features/admin-members/admin-members.routes.ts';
import { chatRoutes } from './features/chat/chat.routes.ts';
import { realtimeRoutes } from './features/chat/realtime.routes.ts';
import { complaintsRoutes } from './features/complaints/complaints.routes.ts';
import { dataExportRoutes } from './features/data-export/data-export.routes.ts';
import { discoverRoutes } from './features/discover/discover.routes.ts';
import { fictionalRoutes } from './features/fictional/fictional.routes.ts';
import { likesRoutes } from './features/likes/likes.routes.ts';
import { membersRoutes } from './features/members/members.routes.ts';
import { moderationRoutes } from './features/moderation/moderation.routes.ts';
import { bouncesRoutes } from './features/notifications/bounces.routes.ts';
import { broadcastsRoutes } from './features/notifications/broadcasts.routes.ts';
import { registerNotify } from './features/notifications/events.ts';
import { mailNotificationRoutes } from './features/notifications/mail.routes.ts';
import { passkeysRoutes } from './features/passkeys/passkeys.routes.ts';
import { registerPayments } from './features/payments/index.ts';
import { photosRoutes } from './features/profiles/photos.routes.ts';
import { profilesRoutes } from './features/profiles/profiles.routes.ts';
import { registerPush } from './features/push/index.ts';
import { devSiteSettings } from './features/sites/dev-site-settings.ts';
import { seoRoutes } from './features/sites/seo.ts';
import { sitesAdminRoutes } from './features/sites/sites.admin.routes.ts';
import { sitesRoutes } from './features/sites/sites.routes.ts';
import { webManifestRoutes } from './features/sites/web-manifest.ts';
import { accessPlugin, registerWithAccess } from './platform/access.ts';
import { apiDocumentOptions } from './platform/api-document.ts';
import { authPlugin } from './platform/auth.ts';
import type { Db } from './platform/db.ts';
import { errorHandler } from './platform/error-handler.ts';
import { AppError } from './platform/errors.ts';
import { healthRoutes } from './platform/health.ts';
import { idempotencyPlugin } from './platform/idempotency.ts';
import { Jobs, pruneJobs, type WorkerOptions } from './platform/jobs.ts';
import { devJobsViewer } from './platform/jobs-viewer.ts';
import { devMailViewer } from './platform/mail/dev-viewer.ts';
import { Mailer, pruneMailQuota } from './platform/mail/outbox.ts';
import { createTransport, type MailTransport } from './platform/mail/transport.ts';
import { verpAddress } from './platform/mail/verp.ts';
import { mediaRoutes, useMediaKey } from './platform/media.ts';
import { instrument } from './platform/metrics.ts';
import { operatorAuthPlugin } from './platform/operators.ts';
import { PageCache, type PageCacheOptions } from './platform/page-cache.ts';
import { redisRateLimitStore } from './platform/rate-limit-store.ts';
import { Realtime, type RealtimeOptions } from './platform/realtime.ts';
import { requestContext, routePath } from './platform/request-context.ts';
import { requestIdGenerator, requestScope } from './platform/request-scope.ts';
import { loadSecrets, type ServerSecrets } from './platform/secrets.ts';
import { securityHeaders } from './platform/security-headers.ts';
import { SiteDirectory } from './platform/sites.ts';
import { devSmsViewer, OutboxSms } from './platform/sms.ts';
import { type MediaStores, openMediaStores } from './platform/storage.ts';
import { type RenderedPage, type SsrRenderer, webRoutes } from './platform/web.ts';
import { demoMediaRoutes } from './seed/demo-media.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  /** Server-side renderer of the web app; absent when the web app is not built (API tests). */
  ssr?: SsrRenderer;
  /** false: no logs (tests); a pino logger: logs there (tests that read them); else stdout at LOG_LEVEL. */
  logger?: boolean | FastifyBaseLogger;
  /** Where mail goes; by default SMTP_URL, else the outbox folder. */
  mailTransport?: MailTransport;
  /** The job worker's lease, concurrency and stop grace (platform/jobs.ts); tests shorten the lease. */
  jobs?: WorkerOptions;
  /** The public page cache's TTL, bounds and clock (platform/page-cache.ts); tests move the clock. */
  pageCache?: PageCacheOptions;
  /** Socket ping interval and buffer cap (platform/realtime.ts); tests make them small. */
  realtime?: RealtimeOptions;
  /** Where media go; by default what the configuration names (MEDIA_STORE, platform/storage.ts). */
  media?: MediaStores;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    mailer: Mailer;
    /** Background jobs: define, schedule, kick after a commit (platform/jobs.ts). */
    jobs: Jobs;
    realtime: Realtime;
    secrets: ServerSecrets;
    /** Text messages (SEPA direct-debit codes); the outbox by default. */
    sms: OutboxSms;
    /** Visitors' public pages as rendered, for a few seconds (ssr.ts, platform/page-cache.ts). */
    publicPages: PageCache<RenderedPage>;
    /** Uploaded media: the local folder or an S3-compatible bucket (platform/storage.ts). */
    media: MediaStores;
  }
}

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  for (const [k, v] of Object.entries(value)) if (k.includes('\u0000') || hasNul(v, depth + 1)) return true;
  return false;
}

/** Builds the HTTP application: API, OpenAPI docs, media, and the server-rendered web app. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    ...(typeof deps.logger === 'object'
      ? { loggerInstance: deps.logger }
      : {
          logger:
            deps.logger === false
              ? false
              : {
                  level: config.logLevel,
                  redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
                },
        }),
    // A request's id: the trusted proxy's X-Request-Id or a UUID, carried into the jobs it enqueues.
    genReqId: requestIdGenerator(config.trustProxy),
    bodyLimit: 256 * 1024,
    // Forwarded headers are believed only from the proxies TRUST_PROXY names (none by default):
    // otherwise anyone could pick the address every per-IP limit counts.
    trustProxy: config.trustProxy,
    requestTimeout: 30_000,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  // Request rate, latency and status per route pattern for /metrics (platform/metrics.ts).
  instrument(app);
  requestScope(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('secrets', await loadSecrets(db));
  useMediaKey(app.secrets.media);
  app.decorate('config', config);
  app.decorate(
    'media',
    deps.media ??
      (await openMediaStores(
        config.dataDir,
        config.mediaStore.kind === 's3' ? config.mediaStore.s3 : undefined,
      )),
  );
  // A live install answers a host no site has with 'unknown site', never another site (request-context.ts).
  app.decorate('sites', new SiteDirectory(db, { unknownHosts: config.live ? 'refuse' : 'default' }));
  const transport =
    deps.mailTransport ??
    createTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, timeouts: config.smtpTimeouts });
  // A web-only instance leaves jobs to the worker role (ROLE=worker): it enqueues, never runs.
  app.decorate('jobs', new Jobs(db, app.log, config.role !== 'web', deps.jobs));
  app.jobs.define('jobs.prune', () => pruneJobs(db));
  app.jobs.schedule('jobs.prune', '40 3 * * *');
  app.jobs.define('mail.prune-quota', () => pruneMailQuota(db));
  app.jobs.schedule('mail.prune-quota', '5 0 * * *');
  registerNotify(app);
  // Jobs a request queued (mail, notifications) run right after its answer, off the request path;
  // a burst of requests shares one pass (Jobs.kickSoon).
  app.addHook('onResponse', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400) app.jobs.kickSoon();
  });
  app.decorate('mailer', new Mailer(db, app.sites, transport, app.jobs));
  // Each mail's envelope sender names its outbox row, signed: bounces find their member (features/notifications/bounces.ts).
  app.mailer.returnPath = (id) => verpAddress(app.secrets.bounce, config.bounce.domain, id);
  app.addHook('onClose', async () => app.mailer.stop());
  app.decorate('sms', new OutboxSms(path.join(config.dataDir, 'sms-outbox')));
  app.decorate('realtime', new Realtime(config.redisUrl, app.log, deps.realtime));
  await app.realtime.start();
  // A site saved in the console on another instance: re-read the directory now (platform/sites.ts).
  app.realtime.onSitesChanged(
    () => void app.sites.reload().catch((err) => app.log.warn({ err }, 'sites reload')),
  );
  app.addHook('onClose', async () => app.realtime.stop());
  app.decorate('publicPages', new PageCache<RenderedPage>(deps.pageCache));
  // A moderation decision here or on another instance: that site's cached pages go at once.
  app.realtime.onPagesChanged((siteId) => app.publicPages.forgetSite(siteId));
  // A gap in the Redis subscription may have swallowed a site saved or a moderation decision
  // elsewhere: the directory is read again and every site's cached pages go.
  app.realtime.onResync(async () => {
    await app.sites.reload().catch((err) => app.log.warn({ err }, 'sites reload'));
    for (const site of app.sites.all()) app.publicPages.forgetSite(site.id);
  });

  await app.register(cookie);
  // Pages and API answers compressed on the fly (brotli quality 4, gzip; from 1 KiB on); hashed
  // assets go out as the build's precompressed copies (platform/web.ts), images as they are.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
    crossOriginEmbedderPolicy: false,
  });
  // With REDIS_URL every instance counts in the same place, so a limit holds behind a load balancer;
  // while Redis is down each instance counts on its own and nobody waits (platform/rate-limit-store.ts).
  const rateRedis = app.realtime.redis;
  await app.register(rateLimit, {
    global: true,
    ...(rateRedis ? { store: redisRateLimitStore(rateRedis, 'amora-rl:') } : {}),
    max: 600,
    timeWindow: '1 minute',
    allowList: (req) => /^\/(assets|media)\//.test(routePath(req)),
    errorResponseBuilder: (_req, ctx) => {
      const err = new AppError('rate_limited', 429);
      (err as AppError & { retryAfter?: number }).retryAfter = ctx.ttl;
      return err;
    },
  });
  await app.register(requestContext);
  await app.register(authPlugin);
  // The console's own session (operators, issue 17): req.operator, for the op:* accesses.
  await app.register(operatorAuthPlugin);
  // Every route declares who may call it, checked on every request by one mechanism (a route
  // without a declaration fails the start).
  await app.register(accessPlugin);
  // A retried mutating call with an Idempotency-Key gets the first answer again (spec §7 retries).
  await app.register(idempotencyPlugin);

  // The API's document: security schemes, POST /api/user.php as its two calls (platform/api-document.ts).
  await app.register(swagger, apiDocumentOptions);
  // The API's document and viewer: on a local install, on a live one only when API_DOCS=on (it
  // lists every route, the console's too, which otherwise answer 404).
  if (config.apiDocs) {
    await registerWithAccess(app, 'public', (scope) =>
      scope.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false }),
    );
  }

  app.setErrorHandler(errorHandler);

  // No text may carry a NUL byte: PostgreSQL refuses it, and no person types one.
  app.addHook('preValidation', async (req) => {
    if (hasNul(req.body) || hasNul(req.query) || hasNul(req.params)) throw new AppError('validation', 400);
  });

  await app.register(healthRoutes);
  await app.register(sitesRoutes);
  await app.register(accountsRoutes);
  await app.register(passkeysRoutes);
  await app.register(membersRoutes);
  await app.register(profilesRoutes);
  await app.register(likesRoutes);
  await app.register(discoverRoutes);
  await app.register(photosRoutes);
  await app.register(complaintsRoutes);
  await app.register(realtimeRoutes);
  await app.register(chatRoutes);
  await app.register(mailNotificationRoutes);
  await app.register(bouncesRoutes);
  await app.register(broadcastsRoutes);
  await app.register(dataExportRoutes);
  await registerPayments(app);
  await registerPush(app);
  await app.register(webManifestRoutes);
  await app.register(adminRoutes);
  await app.register(moderationRoutes);
  await app.register(adminMembersRoutes);
  await app.register(sitesAdminRoutes);
  await app.register(fictionalRoutes);
  await app.register(seoRoutes);
  if (transport.kind === 'outbox' && config.devMailViewer) await app.register(devMailViewer);
  // The SMS viewer follows the mail viewer's rules, but SMTP has nothing to do with it.
  if (config.devTools) {
    await app.register(devSmsViewer, { sms: app.sms });
    await app.register(devJobsViewer, { jobs: app.jobs });
    await app.register(devSiteSettings);
  }
  await app.register(demoMediaRoutes);
  await app.register(mediaRoutes);
  await app.register(webRoutes, { ssr: deps.ssr });

  return app;
}
