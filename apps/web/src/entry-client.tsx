// First: zod's switch off compiled parsers (CSP), before any module defines a schema.
import './app/zod-jitless.ts';
import '@fontsource-variable/dm-sans';
import '@fontsource-variable/fraunces';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import type { BootState, Settings } from '@amora/contracts';
import { PageFormats } from '@amora/contracts/intl';
import { BOOT_STATE_ID } from '@amora/contracts/rules';
import { type Catalog, catalogLoaders, LOCALE_COOKIE, type Locale, resolveLocale } from '@amora/i18n';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { api, staticJson } from './api/client.ts';
import { AppProviders, seedQueryClient } from './app/AppProviders.tsx';
import { createI18n } from './app/i18n.ts';
import { createQueryClient } from './app/query-client.ts';
import { AppBrowserRouter, AppRoutes, preloadRoutes } from './app/router.tsx';
import { browserZoneAsKnown, rememberTimeZone } from './app/time-zone.ts';
import { seedCountryNames } from './entities/member/places.ts';
import { registerChatSessionEnd } from './features/chat/session-end.ts';
import { preloadShell } from './layouts/DefaultLayout.tsx';
import { matchesOf, routes } from './routes.tsx';

registerChatSessionEnd();

/** Boot state from the server-rendered page, or fetched when the page came from the Vite dev server. */
async function bootState(): Promise<{ state: BootState; ssr: boolean }> {
  const el = document.getElementById(BOOT_STATE_ID);
  if (el?.textContent) {
    const state = JSON.parse(el.textContent) as BootState;
    // The catalog is a file of its own (the page's head preloads it: this fetch finds it there);
    // on the console's pages a second one holds the console's texts.
    if (!state.catalog && state.catalogUrl) {
      const [pages, consoleTexts] = await Promise.all(
        [state.catalogUrl, state.consoleCatalogUrl].map((u) => (u ? staticJson<Catalog>(u) : {})),
      );
      state.catalog = { ...pages, ...consoleTexts };
    }
    return { state, ssr: true };
  }
  const settings = await api<Settings>('/api/settings.php');
  const cookie = document.cookie.match(new RegExp(`${LOCALE_COOKIE}=(\\w+)`))?.[1];
  const locale = resolveLocale(cookie, settings.domain_language);
  const catalog = await catalogLoaders[locale]();
  return { state: { locale, settings, catalog, queries: [], origin: location.origin }, ssr: false };
}

async function start() {
  const { state, ssr } = await bootState();
  const client = createQueryClient();
  seedQueryClient(client, state);
  // The dates, numbers and prices the server wrote, in the member's zone where it is the browser's
  // own now (contracts intl.ts PageFormats, app/time-zone.ts).
  const formats = new PageFormats(state.formatted, browserZoneAsKnown(state));
  const i18n = createI18n(state.locale as Locale, state.catalog as Catalog, formats);
  seedCountryNames(state.locale, state.countryNames);
  // The page's route modules load before it hydrates (the first render then matches the HTML), and
  // the next page's before a navigation shows it.
  const preloadPage = (pathname: string) => preloadRoutes(matchesOf(pathname));
  await Promise.all([preloadPage(location.pathname), ssr ? preloadShell() : undefined]);
  const app = (
    <AppProviders client={client} i18n={i18n}>
      <AppBrowserRouter preload={preloadPage}>
        <AppRoutes routes={routes} matchesOf={matchesOf} />
      </AppBrowserRouter>
    </AppProviders>
  );
  const root = document.getElementById('root')!;
  if (ssr) hydrateRoot(root, app);
  else createRoot(root).render(app);
  // The next pages' chat times come in the member's own zone from the server (app/time-zone.ts).
  rememberTimeZone(state);
}

void start();
