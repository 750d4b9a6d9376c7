import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/client.ts';
import { useSettings } from '../../api/queries.ts';
import { FormAlert } from '../../ui/fields.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { SettingsSection } from '../settings/SettingsPage.tsx';
import { type MailType, useMailPrefs, useSetMailPref } from './api.ts';

/** Types grouped as the page shows them: about your contacts, from the site, offers. */
const GROUPS: { id: string; types: MailType[] }[] = [
  { id: 'contacts', types: ['new_conversations', 'new_messages', 'like', 'unread_message_reminders'] },
  { id: 'site', types: ['weekly_updates', 'reminders'] },
  { id: 'offers', types: ['promotions', 'news'] },
];

/** One switch per e-mail notification type of spec §3, saved on the server as it is flipped. */
export function MailPreferences() {
  const { t } = useTranslation();
  const settings = useSettings();
  const prefs = useMailPrefs();
  const setPref = useSetMailPref();
  const [result, setResult] = useState<{ type: MailType; ok: boolean; message?: string } | null>(null);

  const toggle = (type: MailType, on: boolean) => {
    setResult(null);
    setPref.mutate(
      { type, on },
      {
        onSuccess: () => setResult({ type, ok: true }),
        onError: (err) => setResult({ type, ok: false, message: errorText(err, t) }),
      },
    );
  };

  return (
    <SettingsSection
      id="settings-mail"
      title={t('mailNotifications.title')}
      lead={t('mailNotifications.lead', { siteName: settings.name })}
    >
      {prefs.isError ? <QueryError query={prefs} className="mail-prefs__error" /> : null}
      {prefs.data && prefs.data.disabled.length > 0 ? (
        <FormAlert tone="info">{t('mailNotifications.stopped')}</FormAlert>
      ) : null}
      <div className="mail-prefs__feedback" aria-live="polite">
        {result?.ok ? (
          <p className="mail-prefs__saved">
            {t(prefs.data?.prefs[result.type] ? 'mailNotifications.savedOn' : 'mailNotifications.savedOff', {
              type: t(`mailNotifications.types.${result.type}.label`),
            })}
          </p>
        ) : null}
      </div>
      {result && !result.ok ? <FormAlert>{result.message}</FormAlert> : null}
      {prefs.data ? (
        <div className="mail-prefs">
          {GROUPS.map((group) => (
            <fieldset key={group.id} className="mail-prefs__group">
              <legend className="mail-prefs__legend">{t(`mailNotifications.groups.${group.id}`)}</legend>
              <ul className="mail-prefs__list">
                {group.types.map((type) => (
                  <MailSwitch
                    key={type}
                    type={type}
                    on={prefs.data.prefs[type]}
                    busy={setPref.isPending && setPref.variables?.type === type}
                    onChange={(on) => toggle(type, on)}
                  />
                ))}
              </ul>
            </fieldset>
          ))}
        </div>
      ) : prefs.isPending ? (
        <p className="muted">{t('common.loading')}</p>
      ) : null}
    </SettingsSection>
  );
}

function MailSwitch({
  type,
  on,
  busy,
  onChange,
}: {
  type: MailType;
  on: boolean;
  busy: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <li className="mail-prefs__item">
      <label className="mail-switch" htmlFor={id}>
        <span className="mail-switch__text">
          <span className="mail-switch__label">{t(`mailNotifications.types.${type}.label`)}</span>
          <span className="mail-switch__hint" id={`${id}-hint`}>
            {t(`mailNotifications.types.${type}.hint`)}
          </span>
        </span>
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="mail-switch__input"
          checked={on}
          aria-checked={on}
          aria-describedby={`${id}-hint`}
          aria-busy={busy || undefined}
          disabled={busy}
          onChange={(e) => onChange(e.target.checked)}
          data-type={type}
        />
        <span className="mail-switch__track" aria-hidden="true">
          <span className="mail-switch__thumb" />
        </span>
      </label>
    </li>
  );
}
