import { dropdownLocales, LOCALES, type Locale } from '@amora/i18n';
import { useEffect, useState } from 'react';
import { useSettings } from '../../api/queries.ts';
import { useTranslation } from '../../app/translation.ts';
import { useChangeLanguage } from '../../entities/session/language.ts';
import { Button } from '../../ui/Button.tsx';
import { FormAlert, SelectField } from '../../ui/fields.tsx';
import { SettingsSection } from '../../ui/SettingsSection.tsx';

/** Language: the same choices as the dropdown, saved to the account (and the cookie) with a button. */
export function LanguageSetting() {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const changeLanguage = useChangeLanguage();
  const current = i18n.language as Locale;
  const [browserLanguage, setBrowserLanguage] = useState<string | undefined>();
  useEffect(() => setBrowserLanguage(navigator.language), []);
  const [choice, setChoice] = useState<Locale>(current);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<'saved' | 'failed' | null>(null);
  const options = dropdownLocales({
    current,
    loggedIn: true,
    geoipCountry: settings.geoip_country,
    selectedCountry: settings.geoip_selected_country,
    browserLanguage,
  });
  return (
    <SettingsSection
      id="settings-language"
      title={t('settings.language.title')}
      lead={t('settings.language.lead')}
    >
      {result === 'saved' ? <FormAlert tone="success">{t('settings.language.saved')}</FormAlert> : null}
      {result === 'failed' ? <FormAlert>{t('errors.generic')}</FormAlert> : null}
      <form
        className="settings-form settings-form--inline"
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          setResult(null);
          try {
            await changeLanguage(choice);
            setResult('saved');
          } catch {
            setResult('failed');
          } finally {
            setBusy(false);
          }
        }}
      >
        <SelectField
          label={t('nav.language')}
          value={choice}
          onChange={(e) => setChoice(e.target.value as Locale)}
        >
          {options.map((code) => (
            <option key={code} value={code} lang={code}>
              {LOCALES.find((l) => l.code === code)?.name}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="secondary" busy={busy} disabled={choice === current}>
          {t('settings.language.submit')}
        </Button>
      </form>
    </SettingsSection>
  );
}
