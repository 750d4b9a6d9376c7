import type { Notice } from '@amora/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorText } from '../../api/client.ts';
import { Head } from '../../app/head.tsx';
import { useFormat } from '../../app/i18n.ts';
import { useTranslation } from '../../app/translation.ts';
import { fetchNotice, noticeKey, sendAppeal } from '../../entities/moderation/api.ts';
import { Button } from '../../ui/Button.tsx';
import { FormAlert, TextAreaField } from '../../ui/fields.tsx';
import '../../entities/moderation/moderation.css';

/**
 * /notice/:token: the statement of reasons of a moderation decision (EU DSA Art. 17): what was
 * restricted, why, on which ground, the facts, that a person decided, and the appeal (Art. 20),
 * in the visitor's language. The token comes from the mail or from a refused login (a suspended or
 * banned account): no session is needed.
 */
export default function NoticePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const notice = useQuery({
    queryKey: noticeKey(token),
    queryFn: ({ signal }) => fetchNotice(token, signal),
    retry: false,
  });
  return (
    <div className="notice-page container">
      <Head title={t('moderation.notice.title')} noindex />
      <section className="card notice-page__card" aria-labelledby="notice-title">
        <h1 id="notice-title">{t('moderation.notice.title')}</h1>
        {notice.isPending ? <p className="muted">{t('common.loading')}</p> : null}
        {notice.isError ? <FormAlert>{t('moderation.notice.invalid')}</FormAlert> : null}
        {notice.data ? <Statement notice={notice.data} token={token} /> : null}
        <p>
          <Link to="/login">{t('moderation.notice.toLogin')}</Link>
        </p>
      </section>
    </div>
  );
}

function Statement({ notice: n, token }: { notice: Notice; token: string }) {
  const { t } = useTranslation();
  const { date } = useFormat();
  const lastDay = n.suspended_until ? new Date(new Date(n.suspended_until).getTime() - 86_400_000) : null;
  return (
    <>
      <p className="notice-page__lead">{t('moderation.notice.lead')}</p>
      <dl className="notice-facts">
        <dt>{t('moderation.notice.what')}</dt>
        <dd>
          {t(`moderation.actions.${n.action}`)}
          {n.state !== 'in_force' ? ` (${t(`moderation.notice.state.${n.state}`)})` : ''}
        </dd>
        {lastDay ? (
          <>
            <dt>{t('moderation.notice.until')}</dt>
            <dd>{date(lastDay)}</dd>
          </>
        ) : null}
        {n.category ? (
          <>
            <dt>{t('moderation.notice.why')}</dt>
            <dd>{t(`moderation.categories.${n.category}`)}</dd>
          </>
        ) : null}
        {n.ground ? (
          <>
            <dt>{t('moderation.notice.ground')}</dt>
            <dd>{t(`moderation.grounds.${n.ground}`)}</dd>
          </>
        ) : null}
        <dt>{t('moderation.notice.facts')}</dt>
        <dd>{n.facts || t('moderation.noFacts')}</dd>
        <dt>{t('moderation.notice.automated')}</dt>
        <dd>{t('moderation.notice.automatedNo')}</dd>
        <dt>{t('moderation.notice.decidedAt')}</dt>
        <dd>{date(n.decided_at)}</dd>
      </dl>
      {n.photo_thumb ? (
        <figure className="notice-photo">
          <img src={n.photo_thumb} alt={t('moderation.notice.photo')} width={120} height={150} />
        </figure>
      ) : null}
      <Appeal notice={n} token={token} />
      <p className="muted">{t('moderation.notice.remedies')}</p>
    </>
  );
}

function Appeal({ notice: n, token }: { notice: Notice; token: string }) {
  const { t } = useTranslation();
  const { date } = useFormat();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setFailed(null);
    try {
      client.setQueryData(noticeKey(token), await sendAppeal(token, text));
    } catch (err) {
      setFailed(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="notice-appeal" aria-labelledby="appeal-title">
      <h2 id="appeal-title">{t('moderation.notice.appealTitle')}</h2>
      {n.appeal ? (
        <div role="status">
          <p>{t(`moderation.notice.appealStatus.${n.appeal.status}`)}</p>
          {n.appeal.note ? <p>{t('moderation.notice.appealNote', { note: n.appeal.note })}</p> : null}
        </div>
      ) : n.can_appeal ? (
        <form onSubmit={submit} noValidate>
          <p>{t('moderation.notice.appealHow', { date: date(n.appeal_until) })}</p>
          {failed ? <FormAlert>{failed}</FormAlert> : null}
          <TextAreaField
            label={t('moderation.notice.appealLabel')}
            name="appeal"
            rows={5}
            minLength={10}
            maxLength={3000}
            required
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <Button type="submit" busy={busy} disabled={busy}>
            {t('moderation.notice.appealSubmit')}
          </Button>
        </form>
      ) : (
        <p>{t('moderation.notice.appealClosed')}</p>
      )}
    </section>
  );
}
