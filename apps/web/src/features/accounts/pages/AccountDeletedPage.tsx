import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { userKey, useSettings } from '../../../api/queries.ts';
import { Head } from '../../../app/head.tsx';
import { ButtonLink } from '../../../ui/Button.tsx';
import { MailIcon } from '../../../ui/icons.tsx';
import { REACTIVATION_DAYS } from '../limits.ts';

/** /account-deleted: the account waits 14 days before it is gone; the e-mailed link brings it back. */
export default function AccountDeletedPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const client = useQueryClient();
  // Arriving here after a deletion the session has ended: the navigation forgets the member.
  useEffect(() => {
    void client.invalidateQueries({ queryKey: userKey });
  }, [client]);
  return (
    <div className="auth-page container">
      <Head title={t('meta.accountDeletedTitle', { siteName: settings.name })} noindex />
      <div className="card auth-card auth-card--center">
        <MailIcon size={44} className="auth-card__icon" />
        <h1 className="auth-card__title">{t('auth.deleted.title')}</h1>
        <p className="auth-card__lead">{t('auth.deleted.text', { count: REACTIVATION_DAYS })}</p>
        <p className="muted">{t('auth.deleted.reactivate', { count: REACTIVATION_DAYS })}</p>
        <ButtonLink to="/" size="lg" variant="secondary" block>
          {t('errorPage.backHome')}
        </ButtonLink>
      </div>
    </div>
  );
}
