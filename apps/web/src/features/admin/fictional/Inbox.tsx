import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useSettings } from '../../../api/queries.ts';
import { useTranslation } from '../../../app/translation.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormAlert } from '../../../ui/fields.tsx';
import { QueryError } from '../../../ui/QueryError.tsx';
import { fetchInbox, inboxKey } from './api.ts';
import { when } from './parts.tsx';

/** The conversations with fictional profiles, unanswered marked, a page at a time (refreshed twice a minute). */
export function Inbox() {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const inbox = useQuery({
    queryKey: inboxKey(page),
    queryFn: ({ signal }) => fetchInbox(page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
  return (
    <section className="adm-sites" aria-labelledby="adm-fict-title">
      <h1 id="adm-fict-title">{t('admin.fictional.inboxTitle', { plural: settings.fictional_plural })}</h1>
      {inbox.data?.switched_off ? (
        <FormAlert tone="info">{t('admin.fictional.switchedOff')}</FormAlert>
      ) : null}
      {inbox.isError && !inbox.data ? (
        <QueryError query={inbox} />
      ) : !inbox.data ? (
        <p>{t('admin.core.loading')}</p>
      ) : inbox.data.entries.length === 0 ? (
        <p>{t('admin.fictional.empty')}</p>
      ) : (
        <>
          <p className="admin-muted">
            {t('admin.fictional.counts', { total: inbox.data.total, unanswered: inbox.data.unanswered })}
          </p>
          <ul className="adm-sites__list" aria-label={t('admin.fictional.inbox')}>
            {inbox.data.entries.map((e) => (
              <li
                key={e.conversation_id}
                className={`adm-sites__item${e.unanswered ? ' adm-sites__item--new' : ''}`}
              >
                <Link to={`/admin/fictional/c/${e.conversation_id}`}>
                  <strong>
                    {t('admin.fictional.pair', { member: e.member.name, fictional: e.fictional.name })}
                  </strong>
                </Link>
                <span className="adm-sites__facts">
                  {e.unanswered ? <span className="adm-tag">{t('admin.fictional.unanswered')}</span> : null}
                  <span>{e.last_body}</span>
                  <time dateTime={e.last_message_at}>{when(e.last_message_at, i18n.language)}</time>
                </span>
              </li>
            ))}
          </ul>
          <nav className="adm-sites__actions" aria-label={t('admin.fictional.pages')}>
            <Button
              variant="secondary"
              size="sm"
              disabled={page <= 1}
              onClick={() => setParams({ page: String(page - 1) })}
            >
              {t('admin.fictional.previous')}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={!inbox.data.more}
              onClick={() => setParams({ page: String(page + 1) })}
            >
              {t('admin.fictional.next')}
            </Button>
          </nav>
        </>
      )}
    </section>
  );
}
