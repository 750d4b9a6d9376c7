import { useState } from 'react';
import { lazyCheck } from '../../app/lazy-check.ts';
import { useTranslation } from '../../app/translation.ts';
import { changePassword } from '../../entities/session/api.ts';
import { PasswordField } from '../../ui/fields.tsx';
import { NewPasswordField } from '../../ui/NewPasswordField.tsx';
import { useActionForm } from '../../ui/use-action-form.ts';
import { SettingsForm } from './SettingsForm.tsx';

type Form = { old_password: string; new_password: string; new_password_repeat: string };
const FIELDS = ['old_password', 'new_password', 'new_password_repeat'] as const;
const check = lazyCheck<Form>(() => import('./checks.ts').then((m) => m.passwordChange));

/** Change password: old, new and repeat ('The entered passwords are not the same.' before anything is sent). */
export function ChangePassword() {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  const { form, field, alert, submit, busy, reset } = useActionForm<Form>({
    check,
    defaultValues: { old_password: '', new_password: '', new_password_repeat: '' },
    fields: FIELDS,
  });
  const onSubmit = submit(async (v) => {
    setDone(false);
    await changePassword(v);
    setDone(true);
    reset();
  });
  return (
    <SettingsForm
      id="settings-password"
      title={t('settings.password.title')}
      success={done ? t('settings.password.done') : null}
      alert={alert}
      form={form}
      onSubmit={onSubmit}
      submit={t('settings.password.submit')}
      busy={busy}
    >
      <PasswordField
        label={t('settings.password.old')}
        autoComplete="current-password"
        {...field('old_password')}
      />
      <NewPasswordField label={t('settings.password.new')} {...field('new_password')} />
      <PasswordField
        label={t('settings.password.repeat')}
        autoComplete="new-password"
        {...field('new_password_repeat')}
      />
    </SettingsForm>
  );
}
