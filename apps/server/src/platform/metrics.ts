import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import client from 'prom-client';

/**
 * What an operator watches (issue 28 item 3), in the Prometheus text format. Served on a port of
 * its own (METRICS_PORT, bound to METRICS_HOST, 127.0.0.1 by default), never on the public port:
 * the proxy forwards nothing to it, so the public cannot read it whatever the proxy's rules, and
 * the operator's Prometheus scrapes each instance over the private network (README "What to
 * alert on"). One registry per process: a process's numbers, which Prometheus adds up.
 */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, prefix: 'amora_' });

const requests = new client.Counter({
  name: 'amora_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});
const duration = new client.Histogram({
  name: 'amora_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});
/** Mail handed to the SMTP server, and mail given up (refused, or out of attempts): platform/mail/outbox.ts. */
export const mailSent = new client.Counter({
  name: 'amora_mail_sent_total',
  help: 'Mails the SMTP server accepted',
  registers: [registry],
});
export const mailFailed = new client.Counter({
  name: 'amora_mail_failed_total',
  help: 'Mails given up: refused by the SMTP server, or out of attempts',
  registers: [registry],
});
/** Hard bounces and complaints taken (features/notifications/bounces.service.ts). */
export const mailBounced = new client.Counter({
  name: 'amora_mail_bounced_total',
  help: 'Hard bounces and spam complaints taken, by kind',
  labelNames: ['kind'] as const,
  registers: [registry],
});

/** The app whose database, sockets and pool the gauges read (one app per process in production). */
let current: FastifyInstance | undefined;

const gauge = (name: string, help: string, labelNames: string[], read: (g: client.Gauge) => Promise<void>) =>
  new client.Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      if (current) await read(this).catch(() => {});
    },
  });

gauge(
  'amora_open_sockets',
  'Open TCP connections of the HTTP server (kind=http), and member WebSockets (kind=ws)',
  ['kind'],
  async (g) => {
    const app = current!;
    const open = await new Promise<number>((resolve) =>
      app.server.getConnections((_e, n) => resolve(n ?? 0)),
    );
    g.set({ kind: 'http' }, open);
    g.set({ kind: 'ws' }, app.realtime.stats.sockets);
  },
);
gauge(
  'amora_jobs',
  'Background jobs by queue and state: waiting (due or later), running, dead',
  ['queue', 'state'],
  async (g) => {
    const rows = await current!.db.query<{ name: string; state: string; n: number }>(
      `SELECT name, CASE state WHEN 'queued' THEN 'waiting' WHEN 'active' THEN 'running' ELSE state END AS state,
            count(*)::int AS n
       FROM jobs WHERE state <> 'done' GROUP BY 1, 2`,
    );
    for (const r of rows) g.set({ queue: r.name, state: r.state }, r.n);
  },
);
gauge('amora_mail_outbox_pending', 'Mails waiting in the outbox (pending or being sent)', [], async (g) => {
  const [row] = await current!.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM outbox_emails WHERE status IN ('pending', 'sending')`,
  );
  g.set(row?.n ?? 0);
});
gauge('amora_orders', 'Orders by state (created in the last 7 days)', ['state'], async (g) => {
  const rows = await current!.db.query<{ status: string; n: number }>(
    `SELECT status, count(*)::int AS n FROM orders WHERE created_at > now() - interval '7 days' GROUP BY 1`,
  );
  for (const r of rows) g.set({ state: r.status }, r.n);
});
gauge(
  'amora_db_pool_connections',
  'PostgreSQL pool connections by state (total, idle, waiting clients)',
  ['state'],
  async (g) => {
    const pool = current!.db.poolStats?.();
    if (!pool) return;
    g.set({ state: 'total' }, pool.total);
    g.set({ state: 'idle' }, pool.idle);
    g.set({ state: 'waiting' }, pool.waiting);
  },
);

/** Counts every answer by route pattern (never the raw URL: ids would make a series each). */
export function instrument(app: FastifyInstance): void {
  current = app;
  app.addHook('onResponse', async (req, reply) => {
    // The declared pattern, a wildcard's as declared ('/media/p/*'): never what it matched.
    const route = req.routeOptions.url ?? 'unmatched';
    requests.inc({ method: req.method, route, status: String(reply.statusCode) });
    duration.observe({ method: req.method, route }, reply.elapsedTime / 1000);
  });
}

/**
 * The /metrics listener on its own port (the caller closes it). Anything but GET /metrics is 404.
 */
export async function listenMetrics(host: string, port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (body) => res.writeHead(200, { 'content-type': registry.contentType }).end(body),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
