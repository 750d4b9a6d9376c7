import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMoney } from '../../credits/money.ts';
import { useDates } from '../members/format.ts';
import { Pager } from '../ui/Pager.tsx';
import { Results } from '../ui/Results.tsx';
import { SearchForm, useSearchPage } from '../ui/SearchForm.tsx';
import { ordersKey, searchOrders } from './api.ts';

/** /admin/payments/orders: orders of this site by order id, member id or the member's e-mail. */
export function OrdersSearch() {
  const { t } = useTranslation();
  const { money } = useMoney();
  const { dateTime } = useDates();
  const { q, page, go } = useSearchPage();
  const list = useQuery({
    queryKey: [...ordersKey, q, page],
    queryFn: ({ signal }) => searchOrders(q, page, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <section className="adm-payments" aria-labelledby="adm-orders-title">
      <h1 id="adm-orders-title">{t('admin.payments.ordersTitle')}</h1>
      <SearchForm
        label={t('admin.payments.orderSearch')}
        hint={t('admin.payments.orderSearchHint')}
        initial={q}
        onSearch={(nq) => go(nq, 1)}
      />
      <Results query={list} isEmpty={(d) => !d.orders.length} empty={t('admin.payments.noOrders')}>
        {(data) => (
          <>
            <ul className="adm-list">
              {data.orders.map((o) => (
                <li key={o.id} className="adm-list__item">
                  <Link to={`/admin/payments/orders/${o.id}`} className="adm-list__main">
                    <strong>{money(o.amount, o.currency)}</strong>
                    <span className="adm-muted">{o.member_email}</span>
                  </Link>
                  <span className="adm-list__facts">
                    <span className="adm-tag">{t(`admin.payments.state.${o.status}`)}</span>
                    <span>{t('admin.members.creditsN', { count: o.credits })}</span>
                    <span>{o.method}</span>
                    <span className="adm-muted">{dateTime(o.created_at)}</span>
                  </span>
                </li>
              ))}
            </ul>
            <Pager page={page} hasMore={data.has_more} onPage={(np) => go(q, np)} />
          </>
        )}
      </Results>
    </section>
  );
}
