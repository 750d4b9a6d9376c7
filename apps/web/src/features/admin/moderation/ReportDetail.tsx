import type { ReportDetail as Detail } from '@amora/contracts';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useFormat } from '../../../app/i18n.ts';
import { useTranslation } from '../../../app/translation.ts';
import { fetchReport, reportKey } from './api.ts';
import { DecisionForm } from './DecisionForm.tsx';
import { PageTitle, QueueStates, Repeat } from './parts.tsx';

/** One report: what was reported, the member it is about, and the decision form while it is open. */
export function ReportDetail() {
  const { t } = useTranslation();
  const { date } = useFormat();
  const { id = '' } = useParams();
  const q = useQuery({ queryKey: reportKey(id), queryFn: ({ signal }) => fetchReport(id, signal) });
  const d = q.data;
  return (
    <>
      <PageTitle title={t('admin.moderation.report.title')} />
      <QueueStates query={q} />
      {d ? (
        <>
          <div className="card admin-card">
            <h2 className="admin-card__title">
              {t(`complaints.reasons.${d.report.reason}`, { defaultValue: d.report.reason })}
            </h2>
            <p className="admin-muted">
              {d.report.rule
                ? t('admin.moderation.reports.automated', {
                    rule: d.report.rule,
                    date: date(d.report.created_at),
                  })
                : t('admin.moderation.reports.by', {
                    name: d.report.reporter_name,
                    date: date(d.report.created_at),
                  })}
            </p>
            <p className="mod-text">{d.report.text}</p>
          </div>
          {d.member ? <ReportedMember member={d.member} upheld={d.report.upheld} /> : null}
          {d.report.status === 'open' || d.report.status === 'in_review' ? (
            <DecisionForm
              id={id}
              photos={d.member?.photos.filter((p) => p.status !== 'rejected') ?? []}
              hasMember={!!d.member}
            />
          ) : (
            <p className="admin-muted">{t('admin.moderation.report.decided')}</p>
          )}
        </>
      ) : null}
    </>
  );
}

/** The reported member: account and profile status, city, about, photos and past decisions. */
function ReportedMember({ member: m, upheld }: { member: NonNullable<Detail['member']>; upheld: number }) {
  const { t } = useTranslation();
  const { date } = useFormat();
  return (
    <div className="card admin-card">
      <h2 className="admin-card__title">
        {m.name} <Repeat n={upheld} />
      </h2>
      <dl className="admin-facts">
        <dt>{t('admin.moderation.report.account')}</dt>
        <dd>
          {t(`admin.moderation.accountStatus.${m.account_status}`, {
            defaultValue: m.account_status,
          })}
        </dd>
        <dt>{t('admin.moderation.report.profile')}</dt>
        <dd>
          {t(`admin.moderation.profileStatus.${m.profile_status}`, {
            defaultValue: m.profile_status,
          })}
        </dd>
        {m.city ? (
          <>
            <dt>{t('admin.moderation.report.city')}</dt>
            <dd>{m.city}</dd>
          </>
        ) : null}
        {m.about ? (
          <>
            <dt>{t('admin.moderation.report.about')}</dt>
            <dd>{m.about}</dd>
          </>
        ) : null}
      </dl>
      {m.photos.length ? (
        <ul className="mod-photos" aria-label={t('admin.moderation.report.photos')}>
          {m.photos.map((p, i) => (
            <li key={p.id}>
              <img
                src={p.thumb}
                alt={t('admin.moderation.report.photoN', { n: i + 1 })}
                width={96}
                height={120}
              />
              <span className="admin-muted">
                {t(`photos.status.${p.status}`, { defaultValue: p.status })}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {m.decisions.length ? (
        <>
          <h3 className="admin-card__subtitle">{t('admin.moderation.report.history')}</h3>
          <ul className="admin-list">
            {m.decisions.map((x) => (
              <li key={x.id} className="admin-list__item">
                {date(x.decided_at)} · {t(`admin.moderation.actions.${x.action}`)}
                {x.category ? ` · ${t(`moderation.categories.${x.category}`)}` : ''}
                {x.state !== 'in_force' ? ` · ${t(`moderation.notice.state.${x.state}`)}` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
