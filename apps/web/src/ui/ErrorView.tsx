import { Link } from 'react-router';
import { useSettings } from '../api/queries.ts';
import { Head } from '../app/head.tsx';
import { useTranslation } from '../app/translation.ts';
import './error-page.css';

/** The error page of spec §2/§8: a message (default 'Error') and a status (default 500); 404 links home. */
export function ErrorView({ status = 500, message }: { status?: number; message?: string }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const notFound = status === 404;
  const text = message ?? (notFound ? t('errorPage.notFound') : t('errorPage.defaultMessage'));
  return (
    <section className="error-page container">
      <Head
        title={
          notFound
            ? t('meta.notFoundTitle', { siteName: settings.name })
            : t('meta.errorTitle', { siteName: settings.name })
        }
        noindex
      />
      <p className="error-page__status" aria-hidden="true">
        {status}
      </p>
      <h1 className="error-page__message">{text}</h1>
      <p className="muted">{t('errorPage.statusLabel', { status })}</p>
      {notFound ? (
        <Link className="btn btn--primary btn--lg" to="/">
          {t('errorPage.backHome')}
        </Link>
      ) : (
        <button type="button" className="btn btn--primary btn--lg" onClick={() => window.location.reload()}>
          {t('errorPage.reload')}
        </button>
      )}
    </section>
  );
}
