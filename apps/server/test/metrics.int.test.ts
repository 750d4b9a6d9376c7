/**
 * The Prometheus endpoint (issue 28 item 3): on a port of its own, in the text format, with
 * requests counted by route pattern; the public port has no /metrics.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { listenMetrics } from '../src/platform/metrics.ts';
import { useTestApp } from './helpers.ts';

const t = useTestApp({ members: 4 });

const fetchText = (port: number, path: string) =>
  new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }),
        );
      })
      .on('error', reject);
  });

describe('metrics', () => {
  it('answers in the Prometheus text format on its own port, never on the public one', async () => {
    // The public port: /metrics is no route there (a page path: this test app has no web build, 503).
    for (const path of ['/metrics', '/api/metrics']) {
      const pub = await t.get(path);
      expect(pub.statusCode, path).not.toBe(200);
      expect(pub.body, path).not.toContain('amora_http_requests_total');
    }
    const server = await listenMetrics('127.0.0.1', 0);
    const { port } = server.address() as AddressInfo;
    await t.get('/api/health');
    await t.get('/api/members/00000000-0000-4000-8000-000000000000');
    const res = await fetchText(port, '/metrics');
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toMatch(
      /^amora_http_requests_total\{method="GET",route="\/api\/health",status="200"\} \d+$/m,
    );
    // The route pattern, not the address asked for.
    expect(res.body).toContain('route="/api/members/:id"');
    expect(res.body).not.toContain('00000000-0000-4000-8000-000000000000');
    expect(res.body).toMatch(/^amora_http_request_duration_seconds_bucket\{/m);
    expect(res.body).toMatch(/^amora_open_sockets\{kind="ws"\} \d+$/m);
    expect(res.body).toMatch(/^amora_nodejs_eventloop_lag_seconds \S+$/m);
    expect(res.body).toContain('# TYPE amora_jobs gauge');
    expect(res.body).toContain('# TYPE amora_mail_sent_total counter');
    expect((await fetchText(port, '/other')).status).toBe(404);
    server.close();
  });
});
