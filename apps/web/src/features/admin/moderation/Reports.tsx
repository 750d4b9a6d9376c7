import { Link } from 'react-router';
import { useFormat } from '../../../app/i18n.ts';
import { useTranslation } from '../../../app/translation.ts';
import { fetchReports, reportsKey } from './api.ts';
import { PageTitle, QueueStates, Repeat, useQueuePage } from './parts.tsx';

/** The waiting reports (open and in review), oldest first, a page at a time: reason, member, reporter and an excerpt, each to its detail. */
export function Reports() {
  const { t } = useTranslation();
  const { date } = useFormat();
  const { query: q, pager } = useQueuePage(reportsKey, fetchReports);
  return (
    <>
      <PageTitle title={t('admin.moderation.reports.title')} />
      <QueueStates query={q} isEmpty={(d) => !d.reports.length} empty={t('admin.moderation.reports.empty')} />
      {q.data?.reports.length ? (
        <ul className="admin-list card admin-card" aria-label={t('admin.moderation.reports.title')}>
          {q.data.reports.map((r) => (
            <li key={r.id} className="admin-list__item">
              <div className="admin-list__head">
                <Link to={`/admin/moderation/reports/${r.id}`}>
                  <strong>{t(`complaints.reasons.${r.reason}`, { defaultValue: r.reason })}</strong>
                  {' · '}
                  {r.member_name ?? t('admin.moderation.reports.aboutSite')}
                </Link>
                <Repeat n={r.upheld} />
              </div>
              <p className="admin-muted">
                {r.rule
                  ? t('admin.moderation.reports.automated', { rule: r.rule, date: date(r.created_at) })
                  : t('admin.moderation.reports.by', { name: r.reporter_name, date: date(r.created_at) })}
              </p>
              <p className="mod-excerpt">{r.text}</p>
            </li>
          ))}
        </ul>
      ) : null}
      {pager}
    </>
  );
}
