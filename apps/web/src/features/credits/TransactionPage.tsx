import './credits-page.css';
import './transaction.css';
import type { OrderDetail } from '@amora/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useSettings, useUser } from '../../api/queries.ts';
import { Head } from '../../app/head.tsx';
import { useTranslation } from '../../app/translation.ts';
import { orderKey, ordersListKey, syncOrder } from '../../entities/credits/api.ts';
import { methodName } from '../../entities/credits/methods.tsx';
import { useMoney } from '../../entities/credits/money.ts';
import { ErrorView } from '../../ui/ErrorView.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { TitledSection } from '../../ui/TitledSection.tsx';
import { useOrderDates } from './dates.ts';
import { Line } from './Line.tsx';
import { firstPaidOrder, isWaiting, type PaymentView, paymentView } from './logic.ts';
import { OrderStatus } from './OrderStatus.tsx';
import { PaymentResult } from './PaymentResult.tsx';
import { useOrder, useOrders, useUserFollowsOrder } from './queries.ts';
import { WasPrice } from './WasPrice.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function OrderDetails({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  const { money } = useMoney();
  const dates = useOrderDates();
  const { order, company } = detail;
  return (
    <TitledSection
      id="order-details-title"
      className="card order-details"
      titleClassName="order-card__title"
      title={t('credits.order.details')}
    >
      <dl className="order-details__list">
        <Line term={t('credits.order.date')}>
          <time dateTime={order.created_at}>{dates.moment(order.created_at)}</time>
        </Line>
        <Line term={t('credits.order.package')}>{t('credits.packageCredits', { count: order.credits })}</Line>
        <Line term={t('credits.order.amount')}>
          {order.list_amount > order.amount ? (
            <WasPrice amount={order.list_amount} currency={order.currency} />
          ) : null}
          {money(order.amount, order.currency)} <span className="muted">{t('credits.inclVat')}</span>
        </Line>
        {order.discount_percentage ? (
          <Line term={t('credits.discount.orderLine')}>
            {t('credits.discount.percent', { percentage: order.discount_percentage })}
          </Line>
        ) : null}
        <Line term={t('credits.order.method')}>{methodName(order.method, t)}</Line>
        <Line term={t('credits.order.status')}>
          <OrderStatus status={order.status} />
        </Line>
        {order.paid_at ? (
          <Line term={t('credits.order.paidOn')}>
            <time dateTime={order.paid_at}>{dates.moment(order.paid_at)}</time>
          </Line>
        ) : null}
        <div>
          <dt>{t('credits.order.number')}</dt>
          <dd className="order-details__id">{order.id}</dd>
        </div>
      </dl>
      {detail.refund_until && order.status === 'paid' ? (
        <p className="order-details__refund">
          {t('credits.order.refundUntil', { date: dates.long(detail.refund_until) })}{' '}
          <Link to="/pages/return-policy">{t('credits.notes.returnPolicy')}</Link>
        </p>
      ) : null}
      <h3 className="order-card__subtitle">{t('credits.order.seller')}</h3>
      <address className="order-seller">
        <strong>{company.name}</strong>
        <span>{company.address}</span>
        <span>{company.city}</span>
        <span>{company.country}</span>
        {company.kvk ? <span>{t('footer.registration', { kvk: company.kvk })}</span> : null}
        {company.vat_numbers.length ? (
          <span>{t('footer.vat', { vat: company.vat_numbers.join(', ') })}</span>
        ) : null}
        <span>
          {t('credits.order.support')} <a href={`mailto:${company.support_email}`}>{company.support_email}</a>
        </span>
      </address>
    </TitledSection>
  );
}

/**
 * /transactions/{id} (members): where the provider's checkout comes back to. An order still open
 * or pending is asked about at the provider once (sync), then watched: polled every 3 s and
 * reloaded by the socket's 'order' event. A changed balance or premium state reloads the member,
 * so the credits badge and the navigation follow without a page load.
 */
export default function TransactionPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const { id = '' } = useParams();
  const valid = UUID.test(id);
  const client = useQueryClient();
  const userId = user?.id;
  const query = useOrder(userId, id, valid);
  const detail = query.data;
  const status = detail?.order.status;

  // Ask the provider once, when the page opens on an order that has not been settled yet.
  const synced = useRef(false);
  const sync = useMutation({
    mutationFn: () => syncOrder(id),
    onSuccess: (d) => client.setQueryData(orderKey(userId ?? '', id), d),
  });
  const { mutate: syncNow } = sync;
  useEffect(() => {
    if (synced.current || !status || !isWaiting(status)) return;
    synced.current = true;
    syncNow();
  }, [status, syncNow]);

  useUserFollowsOrder(detail);
  // The list shows each order's status: a change seen here reloads it.
  const seen = useRef(status);
  useEffect(() => {
    if (userId && seen.current && status && seen.current !== status) {
      void client.invalidateQueries({ queryKey: ordersListKey(userId) });
    }
    seen.current = status;
  }, [client, status, userId]);

  // Premium from this order: the member was not premium when the page opened, or this is their
  // first paid order (the server makes the first paid order's member premium).
  const premiumAtOpen = useRef(user?.paid_user ?? false);
  const completed = status === 'paid';
  const list = useOrders(userId, completed && premiumAtOpen.current && !!detail?.user.paid_user);
  const complete = !!list.data && !list.hasNextPage;
  const nowPremium =
    completed &&
    !!detail?.user.paid_user &&
    (!premiumAtOpen.current ||
      firstPaidOrder(detail.order, list.data?.pages.flatMap((p) => p.orders) ?? [], complete));

  if (!valid || (query.error instanceof ApiError && query.error.status === 404)) {
    return <ErrorView status={404} />;
  }
  if (!user) return null;
  const view: PaymentView | 'loading' = status ? paymentView(status) : 'loading';
  return (
    <div className="credits-page container transaction">
      <Head title={t('meta.transactionTitle', { siteName: settings.name })} noindex />
      <p className="credits-back">
        <Link to="/transactions">{t('credits.order.all')}</Link>
      </p>
      <h1 className="credits-page__title">{t('credits.order.title')}</h1>
      {query.isError && !detail ? (
        <QueryError query={query} className="card credits-error" />
      ) : (
        <div className="transaction__grid">
          <PaymentResult view={view} detail={detail} nowPremium={nowPremium} />
          {detail ? <OrderDetails detail={detail} /> : null}
        </div>
      )}
    </div>
  );
}
