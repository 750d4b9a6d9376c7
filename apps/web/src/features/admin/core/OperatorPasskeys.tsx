import type { Passkey } from '@amora/contracts';
import { consoleEndpoints } from '@amora/contracts/console-endpoints';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { call } from '../../../api/client.ts';
import { useTranslation } from '../../../app/translation.ts';
import { PasskeyList } from '../../../entities/session/PasskeyList.tsx';
import { ceremonyCancelled, createPasskeyCredential } from '../../../entities/session/passkeys.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormAlert, TextField } from '../../../ui/fields.tsx';
import { operatorSessionKey } from '../api.ts';
import { useAction } from '../ui/useAction.ts';

const KEY = ['admin', 'passkeys'] as const;

/**
 * The operator's passkeys on this site (issue 30 item 4): a second factor beside the authenticator
 * app, listed (name, added, last used), added (named, or after the browser and the date), removed.
 */
export function OperatorPasskeys() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: KEY,
    queryFn: async () => (await call(consoleEndpoints.adminCore.passkeys)).passkeys,
  });
  const [done, setDone] = useState<string | null>(null);
  const { busy, failed, run } = useAction<string>();
  const show = (passkeys: Passkey[]) => {
    qc.setQueryData(KEY, passkeys);
    // A login that had to set up its second factor is complete once one is added.
    void qc.invalidateQueries({ queryKey: operatorSessionKey });
  };

  const add = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const name = String(new FormData(form).get('name') ?? '').trim();
    setDone(null);
    return run('add', async () => {
      const { options } = await call(consoleEndpoints.adminCore.passkeyAddOptions);
      let response: Awaited<ReturnType<typeof createPasskeyCredential>>;
      try {
        response = await createPasskeyCredential(options);
      } catch (err) {
        if (!ceremonyCancelled(err)) throw err;
        setDone(t('settings.passkeys.cancelled'));
        return;
      }
      const body = { response, ...(name ? { name } : {}) };
      show((await call(consoleEndpoints.adminCore.passkeyAdd, { body })).passkeys);
      setDone(t('admin.core.account.passkeyAdded'));
      form.reset();
    });
  };
  const remove = (p: Passkey) => {
    setDone(null);
    return run(p.id, async () => {
      show((await call(consoleEndpoints.adminCore.passkeyRemove, { params: { id: p.id } })).passkeys);
      setDone(t('admin.core.account.passkeyRemoved'));
    });
  };

  const passkeys = list.data ?? [];
  return (
    <section className="card admin-card" aria-labelledby="admin-passkeys">
      <h2 id="admin-passkeys" className="admin-card__title">
        {t('admin.core.account.passkeysTitle')}
      </h2>
      <p>{t('admin.core.account.passkeysLead')}</p>
      <FormAlert>{failed}</FormAlert>
      <FormAlert tone="success">{done}</FormAlert>
      <PasskeyList
        passkeys={passkeys}
        loaded={list.isSuccess}
        removing={busy}
        onRemove={(p) => void remove(p)}
      />
      <form noValidate onSubmit={(e) => void add(e)}>
        <TextField
          label={t('settings.passkeys.name')}
          hint={t('settings.passkeys.nameHint')}
          name="name"
          maxLength={60}
          autoComplete="off"
        />
        <Button type="submit" variant="secondary" busy={busy === 'add'}>
          {t('admin.core.account.passkeyAdd')}
        </Button>
      </form>
    </section>
  );
}
