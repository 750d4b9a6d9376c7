import { passwordResetRequestSchema } from '@amora/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSettings } from '../../../api/queries.ts';
import { Head } from '../../../app/head.tsx';
import { Button } from '../../../ui/Button.tsx';
import { FormAlert, TextField } from '../../../ui/fields.tsx';
import { MailIcon } from '../../../ui/icons.tsx';
import { requestPasswordReset } from '../api.ts';
import { apiErrorMessage, fieldErrorSetter, useErrorText } from '../form-errors.ts';

/**
 * /reset-password: asks for the e-mail address. The answer never tells whether the address has
 * an account (guide: account existence is sensitive); the mailbox gets the link.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const errorText = useErrorText();
  const [alert, setAlert] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<{ email: string }>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (v) => {
    setAlert(null);
    try {
      const res = await requestPasswordReset(v.email);
      setSentTo(res.email || v.email);
    } catch (err) {
      const { message } = apiErrorMessage(t, err, fieldErrorSetter(form.setError), ['email']);
      setAlert(message);
    }
  });
  return (
    <div className="auth-page container">
      <Head title={t('meta.resetPasswordTitle', { siteName: settings.name })} noindex />
      <div className="card auth-card">
        <h1 className="auth-card__title">{t('auth.reset.title')}</h1>
        {sentTo ? (
          <div className="auth-card__done" role="status">
            <MailIcon size={36} className="auth-card__icon" />
            <p>
              <Trans
                i18nKey="auth.reset.sent"
                values={{ email: sentTo }}
                components={{ strong: <strong /> }}
              />
            </p>
            <p className="muted">{t('signup.complete.tipSpam')}</p>
          </div>
        ) : (
          <>
            <p className="auth-card__lead">{t('auth.reset.lead')}</p>
            <FormAlert>{alert}</FormAlert>
            <form noValidate onSubmit={onSubmit}>
              <TextField
                label={t('auth.email')}
                type="email"
                inputMode="email"
                autoComplete="email"
                autoCapitalize="none"
                spellCheck={false}
                error={errorText(errors.email)}
                {...form.register('email')}
              />
              <Button type="submit" size="lg" block busy={isSubmitting}>
                {t('auth.reset.submit')}
              </Button>
            </form>
          </>
        )}
        <p className="auth-card__switch">
          <Link to="/login">{t('auth.backToLogin')}</Link>
        </p>
      </div>
    </div>
  );
}
