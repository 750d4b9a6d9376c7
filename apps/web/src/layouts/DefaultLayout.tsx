import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useUser } from '../api/queries.ts';
import { AfterHydration } from '../app/hydrated.ts';
import { preloadable } from '../app/preloadable.tsx';
import { useTranslation } from '../app/translation.ts';
import { ActivationBanner } from '../features/accounts/ActivationBanner.tsx';
import { MailOffSlot } from '../features/notifications/MailOffSlot.tsx';
import { EntryWarning } from '../features/shell/EntryWarning.tsx';
import { Footer } from '../features/shell/Footer.tsx';
import { StandaloneBack } from '../features/shell/StandaloneBack.tsx';
import { TopNav } from '../features/shell/TopNav.tsx';
import { SignupModalProvider } from '../features/signup/SignupModal.tsx';

/**
 * The welcome time bonus (banner and modal): its own chunk, loaded only for members who have not
 * paid; before hydration where the server's page has its strip (`preloadShell`).
 */
const { Component: TimeBonus, preload: preloadTimeBonus } = preloadable(
  () => import('../features/promotions/TimeBonus.tsx'),
);

/** Loads what the layout shows in a server-rendered page from chunks of their own, before it hydrates. */
export async function preloadShell(): Promise<void> {
  if (document.getElementById('time-bonus-title')) await preloadTimeBonus().catch(() => {});
}
/** The push option (spec §4): its own chunk, for members only. */
const PushOffer = lazy(() => import('../features/push/PushOffer.tsx'));

/**
 * Default layout (spec §2): top navigation, banners, content, footer with disclaimer, entry
 * warning, signup modal, time-bonus modal. The banners are listed by priority (activation
 * reminder, mail off, welcome bonus, push option) and only the first one present shows
 * (ui/banner.css): one strip at a time, the next once it is put away (issue 26 item 10).
 */
export function DefaultLayout() {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <SignupModalProvider>
      <div className="layout layout--default">
        <a className="skip-link" href="#main">
          {t('common.skipToContent')}
        </a>
        <TopNav />
        <div className="banners">
          {user?.status === 'not_confirmed' ? <ActivationBanner user={user} /> : null}
          {user ? (
            <AfterHydration>
              <MailOffSlot user={user} />
            </AfterHydration>
          ) : null}
          {user && !user.paid_user ? (
            <Suspense fallback={null}>
              <TimeBonus />
            </Suspense>
          ) : null}
          {user ? (
            <AfterHydration>
              <Suspense fallback={null}>
                <PushOffer />
              </Suspense>
            </AfterHydration>
          ) : null}
        </div>
        <main id="main" className="layout__main" tabIndex={-1}>
          <StandaloneBack />
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </main>
        <Footer />
        <EntryWarning loggedIn={!!user} />
      </div>
    </SignupModalProvider>
  );
}
