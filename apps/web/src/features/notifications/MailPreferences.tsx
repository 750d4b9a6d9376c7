import { useId, useState } from 'react';
import { errorText } from '../../api/client.ts';
import { useSettings } from '../../api/queries.ts';
import { useTranslation } from '../../app/translation.ts';
import { FormAlert } from '../../ui/fields.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { SettingsSection } from '../../ui/SettingsSection.tsx';
import { type MailType, useMailPrefs, useSetMailPref } from './api.ts';
import '../../ui/switch.css';

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

  const announcement = result?.ok
    ? t(prefs.data?.prefs[result.type] ? 'mailNotifications.savedOn' : 'mailNotifications.savedOff', {
        type: t(`mailNotifications.types.${result.type}.label`),
      })
    : '';

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
      {/* What a screen reader hears after a switch is saved; the row itself shows it to the eye. */}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
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
                    result={result?.type === type ? result : null}
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
  result,
  onChange,
}: {
  type: MailType;
  on: boolean;
  busy: boolean;
  /** What became of this row's last change: saved, or refused with the server's message. */
  result: { ok: boolean; message?: string } | null;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <li className="mail-prefs__item">
      {/* The whole row is the label (a large target); the switch is named by the type alone. */}
      <label className="mail-switch" htmlFor={id}>
        <span className="mail-switch__text">
          <span className="mail-switch__label" id={`${id}-label`}>
            {t(`mailNotifications.types.${type}.label`)}
          </span>
          <span className="mail-switch__hint" id={`${id}-hint`}>
            {t(`mailNotifications.types.${type}.hint`)}
          </span>
          {result?.ok ? (
            <span className="mail-switch__saved">{t('mailNotifications.savedShort')}</span>
          ) : null}
        </span>
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="mail-switch__input"
          checked={on}
          aria-checked={on}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          aria-busy={busy || undefined}
          // Not `disabled` while saving: a disabled control drops the keyboard focus.
          aria-disabled={busy || undefined}
          onChange={(e) => {
            if (!busy) onChange(e.target.checked);
          }}
          data-type={type}
        />
        <span className="switch__track" aria-hidden="true">
          <span className="switch__thumb" />
        </span>
      </label>
      {result && !result.ok ? (
        <p className="mail-switch__error" role="alert">
          {result.message}
        </p>
      ) : null}
    </li>
  );
}
