import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyResolver } from '../../app/lazy-resolver.ts';
import { Button } from '../../ui/Button.tsx';
import { FormAlert, PasswordField } from '../../ui/fields.tsx';
import { changePassword } from '../accounts/api.ts';
import { useApiForm } from '../accounts/use-api-form.ts';
import { SettingsSection } from './SettingsPage.tsx';

type Form = { old_password: string; new_password: string; new_password_repeat: string };
const FIELDS = ['old_password', 'new_password', 'new_password_repeat'] as const;
const resolver = lazyResolver<Form>(() => import('./resolvers.ts').then((m) => m.passwordChange));

/** Change password: old, new and repeat ('The entered passwords are not the same.' before anything is sent). */
export function ChangePassword() {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  const { form, field, alert, submit, busy } = useApiForm<Form>({
    resolver,
    defaultValues: { old_password: '', new_password: '', new_password_repeat: '' },
    fields: FIELDS,
  });
  const onSubmit = submit(async (v) => {
    setDone(false);
    await changePassword(v);
    setDone(true);
    form.reset();
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
        <Button type="submit" busy={busy}>
          {t('settings.password.submit')}
        </Button>
      </form>
    </SettingsSection>
  );
}
