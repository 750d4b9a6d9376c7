import { Link } from 'react-router';
import { useTranslation } from '../../../app/translation.ts';
import { methodName } from '../../../entities/credits/methods.tsx';
import { useMoney } from '../../../entities/credits/money.ts';
import { useDates } from '../members/format.ts';
import { SearchPage, useSearchList } from '../ui/SearchPage.tsx';
import { ordersKey, searchOrders } from './api.ts';

/** /admin/payments/orders: orders of this site by order id, member id or the member's e-mail. */
export function OrdersSearch() {
  const { t } = useTranslation();
  const { money } = useMoney();
  const { dateTime } = useDates();
  const search = useSearchList(ordersKey, searchOrders);
  return (
    <SearchPage
      className="adm-payments"
      titleId="adm-orders-title"
      title={t('admin.payments.ordersTitle')}
      field={{ label: t('admin.payments.orderSearch'), hint: t('admin.payments.orderSearchHint') }}
      search={search}
      isEmpty={(d) => !d.orders.length}
      empty={t('admin.payments.noOrders')}
    >
      {(data) => (
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
                <span>{methodName(o.method, t)}</span>
                <span className="adm-muted">{dateTime(o.created_at)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </SearchPage>
  );
}
