import './credits-page.css';
import './transactions.css';
import type { Order } from '@amora/contracts';
import { Link } from 'react-router';
import { useSettings, useUser } from '../../api/queries.ts';
import { Head } from '../../app/head.tsx';
import { useTranslation } from '../../app/translation.ts';
import { methodName } from '../../entities/credits/methods.tsx';
import { useMoney } from '../../entities/credits/money.ts';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { CoinIcon } from '../../ui/icons.tsx';
import { LoadingStatus } from '../../ui/LoadingStatus.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { useOrderDates } from './dates.ts';
import { OrderStatus } from './OrderStatus.tsx';
import { useOrders } from './queries.ts';

function OrderRow({ order }: { order: Order }) {
  const { t } = useTranslation();
  const { money } = useMoney();
  const dates = useOrderDates();
  return (
    <li>
      <Link to={`/transactions/${order.id}`} className="order-row">
        <span className="order-row__main">
          <span className="order-row__credits">{t('credits.packageCredits', { count: order.credits })}</span>
          <span className="order-row__meta">
            <time dateTime={order.created_at}>{dates.day(order.created_at)}</time>
            <span aria-hidden="true"> · </span>
            <span>{methodName(order.method, t)}</span>
          </span>
        </span>
        <span className="order-row__side">
          <span className="order-row__amount">{money(order.amount, order.currency)}</span>
          <OrderStatus status={order.status} />
        </span>
      </Link>
    </li>
  );
}

/** /transactions (members): the member's orders, newest first, page by page. */
export default function TransactionsPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const orders = useOrders(user?.id);
  if (!user) return null;
  const list = orders.data?.pages.flatMap((p) => p.orders);
  return (
    <div className="credits-page container transactions">
      <Head title={t('meta.transactionsTitle', { siteName: settings.name })} noindex />
      <header className="head-row head-row--end transactions__head">
        <div>
          <h1>{t('credits.transactions.title')}</h1>
          <p className="muted">{t('credits.transactions.lead')}</p>
        </div>
        {list?.length ? (
          <ButtonLink to="/credits" variant="secondary">
            {t('credits.transactions.buy')}
          </ButtonLink>
        ) : null}
      </header>
      {orders.isError && !list ? (
        <QueryError query={orders} className="card credits-error" />
      ) : !list ? (
        <div className="orders orders--loading">
          <LoadingStatus />
          {[0, 1, 2].map((i) => (
            <span key={i} className="order-row order-row--placeholder" aria-hidden="true" />
          ))}
        </div>
      ) : !list.length ? (
        <div className="card transactions__empty">
          <CoinIcon size={40} className="transactions__empty-icon" />
          <h2>{t('credits.transactions.emptyTitle')}</h2>
          <p className="muted">{t('credits.transactions.empty')}</p>
          <ButtonLink to="/credits">{t('credits.transactions.buy')}</ButtonLink>
        </div>
      ) : (
        <>
          <ul className="orders" aria-label={t('credits.transactions.list')}>
            {list.map((o) => (
              <OrderRow key={o.id} order={o} />
            ))}
          </ul>
          {orders.isFetchNextPageError ? (
            <p className="credits-alert" role="alert">
              {t('errors.generic')}
            </p>
          ) : null}
          {orders.hasNextPage ? (
            <div className="transactions__more">
              <Button
                variant="secondary"
                busy={orders.isFetchingNextPage}
                onClick={() => void orders.fetchNextPage()}
              >
                {t('credits.transactions.more')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
