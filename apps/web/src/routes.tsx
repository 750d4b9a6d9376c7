import type { Hydration } from '@amora/contracts';
import { LANDER_DESIGNS, type LanderDesign } from '@amora/contracts/landers';
import type { PageData } from '@amora/contracts/rules';
import { isInfoPage } from '@amora/i18n';
import type { ComponentType } from 'react';
import { matchRoutes, type RouteMatch, type RouteObject } from 'react-router';
import { reloadForChunkError } from './app/chunk-reload.ts';
import type { RouteHandle } from './app/route-handle.ts';
import { ChatLayout } from './layouts/ChatLayout.tsx';
import { DefaultLayout } from './layouts/DefaultLayout.tsx';
import { EmptyLayout } from './layouts/EmptyLayout.tsx';
import { LanderLayout } from './layouts/LanderLayout.tsx';
import { RootLayout } from './layouts/RootLayout.tsx';
import { RouteError } from './pages/RouteError.tsx';

type PageModule = { default: ComponentType; handle?: RouteHandle };

/** A route's lazy loader, named with its module's source path (for the server to link its styles). */
export type PageLoader = NonNullable<RouteObject['lazy']> & { module: string };

/**
 * A lazily loaded route module; a chunk that fails to load reloads the page (once a minute at
 * most). `file` is the module's path as imported (a unit test checks the two agree): the server
 * looks it up in the build manifest to put the page's stylesheets in the HTML head.
 */
function page(file: string, load: () => Promise<PageModule>): PageLoader {
  const lazy = async () => {
    try {
      const m = await load();
      // A module's own handle only when it has one: a route may declare its data statically.
      return m.handle ? { Component: m.default, handle: m.handle } : { Component: m.default };
    } catch (err) {
      if (typeof window !== 'undefined' && reloadForChunkError(err)) return new Promise<never>(() => {});
      throw err;
    }
  };
  return Object.assign(lazy, { module: `src/${file.replace(/^\.\//, '')}` });
}

const notFound = page('./pages/NotFound.tsx', () => import('./pages/NotFound.tsx'));
const infoPage = page('./pages/InfoPage.tsx', () => import('./pages/InfoPage.tsx'));
const likesPage = page('./features/likes/LikesPage.tsx', () => import('./features/likes/LikesPage.tsx'));
const chatsPage = page('./features/chat/ChatsPage.tsx', () => import('./features/chat/ChatsPage.tsx'));
const creditsPage = page(
  './features/credits/CreditsPage.tsx',
  () => import('./features/credits/CreditsPage.tsx'),
);
const methodPage = page(
  './features/credits/PaymentMethodPage.tsx',
  () => import('./features/credits/PaymentMethodPage.tsx'),
);
/** The nine landers: a route module per design, so a lander loads its own design's code and CSS alone. */
// biome-ignore format: one line per lander design
const landerPages: Record<LanderDesign, PageLoader> = {
  alonetonight: page('./features/landers/designs/AloneTonight.tsx', () => import('./features/landers/designs/AloneTonight.tsx')),
  collagelanding: page('./features/landers/designs/Collage.tsx', () => import('./features/landers/designs/Collage.tsx')),
  gallery: page('./features/landers/designs/Gallery.tsx', () => import('./features/landers/designs/Gallery.tsx')),
  iconslanding: page('./features/landers/designs/Icons.tsx', () => import('./features/landers/designs/Icons.tsx')),
  maplanding: page('./features/landers/designs/MapLander.tsx', () => import('./features/landers/designs/MapLander.tsx')),
  socialnetwork: page('./features/landers/designs/Social.tsx', () => import('./features/landers/designs/Social.tsx')),
  transitionsvideolanding: page('./features/landers/designs/Transitions.tsx', () => import('./features/landers/designs/Transitions.tsx')),
  video: page('./features/landers/designs/Video.tsx', () => import('./features/landers/designs/Video.tsx')),
  tinderswipe: page('./features/landers/designs/Swipe.tsx', () => import('./features/landers/designs/Swipe.tsx')),
};
const memberLanderPage = page(
  './features/landers/MemberLanderPage.tsx',
  () => import('./features/landers/MemberLanderPage.tsx'),
);
/** A member lander (spec §2 `/members/{id}/landing...`, `/signup`): the member's teaser, data from the server. */
const memberLander = (path: string): RouteObject => ({
  path: `members/:id/${path}`,
  lazy: memberLanderPage,
  handle: {
    data: ({ id, slug }) =>
      id ? [{ kind: 'lander', design: path.split('/')[0] ?? path, slug, member: id }] : [],
    // The signup page (EmptyLayout) is a form: it hydrates at once.
    hydrate: path === 'signup' ? 'load' : 'interaction',
  } satisfies RouteHandle,
});

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    children: [
      {
        Component: DefaultLayout,
        ErrorBoundary: RouteError,
        children: [
          {
            index: true,
            lazy: page('./pages/Home.tsx', () => import('./pages/Home.tsx')),
            handle: { data: () => [{ kind: 'featured' }], hydrate: 'interaction' } satisfies RouteHandle,
          },
          // Info pages by their token (spec §2 `{token}`: /pages/terms, /pages/faq...); a token that
          // names no page renders the 404 page with status 404.
          {
            path: 'pages/:token',
            lazy: infoPage,
            handle: {
              status: (p) => (isInfoPage(p.token) ? 200 : 404),
              hydrate: 'interaction',
            } satisfies RouteHandle,
          },
          // Accounts (spec §2)
          // The login and the password reset: a visitor fills in and sends the form before the app
          // has loaded (entry-loader.ts holds the submission; ui/needs-app.ts).
          {
            path: 'login',
            lazy: page(
              './features/accounts/pages/LoginPage.tsx',
              () => import('./features/accounts/pages/LoginPage.tsx'),
            ),
            handle: { hydrate: 'interaction' } satisfies RouteHandle,
          },
          {
            path: 'signup',
            lazy: page(
              './features/signup/pages/SignupPage.tsx',
              () => import('./features/signup/pages/SignupPage.tsx'),
            ),
            // A visitor's form on the loader: what is typed and chosen before the app runs is
            // replayed to it (entry-loader.ts).
            handle: { hydrate: 'interaction' } satisfies RouteHandle,
          },
          {
            path: 'complete-signup',
            lazy: page(
              './features/signup/pages/CompleteSignupPage.tsx',
              () => import('./features/signup/pages/CompleteSignupPage.tsx'),
            ),
          },
          {
            path: 'signup-matches',
            lazy: page(
              './features/signup/pages/SignupMatchesPage.tsx',
              () => import('./features/signup/pages/SignupMatchesPage.tsx'),
            ),
          },
          {
            path: 'reset-password',
            lazy: page(
              './features/accounts/pages/ResetPasswordPage.tsx',
              () => import('./features/accounts/pages/ResetPasswordPage.tsx'),
            ),
            handle: { hydrate: 'interaction' } satisfies RouteHandle,
          },
          {
            path: 'reset-password/do',
            lazy: page(
              './features/accounts/pages/ResetPasswordDoPage.tsx',
              () => import('./features/accounts/pages/ResetPasswordDoPage.tsx'),
            ),
          },
          {
            path: 'account-deleted',
            lazy: page(
              './features/accounts/pages/AccountDeletedPage.tsx',
              () => import('./features/accounts/pages/AccountDeletedPage.tsx'),
            ),
          },
          {
            path: 'notifications',
            lazy: page('./pages/SettingsPage.tsx', () => import('./pages/SettingsPage.tsx')),
            // Its switches (mail preferences, chat privacy) are in the server's HTML.
            handle: { data: () => [{ kind: 'settings' }] } satisfies RouteHandle,
          },
          {
            // The visible unsubscribe link of notification mail (works without logging in).
            path: 'unsubscribe',
            lazy: page(
              './features/notifications/UnsubscribePage.tsx',
              () => import('./features/notifications/UnsubscribePage.tsx'),
            ),
          },
          {
            // A moderation decision's statement of reasons and appeal (mail link, refused login).
            path: 'notice/:token',
            lazy: page(
              './features/moderation/NoticePage.tsx',
              () => import('./features/moderation/NoticePage.tsx'),
            ),
          },
          {
            path: 'activate/done',
            lazy: page(
              './features/accounts/pages/ActivateDonePage.tsx',
              () => import('./features/accounts/pages/ActivateDonePage.tsx'),
            ),
          },
          {
            path: 'activate/error',
            lazy: page(
              './features/accounts/pages/ActivateErrorPage.tsx',
              () => import('./features/accounts/pages/ActivateErrorPage.tsx'),
            ),
          },
          {
            path: 'mail-change/do',
            lazy: page(
              './features/accounts/pages/MailChangeDoPage.tsx',
              () => import('./features/accounts/pages/MailChangeDoPage.tsx'),
            ),
          },
          // Profiles and discovery (spec §2)
          {
            path: 'members',
            lazy: page('./features/search/SearchPage.tsx', () => import('./features/search/SearchPage.tsx')),
            // Its first page of results is in the server's HTML (tiles, not placeholders).
            handle: { data: () => [{ kind: 'search' }] } satisfies RouteHandle,
          },
          {
            path: 'members/:id',
            lazy: page(
              './features/profiles/MemberPage.tsx',
              () => import('./features/profiles/MemberPage.tsx'),
            ),
            handle: { data: ({ id }) => (id ? [{ kind: 'member', id }] : []) } satisfies RouteHandle,
          },
          {
            path: 'profile',
            lazy: page(
              './features/profiles/ProfilePage.tsx',
              () => import('./features/profiles/ProfilePage.tsx'),
            ),
            // The editor's sections are in the server's HTML, not arriving after it.
            handle: { data: () => [{ kind: 'ownProfile' }] } satisfies RouteHandle,
          },
          {
            path: 'complaints',
            lazy: page(
              './features/complaints/ComplaintsPage.tsx',
              () => import('./features/complaints/ComplaintsPage.tsx'),
            ),
          },
          // Likes (spec §2): the overview and the three like states (LIKE_TYPES of the contracts, spelled
          // out so this entry module needs no value import from them); any other type is the 404 page.
          ...['likes', 'likes/sent', 'likes/received', 'likes/matches'].map((path) => ({
            path,
            lazy: likesPage,
            handle: { data: () => [{ kind: 'likes' }] } satisfies RouteHandle,
          })),
          {
            path: 'likes/m/:id',
            lazy: page(
              './features/profiles/MemberPage.tsx',
              () => import('./features/profiles/MemberPage.tsx'),
            ),
          },
          // Discovery (spec §1/§2): the swipe game and the match finder, members only (contracts/rules)
          {
            path: 'swipe-game',
            lazy: page(
              './features/discover/SwipeGamePage.tsx',
              () => import('./features/discover/SwipeGamePage.tsx'),
            ),
            // Their cards are in the server's HTML (their photos paint with the page).
            handle: { data: () => [{ kind: 'swipe' }] } satisfies RouteHandle,
          },
          {
            path: 'match-finder',
            lazy: page(
              './features/discover/MatchFinderPage.tsx',
              () => import('./features/discover/MatchFinderPage.tsx'),
            ),
            handle: { data: () => [{ kind: 'matchFinder' }] } satisfies RouteHandle,
          },
          // Credits purchase (spec §2): prices, packages, buying again with the stored card, premium,
          // the payment method page, the direct-debit form, the transactions and the page the
          // provider's checkout returns to.
          {
            path: 'pricing',
            lazy: page(
              './features/credits/PricingPage.tsx',
              () => import('./features/credits/PricingPage.tsx'),
            ),
            // The packages and prices are in the server's HTML (for search engines and without
            // scripts); a visitor's copy is read and its packages (links) followed without the app.
            handle: { data: () => [{ kind: 'pricing' }], hydrate: 'interaction' } satisfies RouteHandle,
          },
          // Their packages are in the server's HTML too (without a discount code: priced in the
          // browser), as are the checkout's and the direct debit's (no test-payments note arriving
          // late above the form).
          {
            path: 'credits',
            lazy: creditsPage,
            handle: { data: () => [{ kind: 'pricing' }] } satisfies RouteHandle,
          },
          {
            path: 'credits/repeat-order',
            lazy: page(
              './features/credits/RepeatOrderPage.tsx',
              () => import('./features/credits/RepeatOrderPage.tsx'),
            ),
          },
          // Only the package ids p0-p3 (spelled out as for likes): another id is the 404 page.
          ...['p0', 'p1', 'p2', 'p3'].map((id) => ({
            path: `credits/${id}/:paymentmethod?`,
            lazy: methodPage,
            handle: { data: () => [{ kind: 'pricing' }] } satisfies RouteHandle,
          })),
          {
            path: 'premium',
            lazy: page(
              './features/credits/PremiumPage.tsx',
              () => import('./features/credits/PremiumPage.tsx'),
            ),
            handle: { data: () => [{ kind: 'pricing' }] } satisfies RouteHandle,
          },
          {
            path: 'transactions',
            lazy: page(
              './features/credits/TransactionsPage.tsx',
              () => import('./features/credits/TransactionsPage.tsx'),
            ),
            handle: { data: () => [{ kind: 'orders' }] } satisfies RouteHandle,
          },
          {
            path: 'transactions/:id',
            lazy: page(
              './features/credits/TransactionPage.tsx',
              () => import('./features/credits/TransactionPage.tsx'),
            ),
            // The order as it stands is in the server's HTML (the page the provider returns to);
            // the page then asks the provider and follows it.
            handle: { data: ({ id }) => (id ? [{ kind: 'order', id }] : []) } satisfies RouteHandle,
          },
          {
            path: 'directdebit',
            lazy: page(
              './features/credits/DirectDebitPage.tsx',
              () => import('./features/credits/DirectDebitPage.tsx'),
            ),
            handle: { data: () => [{ kind: 'pricing' }] } satisfies RouteHandle,
          },
          {
            path: 'lang-config',
            lazy: page('./pages/LangConfig.tsx', () => import('./pages/LangConfig.tsx')),
          },
          { path: '*', lazy: notFound },
        ],
      },
      {
        // The operator console (issue 17): one lazy chunk with its own layout and pages
        // (features/admin/adminPages.ts); member and visitor pages never load it.
        path: 'admin/*',
        lazy: page('./features/admin/AdminApp.tsx', () => import('./features/admin/AdminApp.tsx')),
      },
      {
        Component: ChatLayout,
        children: ['chats', 'chats/:id', 'members/:id/chat'].map((path) => ({
          path,
          lazy: chatsPage,
          // The open conversation's messages come too (by its id, or by the partner's: with a
          // member not written to yet, their profile and the empty conversation).
          handle: {
            data: ({ id }) => [
              id === undefined
                ? { kind: 'chats' }
                : path === 'chats/:id'
                  ? { kind: 'chats', conversation: id }
                  : { kind: 'chats', member: id },
            ],
          } satisfies RouteHandle,
        })),
      },
      {
        Component: LanderLayout,
        children: [
          ...['landing', 'landing2/:slug?', 'landing3/:slug?'].map((p) => memberLander(p)),
          ...LANDER_DESIGNS.map((design) => ({
            path: `landers/${design}/:slug?`,
            lazy: landerPages[design],
            handle: {
              data: ({ slug }) => [{ kind: 'lander', design, slug }],
              hydrate: 'interaction',
            } satisfies RouteHandle,
          })),
        ],
      },
      {
        Component: EmptyLayout,
        children: [memberLander('signup')],
      },
    ],
  },
];

/**
 * The routes matching `pathname`, kept per path: React Router flattens, ranks and compiles every
 * route on each matchRoutes call (a millisecond on a busy server), and the server asks three
 * times for each page it renders (pageData, pageModules, hydration). At most 1,000 paths kept.
 */
const matched = new Map<string, ReturnType<typeof matchRoutes>>();
export function matchesOf(pathname: string): RouteMatch[] {
  let matches = matched.get(pathname);
  if (matches === undefined) {
    matches = matchRoutes(routes, pathname);
    if (matched.size >= 1000) matched.clear();
    matched.set(pathname, matches);
  }
  return matches ?? [];
}

/** The data the routes matching `pathname` declare (the server fetches it before rendering). */
export function pageData(pathname: string): PageData[] {
  return matchesOf(pathname).flatMap(
    (m) => (m.route.handle as RouteHandle | undefined)?.data?.(m.params) ?? [],
  );
}

/** Source paths of the route modules a page at `pathname` loads (layouts are in the entry). */
export function pageModules(pathname: string): string[] {
  return matchesOf(pathname).flatMap((m) => {
    const module = (m.route.lazy as Partial<PageLoader> | undefined)?.module;
    return module ? [module] : [];
  });
}

/** When a visitor's page at `pathname` hydrates: as its deepest route declares, else at once. */
export function hydration(pathname: string): Hydration {
  const matches = matchesOf(pathname);
  const leaf = matches[matches.length - 1];
  return (leaf?.route.handle as RouteHandle | undefined)?.hydrate ?? 'load';
}
