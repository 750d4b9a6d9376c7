import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyForm, useForm } from '../../app/lazy-form.tsx';
import { lazyResolver } from '../../app/lazy-resolver.ts';
import { Button } from '../../ui/Button.tsx';
import { FormAlert, PasswordField } from '../../ui/fields.tsx';
import { changePassword } from '../accounts/api.ts';
import { apiErrorMessage, fieldErrorSetter, useErrorText } from '../accounts/form-errors.ts';
import { SettingsSection } from './SettingsPage.tsx';

type Form = { old_password: string; new_password: string; new_password_repeat: string };
const FIELDS = ['old_password', 'new_password', 'new_password_repeat'];
const resolver = lazyResolver<Form>(() => import('./resolvers.ts').then((m) => m.passwordChange));

/** Change password: old, new and repeat ('The entered passwords are not the same.' before anything is sent). */
export const ChangePassword = lazyForm(function ChangePassword() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm<Form>({
    resolver,
    defaultValues: { old_password: '', new_password: '', new_password_repeat: '' },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (v) => {
    setAlert(null);
    setDone(false);
    try {
      await changePassword(v);
      setDone(true);
      form.reset();
    } catch (err) {
      const { message } = apiErrorMessage(t, err, fieldErrorSetter(form.setError), FIELDS);
      setAlert(message);
    }
  });
  return (
    <SettingsSection id="settings-password" title={t('settings.password.title')}>
      {done ? <FormAlert tone="success">{t('settings.password.done')}</FormAlert> : null}
      <FormAlert>{alert}</FormAlert>
      <form noValidate onSubmit={onSubmit} onFocus={resolver.preload} className="settings-form">
        <PasswordField
          label={t('settings.password.old')}
          autoComplete="current-password"
          error={errorText(errors.old_password)}
          {...form.register('old_password')}
        />
        <PasswordField
          label={t('settings.password.new')}
          autoComplete="new-password"
          hint={t('signup.passwordHint')}
          error={errorText(errors.new_password)}
          {...form.register('new_password')}
        />
        <PasswordField
          label={t('settings.password.repeat')}
          autoComplete="new-password"
          error={errorText(errors.new_password_repeat)}
          {...form.register('new_password_repeat')}
        />
        <Button type="submit" busy={isSubmitting}>
          {t('settings.password.submit')}
        </Button>
      </form>
    </SettingsSection>
  );
});
