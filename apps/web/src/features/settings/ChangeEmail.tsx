import type { User } from '@amora/contracts';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { lazyForm, useForm } from '../../app/lazy-form.tsx';
import { lazyResolver } from '../../app/lazy-resolver.ts';
import { Button } from '../../ui/Button.tsx';
import { EmailField, FormAlert, PasswordField } from '../../ui/fields.tsx';
import { changeEmail } from '../accounts/api.ts';
import { apiErrorMessage, fieldErrorSetter, useErrorText } from '../accounts/form-errors.ts';
import { SettingsSection } from './SettingsPage.tsx';

type Form = { new_email: string; password: string };
const FIELDS = ['new_email', 'password'];
const resolver = lazyResolver<Form>(() => import('./resolvers.ts').then((m) => m.emailChange));

/** Change e-mail: new address plus the current password; the change happens when the mailed link is opened. */
export const ChangeEmail = lazyForm(function ChangeEmail({ user }: { user: User }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [alert, setAlert] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<Form>({
    resolver,
    defaultValues: { new_email: '', password: '' },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (v) => {
    setAlert(null);
    setSentTo(null);
    try {
      const res = await changeEmail(v);
      setSentTo(res.email || v.new_email);
      form.reset();
    } catch (err) {
      const { message } = apiErrorMessage(t, err, fieldErrorSetter(form.setError), FIELDS);
      setAlert(message);
    }
  });
  return (
    <SettingsSection id="settings-email" title={t('settings.email.title')}>
      <p className="settings-section__current">
        <Trans
          i18nKey="settings.email.current"
          values={{ email: user.email }}
          components={{ strong: <strong /> }}
        />
      </p>
      {sentTo ? <FormAlert tone="success">{t('settings.email.sent', { email: sentTo })}</FormAlert> : null}
      <FormAlert>{alert}</FormAlert>
      <form noValidate onSubmit={onSubmit} onFocus={resolver.preload} className="settings-form">
        <EmailField
          label={t('settings.email.newEmail')}
          error={errorText(errors.new_email)}
          {...form.register('new_email')}
        />
        <PasswordField
          label={t('settings.currentPassword')}
          autoComplete="current-password"
          error={errorText(errors.password)}
          {...form.register('password')}
        />
        <Button type="submit" busy={isSubmitting}>
          {t('settings.email.submit')}
        </Button>
      </form>
    </SettingsSection>
  );
});
