import { safeRedirect } from '@amora/contracts/rules';
import { catalogLoaders, type Locale } from '@amora/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { Head } from '../../app/head.tsx';
import { useHydrated } from '../../app/hydrated.ts';
import { useTranslation } from '../../app/translation.ts';
import { QueryError } from '../../ui/QueryError.tsx';
import { AdminLayout } from './AdminLayout.tsx';
import { AdminLoginPage } from './AdminLoginPage.tsx';
import { adminPages } from './adminPages.ts';
import { operatorSessionKey, pageOpens, useOperatorSession } from './api.ts';
import './admin.css';

const AccountPage = lazy(() => import('./core/AccountPage.tsx'));

/** While the console starts: the same on the server and at hydration (the console renders in the browser). */
function Starting() {
  const { t } = useTranslation();
  return (
    <main className="admin-start" aria-busy="true">
      <Head title={t('admin.core.title')} noindex />
      <p>{t('admin.core.loading')}</p>
    </main>
  );
}

/**
 * The operator console at /admin/* (issue 17): a lazy chunk that member and visitor pages never
 * load. The server renders only a shell (the console's data needs the console cookie, and nothing
 * of it is for search engines); the browser then asks for the console session and shows the
 * login, or the console's pages of adminPages.ts that the operator's roles open.
 */
export default function AdminApp() {
  const hydrated = useHydrated();
  if (!useConsoleTexts()) return null;
  return hydrated ? <Console /> : <Starting />;
}

/**
 * Whether the console's texts (admin.*) are there. A console page's own load brings them (its boot
 * state names the console's catalog file, server ssr.ts); a member page's catalog has none, so
 * arriving here by the app's navigation loads them from the language's catalog chunk first.
 */
function useConsoleTexts(): boolean {
  const { i18n } = useTranslation();
  const ready = i18n.exists('admin.core.title');
  const [, setLoaded] = useState(false);
  useEffect(() => {
    if (ready) return;
    const locale = i18n.language as Locale;
    let live = true;
    void catalogLoaders[locale]().then((catalog) => {
      i18n.addResourceBundle(locale, 'translation', { admin: catalog.admin }, true, true);
      if (live) setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, [ready, i18n]);
  return ready;
}

function Console() {
  const { t } = useTranslation();
  const session = useOperatorSession();
  const { pathname, search } = useLocation();
  const client = useQueryClient();
  // A console call answered 404 where it worked before: the session ended (30 minutes idle, 12
  // hours, logged out elsewhere, roles taken away). Ask for the session again: the login follows.
  useEffect(
    () =>
      client.getQueryCache().subscribe((e) => {
        const key = e.query.queryKey;
        if (e.type !== 'updated' || key[0] !== 'admin' || key[1] === 'session') return;
        const err = e.query.state.error;
        if (err instanceof ApiError && err.status === 404)
          void client.invalidateQueries({ queryKey: operatorSessionKey });
      }),
    [client],
  );
  const pages = useMemo(() => adminPages.map((p) => ({ ...p, Component: lazy(p.lazy) })), []);
  if (session.isPending) return <Starting />;
  if (session.isError) return <QueryError query={session} className="admin-start" />;
  const s = session.data;
  const onLogin = pathname === '/admin/login';
  if (!s.operator) {
    if (onLogin) return <AdminLoginPage session={s} />;
    const back = pathname === '/admin' ? '' : `?redirect=${encodeURIComponent(pathname + search)}`;
    return <Navigate to={`/admin/login${back}`} replace />;
  }
  if (onLogin) {
    const target = safeRedirect(new URLSearchParams(search).get('redirect'), '/admin');
    return <Navigate to={target.startsWith('/admin') ? target : '/admin'} replace />;
  }
  // A required second factor comes first: until it is set up only the account page opens.
  if (s.next === 'totp_setup' && pathname !== '/admin/account')
    return <Navigate to="/admin/account" replace />;
  return (
    <AdminLayout session={s}>
      <Suspense fallback={<p className="admin-loading">{t('admin.core.loading')}</p>}>
        <Routes>
          {pages.map((p) =>
            pageOpens(s, p) ? (
              <Route
                key={p.path}
                path={p.path === '' ? undefined : p.path}
                index={p.path === ''}
                element={<p.Component />}
              />
            ) : null,
          )}
          <Route path="account" element={<AccountPage />} />
          <Route path="*" element={<AdminNotFound />} />
        </Routes>
      </Suspense>
    </AdminLayout>
  );
}

function AdminNotFound() {
  const { t } = useTranslation();
  return (
    <section className="admin-page">
      <Head title={t('admin.core.notFound')} noindex />
      <h1 className="admin-page__title">{t('admin.core.notFound')}</h1>
    </section>
  );
}
