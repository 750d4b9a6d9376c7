import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useSettings, useUser } from '../api/queries.ts';
import { EntryWarning } from '../features/shell/EntryWarning.tsx';
import { TopNav } from '../features/shell/TopNav.tsx';

/**
 * Chat layout (spec §2): bare (no banners, footer or modals of the default layout), only the top
 * navigation so the member can leave and sees the Messages badge; the chat fills the rest of the
 * screen. The entry warning shows here only for visitors from NL and DE.
 */
export function ChatLayout() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const warn = ['NL', 'DE'].includes(settings.geoip_country);
  return (
    <div className="layout layout--chat">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <TopNav />
      <main id="main" className="layout__main" tabIndex={-1}>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      {warn ? <EntryWarning loggedIn={!!user} /> : null}
    </div>
  );
}
