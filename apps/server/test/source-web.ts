import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadSsr } from '../src/ssr.ts';
import type { TestEnv } from './helpers.ts';

const web = path.resolve(import.meta.dirname, '../../web');

/**
 * The application with its page renderer (ssr.ts) on the real web app, straight from its sources
 * (no build): the HTML template and an SSR entry that is the web app's own entry-server.tsx, which
 * the test runner compiles as it loads it. The pages' HTML is what the built app renders, less the
 * build's stylesheet and script links. Built before the file's tests on `t`'s database and
 * config, closed after them.
 */
export function useSourceWebApp(t: TestEnv): { readonly app: FastifyInstance } {
  let app: FastifyInstance | undefined;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-web-src-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'client'));
    fs.mkdirSync(path.join(dist, 'server'));
    fs.copyFileSync(path.join(web, 'index.html'), path.join(dist, 'client', 'index.html'));
    fs.writeFileSync(
      path.join(dist, 'server', 'entry-server.js'),
      `export * from ${JSON.stringify(path.join(web, 'src', 'entry-server.tsx'))};\n`,
    );
    const ssr = await loadSsr({ ...t.config, webDistDir: dist });
    if (!ssr) throw new Error('the web app did not load from its sources');
    app = await buildApp({ config: t.config, db: t.db, ssr, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });
  return {
    get app() {
      if (!app) throw new Error('useSourceWebApp: the app starts in beforeAll; use it inside tests');
      return app;
    },
  };
}
