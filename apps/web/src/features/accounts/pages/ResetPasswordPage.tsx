import { passwordResetRequestSchema } from '@amora/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useSettings } from '../../../api/queries.ts';
import { Trans, useTranslation } from '../../../app/translation.ts';
import { requestPasswordReset } from '../../../entities/session/api.ts';
import { Button } from '../../../ui/Button.tsx';
import { EmailField, FormAlert } from '../../../ui/fields.tsx';
import { useApiForm } from '../../../ui/use-api-form.ts';
import { AuthCard, AuthIcon, BackToLogin } from '../AuthCard.tsx';

/**
 * /reset-password: asks for the e-mail address. The answer never tells whether the address has
 * an account (guide: account existence is sensitive); the mailbox gets the link.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { field, alert, submit, busy } = useApiForm<{ email: string }>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
    fields: ['email'],
  });
  const onSubmit = submit(async (v) => {
    const res = await requestPasswordReset(v.email);
    setSentTo(res.email || v.email);
  });
  return (
    <AuthCard
      head={{ title: t('meta.resetPasswordTitle', { siteName: settings.name }), noindex: true }}
      title={t('auth.reset.title')}
    >
      {sentTo ? (
        <div className="auth-card__done" role="status">
          <AuthIcon kind="mail" size={36} />
          <p>
            <Trans i18nKey="auth.reset.sent" values={{ email: sentTo }} components={{ strong: <strong /> }} />
          </p>
          <p className="muted">{t('signup.complete.tipSpam')}</p>
        </div>
      ) : (
        <>
          <p className="auth-card__lead">{t('auth.reset.lead')}</p>
          <FormAlert>{alert}</FormAlert>
          <form noValidate onSubmit={onSubmit}>
            <EmailField label={t('auth.email')} {...field('email')} />
            <Button type="submit" size="lg" block busy={busy}>
              {t('auth.reset.submit')}
            </Button>
          </form>
        </>
      )}
      <BackToLogin />
    </AuthCard>
  );
}
