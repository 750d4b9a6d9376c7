import { passwordResetDoSchema } from '@amora/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { useSettings } from '../../../api/queries.ts';
import { useTranslation } from '../../../app/translation.ts';
import { checkResetLink, resetPassword } from '../../../entities/session/api.ts';
import { Button, ButtonLink } from '../../../ui/Button.tsx';
import { FormAlert, PasswordField } from '../../../ui/fields.tsx';
import { NewPasswordField } from '../../../ui/NewPasswordField.tsx';
import { useApiForm } from '../../../ui/use-api-form.ts';
import { AuthCard, AuthIcon, BackToLogin } from '../AuthCard.tsx';

type ResetForm = { token: string; password: string; password_repeat: string };

/**
 * /reset-password/do?token=: the new password twice (they must match, checked here too), then on
 * to login. The link is checked as the page opens (a read that leaves it usable), so a used or
 * expired one says 'Link expired or invalid' at once, not after a new password was typed.
 */
export default function ResetPasswordDoPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [refused, setRefused] = useState(token.length < 20);
  const check = useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => checkResetLink(token),
    enabled: !refused,
    staleTime: Number.POSITIVE_INFINITY,
  });
  // A check that could not be made leaves the form: setting the password says it then.
  const linkInvalid = refused || check.data === false;
  const setLinkInvalid = setRefused;
  const [done, setDone] = useState(false);
  const { field, alert, submit, busy } = useApiForm<ResetForm>({
    resolver: zodResolver(passwordResetDoSchema),
    defaultValues: { token, password: '', password_repeat: '' },
    fields: ['password', 'password_repeat'],
  });
  const onSubmit = submit(
    async (v) => {
      await resetPassword(v);
      setDone(true);
    },
    {
      refused: (err) => {
        if (!(err instanceof ApiError && err.code === 'reset_link_invalid')) return false;
        setLinkInvalid(true);
        return true;
      },
      invalid: (invalid) => {
        if (invalid.token) setLinkInvalid(true);
      },
    },
  );
  return (
    <AuthCard
      head={{ title: t('meta.newPasswordTitle', { siteName: settings.name }), noindex: true }}
      title={t('auth.newPassword.title')}
    >
      {done ? (
        <div className="auth-card__done">
          <AuthIcon kind="success" size={36} />
          <p role="status">{t('auth.newPassword.done')}</p>
          <ButtonLink to="/login" size="lg" block>
            {t('auth.login.submit')}
          </ButtonLink>
        </div>
      ) : linkInvalid ? (
        <div className="auth-card__done">
          <FormAlert>{t('errors.reset_link_invalid')}</FormAlert>
          <ButtonLink to="/reset-password" size="lg" block>
            {t('auth.newPassword.requestNew')}
          </ButtonLink>
        </div>
      ) : check.isPending ? (
        <p className="auth-card__lead" role="status">
          <span className="btn__spinner" aria-hidden="true" /> {t('resetLink.checking')}
        </p>
      ) : (
        <>
          <p className="auth-card__lead">{t('auth.newPassword.lead')}</p>
          <FormAlert>{alert}</FormAlert>
          <form noValidate onSubmit={onSubmit}>
            <NewPasswordField label={t('auth.newPassword.password')} {...field('password')} />
            <PasswordField
              label={t('auth.newPassword.repeat')}
              autoComplete="new-password"
              {...field('password_repeat')}
            />
            <Button type="submit" size="lg" block busy={busy}>
              {t('auth.newPassword.submit')}
            </Button>
          </form>
        </>
      )}
      <BackToLogin />
    </AuthCard>
  );
}
