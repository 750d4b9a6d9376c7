/**
 * deploy/nginx as shipped, run by a test (proxy.int.test.ts): the shipped files with the test's
 * ports, a certificate made here and the test's folders put in, the rest as shipped; nginx started
 * on ports of its own in front of the given instances. Needs Debian's nginx (.ci/run installs it).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitForPort } from './procs.ts';

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
const DEPLOY = path.resolve(import.meta.dirname, '../../../../deploy/nginx');

export interface Nginx {
  /** The HTTPS port (host name localhost). */
  port: number;
  base: string;
  /** The main configuration file, for `nginx -t -c`. */
  conf: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The shipped configuration in front of the instances on `apps` (one upstream server line each). */
export async function nginxFor(apps: number[]): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-nginx-'));
  fs.chmodSync(dir, 0o755);
  fs.mkdirSync(path.join(dir, 'acme'));
  // biome-ignore format: one option and its value a line
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost',
    '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
  ], { stdio: 'ignore' });
  const port = await freePort();
  const http = await freePort();
  const site = fs
    .readFileSync(path.join(DEPLOY, 'amora.conf'), 'utf8')
    .replace(/server 127\.0\.0\.1:3001 ([^;]*);\n\s*server 127\.0\.0\.1:3002 ([^;]*);/, (_m, opts) =>
      apps.map((p) => `server 127.0.0.1:${p} ${opts};`).join('\n    '),
    )
    .replace(/listen 80;/, `listen 127.0.0.1:${http};`)
    .replace(/listen \[::\]:80;/, '')
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${port} ssl http2;`)
    .replace(/listen \[::\]:443 ssl http2;/, '')
    .replace(/server_name example\.com www\.example\.com;/, 'server_name localhost;')
    .replace(/\/etc\/letsencrypt\/live\/example\.com\/fullchain\.pem/, path.join(dir, 'cert.pem'))
    .replace(/\/etc\/letsencrypt\/live\/example\.com\/privkey\.pem/, path.join(dir, 'key.pem'))
    .replace(/\/var\/www\/letsencrypt/, path.join(dir, 'acme'))
    .replace(/include snippets\/amora-proxy\.conf;/, `include ${path.join(DEPLOY, 'amora-proxy.conf')};`);
  fs.writeFileSync(path.join(dir, 'amora.conf'), site);
  const temp = ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
${temp.map((t) => `  ${t === 'body' ? 'client_body' : t}_temp_path ${dir}/${t};`).join('\n')}
  include ${dir}/amora.conf;
}
`,
  );
  let child: ChildProcess | undefined;
  return {
    port,
    base: `https://127.0.0.1:${port}`,
    conf,
    start: async () => {
      child = spawn(NGINX!, ['-c', conf, '-g', 'daemon off;'], { stdio: 'ignore' });
      await waitForPort(port);
    },
    stop: async () => {
      const c = child;
      if (c && c.exitCode === null) {
        await new Promise<void>((resolve) => {
          c.once('exit', () => resolve());
          c.kill('SIGQUIT');
        });
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
