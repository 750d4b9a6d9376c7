import type { ChatPrivacy } from '@amora/contracts';
import { useState } from 'react';
import { errorText } from '../../api/client.ts';
import { useTranslation } from '../../app/translation.ts';
import { useChatPrivacy, useSetChatPrivacy } from '../../entities/chat/privacy.ts';
import { QueryError } from '../../ui/QueryError.tsx';
import { SettingsSection } from '../../ui/SettingsSection.tsx';
import { SwitchRow } from '../../ui/SwitchRow.tsx';

const SETTINGS = ['typing', 'read_receipts'] as const satisfies readonly (keyof ChatPrivacy)[];
type Setting = (typeof SETTINGS)[number];

/**
 * Typing and read receipts (issue 30 item 2): two switches, saved as they are flipped. Each works
 * both ways: who hides theirs sees nobody's (the server enforces it; the hints say so).
 */
export function ChatPrivacySettings() {
  const { t } = useTranslation();
  const privacy = useChatPrivacy();
  const set = useSetChatPrivacy();
  const [result, setResult] = useState<{ setting: Setting; ok: boolean; message?: string } | null>(null);

  const toggle = (setting: Setting, on: boolean) => {
    setResult(null);
    set.mutate(
      { [setting]: on },
      {
        onSuccess: () => setResult({ setting, ok: true }),
        onError: (err) => setResult({ setting, ok: false, message: errorText(err, t) }),
      },
    );
  };
  const label = (s: Setting) => t(`chatPrivacy.${s}.label`);
  const announcement =
    result?.ok && privacy.data
      ? t(privacy.data[result.setting] ? 'chatPrivacy.savedOn' : 'chatPrivacy.savedOff', {
          setting: label(result.setting),
        })
      : '';

  return (
    <SettingsSection id="settings-chat-privacy" title={t('chatPrivacy.title')} lead={t('chatPrivacy.lead')}>
      {privacy.isError ? <QueryError query={privacy} /> : null}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {privacy.data ? (
        <ul className="switch-list">
          {SETTINGS.map((s) => (
            <SwitchRow
              key={s}
              label={label(s)}
              hint={t(`chatPrivacy.${s}.hint`)}
              on={privacy.data[s]}
              busy={set.isPending && s in (set.variables ?? {})}
              saved={result?.setting === s && result.ok ? t('mailNotifications.savedShort') : null}
              error={result?.setting === s && !result.ok ? result.message : null}
              onChange={(on) => toggle(s, on)}
              data={s}
            />
          ))}
        </ul>
      ) : privacy.isPending ? (
        <p className="muted">{t('common.loading')}</p>
      ) : null}
    </SettingsSection>
  );
}
