import type { User } from '@amora/contracts';
import { useState } from 'react';
import { lazyForm } from '../../app/lazy-form.tsx';
import { lazyResolver } from '../../app/lazy-resolver.ts';
import { Trans, useTranslation } from '../../app/translation.ts';
import { changeEmail } from '../../entities/session/api.ts';
import { EmailField, PasswordField } from '../../ui/fields.tsx';
import { useApiForm } from '../../ui/use-api-form.ts';
import { SettingsForm } from './SettingsForm.tsx';

type Form = { new_email: string; password: string };
const FIELDS = ['new_email', 'password'] as const;
const resolver = lazyResolver<Form>(() => import('./resolvers.ts').then((m) => m.emailChange));

/** Change e-mail: new address plus the current password; the change happens when the mailed link is opened. */
export const ChangeEmail = lazyForm(function ChangeEmail({ user }: { user: User }) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, field, alert, submit, busy } = useApiForm<Form>({
    resolver,
    defaultValues: { new_email: '', password: '' },
    fields: FIELDS,
  });
  const onSubmit = submit(async (v) => {
    setSentTo(null);
    const res = await changeEmail(v);
    setSentTo(res.email || v.new_email);
    form.reset();
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
      onSubmit={onSubmit}
      onFocus={resolver.preload}
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
});
