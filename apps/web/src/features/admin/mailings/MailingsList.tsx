import type { MailingSummary } from '@amora/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../app/translation.ts';
import { ButtonLink } from '../../../ui/Button.tsx';
import { useDates } from '../members/format.ts';
import { Pager } from '../ui/Pager.tsx';
import { Results } from '../ui/Results.tsx';
import { fetchMailings, mailingsKey } from './api.ts';

/** When a mailing went, goes, or was made, in words. */
export function useWhen() {
  const { t } = useTranslation();
  const { dateTime } = useDates();
  return (m: MailingSummary) =>
    m.status === 'sent' && m.finished_at
      ? t('admin.mailings.sentAt', { date: dateTime(m.finished_at) })
      : m.status === 'sending' && m.started_at
        ? t('admin.mailings.sendingSince', { date: dateTime(m.started_at) })
        : m.status === 'scheduled' && m.scheduled_at
          ? t('admin.mailings.scheduledFor', { date: dateTime(m.scheduled_at) })
          : t('admin.mailings.changedAt', { date: dateTime(m.updated_at) });
}

/** /admin/mailings: the site's mailings, newest first, with their state and counts. */
export function MailingsList() {
  const { t } = useTranslation();
  const when = useWhen();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: [...mailingsKey, 'page', page],
    queryFn: ({ signal }) => fetchMailings(page, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <section className="adm-mailings" aria-labelledby="adm-mailings-title">
      <div className="adm-mailings__head">
        <h1 id="adm-mailings-title">{t('admin.mailings.title')}</h1>
        <ButtonLink to="/admin/mailings/new">{t('admin.mailings.new')}</ButtonLink>
      </div>
      <p className="adm-muted">{t('admin.mailings.lead')}</p>
      <Results query={list} isEmpty={(d) => !d.mailings.length} empty={t('admin.mailings.none')}>
        {(data) => (
          <>
            <ul className="adm-list" aria-label={t('admin.mailings.title')}>
              {data.mailings.map((m) => (
                <li key={m.id} className="adm-list__item">
                  <div className="adm-list__main">
                    <Link to={`/admin/mailings/${m.id}`}>
                      <strong>{m.headline}</strong>
                    </Link>
                    <span>
                      {t(`admin.mailings.type.${m.type}`)} · {when(m)}
                    </span>
                    {m.status === 'draft' ? null : (
                      <span className="adm-muted">{t('admin.mailings.countsLine', m.counts)}</span>
                    )}
                  </div>
                  <span className="adm-tag">{t(`admin.mailings.status.${m.status}`)}</span>
                </li>
              ))}
            </ul>
            <Pager page={page} of={data} onPage={setPage} />
          </>
        )}
      </Results>
    </section>
  );
}
