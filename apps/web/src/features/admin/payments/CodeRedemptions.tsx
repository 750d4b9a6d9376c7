import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../../app/translation.ts';
import { useMoney } from '../../../entities/credits/money.ts';
import { QueryError } from '../../../ui/QueryError.tsx';
import { useDates } from '../members/format.ts';
import { DetailTitle } from '../ui/Detail.tsx';
import { Pager } from '../ui/Pager.tsx';
import { fetchRedemptions, redemptionsKey } from './api.ts';
import { useCodeTerms } from './CodesList.tsx';

/** /admin/payments/codes/:id: a code and who redeemed it (member, order, date), newest first. */
export function CodeRedemptions() {
  const { t } = useTranslation();
  const { money } = useMoney();
  const { dateTime } = useDates();
  const terms = useCodeTerms();
  const id = Number(useParams().id);
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: redemptionsKey(id, page),
    queryFn: ({ signal }) => fetchRedemptions(id, page, signal),
    placeholderData: keepPreviousData,
    enabled: Number.isInteger(id) && id > 0,
  });
  if (!list.data)
    return list.isError ? <QueryError query={list} /> : <p className="adm-muted">{t('common.loading')}</p>;
  const { code, redemptions } = list.data;
  return (
    <section className="adm-payments" aria-labelledby="adm-code-title">
      <DetailTitle
        id="adm-code-title"
        back={{ to: '/admin/payments', label: t('admin.payments.backToCodes') }}
      >
        {code.code} <span className="adm-tag">{t(`admin.payments.codeStatus.${code.status}`)}</span>
      </DetailTitle>
      <p className="adm-muted">
        {t('admin.payments.percentOff', { percentage: code.value_percentage })} · {terms(code).join(' · ')}
      </p>
      <h2>{t('admin.payments.redemptions', { count: code.redemptions })}</h2>
      {redemptions.length ? (
        <ul className="adm-rows">
          {redemptions.map((r) => (
            <li key={r.order_id}>
              <Link to={`/admin/members/${r.member_id}`}>{r.member_name ?? r.member_email}</Link>
              <span className="adm-muted">{r.member_email}</span>
              <Link to={`/admin/payments/orders/${r.order_id}`}>{money(r.amount, r.currency)}</Link>
              <span className="adm-tag">{t(`admin.payments.state.${r.order_status}`)}</span>
              <span className="adm-muted">{dateTime(r.created_at)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="adm-empty">{t('admin.payments.noRedemptions')}</p>
      )}
      <Pager page={page} of={list.data} onPage={setPage} />
    </section>
  );
}
