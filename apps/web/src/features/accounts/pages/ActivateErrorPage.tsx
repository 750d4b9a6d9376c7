import { useSearchParams } from 'react-router';
import { useSettings } from '../../../api/queries.ts';
import { useTranslation } from '../../../app/translation.ts';
import { ButtonLink } from '../../../ui/Button.tsx';
import { AuthCard, AuthIcon, BackToLogin } from '../AuthCard.tsx';

/** /activate/error: an activation (or ?reason=reactivation: reactivation) link that did not work (spec §8). */
export default function ActivateErrorPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const [params] = useSearchParams();
  const reactivation = params.get('reason') === 'reactivation';
  return (
    <AuthCard
      head={{ title: t('meta.activationFailedTitle', { siteName: settings.name }), noindex: true }}
      icon={<AuthIcon kind="danger" />}
      title={reactivation ? t('auth.activationError.reactivationTitle') : t('auth.activationError.title')}
    >
      <p className="auth-card__lead" role="alert">
        {t('errors.activation_failed')}
      </p>
      <p className="muted">
        {reactivation ? t('auth.activationError.reactivationText') : t('auth.activationError.text')}
      </p>
      <ButtonLink to="/pages/service" size="lg" block>
        {t('auth.activationError.contact')}
      </ButtonLink>
      <BackToLogin />
    </AuthCard>
  );
}
