import type { UnsubscribeResult } from '@amora/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../api/client.ts';
import { useSettings } from '../../api/queries.ts';
import { Head } from '../../app/head.tsx';
import { useTranslation } from '../../app/translation.ts';
import { Button } from '../../ui/Button.tsx';
import { FormAlert } from '../../ui/fields.tsx';
import { unsubscribe, unsubscribeInfo } from './api.ts';
import './notifications.css';

/**
 * /unsubscribe?token=: the visible link of every notification mail, without logging in. It says
 * what would stop and waits for a button (a GET never unsubscribes: link scanners open links).
 */
export default function UnsubscribePage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const info = useQuery({
    queryKey: ['unsubscribe-info', token],
    queryFn: () => unsubscribeInfo(token),
    retry: false,
  });
  const [busy, setBusy] = useState<'one' | 'all' | null>(null);
  const [done, setDone] = useState<UnsubscribeResult | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const typeName = info.data ? t(`mailNotifications.types.${info.data.type}.label`) : '';
  // The buttons go once it is done: the focus moves to what happened (and a screen reader says it).
  const doneRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const submit = async (all: boolean) => {
    setBusy(all ? 'all' : 'one');
    setFailed(null);
    try {
      setDone(await unsubscribe(token, all));
    } catch (err) {
      setFailed(errorText(err, t));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="unsubscribe-page container">
      <Head title={t('mailNotifications.unsubscribe.metaTitle', { siteName: settings.name })} noindex />
      <section className="card unsubscribe-page__card" aria-labelledby="unsubscribe-title">
        <h1 id="unsubscribe-title">{t('mailNotifications.unsubscribe.title')}</h1>
        {info.isPending ? <p className="muted">{t('common.loading')}</p> : null}
        {info.isError ? (
          <>
            <FormAlert>{errorText(info.error, t)}</FormAlert>
            <p>{t('mailNotifications.unsubscribe.invalidHelp')}</p>
          </>
        ) : null}
        {info.data && !done ? (
          <>
            <p>{t('mailNotifications.unsubscribe.question', { type: typeName, siteName: settings.name })}</p>
            {failed ? <FormAlert>{failed}</FormAlert> : null}
            <div className="unsubscribe-page__actions">
              <Button busy={busy === 'one'} disabled={busy !== null} onClick={() => void submit(false)}>
                {t('mailNotifications.unsubscribe.confirm')}
              </Button>
              <Button
                variant="secondary"
                busy={busy === 'all'}
                disabled={busy !== null}
                onClick={() => void submit(true)}
              >
                {t('mailNotifications.unsubscribe.all')}
              </Button>
            </div>
          </>
        ) : null}
        {done ? (
          <div ref={doneRef} tabIndex={-1} className="unsubscribe-page__done">
            <FormAlert tone="success">
              {done.all
                ? t('mailNotifications.unsubscribe.doneAll', { siteName: settings.name })
                : t('mailNotifications.unsubscribe.done', { type: typeName })}
            </FormAlert>
          </div>
        ) : null}
        {info.data && !done?.all ? (
          <p className="muted">
            {t('mailNotifications.unsubscribe.settingsHint')}{' '}
            <Link to="/notifications">{t('mailNotifications.unsubscribe.settingsLink')}</Link>.
          </p>
        ) : null}
      </section>
    </div>
  );
}
