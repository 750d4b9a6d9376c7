import path from 'node:path';
import { z } from 'zod';
import type { S3Settings } from './platform/storage.ts';

/** Every environment variable the server reads (guide: configuration contract), parsed once. */
const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'PORT must be a whole number between 1 and 65535' })
    .int('PORT must be a whole number between 1 and 65535')
    .min(1, 'PORT must be a whole number between 1 and 65535')
    .max(65535, 'PORT must be a whole number between 1 and 65535')
    .default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'DATABASE_URL must look like postgres://user@host:5432/dbname')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/.+/, 'REDIS_URL must look like redis://127.0.0.1:6379')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'SMTP_URL must look like smtp://127.0.0.1:2525')
    .optional(),
  SMTP_CONNECT_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'SMTP_CONNECT_TIMEOUT_SECONDS must be a number of seconds' })
    .min(0.01, 'SMTP_CONNECT_TIMEOUT_SECONDS must be a number of seconds')
    .max(600, 'SMTP_CONNECT_TIMEOUT_SECONDS must be at most 600')
    .default(10),
  SMTP_REPLY_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'SMTP_REPLY_TIMEOUT_SECONDS must be a number of seconds' })
    .min(0.01, 'SMTP_REPLY_TIMEOUT_SECONDS must be a number of seconds')
    .max(600, 'SMTP_REPLY_TIMEOUT_SECONDS must be at most 600')
    .default(30),
  BROADCAST_MAILS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(300),
  BOUNCE_DOMAIN: z
    .string()
    .toLowerCase()
    .regex(
      /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
      'BOUNCE_DOMAIN must be a domain name such as bounces.example.com',
    )
    .optional(),
  BOUNCE_SMTP_PORT: z.coerce
    .number({ error: 'BOUNCE_SMTP_PORT must be a whole number between 0 and 65535' })
    .int('BOUNCE_SMTP_PORT must be a whole number between 0 and 65535')
    .min(0, 'BOUNCE_SMTP_PORT must be a whole number between 0 and 65535')
    .max(65535, 'BOUNCE_SMTP_PORT must be a whole number between 0 and 65535')
    .optional(),
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/\s]+/, 'PUBLIC_URL must be an absolute URL such as https://example.com')
    .optional(),
  SEED_DEMO: z
    .enum(['on', 'off', 'true', 'false', '1', '0'], { error: 'SEED_DEMO must be on or off' })
    .optional(),
  API_DOCS: z.enum(['on', 'off'], { error: 'API_DOCS must be on or off' }).optional(),
  ROLE: z.enum(['all', 'web', 'worker'], { error: 'ROLE must be all, web or worker' }).default('all'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().optional(),
  DEV_MAIL_VIEWER: z.enum(['on', 'off'], { error: 'DEV_MAIL_VIEWER must be on or off' }).default('off'),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(off|loopback|[0-9a-f.:/]+(,\s*[0-9a-f.:/]+)*)$/i,
      'TRUST_PROXY must be off, loopback, or a comma-separated list of proxy addresses or CIDR ranges',
    )
    .default('off'),
  PAYMENT_PROVIDER: z
    .enum(['sandbox', 'mollie', 'off'], { error: 'PAYMENT_PROVIDER must be sandbox, mollie or off' })
    .optional(),
  MOLLIE_API_KEY: z
    .string()
    .regex(/^(live|test)_\w{20,}$/, 'MOLLIE_API_KEY must be a Mollie API key (live_... or test_...)')
    .optional(),
  MOLLIE_BASE_URL: z.url('MOLLIE_BASE_URL must be an absolute URL').default('https://api.mollie.com'),
  PUSH_SERVICES: z
    .string()
    .regex(
      /^https?:\/\/[^/\s,]+(\s*,\s*https?:\/\/[^/\s,]+)*$/,
      'PUSH_SERVICES must be a comma-separated list of origins such as https://push.example.com (a port may be *)',
    )
    .optional(),
  MEDIA_STORE: z.enum(['local', 's3'], { error: 'MEDIA_STORE must be local or s3' }).default('local'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name such as amora-media')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z
    .url('S3_ENDPOINT must be an absolute URL such as https://s3.eu-central-1.amazonaws.com')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['on', 'off'], { error: 'S3_FORCE_PATH_STYLE must be on or off' })
    .default('off'),
  S3_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'S3_TIMEOUT_SECONDS must be a number of seconds' })
    .min(0.05, 'S3_TIMEOUT_SECONDS must be a number of seconds')
    .max(300, 'S3_TIMEOUT_SECONDS must be at most 300')
    .default(10),
  METRICS_PORT: z.coerce
    .number({ error: 'METRICS_PORT must be a whole number between 0 and 65535' })
    .int('METRICS_PORT must be a whole number between 0 and 65535')
    .min(0, 'METRICS_PORT must be a whole number between 0 and 65535')
    .max(65535, 'METRICS_PORT must be a whole number between 0 and 65535')
    .optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  PAYMENT_SANDBOX_SETTLE_SECONDS: z.coerce
    .number({ error: 'PAYMENT_SANDBOX_SETTLE_SECONDS must be a number of seconds' })
    .min(0)
    .max(86_400)
    .default(5),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  smtpUrl?: string;
  /**
   * How long each SMTP step may take: the TCP connection and the server's greeting
   * (SMTP_CONNECT_TIMEOUT_SECONDS, 10 s each), every later reply (SMTP_REPLY_TIMEOUT_SECONDS, 30 s).
   */
  smtpTimeouts: { connectMs: number; greetingMs: number; socketMs: number };
  publicUrl: string;
  /**
   * A live install: NODE_ENV=production or a PUBLIC_URL that is not this machine. Every development
   * convenience is then off unless named in the environment (demo seed, sandbox payments, API
   * docs), the development tools are off altogether, and a request for a host no site answers to
   * gets the 'unknown site' page instead of the default site (platform/sites.ts).
   */
  live: boolean;
  /** Seed the demo sites and members into an empty database: SEED_DEMO, else only when not live. */
  seedDemo: boolean;
  /** The OpenAPI document and its viewer at /api/docs: API_DOCS, else only when not live. */
  apiDocs: boolean;
  logLevel: string;
  /**
   * What this process does: 'all' (HTTP and background jobs), 'web' (HTTP only: jobs are left to
   * worker processes) or 'worker' (background jobs only, no HTTP port).
   */
  role: 'all' | 'web' | 'worker';
  /**
   * The development mail viewer at /dev/mail: only when asked for (DEV_MAIL_VIEWER=on, which
   * `npm start` sets on a developer's machine), never with SMTP, NODE_ENV=production or a public
   * PUBLIC_URL, and even then only for requests from this machine (platform/access.ts).
   */
  devMailViewer: boolean;
  /**
   * Development tools on this machine (DEV_MAIL_VIEWER=on, not production, a local PUBLIC_URL):
   * the SMS viewer at /dev/sms, and the mail viewer while there is no SMTP_URL. Requests must
   * come from this machine too (platform/access.ts).
   */
  devTools: boolean;
  /** Why the viewer is off although asked for (logged at start), if it is. */
  devMailViewerOff?: string;
  /** Which proxies' forwarded headers (X-Forwarded-For...) to believe: none by default. */
  trustProxy: boolean | string;
  /**
   * Bounces and complaints: every mail goes out with the envelope sender
   * bounce+<outbox id>-<signature>@<domain> (BOUNCE_DOMAIN, by default PUBLIC_URL's host), and with
   * BOUNCE_SMTP_PORT set an SMTP listener on HOST takes the reports sent back there (0: any free
   * port, for tests). The domain's MX must point at that listener.
   */
  bounce: { domain: string; smtpPort?: number };
  /** Mailings' copies queued per minute, all mailings together (BROADCAST_MAILS_PER_MINUTE, 300). */
  broadcastsPerMinute: number;
  /**
   * Push services the server posts web pushes to: the browsers' own (FCM, Mozilla, Windows,
   * Apple; features/push/push-services.ts) plus these origins (PUSH_SERVICES, e.g. a local
   * stand-in `http://127.0.0.1:*` in tests). A subscription elsewhere is refused: the server never
   * posts to an address a browser made up.
   */
  pushServices: string[];
  /**
   * Where uploaded media go (platform/storage.ts): the local folder under DATA_DIR (MEDIA_STORE=local,
   * the default) or an S3-compatible bucket (MEDIA_STORE=s3 with S3_BUCKET; S3_ENDPOINT for anything
   * but AWS, S3_FORCE_PATH_STYLE=on for MinIO and most self-hosted stores; credentials from
   * S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY, else the SDK's usual chain).
   */
  mediaStore: { kind: 'local' } | { kind: 's3'; s3: S3Settings };
  /**
   * The Prometheus endpoint (platform/metrics.ts): GET /metrics on METRICS_HOST:METRICS_PORT, a port
   * of its own that the proxy does not forward (127.0.0.1 by default); off without METRICS_PORT.
   */
  metrics?: { host: string; port: number };
  /** Directory with the built web app (client assets + SSR entry); absent in API-only tests. */
  webDistDir?: string;
  dev: boolean;
  /**
   * Who takes payments: the built-in sandbox (offline, no money moves), Mollie, or nobody. Unset,
   * the sandbox on a local install and nobody on a live one: a sandbox anyone can "pay" hands out
   * credits, so a live install runs it only when PAYMENT_PROVIDER names it (and says so loudly).
   */
  payments: {
    provider: 'sandbox' | 'mollie' | 'off';
    mollieApiKey?: string;
    mollieBaseUrl: string;
    /** How long the sandbox's bank keeps a pending payment (bank transfer, direct debit) before paying it. */
    sandboxSettleMs: number;
  };
}

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError with one readable line per bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(blankless);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = String(i.path[0]);
      return `  ${name}=${JSON.stringify(env[name] ?? '')}: ${i.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.MEDIA_STORE === 's3' && !e.S3_BUCKET) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: MEDIA_STORE=s3 needs the name of a bucket');
  }
  if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither (the SDK then finds credentials itself)',
    );
  }
  if (e.PAYMENT_PROVIDER === 'mollie' && !e.MOLLIE_API_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  MOLLIE_API_KEY: PAYMENT_PROVIDER=mollie needs a Mollie API key',
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const live = e.NODE_ENV === 'production' || !isLocalUrl(publicUrl);
  // Development tools (the /dev/mail and /dev/sms viewers) only when asked for, never in
  // production or on a public address; the mail viewer also only while mail goes to the outbox.
  const devToolsOff =
    e.DEV_MAIL_VIEWER !== 'on'
      ? undefined
      : e.NODE_ENV === 'production'
        ? 'NODE_ENV is production'
        : !isLocalUrl(publicUrl)
          ? 'PUBLIC_URL is not a local address'
          : undefined;
  const devTools = e.DEV_MAIL_VIEWER === 'on' && !devToolsOff;
  const devMailViewerOff =
    devToolsOff ?? (e.DEV_MAIL_VIEWER === 'on' && e.SMTP_URL ? 'SMTP_URL is set' : undefined);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    smtpTimeouts: {
      connectMs: e.SMTP_CONNECT_TIMEOUT_SECONDS * 1000,
      greetingMs: e.SMTP_CONNECT_TIMEOUT_SECONDS * 1000,
      socketMs: e.SMTP_REPLY_TIMEOUT_SECONDS * 1000,
    },
    publicUrl,
    live,
    seedDemo: e.SEED_DEMO === undefined ? !live : ['on', 'true', '1'].includes(e.SEED_DEMO),
    apiDocs: e.API_DOCS === undefined ? !live : e.API_DOCS === 'on',
    logLevel: e.LOG_LEVEL,
    role: e.ROLE,
    dev: e.NODE_ENV === 'development',
    devTools,
    devMailViewer: devTools && !e.SMTP_URL,
    devMailViewerOff,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    bounce: { domain: e.BOUNCE_DOMAIN ?? mailDomainOf(publicUrl), smtpPort: e.BOUNCE_SMTP_PORT },
    broadcastsPerMinute: e.BROADCAST_MAILS_PER_MINUTE,
    pushServices: (e.PUSH_SERVICES ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    mediaStore:
      e.MEDIA_STORE === 's3' && e.S3_BUCKET
        ? {
            kind: 's3',
            s3: {
              bucket: e.S3_BUCKET,
              region: e.S3_REGION,
              endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
              forcePathStyle: e.S3_FORCE_PATH_STYLE === 'on',
              timeoutMs: e.S3_TIMEOUT_SECONDS * 1000,
            },
          }
        : { kind: 'local' },
    metrics: e.METRICS_PORT !== undefined ? { host: e.METRICS_HOST, port: e.METRICS_PORT } : undefined,
    payments: {
      provider: e.PAYMENT_PROVIDER ?? (live ? 'off' : 'sandbox'),
      mollieApiKey: e.MOLLIE_API_KEY,
      mollieBaseUrl: e.MOLLIE_BASE_URL.replace(/\/$/, ''),
      sandboxSettleMs: e.PAYMENT_SANDBOX_SETTLE_SECONDS * 1000,
    },
    ...overrides,
  };
}

function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]';
}

/** What this process has on, for the start-up log: one line of facts, and a warning per risk. */
export interface StartupSummary {
  on: {
    role: Config['role'];
    live: boolean;
    payments: Config['payments']['provider'];
    mail: string;
    seed: boolean;
    api_docs: boolean;
    dev_tools: boolean;
    redis: boolean;
    unknown_hosts: 'default site' | 'refused';
    bounce_listener: number | null;
    trust_proxy: string;
    media: string;
    metrics: string;
  };
  warnings: string[];
}

/**
 * The start-up summary (main.ts logs it): which provider takes payments, where mail goes, whether
 * demo data, API docs, development tools and Redis are on, the role; and a loud line for every
 * convenience a live install runs because it was named.
 */
export function startupSummary(c: Config): StartupSummary {
  const warnings: string[] = [];
  if (c.payments.provider === 'sandbox' && c.live) {
    warnings.push(
      `PAYMENT_PROVIDER=sandbox on a live install (${c.publicUrl}): NO MONEY MOVES. Anyone can "pay" on the sandbox's checkout page and get credits and premium for nothing. Set PAYMENT_PROVIDER=mollie with MOLLIE_API_KEY to sell, or PAYMENT_PROVIDER=off.`,
    );
  }
  if (c.payments.provider === 'off') {
    warnings.push(
      'payments are off: members cannot buy credits (ordering answers "Buying credits is not possible on this site at the moment"). Set PAYMENT_PROVIDER=mollie and MOLLIE_API_KEY to sell credits.',
    );
  }
  if (c.seedDemo && c.live) {
    warnings.push(
      'SEED_DEMO=on on a live install: an empty database gets the demo sites and members, whose logins use the password published in the README.',
    );
  }
  if (c.apiDocs && c.live) {
    warnings.push('API_DOCS=on on a live install: /api/docs shows every route of the API to anyone.');
  }
  return {
    on: {
      role: c.role,
      live: c.live,
      payments: c.payments.provider,
      mail: c.smtpUrl ? `smtp ${smtpHost(c.smtpUrl)}` : `outbox folder ${path.join(c.dataDir, 'outbox')}`,
      seed: c.seedDemo,
      api_docs: c.apiDocs,
      dev_tools: c.devTools,
      redis: !!c.redisUrl,
      unknown_hosts: c.live ? 'refused' : 'default site',
      bounce_listener: c.bounce.smtpPort ?? null,
      trust_proxy: c.trustProxy === false ? 'off' : String(c.trustProxy),
      media:
        c.mediaStore.kind === 's3'
          ? `s3 bucket ${c.mediaStore.s3.bucket}${c.mediaStore.s3.endpoint ? ` at ${smtpHost(c.mediaStore.s3.endpoint)}` : ''}`
          : `folder ${path.join(c.dataDir, 'media')}`,
      metrics: c.metrics ? `${c.metrics.host}:${c.metrics.port}/metrics` : 'off',
    },
    warnings,
  };
}

/** An SMTP URL's host and port, without the user name and password it may carry. */
function smtpHost(url: string): string {
  try {
    const u = new URL(url);
    return u.port ? `${u.hostname}:${u.port}` : u.hostname;
  } catch {
    return '(unreadable SMTP_URL)';
  }
}

/** A URL's host as the domain part of an address (an IP address as a literal, [192.0.2.1]). */
function mailDomainOf(url: string): string {
  const host = new URL(url).hostname;
  if (/^[\d.]+$/.test(host)) return `[${host}]`;
  return host.startsWith('[') ? `[IPv6:${host.slice(1, -1)}]` : host;
}

function parseTrustProxy(v: string): boolean | string {
  return v === 'off' ? false : v.replace(/\s+/g, '');
}
