import type { User } from '@amora/contracts';
import { ACTIVATION_REMINDER_COOKIE, ACTIVATION_REMINDER_COOKIE_MAX_AGE_S } from '@amora/contracts/rules';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { useSettings } from '../../api/queries.ts';
import { rememberInCookie } from '../../app/dismissals.ts';
import { useTranslation } from '../../app/translation.ts';
import { resendActivation } from '../../entities/session/api.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { MailIcon } from '../../ui/icons.tsx';

/**
 * The activation reminder for members who have not confirmed their e-mail (spec §4), with a
 * resend button that cannot fire twice and tells the outcome. It is in the server's HTML (first
 * in the layout's one-strip-at-a-time order) and can be closed for a day: a cookie the server
 * reads (settings.activation_reminder_dismissed), so a closed one is not in the next page's HTML
 * either and nothing moves when the app runs; it comes back when the cookie ends.
 */
export function ActivationBanner({ user }: { user: User }) {
  const { t } = useTranslation();
  const resend = useMutation({ mutationFn: resendActivation });
  const error = resend.error;
  const settings = useSettings();
  const [closed, setClosed] = useState(false);
  if (settings.activation_reminder_dismissed || closed) return null;
  return (
    <Banner
      onDismiss={() => {
        rememberInCookie(ACTIVATION_REMINDER_COOKIE, ACTIVATION_REMINDER_COOKIE_MAX_AGE_S);
        setClosed(true);
      }}
      tone="warning"
      titleId="activation-banner-title"
      icon={MailIcon}
      title={t('auth.activation.bannerTitle')}
      actions={
        resend.isSuccess ? null : (
          <Button size="sm" variant="secondary" busy={resend.isPending} onClick={() => resend.mutate()}>
            {t('auth.activation.resend')}
          </Button>
        )
      }
    >
      <p>{t('auth.activation.bannerText', { email: user.email })}</p>
      <p className="banner__status" role="status">
        {resend.isSuccess ? t('auth.activation.resent', { email: resend.data.email || user.email }) : null}
      </p>
      {error ? (
        <p className="banner__error" role="alert">
          {error instanceof ApiError && error.status === 429
            ? error.message || t('errors.rate_limited')
            : error instanceof ApiError && error.message
              ? error.message
              : t('errors.generic')}
        </p>
      ) : null}
    </Banner>
  );
}
