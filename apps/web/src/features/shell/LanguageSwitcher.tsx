import { dropdownLocales, LOCALES, type Locale } from '@amora/i18n';
import { useEffect, useId, useState } from 'react';
import { useSettings } from '../../api/queries.ts';
import { useTranslation } from '../../app/translation.ts';
import { useChangeLanguage } from '../../entities/session/language.ts';
import './language-switch.css';

/** The language dropdown with the per-country choices of spec §9. */
export function LanguageSwitcher({ loggedIn = false }: { loggedIn?: boolean }) {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const id = useId();
  const current = i18n.language as Locale;
  // The browser language is only known after hydration; the server renders without it.
  const [browserLanguage, setBrowserLanguage] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const changeLanguage = useChangeLanguage();
  useEffect(() => setBrowserLanguage(navigator.language), []);
  const options = dropdownLocales({
    current,
    loggedIn,
    geoipCountry: settings.geoip_country,
    selectedCountry: settings.geoip_selected_country,
    browserLanguage,
  });
  if (options.length < 2) return null;
  return (
    <div className="lang-switch">
      <label htmlFor={id} className="visually-hidden">
        {t('nav.language')}
      </label>
      <span className="lang-switch__face" aria-hidden="true">
        <span className="lang-switch__name">{LOCALES.find((l) => l.code === current)?.name}</span>
        <span className="lang-switch__code">{current.toUpperCase()}</span>
      </span>
      <svg className="lang-switch__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path
          d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
        />
      </svg>
      <select
        id={id}
        className="lang-switch__select"
        value={current}
        disabled={busy}
        title={t('nav.chooseLanguage')}
        onChange={async (e) => {
          setBusy(true);
          try {
            await changeLanguage(e.target.value as Locale);
          } catch {
            // The page switched; the account keeps its old language until the next change.
          } finally {
            setBusy(false);
          }
        }}
      >
        {options.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALES.find((l) => l.code === code)?.name}
          </option>
        ))}
      </select>
    </div>
  );
}
