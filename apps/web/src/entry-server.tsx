import { PassThrough } from 'node:stream';
import type { BootState, SsrResult } from '@amora/contracts';
import { type Catalog, LOCALES, type Locale } from '@amora/i18n';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders, seedQueryClient } from './app/AppProviders.tsx';
import { HeadContext, type HeadData, headHtml } from './app/head.tsx';
import { createI18n } from './app/i18n.ts';
import { createQueryClient } from './app/query-client.ts';
import type { RouteHandle } from './app/route-handle.ts';
import { hydration, pageData, pageModules, routes } from './routes.tsx';

export { hydration, pageData, pageModules };

const handler = createStaticHandler(routes);

/** Renders one page to HTML, waiting for lazy routes and suspended data so the HTML is complete. */
export async function render(url: string, state: BootState): Promise<SsrResult> {
  const request = new Request(new URL(url, state.origin).href, { method: 'GET' });
  const context = await handler.query(request);
  if (context instanceof Response) {
    return { html: '', head: '', status: context.status, redirect: context.headers.get('location') ?? '/' };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const client = createQueryClient();
  seedQueryClient(client, state);
  const i18n = createI18n(state.locale as Locale, state.catalog as Catalog);
  const head: HeadData = {};

  const html = await new Promise<string>((resolve, reject) => {
    let failed: unknown;
    const stream = renderToPipeableStream(
      <HeadContext.Provider value={head}>
        <AppProviders client={client} i18n={i18n}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </HeadContext.Provider>,
      {
        onAllReady() {
          const sink = new PassThrough();
          let out = '';
          sink.on('data', (c: Buffer) => {
            out += c.toString('utf8');
          });
          sink.on('end', () => (failed ? reject(failed) : resolve(out)));
          stream.pipe(sink);
        },
        // Never outline a finished boundary behind an inline script (the CSP allows none).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellError: reject,
        onError(err) {
          failed = err;
        },
      },
    );
  });

  const leaf = context.matches[context.matches.length - 1];
  const handle = leaf?.route.handle as RouteHandle | undefined;
  const declared = typeof handle?.status === 'function' ? handle.status(leaf?.params ?? {}) : handle?.status;
  const status = context.statusCode !== 200 ? context.statusCode : (declared ?? 200);
  const pathname = new URL(request.url).pathname;
  // Every page has a description in its language: its own, else the site's general one.
  const fallback = {
    description: i18n.t('meta.defaultDescription', { siteName: state.settings.name }),
    locale: LOCALES.find((l) => l.code === state.locale)?.gif,
  };
  return { html, head: headHtml(head, state.origin, pathname, state.settings.name, fallback), status };
}
