import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import type { PageCacheOptions } from '../src/platform/page-cache.ts';
import type { SsrRenderer } from '../src/platform/web.ts';
import { loadSsr } from '../src/ssr.ts';
import type { TestEnv } from './helpers.ts';

/**
 * The public pages as the web app's routes declare them (routes.tsx `hydrate: 'interaction'`):
 * home, info pages, pricing, login, signup, password reset, landers and member landers but their
 * signup.
 */
const PUBLIC_PAGES =
  /^\/(pages\/[^/]+|pricing|login|signup|reset-password|landers\/[^/]+(\/[^/]+)?|members\/[^/]+\/landing[23]?(\/[^/]+)?)?$/;

/**
 * The application with its page renderer (ssr.ts) on a stand-in for the built web app: the real
 * HTML template and an SSR entry whose `render(url, state)` answers `render` (a JS expression
 * of `url`, `state` and `renders`, the count of renders so far, e.g.
 * `{ html: '<main>' + state.settings.name + '</main>', head: '', status: 200 }`). The pages that
 * hydrate on interaction are the web app's public ones; `opts.pageData` is the entry's
 * `pageData(pathname)` as a JS expression of `pathname` (none by default); `opts.pageCache` the
 * public page cache's options (its clock). Built before the file's tests (on `t`'s database and
 * config), closed after them.
 */
/**
 * The stand-in for the built web app on its own (see useStubWebApp): a folder with the real HTML
 * template and an SSR entry answering `render`, loaded as ssr.ts loads a build. For apps the test
 * builds itself (several instances); `remove()` deletes the folder.
 */
export async function stubWebBuild(
  config: Config,
  render: string,
  opts: { pageData?: string } = {},
): Promise<{ ssr: SsrRenderer; remove: () => void }> {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-web-'));
  fs.mkdirSync(path.join(dist, 'client'));
  fs.mkdirSync(path.join(dist, 'server'));
  fs.copyFileSync(
    path.resolve(import.meta.dirname, '../../web/index.html'),
    path.join(dist, 'client', 'index.html'),
  );
  fs.writeFileSync(
    path.join(dist, 'server', 'entry-server.js'),
    `export const pageData = (pathname) => (${opts.pageData ?? '[]'});
export const pageModules = () => [];
export const hydration = (pathname) => (${PUBLIC_PAGES}.test(pathname) ? 'interaction' : 'load');
let renders = 0;
export const render = async (url, state) => (renders++, ${render});`,
  );
  const ssr = await loadSsr({ ...config, webDistDir: dist });
  if (!ssr) throw new Error('the stand-in web build did not load');
  return { ssr, remove: () => fs.rmSync(dist, { recursive: true, force: true }) };
}

export function useStubWebApp(
  t: TestEnv,
  render: string,
  opts: { pageData?: string; pageCache?: PageCacheOptions } = {},
): { readonly app: FastifyInstance } {
  let app: FastifyInstance | undefined;
  let remove = () => {};
  beforeAll(async () => {
    const build = await stubWebBuild(t.config, render, opts);
    remove = build.remove;
    app = await buildApp({
      config: t.config,
      db: t.db,
      ssr: build.ssr,
      logger: false,
      pageCache: opts.pageCache,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    remove();
  });
  return {
    get app() {
      if (!app) throw new Error('the stub web app is built in beforeAll');
      return app;
    },
  };
}
