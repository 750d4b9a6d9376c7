import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/fields.tsx';
import { QueryError } from '../../../ui/QueryError.tsx';
import { useMoney } from '../../credits/money.ts';
import { useDates } from '../members/format.ts';
import { ordersKey, searchOrders } from './api.ts';

/** /admin/payments/orders: orders of this site by order id, member id or the member's e-mail. */
export function OrdersSearch() {
  const { t } = useTranslation();
  const { money } = useMoney();
  const { dateTime } = useDates();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [value, setValue] = useState(q);
  const list = useQuery({
    queryKey: [...ordersKey, q, page],
    queryFn: ({ signal }) => searchOrders(q, page, signal),
    placeholderData: keepPreviousData,
  });
  const go = (nq: string, np: number) =>
    setParams({ ...(nq ? { q: nq } : {}), ...(np > 1 ? { page: String(np) } : {}) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go(value.trim(), 1);
  };
  return (
    <section className="adm-payments" aria-labelledby="adm-orders-title">
      <h1 id="adm-orders-title">{t('admin.payments.ordersTitle')}</h1>
      <form className="adm-search" onSubmit={submit}>
        <TextField
          label={t('admin.payments.orderSearch')}
          hint={t('admin.payments.orderSearchHint')}
          type="search"
          name="q"
          maxLength={254}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button type="submit">{t('admin.members.search')}</Button>
      </form>
      {list.isError && !list.data ? (
        <QueryError query={list} />
      ) : list.data ? (
        list.data.orders.length ? (
          <>
            <ul className="adm-list">
              {list.data.orders.map((o) => (
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
            <nav className="adm-pager" aria-label={t('admin.members.pages')}>
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => go(q, page - 1)}>
                {t('admin.members.prev')}
              </Button>
              <span>{t('admin.members.page', { page })}</span>
              <Button
                variant="secondary"
                size="sm"
                disabled={!list.data.has_more}
                onClick={() => go(q, page + 1)}
              >
                {t('admin.members.next')}
              </Button>
            </nav>
          </>
        ) : (
          <p className="adm-empty">{t('admin.payments.noOrders')}</p>
        )
      ) : (
        <p className="adm-muted">{t('common.loading')}</p>
      )}
    </section>
  );
}
