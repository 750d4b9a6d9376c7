import type { OperatorSession } from '@amora/contracts';
import { consoleEndpoints } from '@amora/contracts/console-endpoints';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { call } from '../../api/client.ts';
import { useTranslation } from '../../app/translation.ts';
import { Button } from '../../ui/Button.tsx';
import { adminPages } from './adminPages.ts';
import { pageOpens, useSetOperatorSession } from './api.ts';

/**
 * The console's frame: the site it manages, the navigation (the pages the operator's roles open),
 * the operator's menu (account, logout). On a phone the navigation folds behind a menu button.
 */
export function AdminLayout({ session, children }: { session: OperatorSession; children: ReactNode }) {
  const { t } = useTranslation();
  const setSession = useSetOperatorSession();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const navId = useId();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the menu when the page changes
  useEffect(() => setOpen(false), [pathname]);
  const op = session.operator!;
  const logout = async () => {
    setBusy(true);
    try {
      setSession(await call(consoleEndpoints.adminCore.logout));
    } finally {
      setBusy(false);
    }
  };
  const setupOnly = session.next === 'totp_setup';
  const nav = setupOnly ? [] : adminPages.filter((p) => p.navKey && pageOpens(session, p));
  return (
    <div className="admin">
      <a className="skip-link" href="#admin-main">
        {t('common.skipToContent')}
      </a>
      <header className="admin-bar">
        <div className="admin-bar__site">
          <span className="admin-bar__label">{t('admin.core.console')}</span>
          <span className="admin-bar__name">{session.site.name}</span>
        </div>
        <button
          type="button"
          className="admin-bar__menu btn btn--ghost btn--sm"
          aria-expanded={open}
          aria-controls={navId}
          onClick={() => setOpen((o) => !o)}
        >
          {t('admin.core.menu')}
        </button>
        <nav
          id={navId}
          className={`admin-nav${open ? ' admin-nav--open' : ''}`}
          aria-label={t('admin.core.navLabel')}
        >
          <ul className="admin-nav__list">
            {nav.map((p) => (
              <li key={p.path}>
                <NavLink
                  to={p.path ? `/admin/${p.path.replace(/\/\*$/, '')}` : '/admin'}
                  end={!p.path.endsWith('/*')}
                  className="admin-nav__link"
                >
                  {t(p.navKey!)}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="admin-nav__me">
            <NavLink to="/admin/account" className="admin-nav__link">
              <span className="admin-nav__who">{op.name}</span>
              <span className="admin-nav__hint">{t('admin.core.nav.account')}</span>
            </NavLink>
            <Button variant="secondary" size="sm" busy={busy} onClick={() => void logout()}>
              {t('admin.core.logout')}
            </Button>
          </div>
        </nav>
      </header>
      <main id="admin-main" className="admin-main">
        {children}
      </main>
    </div>
  );
}
