import { useSettings } from '../../api/queries.ts';
import { useTranslation } from '../../app/translation.ts';
import { Button } from '../../ui/Button.tsx';
import { FormAlert } from '../../ui/fields.tsx';
import { SettingsSection } from '../../ui/SettingsSection.tsx';
import { pushStatus, usePushState } from './push-state.ts';
import { usePushAction } from './usePushAction.ts';
import './push.css';

/**
 * Push notifications on the settings page (/notifications, spec §4 push states): on or off for
 * this device, the way to turn it on or off, or why it cannot be (blocked, unsupported, no key).
 */
export function PushSettings() {
  const { t } = useTranslation();
  const settings = useSettings();
  const push = usePushState();
  const { on, off } = usePushAction();
  const status = settings.push_public_key ? pushStatus(push) : 'none';
  return (
    <SettingsSection id="settings-push" title={t('push.settings.title')} lead={t('push.settings.intro')}>
      {/* Until the browser has said what it can do (after the page has loaded), the section keeps
          the room of its usual answer (a status line and a button), so nothing below it moves. */}
      {status === 'unknown' ? <div className="push-settings__pending" aria-busy="true" /> : null}
      <div aria-live="polite">
        {status === 'subscribed' ? <p className="push-settings__status">{t('push.settings.on')}</p> : null}
        {status === 'off' ? <p className="push-settings__status">{t('push.settings.off')}</p> : null}
      </div>
      {status === 'denied' ? <FormAlert tone="info">{t('push.settings.denied')}</FormAlert> : null}
      {status === 'unsupported' ? <FormAlert tone="info">{t('push.settings.unsupported')}</FormAlert> : null}
      {status === 'none' ? <FormAlert tone="info">{t('push.settings.unavailable')}</FormAlert> : null}
      {on.isError || off.isError ? <FormAlert>{t('push.failed')}</FormAlert> : null}
      <div className="push-settings__actions">
        {status === 'off' ? (
          <Button busy={on.isPending} onClick={() => on.mutate()}>
            {t('push.settings.enable')}
          </Button>
        ) : null}
        {status === 'subscribed' ? (
          <Button variant="secondary" busy={off.isPending} onClick={() => off.mutate()}>
            {t('push.settings.disable')}
          </Button>
        ) : null}
      </div>
    </SettingsSection>
  );
}
