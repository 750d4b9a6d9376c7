import { consoleEndpoints } from '@amora/contracts/console-endpoints';
import { type FormEvent, useState } from 'react';
import { call } from '../../../api/client.ts';
import { Head } from '../../../app/head.tsx';
import { useTranslation } from '../../../app/translation.ts';
import { Button } from '../../../ui/Button.tsx';
import { CodeField, FormAlert } from '../../../ui/fields.tsx';
import { useOperatorSession, useSetOperatorSession } from '../api.ts';
import { useAction } from '../ui/useAction.ts';
import { OperatorPasskeys } from './OperatorPasskeys.tsx';

/**
 * /admin/account: the operator's own account: who they are, their roles, and their authenticator
 * app (set up with the secret or the otpauth:// address, confirmed with a code; removable unless
 * an admin requires it), and their passkeys on this site (OperatorPasskeys). A login that must
 * set up a second factor first lands here.
 */
export default function AccountPage() {
  const { t } = useTranslation();
  const session = useOperatorSession().data!;
  const setSession = useSetOperatorSession();
  const op = session.operator!;
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { busy, failed, run: act } = useAction<'totp'>();
  const run = (fn: () => Promise<void>) => {
    setDone(null);
    return act('totp', fn);
  };
  const start = () => run(async () => setSetup(await call(consoleEndpoints.adminCore.totpSetup)));
  const confirm = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('code') ?? '');
    return run(async () => {
      setSession(await call(consoleEndpoints.adminCore.totpEnable, { body: { code } }));
      setSetup(null);
      setDone(t('admin.core.account.totpOn'));
    });
  };
  const remove = () =>
    run(async () => {
      setSession(await call(consoleEndpoints.adminCore.totpRemove));
      setDone(t('admin.core.account.totpRemoved'));
    });
  return (
    <section className="admin-page">
      <Head title={t('admin.core.account.title')} noindex />
      <h1 className="admin-page__title">{t('admin.core.account.title')}</h1>
      {session.next === 'totp_setup' ? (
        <FormAlert tone="info">{t('admin.core.account.setupFirst')}</FormAlert>
      ) : null}
      <div className="card admin-card">
        <dl className="admin-facts">
          <dt>{t('admin.core.account.name')}</dt>
          <dd>{op.name}</dd>
          <dt>{t('auth.email')}</dt>
          <dd>{op.email}</dd>
          <dt>{t('admin.core.account.roles')}</dt>
          <dd>
            <ul className="tag-list">
              {op.grants.map((g) => (
                <li key={`${g.role}/${g.site_id}`} className="admin-chip">
                  {t(`admin.core.roles.${g.role}`)} ·{' '}
                  {g.site_id === null
                    ? t('admin.core.account.allSites')
                    : g.site_id === session.site.id
                      ? session.site.name
                      : `#${g.site_id}`}
                </li>
              ))}
            </ul>
          </dd>
        </dl>
      </div>
      <section className="card admin-card" aria-labelledby="admin-totp">
        <h2 id="admin-totp" className="admin-card__title">
          {t('admin.core.account.totpTitle')}
        </h2>
        <FormAlert>{failed}</FormAlert>
        <FormAlert tone="success">{done}</FormAlert>
        <p>
          {op.totp_enabled ? t('admin.core.account.totpEnabled') : t('admin.core.account.totpDisabled')}
          {op.totp_required ? ` ${t('admin.core.account.totpRequired')}` : ''}
        </p>
        {setup ? (
          <form noValidate onSubmit={(e) => void confirm(e)}>
            <p>{t('admin.core.account.setupLead')}</p>
            <p className="admin-secret">
              <span className="admin-muted">{t('admin.core.account.secret')}</span>
              <code>{setup.secret}</code>
            </p>
            <p>
              <a href={setup.uri}>{t('admin.core.account.openApp')}</a>
            </p>
            <CodeField label={t('admin.core.login.code')} name="code" required />
            <Button type="submit" busy={!!busy}>
              {t('admin.core.account.confirm')}
            </Button>
          </form>
        ) : (
          <div className="admin-actions button-row">
            <Button variant="secondary" busy={!!busy} onClick={() => void start()}>
              {op.totp_enabled ? t('admin.core.account.replace') : t('admin.core.account.setUp')}
            </Button>
            {op.totp_enabled && !op.totp_required ? (
              <Button variant="danger" busy={!!busy} onClick={() => void remove()}>
                {t('admin.core.account.remove')}
              </Button>
            ) : null}
          </div>
        )}
      </section>
      <OperatorPasskeys />
    </section>
  );
}
