import type { User } from '@amora/contracts';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { lazyResolver } from '../../app/lazy-resolver.ts';
import { Button } from '../../ui/Button.tsx';
import { EmailField, FormAlert, PasswordField } from '../../ui/fields.tsx';
import { changeEmail } from '../accounts/api.ts';
import { useApiForm } from '../accounts/use-api-form.ts';
import { SettingsSection } from './SettingsPage.tsx';

type Form = { new_email: string; password: string };
const FIELDS = ['new_email', 'password'] as const;
const resolver = lazyResolver<Form>(() => import('./resolvers.ts').then((m) => m.emailChange));

/** Change e-mail: new address plus the current password; the change happens when the mailed link is opened. */
export function ChangeEmail({ user }: { user: User }) {
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
        <EmailField label={t('settings.email.newEmail')} {...field('new_email')} />
        <PasswordField
          label={t('settings.currentPassword')}
          autoComplete="current-password"
          {...field('password')}
        />
        <Button type="submit" busy={busy}>
          {t('settings.email.submit')}
        </Button>
      </form>
    </SettingsSection>
  );
}
