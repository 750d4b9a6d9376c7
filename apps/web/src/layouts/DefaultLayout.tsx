import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { EntryWarning } from '../features/shell/EntryWarning.tsx';
import { Footer } from '../features/shell/Footer.tsx';
import { TopNav } from '../features/shell/TopNav.tsx';

/** Default layout (spec §2): top navigation, banners, content, footer with disclaimer, entry warning. */
export function DefaultLayout() {
  const { t } = useTranslation();
  return (
    <div className="layout layout--default">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <TopNav />
      <main id="main" className="layout__main" tabIndex={-1}>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <EntryWarning />
    </div>
  );
}
