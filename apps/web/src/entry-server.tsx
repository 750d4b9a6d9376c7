import type { BootState, SsrResult } from '@amora/contracts';
import { PageFormats } from '@amora/contracts/intl';
import { type Catalog, LOCALES, type Locale } from '@amora/i18n';
import { renderToStringAsync } from 'preact-render-to-string';
import { StaticRouter } from 'react-router';
import { AppProviders, seedQueryClient } from './app/AppProviders.tsx';
import { HeadContext, type HeadData, headHtml } from './app/head.tsx';
import { createI18n } from './app/i18n.ts';
import { createQueryClient } from './app/query-client.ts';
import { AppRoutes, preloadRoutes } from './app/router.tsx';
import { countryNamesOf } from './entities/member/places.ts';
import { hydration, matchesOf, pageData, pageModules, routes } from './routes.tsx';

export { hydration, pageData, pageModules };

/** Renders one page to HTML, waiting for lazy routes and suspended data so the HTML is complete. */
export async function render(url: string, state: BootState): Promise<SsrResult> {
  const { pathname } = new URL(url, state.origin);
  // The page's route modules, loaded before rendering: the page renders at once, as it hydrates.
  const matches = matchesOf(pathname);
  const handle = await preloadRoutes(matches);
  const client = createQueryClient();
  seedQueryClient(client, state);
  const formats = new PageFormats();
  const i18n = createI18n(state.locale as Locale, state.catalog as Catalog, formats);
  const head: HeadData = {};

  // Waits for every suspended lazy route and query, so the HTML is complete (never streamed behind
  // inline scripts: the CSP allows none).
  const html = await renderToStringAsync(
    <HeadContext.Provider value={head}>
      <AppProviders client={client} i18n={i18n}>
        <StaticRouter location={url}>
          <AppRoutes routes={routes} matchesOf={matchesOf} />
        </StaticRouter>
      </AppProviders>
    </HeadContext.Provider>,
  );

  const params = matches[matches.length - 1]?.params ?? {};
  const status = (typeof handle?.status === 'function' ? handle.status(params) : handle?.status) ?? 200;
  // Every page has a description in its language: its own, else the site's general one.
  const fallback = {
    description: i18n.t('meta.defaultDescription', { siteName: state.settings.name }),
    locale: LOCALES.find((l) => l.code === state.locale)?.gif,
  };
  return {
    html,
    head: headHtml(head, state.origin, pathname, state.settings.name, fallback),
    status,
    countryNames: countryNamesOf(state.locale, state.settings.countries),
    formatted: formats.toJSON(),
  };
}
