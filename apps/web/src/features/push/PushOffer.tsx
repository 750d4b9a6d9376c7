import { useSettings, useUser } from '../../api/queries.ts';
import { dismissalHolds } from '../../app/dismissals.ts';
import { useEngaged } from '../../app/engaged.ts';
import { useTranslation } from '../../app/translation.ts';
import { useDismissal } from '../../app/useDismissal.ts';
import { offerPush, PUSH_DISMISS_MS, usePushState } from '../../entities/push/push-state.ts';
import { usePushAction } from '../../entities/push/usePushAction.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { FormAlert } from '../../ui/fields.tsx';
import { BellIcon } from '../../ui/icons.tsx';
import './push-offer.css';

/**
 * The push option as a banner (spec §4): only for logged-in, capable, unsubscribed members of a
 * site with a push key; "Not now" (or closing it, or skipping the offer in signup) is remembered
 * with its time (asked again after 30 days). It floats (push-offer.css): arriving late, it moves
 * nothing on the page. It waits for the member's first tap, key or scroll of the visit
 * (app/engaged.ts): the page they opened is seen before anything is asked over it.
 */
export default function PushOffer() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const push = usePushState();
  const { on } = usePushAction();
  const [open, putAway] = useDismissal('push', (at) => !dismissalHolds(at, PUSH_DISMISS_MS));
  const engaged = useEngaged();
  if (!engaged || !open || !offerPush(push, !!user, settings.push_public_key)) return null;
  return (
    <Banner
      tone="info"
      className="push-offer"
      titleId="push-offer-title"
      icon={BellIcon}
      title={t('push.offer.title')}
      onDismiss={putAway}
      actions={
        <div className="banner__actions">
          <Button size="sm" busy={on.isPending} onClick={() => on.mutate()}>
            {t('push.offer.enable')}
          </Button>
          <Button size="sm" variant="ghost" onClick={putAway}>
            {t('push.offer.later')}
          </Button>
        </div>
      }
    >
      <p>{t('push.offer.body', { site: settings.name })}</p>
      {on.isError ? <FormAlert>{t('push.failed')}</FormAlert> : null}
    </Banner>
  );
}
