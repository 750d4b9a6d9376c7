import type { Passkey } from '@amora/contracts';
import { PASSKEY_NAME_MAX } from '@amora/contracts/rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../api/client.ts';
import { useHydrated } from '../../app/hydrated.ts';
import { type CheckErrors, lazyCheck } from '../../app/lazy-check.ts';
import { useTranslation } from '../../app/translation.ts';
import { PasskeyList } from '../../entities/session/PasskeyList.tsx';
import {
  addPasskey,
  ceremonyCancelled,
  listPasskeys,
  passkeysSupported,
  removePasskey,
} from '../../entities/session/passkeys.ts';
import { FormAlert, PasswordField, TextField } from '../../ui/fields.tsx';
import { useActionForm } from '../../ui/use-action-form.ts';
import { SettingsForm } from './SettingsForm.tsx';

type Form = { name: string; password: string };
const FIELDS = ['name', 'password'] as const;
const KEY = ['passkeys'] as const;

/** The form's checks as the contract makes them (a name of at most 60, a password); the server checks again. */
const check = lazyCheck<Form>(async () => (v) => {
  const errors: CheckErrors = {};
  if (v.name.trim().length > PASSKEY_NAME_MAX)
    errors.name = { type: 'too_big', message: 'passkey_name_long' };
  if (v.password.length === 0) errors.password = { type: 'too_small', message: 'field_required' };
  return errors;
});

/**
 * Passkeys (issue 30 item 4): the member's passkeys (name, added, last used), each removable with
 * the session, and a new one added after the current password (as the other sign-in settings ask).
 */
export function Passkeys() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  // WebAuthn is the browser's: the server's render (and hydration) does not tell either way.
  const unsupported = useHydrated() && !passkeysSupported();
  const list = useQuery({ queryKey: KEY, queryFn: listPasskeys });
  const [done, setDone] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const { form, field, alert, submit, busy, reset } = useActionForm<Form>({
    check,
    defaultValues: { name: '', password: '' },
    fields: FIELDS,
  });
  const show = (passkeys: Passkey[]) => qc.setQueryData(KEY, passkeys);

  const onSubmit = submit(
    async (v) => {
      setDone(null);
      setNotice(null);
      show(await addPasskey(v.password, v.name.trim()));
      setDone(t('settings.passkeys.added'));
      reset();
    },
    {
      refused: (err) => {
        if (!ceremonyCancelled(err)) return false;
        setNotice(t('settings.passkeys.cancelled'));
        return true;
      },
    },
  );

  const remove = async (p: Passkey) => {
    setDone(null);
    setNotice(null);
    setRemoving(p.id);
    try {
      show(await removePasskey(p.id));
      setDone(t('settings.passkeys.removed'));
    } catch (err) {
      setNotice(errorText(err, t));
    } finally {
      setRemoving(null);
    }
  };

  const passkeys = list.data ?? [];
  return (
    <SettingsForm
      id="settings-passkeys"
      title={t('settings.passkeys.title')}
      intro={
        <>
          <p className="settings-section__lead muted">{t('settings.passkeys.lead')}</p>
          <PasskeyList
            passkeys={passkeys}
            loaded={list.isSuccess}
            removing={removing}
            onRemove={(p) => void remove(p)}
          />
          <FormAlert tone="info">{notice}</FormAlert>
          {unsupported ? <FormAlert tone="info">{t('settings.passkeys.unsupported')}</FormAlert> : null}
        </>
      }
      success={done}
      alert={alert}
      form={form}
      onSubmit={onSubmit}
      submit={t('settings.passkeys.add')}
      busy={busy}
    >
      <TextField
        label={t('settings.passkeys.name')}
        hint={t('settings.passkeys.nameHint')}
        autoComplete="off"
        maxLength={PASSKEY_NAME_MAX + 20}
        {...field('name')}
      />
      <PasswordField
        label={t('settings.currentPassword')}
        autoComplete="current-password"
        {...field('password')}
      />
    </SettingsForm>
  );
}
