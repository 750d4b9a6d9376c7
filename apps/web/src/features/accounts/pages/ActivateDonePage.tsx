import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { userKey, useSettings, useUser } from '../../../api/queries.ts';
import { Head } from '../../../app/head.tsx';
import { ButtonLink } from '../../../ui/Button.tsx';
import { CheckIcon } from '../../../ui/icons.tsx';

/** /activate/done: the activation link worked (the server logged the member in and sent them here). */
export default function ActivateDonePage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const client = useQueryClient();
  // The account just became active: make sure the banner and the navigation know.
  useEffect(() => {
    void client.invalidateQueries({ queryKey: userKey });
  }, [client]);
  return (
    <div className="auth-page container">
      <Head title={t('meta.activatedTitle', { siteName: settings.name })} noindex />
      <div className="card auth-card auth-card--center">
        <CheckIcon size={44} className="auth-card__icon auth-card__icon--success" />
        <h1 className="auth-card__title">
          {user?.profile.name
            ? t('auth.activated.titleNamed', { name: user.profile.name })
            : t('auth.activated.title')}
        </h1>
        <p className="auth-card__lead">{t('auth.activated.text', { siteName: settings.name })}</p>
        <ButtonLink to={user ? '/members' : '/login'} size="lg" block>
          {user ? t('auth.activated.cta') : t('auth.login.submit')}
        </ButtonLink>
      </div>
    </div>
  );
}
