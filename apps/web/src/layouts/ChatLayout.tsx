import { Suspense } from 'react';
import { Outlet, useMatch } from 'react-router';
import { useSettings, useUser } from '../api/queries.ts';
import { useTranslation } from '../app/translation.ts';
import { EntryWarning } from '../features/shell/EntryWarning.tsx';
import { TopNav } from '../features/shell/TopNav.tsx';

/**
 * Chat layout (spec §2): bare (no banners, footer or modals of the default layout), only the top
 * navigation so the member can leave and sees the badges; the chat fills the rest of the screen.
 * On phones an open conversation is full screen: the navigation steps aside (chats-page.css) and the
 * conversation's header has its own back button with the Messages badge (docs/ARCHITECTURE.md).
 * The entry warning shows here only for visitors from NL and DE.
 */
export function ChatLayout() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const warn = ['NL', 'DE'].includes(settings.geoip_country);
  const inList = useMatch('/chats/:id');
  const withMember = useMatch('/members/:id/chat');
  const open = !!inList || !!withMember;
  return (
    <div className={`layout layout--chat ${open ? 'layout--chat-open' : ''}`}>
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
