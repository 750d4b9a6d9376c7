/**
 * deploy/nginx as shipped (issue 28 item 4): `nginx -t` on the configuration, then nginx started
 * by the test on its own ports (TLS with a certificate made here) in front of two app instances
 * on one database: pages through either, a member's WebSocket through the upgrade, the client's
 * X-Forwarded-For passed on to the app, and the next requests served by the other instance once
 * one is gone. Needs Debian's nginx (.ci/run installs it).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { activeMember } from '../helpers.ts';
import { startSmtp } from '../smtp.ts';
import { type AppInstance, appInstance, seededDb } from './apps.ts';
import { freePort, waitForPort } from './procs.ts';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
const DEPLOY = path.resolve(import.meta.dirname, '../../../../deploy/nginx');

/** The shipped files with this test's ports, certificate and folders put in; the rest as shipped. */
function nginxConfig(dir: string, ports: { https: number; http: number; apps: number[] }): string {
  const site = fs
    .readFileSync(path.join(DEPLOY, 'amora.conf'), 'utf8')
    .replace(
      /server 127\.0\.0\.1:3001 ([^;]*);\n\s*server 127\.0\.0\.1:3002 ([^;]*);/,
      (_m, a, b) => `server 127.0.0.1:${ports.apps[0]} ${a};\n    server 127.0.0.1:${ports.apps[1]} ${b};`,
    )
    .replace(/listen 80;/, `listen 127.0.0.1:${ports.http};`)
    .replace(/listen \[::\]:80;/, '')
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${ports.https} ssl http2;`)
    .replace(/listen \[::\]:443 ssl http2;/, '')
    .replace(/server_name example\.com www\.example\.com;/, 'server_name localhost;')
    .replace(/\/etc\/letsencrypt\/live\/example\.com\/fullchain\.pem/, path.join(dir, 'cert.pem'))
    .replace(/\/etc\/letsencrypt\/live\/example\.com\/privkey\.pem/, path.join(dir, 'key.pem'))
    .replace(/\/var\/www\/letsencrypt/, path.join(dir, 'acme'))
    .replace(/include snippets\/amora-proxy\.conf;/, `include ${path.join(DEPLOY, 'amora-proxy.conf')};`);
  fs.writeFileSync(path.join(dir, 'amora.conf'), site);
  const main = `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/amora.conf;
}
`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), main);
  return path.join(dir, 'nginx.conf');
}

function get(port: number, urlPath: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        rejectUnauthorized: false,
        headers: { host: 'localhost', ...headers },
      },
      (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe.skipIf(!NGINX)('nginx (deploy/nginx) in front of two instances', () => {
  let dir: string;
  let conf: string;
  let nginx: ChildProcess | undefined;
  let apps: AppInstance[] = [];
  let drop: () => Promise<void>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let port: number;
  const forwarded: string[][] = [[], []];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-nginx-'));
    fs.chmodSync(dir, 0o755);
    fs.mkdirSync(path.join(dir, 'acme'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const seeded = await seededDb(4);
    drop = seeded.drop;
    smtp = await startSmtp();
    const redisUrl = process.env.TEST_REDIS_URL;
    apps = [
      await appInstance(seeded.db, { smtpUrl: smtp.url, redisUrl, env: { TRUST_PROXY: 'loopback' } }),
      await appInstance(seeded.db, { smtpUrl: smtp.url, redisUrl, env: { TRUST_PROXY: 'loopback' } }),
    ];
    for (const [i, a] of apps.entries()) {
      a.app.server.on('request', (req) => forwarded[i]!.push(String(req.headers['x-forwarded-for'] ?? '')));
    }
    port = await freePort();
    conf = nginxConfig(dir, { https: port, http: await freePort(), apps: apps.map((a) => a.port) });
  }, 300_000);
  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      await new Promise<void>((resolve) => {
        nginx!.once('exit', () => resolve());
        nginx!.kill('SIGQUIT');
      });
    }
    for (const a of apps) await a.close().catch(() => {});
    await drop?.();
    await smtp?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('nginx -t accepts the configuration as shipped', () => {
    const out = execFileSync(NGINX!, ['-t', '-c', conf], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(out).toBe('');
  });

  it('serves through both instances, passes X-Forwarded-For and the WebSocket upgrade, and fails over', async () => {
    nginx = spawn(NGINX!, ['-c', conf, '-g', 'daemon off;'], { stdio: 'ignore' });
    await waitForPort(port);
    // Round robin: two requests reach both instances, each with the client's address forwarded.
    for (let i = 0; i < 2; i++) {
      const res = await get(port, '/api/health', { 'x-forwarded-for': '203.0.113.9' });
      expect(res.status).toBe(200);
    }
    expect(forwarded[0]).toContain('203.0.113.9, 127.0.0.1');
    expect(forwarded[1]).toContain('203.0.113.9, 127.0.0.1');

    // A member's live connection through the upgrade: the hello arrives.
    const m = await activeMember(apps[0]!, smtp);
    const cookie = [...m.v.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const ws = new WebSocket(`wss://127.0.0.1:${port}/api/ws`, {
      rejectUnauthorized: false,
      headers: { host: 'localhost', origin: 'https://localhost', cookie },
    });
    const hello = await new Promise<{ type: string }>((resolve, reject) => {
      ws.once('message', (d) => resolve(JSON.parse(String(d))));
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade answered ${res.statusCode}`)));
    });
    expect(hello.type).toBe('hello');
    ws.close();

    // One instance gone: every next request is answered by the other.
    await apps[0]!.close();
    const before = forwarded[1]!.length;
    for (let i = 0; i < 4; i++) expect((await get(port, '/api/health')).status).toBe(200);
    expect(forwarded[1]!.length - before).toBe(4);
  });
});
