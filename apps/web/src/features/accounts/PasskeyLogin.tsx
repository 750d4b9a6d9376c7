import type { User } from '@amora/contracts';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { useHydrated } from '../../app/hydrated.ts';
import { useTranslation } from '../../app/translation.ts';
import {
  cancelPasskeyRequest,
  ceremonyCancelled,
  loginWithPasskey,
  passkeyAutofillSupported,
  passkeysSupported,
} from '../../entities/session/passkeys.ts';
import { Button } from '../../ui/Button.tsx';
import { FormAlert } from '../../ui/fields.tsx';

/**
 * The login page's passkey: a button that asks the browser for one of this site's passkeys, and
 * where the browser can, the same offer in the e-mail field's autofill (conditional UI). No
 * password is typed; a refusal reads as a wrong password's. `refused` may take an error itself
 * (a restricted account's notice).
 */
export function PasskeyLogin({
  onUser,
  refused,
}: {
  onUser: (user: User | null) => void;
  refused: (err: unknown) => boolean;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const fail = (err: unknown, quiet: boolean) => {
    if (refused(err)) return;
    if (ceremonyCancelled(err)) {
      if (!quiet) setAlert(t('auth.login.passkeyCancelled'));
      return;
    }
    setAlert(err instanceof ApiError && err.message ? err.message : t('errors.generic'));
  };
  // The autofill request outlives renders: it reads the latest handlers through here.
  const handlers = useRef({ onUser, fail });
  handlers.current = { onUser, fail };

  useEffect(() => {
    let live = true;
    void (async () => {
      if (!(await passkeyAutofillSupported().catch(() => false)) || !live) return;
      try {
        const user = await loginWithPasskey(true);
        if (live) handlers.current.onUser(user);
      } catch (err) {
        if (live) handlers.current.fail(err, true);
      }
    })();
    return () => {
      live = false;
      void cancelPasskeyRequest().catch(() => undefined);
    };
  }, []);

  const onClick = async () => {
    setAlert(null);
    if (!passkeysSupported()) {
      setAlert(t('auth.login.passkeyUnsupported'));
      return;
    }
    setBusy(true);
    try {
      handlers.current.onUser(await loginWithPasskey());
    } catch (err) {
      fail(err, false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="auth-card__passkey">
      <FormAlert>{alert}</FormAlert>
      <Button
        type="button"
        variant="secondary"
        size="lg"
        block
        busy={busy}
        disabled={!hydrated}
        onClick={onClick}
      >
        {t('auth.login.passkey')}
      </Button>
      <p className="auth-card__or muted">{t('auth.login.or')}</p>
    </div>
  );
}
