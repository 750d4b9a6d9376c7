import type { OperatorSession } from '@amora/contracts';
import { consoleEndpoints } from '@amora/contracts/console-endpoints';
import { type FormEvent, useState } from 'react';
import { call, errorText } from '../../api/client.ts';
import { Head } from '../../app/head.tsx';
import { useTranslation } from '../../app/translation.ts';
import { ceremonyCancelled, getPasskeyAssertion } from '../../entities/session/passkeys.ts';
import { Button } from '../../ui/Button.tsx';
import { CodeField, EmailField, FormAlert, PasswordField } from '../../ui/fields.tsx';
import { useSetOperatorSession } from './api.ts';

/**
 * /admin/login: e-mail and password, then (when the operator has a second factor here) the
 * 6-digit code of the authenticator app or a passkey of this site. The answer to a wrong address and a wrong password is the same.
 */
export function AdminLoginPage({ session }: { session: OperatorSession }) {
  const { t } = useTranslation();
  const setSession = useSetOperatorSession();
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codeStep = session.next === 'totp';
  const factors = session.factors ?? ['totp'];

  /** The second step with a passkey of this site (issue 30 item 4) instead of the app's code. */
  const confirmWithPasskey = async () => {
    setAlert(null);
    setBusy(true);
    try {
      const { options } = await call(consoleEndpoints.adminCore.passkeyOptions);
      const response = await getPasskeyAssertion(options);
      setSession(await call(consoleEndpoints.adminCore.passkey, { body: { response } }));
    } catch (err) {
      setAlert(ceremonyCancelled(err) ? t('settings.passkeys.cancelled') : errorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    setAlert(null);
    setBusy(true);
    try {
      if (codeStep) {
        setSession(
          await call(consoleEndpoints.adminCore.totp, { body: { code: String(data.get('code') ?? '') } }),
        );
      } else {
        setSession(
          await call(consoleEndpoints.adminCore.login, {
            body: { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') },
          }),
        );
      }
    } catch (err) {
      setAlert(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="admin-login">
      <Head title={t('admin.core.login.title')} noindex />
      <div className="admin-login__card card">
        <p className="admin-bar__label">{session.site.name}</p>
        <h1 className="admin-login__title">{t('admin.core.login.title')}</h1>
        <FormAlert>{alert}</FormAlert>
        {codeStep && factors.includes('passkey') ? (
          <div className="admin-login__passkey">
            <p>{t('admin.core.login.passkeyLead')}</p>
            <Button block busy={busy} onClick={() => void confirmWithPasskey()}>
              {t('admin.core.login.passkey')}
            </Button>
          </div>
        ) : null}
        {codeStep && factors.includes('totp') ? (
          <form key="code" noValidate onSubmit={(e) => void submit(e)}>
            <p>{t('admin.core.login.codeLead')}</p>
            <CodeField label={t('admin.core.login.code')} name="code" pattern="[0-9]{6}" required autoFocus />
            <Button type="submit" block busy={busy}>
              {t('admin.core.login.verify')}
            </Button>
          </form>
        ) : codeStep ? null : (
          <form key="password" noValidate onSubmit={(e) => void submit(e)}>
            <EmailField label={t('auth.email')} name="email" autoComplete="username" required />
            <PasswordField
              label={t('auth.password')}
              name="password"
              autoComplete="current-password"
              required
            />
            <Button type="submit" block busy={busy}>
              {t('admin.core.login.submit')}
            </Button>
          </form>
        )}
      </div>
    </main>
  );
}
