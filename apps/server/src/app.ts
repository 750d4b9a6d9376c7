import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { accountsRoutes } from './features/accounts/accounts.routes.ts';
import { chatRoutes } from './features/chat/chat.routes.ts';
import { realtimeRoutes } from './features/chat/realtime.routes.ts';
import { likesRoutes, swipeRoutes } from './features/likes/likes.routes.ts';
import { membersRoutes } from './features/members/members.routes.ts';
import { profilesRoutes } from './features/profiles/profiles.routes.ts';
import { sitesRoutes } from './features/sites/sites.routes.ts';
import { SiteDirectory } from './features/sites/sites.service.ts';
import { authPlugin } from './platform/auth.ts';
import type { Db } from './platform/db.ts';
import { AppError, errorBody, isErrorCode } from './platform/errors.ts';
import { healthRoutes } from './platform/health.ts';
import { devMailViewer } from './platform/mail/dev-viewer.ts';
import { Mailer } from './platform/mail/outbox.ts';
import { createTransport, type MailTransport } from './platform/mail/transport.ts';
import { mediaRoutes } from './platform/media.ts';
import { Realtime } from './platform/realtime.ts';
import { requestContext } from './platform/request-context.ts';
import { securityHeaders } from './platform/security-headers.ts';
import { type SsrRenderer, webRoutes } from './platform/web.ts';
import { demoMediaRoutes } from './seed/demo-media.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  /** Server-side renderer of the web app; absent when the web app is not built (API tests). */
  ssr?: SsrRenderer;
  logger?: boolean;
  /** Where mail goes; by default SMTP_URL, else the outbox folder. */
  mailTransport?: MailTransport;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    mailer: Mailer;
    realtime: Realtime;
  }
}

/** Builds the HTTP application: API, OpenAPI docs, media, and the server-rendered web app. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
          },
    bodyLimit: 256 * 1024,
    trustProxy: 'loopback',
    requestTimeout: 30_000,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('sites', new SiteDirectory(db));
  const transport =
    deps.mailTransport ?? createTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir });
  app.decorate('mailer', new Mailer(db, app.sites, transport, app.log));
  app.addHook('onClose', async () => app.mailer.stop());
  app.decorate('realtime', new Realtime(config.redisUrl, app.log));
  await app.realtime.start();
  app.addHook('onClose', async () => app.realtime.stop());

  // Every API route must declare who may call it: a route without `config.access` fails the start.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && !route.config?.access) {
      throw new Error(`route ${route.method} ${route.url} declares no access policy (config.access)`);
    }
  });

  await app.register(cookie);
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
  await app.register(rateLimit, {
    global: true,
    max: 600,
    timeWindow: '1 minute',
    allowList: (req) => req.url.startsWith('/assets/') || req.url.startsWith('/media/'),
    errorResponseBuilder: (_req, ctx) => {
      const err = new AppError('rate_limited', 429);
      (err as AppError & { retryAfter?: number }).retryAfter = ctx.ttl;
      return err;
    },
  });
  await app.register(requestContext);
  await app.register(authPlugin);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Amora API', version: '1.0.0', description: 'HTTP API of the Amora dating platform.' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });

  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const locale = req.locale ?? 'en';
    if (err instanceof AppError) {
      return reply.status(err.status).send(errorBody(locale, err.code, err.status, err.vars, err.fields));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const name = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        // Our schemas use error codes as messages; anything else (a type mismatch) is a plain 'validation'.
        // A cross-field rule (e.g. username equal to the e-mail) says more than a format rule: it wins.
        if (!fields[name] || issue.keyword === 'custom') {
          fields[name] = isErrorCode(issue.message) ? issue.message! : 'validation';
        }
      }
      return reply.status(400).send(errorBody(locale, 'validation', 400, {}, fields));
    }
    const status =
      typeof (err as FastifyError).statusCode === 'number' ? (err as FastifyError).statusCode! : 500;
    if (status === 413) return reply.status(413).send(errorBody(locale, 'payload_too_large', 413));
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send(errorBody(locale, status === 404 ? 'not_found' : 'validation', status));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody(locale, 'generic', 500));
  });

  await app.register(healthRoutes);
  await app.register(sitesRoutes);
  await app.register(accountsRoutes);
  await app.register(membersRoutes);
  await app.register(profilesRoutes);
  await app.register(likesRoutes);
  await app.register(swipeRoutes);
  await app.register(realtimeRoutes);
  await app.register(chatRoutes);
  if (transport.kind === 'outbox') await app.register(devMailViewer);
  await app.register(demoMediaRoutes);
  await app.register(mediaRoutes);
  await app.register(webRoutes, { ssr: deps.ssr });

  return app;
}
