import { useState } from 'react';
import { errorText } from '../../api/client.ts';
import { useSettings } from '../../api/queries.ts';
import { useTranslation } from '../../app/translation.ts';
import { FormAlert } from '../../ui/fields.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { SettingsSection } from '../../ui/SettingsSection.tsx';
import { SwitchRow } from '../../ui/SwitchRow.tsx';
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
              <ul className="switch-list">
                {group.types.map((type) => (
                  <SwitchRow
                    key={type}
                    label={t(`mailNotifications.types.${type}.label`)}
                    hint={t(`mailNotifications.types.${type}.hint`)}
                    on={prefs.data.prefs[type]}
                    busy={setPref.isPending && setPref.variables?.type === type}
                    saved={result?.type === type && result.ok ? t('mailNotifications.savedShort') : null}
                    error={result?.type === type && !result.ok ? result.message : null}
                    onChange={(on) => toggle(type, on)}
                    data={type}
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
