import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadSsr } from '../src/ssr.ts';
import type { TestEnv } from './helpers.ts';

/**
 * The application with its page renderer (ssr.ts) on a stand-in for the built web app: the real
 * HTML template and an SSR entry whose `render(url, state)` answers `render` (a JS expression
 * of `url` and `state`, e.g. `{ html: '<main>' + state.settings.name + '</main>', head: '', status: 200 }`).
 * Built before the file's tests (on `t`'s database and config), closed after them.
 */
export function useStubWebApp(t: TestEnv, render: string): { readonly app: FastifyInstance } {
  let app: FastifyInstance | undefined;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-web-'));
    fs.mkdirSync(path.join(dist, 'client'));
    fs.mkdirSync(path.join(dist, 'server'));
    fs.copyFileSync(
      path.resolve(import.meta.dirname, '../../web/index.html'),
      path.join(dist, 'client', 'index.html'),
    );
    fs.writeFileSync(
      path.join(dist, 'server', 'entry-server.js'),
      `export const pageData = () => [];
export const pageModules = () => [];
export const render = async (url, state) => (${render});`,
    );
    const ssr = await loadSsr({ ...t.config, webDistDir: dist });
    app = await buildApp({ config: t.config, db: t.db, ssr, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });
  return {
    get app() {
      if (!app) throw new Error('the stub web app is built in beforeAll');
      return app;
    },
  };
}
