import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSettings } from '../../../api/queries.ts';
import { Head } from '../../../app/head.tsx';
import { ButtonLink } from '../../../ui/Button.tsx';
import { AlertIcon } from '../../../ui/icons.tsx';

/** /activate/error: an activation (or ?reason=reactivation: reactivation) link that did not work (spec §8). */
export default function ActivateErrorPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const [params] = useSearchParams();
  const reactivation = params.get('reason') === 'reactivation';
  return (
    <div className="auth-page container">
      <Head title={t('meta.activationFailedTitle', { siteName: settings.name })} noindex />
      <div className="card auth-card auth-card--center">
        <AlertIcon size={44} className="auth-card__icon auth-card__icon--danger" />
        <h1 className="auth-card__title">
          {reactivation ? t('auth.activationError.reactivationTitle') : t('auth.activationError.title')}
        </h1>
        <p className="auth-card__lead" role="alert">
          {t('errors.activation_failed')}
        </p>
        <p className="muted">
          {reactivation ? t('auth.activationError.reactivationText') : t('auth.activationError.text')}
        </p>
        <ButtonLink to="/pages/service" size="lg" block>
          {t('auth.activationError.contact')}
        </ButtonLink>
        <p className="auth-card__switch">
          <Link to="/login">{t('auth.backToLogin')}</Link>
        </p>
      </div>
    </div>
  );
}
