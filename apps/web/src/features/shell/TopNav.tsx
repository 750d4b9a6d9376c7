import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSettings } from '../../api/queries.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { Logo } from '../../ui/Logo.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';

/** Top navigation for visitors (spec §2): logo, language dropdown, Login button leading to members. */
export function TopNav() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { pathname } = useLocation();
  return (
    <header className="topnav">
      <nav className="topnav__inner container" aria-label={t('nav.main')}>
        <Logo name={settings.name} />
        <div className="topnav__actions">
          {pathname === '/complete-signup' ? null : <LanguageSwitcher />}
          <ButtonLink to="/members" variant="secondary" size="sm">
            {t('nav.login')}
          </ButtonLink>
        </div>
      </nav>
    </header>
  );
}
