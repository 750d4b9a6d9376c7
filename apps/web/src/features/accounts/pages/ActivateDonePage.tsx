import { useTranslation } from 'react-i18next';
import { useSettings, useUser } from '../../../api/queries.ts';
import { ButtonLink } from '../../../ui/Button.tsx';
import { AuthCard, AuthIcon } from '../AuthCard.tsx';
import { useRefreshUserOnMount } from '../session.ts';

/** /activate/done: the activation link worked (the server logged the member in and sent them here). */
export default function ActivateDonePage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  // The account just became active: make sure the banner and the navigation know.
  useRefreshUserOnMount();
  return (
    <AuthCard
      head={{ title: t('meta.activatedTitle', { siteName: settings.name }), noindex: true }}
      icon={<AuthIcon kind="success" />}
      title={
        user?.profile.name
          ? t('auth.activated.titleNamed', { name: user.profile.name })
          : t('auth.activated.title')
      }
    >
      <p className="auth-card__lead">{t('auth.activated.text', { siteName: settings.name })}</p>
      <ButtonLink to={user ? '/members' : '/login'} size="lg" block>
        {user ? t('auth.activated.cta') : t('auth.login.submit')}
      </ButtonLink>
    </AuthCard>
  );
}
