import type { AdminMemberDetail } from '@amora/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../../app/translation.ts';
import { useMoney } from '../../../entities/credits/money.ts';
import { Button } from '../../../ui/Button.tsx';
import { QueryError } from '../../../ui/QueryError.tsx';
import { hasRole, useOperatorSession } from '../api.ts';
import { DetailMissing, DetailTitle, detailMissing, Facts } from '../ui/Detail.tsx';
import { fetchLedger, fetchMember, ledgerKey, memberKey } from './api.ts';
import { DataExports } from './DataExports.tsx';
import { useDates } from './format.ts';
import { CreditAdjustment, MemberActions } from './MemberActions.tsx';

type Report = AdminMemberDetail['reports_about'][number];

function Reports({ title, reports, empty }: { title: string; reports: Report[]; empty: string }) {
  const { t } = useTranslation();
  const { dateTime } = useDates();
  return (
    <section className="adm-card">
      <h2>{title}</h2>
      {reports.length ? (
        <ul className="adm-rows">
          {reports.map((r) => (
            <li key={r.id}>
              <span className="adm-rows__head">
                <strong>{t(`complaints.reasons.${r.reason}`, { defaultValue: r.reason })}</strong>
                <span className="adm-muted">{dateTime(r.created_at)}</span>
                <span className="adm-tag">
                  {t(`admin.members.reportStatus.${r.status}`, { defaultValue: r.status })}
                </span>
              </span>
              {r.other_id ? (
                <Link to={`/admin/members/${r.other_id}`}>{r.other_name ?? t('admin.members.noName')}</Link>
              ) : null}
              {r.text ? <p className="adm-quote">{r.text}</p> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="adm-muted">{empty}</p>
      )}
    </section>
  );
}

function Ledger({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const { dateTime } = useDates();
  const ledger = useInfiniteQuery({
    queryKey: ledgerKey(memberId),
    queryFn: ({ pageParam, signal }) => fetchLedger(memberId, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const entries = ledger.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <section className="adm-card" aria-labelledby="adm-ledger-title">
      <h2 id="adm-ledger-title">{t('admin.members.ledgerTitle')}</h2>
      {ledger.isError && !ledger.data ? <QueryError query={ledger} /> : null}
      <ul className="adm-rows adm-ledger">
        {entries.map((e) => (
          <li key={e.id}>
            <span className={e.delta > 0 ? 'adm-plus' : 'adm-minus'}>
              {e.delta > 0 ? `+${e.delta}` : e.delta}
            </span>
            <span>{t(`admin.members.ledgerReason.${e.reason}`, { defaultValue: e.reason })}</span>
            <span className="adm-muted adm-ref">{e.ref}</span>
            <span>{t('admin.members.balanceAfter', { count: e.balance_after })}</span>
            <span className="adm-muted">{dateTime(e.created_at)}</span>
          </li>
        ))}
      </ul>
      {ledger.hasNextPage ? (
        <Button
          variant="secondary"
          size="sm"
          busy={ledger.isFetchingNextPage}
          onClick={() => void ledger.fetchNextPage()}
        >
          {t('admin.members.more')}
        </Button>
      ) : null}
    </section>
  );
}

/**
 * /admin/members/:id: the member's profile, photos, reports about and by them, orders and ledger,
 * and what the operator's roles allow: a credit adjustment (finance), ending sessions and turning
 * e-mail back on (support), starting the deletion (admin).
 */
export function MemberDetail() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const session = useOperatorSession();
  const { money } = useMoney();
  const { date, dateTime } = useDates();
  const detail = useQuery({ queryKey: memberKey(id), queryFn: ({ signal }) => fetchMember(id, signal) });
  if (detailMissing(detail) || !detail.data) {
    return (
      <DetailMissing
        query={detail}
        className="adm-members"
        notFound={t('admin.members.notFound')}
        back={{ to: '/admin/members', label: t('admin.members.back') }}
      />
    );
  }
  const { member: m, photos, orders } = detail.data;
  const has = (r: 'admin' | 'support' | 'finance') => hasRole(session.data, [r]);
  const facts: [string, string][] = [
    [t('admin.members.email'), m.email],
    [t('admin.members.id'), m.id],
    [t('admin.members.statusLabel'), t(`admin.members.status.${m.status}`, { defaultValue: m.status })],
    [t('admin.members.credits'), String(m.credits)],
    [t('admin.members.premium'), m.paid_user ? t('admin.members.yes') : t('admin.members.no')],
    [t('admin.members.country'), [m.city, m.country].filter(Boolean).join(', ') || '—'],
    [t('admin.members.birthDate'), m.birth_date ?? '—'],
    [t('admin.members.language'), m.language],
    [t('admin.members.signup'), dateTime(m.signup_date)],
    [t('admin.members.lastActive'), dateTime(m.last_active_at)],
    [t('admin.members.sessions'), String(m.sessions)],
    [
      t('admin.members.mail'),
      m.notifications_disabled.length
        ? t('admin.members.mailOff', { reasons: m.notifications_disabled.join(', ') })
        : t('admin.members.mailOn'),
    ],
  ];
  if (m.deletion_requested_at)
    facts.push([t('admin.members.deletionRequested'), dateTime(m.deletion_requested_at)]);
  if (m.direct_debit_blocked) facts.push([t('admin.members.ddBlocked'), t('admin.members.yes')]);

  return (
    <section className="adm-members adm-member" aria-labelledby="adm-member-title">
      <DetailTitle id="adm-member-title" back={{ to: '/admin/members', label: t('admin.members.back') }}>
        {m.name ?? t('admin.members.noName')}
        {m.fictional ? <span className="adm-tag">{t('admin.members.fictional')}</span> : null}
      </DetailTitle>
      <div className="adm-grid">
        <section className="adm-card" aria-labelledby="adm-profile-title">
          <h2 id="adm-profile-title">{t('admin.members.profileTitle')}</h2>
          <Facts facts={facts} />
          {m.about ? <p className="adm-quote">{m.about}</p> : null}
        </section>
        <div className="adm-stack">
          {has('finance') ? <CreditAdjustment memberId={m.id} credits={m.credits} /> : null}
          <MemberActions
            memberId={m.id}
            may={{ support: has('support'), admin: has('admin') }}
            mailOff={m.notifications_disabled.length > 0}
            deletable={m.status === 'active' || m.status === 'not_confirmed'}
          />
        </div>
      </div>
      <section className="adm-card" aria-labelledby="adm-photos-title">
        <h2 id="adm-photos-title">{t('admin.members.photosTitle', { count: photos.length })}</h2>
        {photos.length ? (
          <ul className="adm-photos">
            {photos.map((p) => (
              <li key={p.id}>
                <a href={p.url} target="_blank" rel="noreferrer">
                  <img
                    src={p.thumb}
                    alt={t('admin.members.photoAlt', { date: date(p.created_at) })}
                    loading="lazy"
                  />
                </a>
                <span className="adm-muted">
                  {t(`admin.members.photoStatus.${p.status}`, { defaultValue: p.status })}
                  {p.is_main ? ` · ${t('admin.members.mainPhoto')}` : ''}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="adm-muted">{t('admin.members.noPhotos')}</p>
        )}
      </section>
      <div className="adm-grid">
        <Reports
          title={t('admin.members.reportsAbout')}
          reports={detail.data.reports_about}
          empty={t('admin.members.noReports')}
        />
        <Reports
          title={t('admin.members.reportsBy')}
          reports={detail.data.reports_by}
          empty={t('admin.members.noReports')}
        />
      </div>
      <section className="adm-card" aria-labelledby="adm-orders-title">
        <h2 id="adm-orders-title">{t('admin.members.ordersTitle')}</h2>
        {orders.length ? (
          <ul className="adm-rows">
            {orders.map((o) => (
              <li key={o.id}>
                {has('finance') ? (
                  <Link to={`/admin/payments/orders/${o.id}`}>{money(o.amount, o.currency)}</Link>
                ) : (
                  <span>{money(o.amount, o.currency)}</span>
                )}
                <span>{t('admin.members.creditsN', { count: o.credits })}</span>
                <span className="adm-tag">{t(`admin.payments.state.${o.status}`)}</span>
                <span className="adm-muted">{dateTime(o.created_at)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="adm-muted">{t('admin.members.noOrders')}</p>
        )}
      </section>
      <Ledger memberId={m.id} />
      <DataExports exports={detail.data.data_exports} />
    </section>
  );
}
