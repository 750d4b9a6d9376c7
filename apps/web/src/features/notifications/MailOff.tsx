import type { NotificationsDisabledReason, User } from '@amora/contracts';
import { endpoints } from '@amora/contracts/endpoints';
import { MAIL_PREFS_KEY } from '@amora/contracts/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { call, errorText } from '../../api/client.ts';
import { userKey, useUser } from '../../api/queries.ts';
import { dismiss, dismissedAt, undismiss } from '../../app/dismissals.ts';
import { useTranslation } from '../../app/translation.ts';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { MailIcon } from '../../ui/icons.tsx';
import { mailOffReasons, showMailOffAlert } from './mail-off.ts';
import '../../ui/banner.css';
import './mail-off.css';

/**
 * "Turn e-mail notifications back on" (POST /api/notifications/mail/enable): clears every reason.
 * The user and the preferences page learn it at once; a later stop may alert again at once.
 */
function useEnableMail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(endpoints.mailDelivery.enable),
    onSuccess: (res) => {
      undismiss('disabledNotifications');
      qc.setQueryData<User | null>(userKey, (u) =>
        u ? { ...u, notifications_disabled: res.notifications_disabled } : u,
      );
      void qc.invalidateQueries({ queryKey: MAIL_PREFS_KEY });
    },
  });
}

/** Why mail is off, in the member's words, and what they can do about it. */
function MailOffBody({
  user,
  reasons,
  enable,
  titleId,
  changeEmail,
  extraActions,
}: {
  user: User;
  reasons: NotificationsDisabledReason[];
  enable: ReturnType<typeof useEnableMail>;
  titleId: string;
  /** Where the e-mail change form is (another page, or this one). */
  changeEmail: 'link' | 'anchor';
  extraActions?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const bounce = reasons.includes('bounce');
  return (
    <>
      <div className="banner__text">
        {enable.isSuccess ? null : (
          <>
            <p id={titleId} className="banner__title">
              {t('mailDelivery.title')}
            </p>
            {reasons.map((r) => (
              <p key={r} data-reason={r}>
                {t(`mailDelivery.reasons.${r}`, { email: user.email })}
              </p>
            ))}
            {bounce ? <p className="mail-off__hint">{t('mailDelivery.bounceHint')}</p> : null}
          </>
        )}
        {/* Once mail is on again, this line is all there is to say (and names the region). */}
        <p id={enable.isSuccess ? titleId : undefined} className="banner__status" role="status">
          {enable.isSuccess ? t('mailDelivery.enabled') : null}
        </p>
        {enable.isError ? (
          <p className="banner__error" role="alert">
            {errorText(enable.error, t)}
          </p>
        ) : null}
      </div>
      <div className="mail-off__actions">
        {enable.isSuccess ? null : (
          <>
            {bounce && changeEmail === 'link' ? (
              <ButtonLink to="/notifications" size="sm" variant="secondary">
                {t('mailDelivery.changeEmail')}
              </ButtonLink>
            ) : null}
            {bounce && changeEmail === 'anchor' ? (
              <a href="#settings-email" className="btn btn--secondary btn--sm">
                {t('mailDelivery.changeEmail')}
              </a>
            ) : null}
            <Button size="sm" busy={enable.isPending} onClick={() => enable.mutate()}>
              {t('mailDelivery.enable')}
            </Button>
          </>
        )}
        {extraActions}
      </div>
    </>
  );
}

/**
 * The disabled-notifications alert under the navigation (spec §4): shown while mail is off, until
 * dismissed (remembered with its time for 30 days, mail-off.ts). Decided after mounting (the
 * dismissal lives in the browser), so it is never in the server HTML.
 */
export default function MailOffBanner({ user, onClosed }: { user: User; onClosed: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const enable = useEnableMail();
  const reasons = mailOffReasons(user);
  const [open, setOpen] = useState(false);
  // Opened once per stop; it stays (with its "on again" confirmation) until closed.
  const off = reasons.length > 0;
  useEffect(() => {
    if (off) setOpen(showMailOffAlert(off, dismissedAt('disabledNotifications')));
  }, [off]);
  // The settings page shows the same state in its own place (MailOffNotice).
  if (!open || pathname === '/notifications' || (reasons.length === 0 && !enable.isSuccess)) return null;
  const close = () => {
    if (mailOffReasons(user).length > 0) dismiss('disabledNotifications');
    setOpen(false);
    onClosed();
  };
  return (
    <section className="banner banner--warning mail-off" aria-labelledby="mail-off-title">
      <div className="container banner__inner">
        <MailIcon className="banner__icon" />
        <MailOffBody
          user={user}
          reasons={reasons}
          enable={enable}
          titleId="mail-off-title"
          changeEmail="link"
          extraActions={
            <button type="button" className="link-button mail-off__dismiss" onClick={close}>
              {t('mailDelivery.dismiss')}
            </button>
          }
        />
      </div>
    </section>
  );
}

/**
 * The same state on the settings page (/notifications), first on the page: not dismissible, and its
 * "Change e-mail address" jumps to the form on the same page (the banner's link leads here).
 */
export function MailOffNotice() {
  const user = useUser();
  const enable = useEnableMail();
  const reasons = user ? mailOffReasons(user) : [];
  if (!user || (reasons.length === 0 && !enable.isSuccess)) return null;
  return (
    <section className="card mail-off mail-off--card" aria-labelledby="mail-off-settings-title">
      <MailOffBody
        user={user}
        reasons={reasons}
        enable={enable}
        titleId="mail-off-settings-title"
        changeEmail="anchor"
      />
    </section>
  );
}
