import type { User } from '@amora/contracts';
import { useState } from 'react';
import { lazyCheck } from '../../app/lazy-check.ts';
import { Trans, useTranslation } from '../../app/translation.ts';
import { changeEmail } from '../../entities/session/api.ts';
import { EmailField, PasswordField } from '../../ui/fields.tsx';
import { useActionForm } from '../../ui/use-action-form.ts';
import { SettingsForm } from './SettingsForm.tsx';

type Form = { new_email: string; password: string };
const FIELDS = ['new_email', 'password'] as const;
const check = lazyCheck<Form>(() => import('./checks.ts').then((m) => m.emailChange));

/** Change e-mail: new address plus the current password; the change happens when the mailed link is opened. */
export function ChangeEmail({ user }: { user: User }) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, field, alert, submit, busy, reset } = useActionForm<Form>({
    check,
    defaultValues: { new_email: '', password: '' },
    fields: FIELDS,
  });
  const onSubmit = submit(async (v) => {
    setSentTo(null);
    const res = await changeEmail(v);
    setSentTo(res.email || v.new_email);
    reset();
  });
  return (
    <SettingsForm
      id="settings-email"
      title={t('settings.email.title')}
      intro={
        <p className="settings-section__current">
          <Trans
            i18nKey="settings.email.current"
            values={{ email: user.email }}
            components={{ strong: <strong /> }}
          />
        </p>
      }
      success={sentTo ? t('settings.email.sent', { email: sentTo }) : null}
      alert={alert}
      form={form}
      onSubmit={onSubmit}
      submit={t('settings.email.submit')}
      busy={busy}
    >
      <EmailField label={t('settings.email.newEmail')} {...field('new_email')} />
      <PasswordField
        label={t('settings.currentPassword')}
        autoComplete="current-password"
        {...field('password')}
      />
    </SettingsForm>
  );
}
