import { useSettings } from '../../api/queries.ts';
import { useTranslation } from '../../app/translation.ts';
import { useLoginHref } from '../../entities/session/login-href.ts';
import { SignupLink } from '../../entities/signup/SignupLink.tsx';
import { ButtonLink } from '../../ui/Button.tsx';

/** For visitors when the site keeps its members for members: a way in instead of results. */
export function SearchGate() {
  const { t } = useTranslation();
  const settings = useSettings();
  const loginHref = useLoginHref();
  return (
    <div className="card search-gate">
      <h2>{t('search.gateTitle')}</h2>
      <p className="muted">{t('search.gateText', { siteName: settings.name })}</p>
      <div className="search-gate__actions button-row button-row--center">
        <SignupLink size="lg">{t('nav.signup')}</SignupLink>
        <ButtonLink to={loginHref} size="lg" variant="secondary">
          {t('nav.login')}
        </ButtonLink>
      </div>
    </div>
  );
}
