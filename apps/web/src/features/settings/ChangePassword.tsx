import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { lazyResolver } from '../../app/lazy-resolver.ts';
import { Button } from '../../ui/Button.tsx';
import { FormAlert, PasswordField } from '../../ui/fields.tsx';
import { changePassword } from '../accounts/api.ts';
import { apiErrorMessage, fieldErrorSetter, useFieldProps } from '../accounts/form-errors.ts';
import { SettingsSection } from './SettingsPage.tsx';

type Form = { old_password: string; new_password: string; new_password_repeat: string };
const FIELDS = ['old_password', 'new_password', 'new_password_repeat'];
const resolver = lazyResolver<Form>(() => import('./resolvers.ts').then((m) => m.passwordChange));

/** Change password: old, new and repeat ('The entered passwords are not the same.' before anything is sent). */
export function ChangePassword() {
  const { t } = useTranslation();
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm<Form>({
    resolver,
    defaultValues: { old_password: '', new_password: '', new_password_repeat: '' },
    mode: 'onTouched',
  });
  const { isSubmitting } = form.formState;
  const field = useFieldProps(form);
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
          {...field('old_password')}
        />
        <PasswordField
          label={t('settings.password.new')}
          autoComplete="new-password"
          hint={t('signup.passwordHint')}
          {...field('new_password')}
        />
        <PasswordField
          label={t('settings.password.repeat')}
          autoComplete="new-password"
          {...field('new_password_repeat')}
        />
        <Button type="submit" busy={isSubmitting}>
          {t('settings.password.submit')}
        </Button>
      </form>
    </SettingsSection>
  );
}
