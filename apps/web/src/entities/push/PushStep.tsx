import { useSettings } from '../../api/queries.ts';
import { dismiss } from '../../app/dismissals.ts';
import { useTranslation } from '../../app/translation.ts';
import { Button } from '../../ui/Button.tsx';
import { FormAlert } from '../../ui/fields.tsx';
import { usePushAction } from './usePushAction.ts';
import './push.css';

/**
 * The push opt-in step of signup (spec §4 signup steps): allow notifications or skip. The account
 * is not logged in yet, so the browser keeps the subscription and the page sends it to the
 * server on the first load after logging in (push-state.ts initPush).
 */
export function PushStep({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const { on } = usePushAction();
  return (
    <div className="push-step">
      <p>{t('push.offer.body', { site: settings.name })}</p>
      {on.isError ? <FormAlert>{t('push.failed')}</FormAlert> : null}
      <div className="signup__actions">
        <Button
          variant="ghost"
          onClick={() => {
            // Declined here: the members area does not offer it again right after (PushOffer).
            dismiss('push');
            onDone();
          }}
        >
          {t('push.signup.skip')}
        </Button>
        <Button size="lg" busy={on.isPending} onClick={() => on.mutate(undefined, { onSuccess: onDone })}>
          {t('push.signup.enable')}
        </Button>
      </div>
    </div>
  );
}
