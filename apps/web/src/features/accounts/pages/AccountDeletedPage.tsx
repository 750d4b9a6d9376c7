import { useSettings } from '../../../api/queries.ts';
import { useTranslation } from '../../../app/translation.ts';
import { REACTIVATION_DAYS } from '../../../entities/session/limits.ts';
import { useRefreshUserOnMount } from '../../../entities/session/session.ts';
import { ButtonLink } from '../../../ui/Button.tsx';
import { AuthCard, AuthIcon } from '../AuthCard.tsx';

/** /account-deleted: the account waits 14 days before it is gone; the e-mailed link brings it back. */
export default function AccountDeletedPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  // Arriving here after a deletion the session has ended: the navigation forgets the member.
  useRefreshUserOnMount();
  return (
    <AuthCard
      head={{ title: t('meta.accountDeletedTitle', { siteName: settings.name }), noindex: true }}
      icon={<AuthIcon kind="mail" />}
      title={t('auth.deleted.title')}
    >
      <p className="auth-card__lead">{t('auth.deleted.text', { count: REACTIVATION_DAYS })}</p>
      <p className="muted">{t('auth.deleted.reactivate', { count: REACTIVATION_DAYS })}</p>
      <ButtonLink to="/" size="lg" variant="secondary" block>
        {t('errorPage.backHome')}
      </ButtonLink>
    </AuthCard>
  );
}
