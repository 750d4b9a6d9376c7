import type { Dashboard } from '@amora/contracts';
import { consoleEndpoints } from '@amora/contracts/console-endpoints';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { Head } from '../../../app/head.tsx';
import { useFormat } from '../../../app/i18n.ts';
import { useTranslation } from '../../../app/translation.ts';
import { QueryError } from '../../../ui/QueryError.tsx';
import { TableScroll } from '../ui/TableScroll.tsx';

/** /admin: what waits for the site's operators (reports, photos) and, for admins of every site, failed background jobs. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: () => call(consoleEndpoints.adminCore.dashboard),
    refetchInterval: 60_000,
  });
  return (
    <section className="admin-page">
      <Head title={t('admin.core.dashboard.title')} noindex />
      <h1 className="admin-page__title">{t('admin.core.dashboard.title')}</h1>
      {query.isError ? <QueryError query={query} className="card admin-card" /> : null}
      {query.data ? (
        <DashboardBody data={query.data} />
      ) : query.isPending ? (
        <p>{t('admin.core.loading')}</p>
      ) : null}
    </section>
  );
}

function DashboardBody({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const { date } = useFormat();
  const counts = [
    { key: 'openReports', value: data.open_reports },
    { key: 'pendingPhotos', value: data.pending_photos },
    { key: 'openAppeals', value: data.open_appeals },
    ...(data.jobs ? [{ key: 'deadJobs', value: data.jobs.dead_total }] : []),
  ];
  return (
    <>
      <ul className="admin-stats">
        {counts.map((c) => (
          <li key={c.key} className="admin-stat card">
            <span className="admin-stat__value">{c.value ?? '–'}</span>
            <span className="admin-stat__label">{t(`admin.core.dashboard.${c.key}`)}</span>
          </li>
        ))}
      </ul>
      {data.jobs ? (
        <section className="admin-card card" aria-labelledby="admin-dead-jobs">
          <h2 id="admin-dead-jobs" className="admin-card__title">
            {t('admin.core.dashboard.deadJobsTitle')}
          </h2>
          {data.jobs.dead.length === 0 ? (
            <p>{t('admin.core.dashboard.noDeadJobs')}</p>
          ) : (
            <ul className="admin-list">
              {data.jobs.dead.map((j) => (
                <li key={j.id} className="admin-list__item">
                  <div className="admin-list__head">
                    <strong>{j.name}</strong>
                    <span className="admin-muted">
                      {j.finished_at ? date(j.finished_at, { dateStyle: 'medium', timeStyle: 'short' }) : ''}
                    </span>
                  </div>
                  <p className="admin-muted">{t('admin.core.dashboard.attempts', { n: j.attempts })}</p>
                  {j.error ? <pre className="admin-pre">{j.error}</pre> : null}
                </li>
              ))}
            </ul>
          )}
          <h3 className="admin-card__subtitle">{t('admin.core.dashboard.jobsTitle')}</h3>
          <TableScroll label={t('admin.core.dashboard.jobsTitle')}>
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t('admin.core.dashboard.job')}</th>
                  <th scope="col">{t('admin.core.dashboard.state')}</th>
                  <th scope="col">{t('admin.core.dashboard.count')}</th>
                </tr>
              </thead>
              <tbody>
                {data.jobs.stats.map((s) => (
                  <tr key={`${s.name}/${s.state}`}>
                    <td>{s.name}</td>
                    <td>{s.state}</td>
                    <td>{s.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </section>
      ) : null}
    </>
  );
}
