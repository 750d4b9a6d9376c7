import './payment-result.css';
import './credits-card.css';
import type { OrderDetail } from '@amora/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../app/translation.ts';
import { useMoney } from '../../entities/credits/money.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { AlertIcon, CheckIcon, CrownIcon, RefreshIcon } from '../../ui/icons.tsx';
import type { PaymentView } from './logic.ts';

/**
 * The outcome (spec §4 payment states): loading, pending (processing, updates by itself),
 * completed (credits added, the new balance, premium if this order made the member premium),
 * failed or cancelled (try another method), and refunds and chargebacks as they are. One live
 * region that stays mounted, so each change of state is announced. `failedHint` and `actions`
 * replace the defaults (a repeat order offers its own way out of a failure, spec §4).
 */
export function PaymentResult({
  view,
  detail,
  nowPremium,
  failedHint,
  actions,
  titleId = 'payment-result-title',
}: {
  view: PaymentView | 'loading';
  detail: OrderDetail | undefined;
  nowPremium: boolean;
  failedHint?: ReactNode;
  actions?: ReactNode;
  titleId?: string;
}) {
  const { t } = useTranslation();
  const { money } = useMoney();
  const order = detail?.order;
  const icon =
    view === 'completed' ? (
      <CheckIcon size={30} />
    ) : view === 'failed' || view === 'charged_back' ? (
      <AlertIcon size={30} />
    ) : view === 'refunded' ? (
      <RefreshIcon size={30} />
    ) : (
      <span className="btn__spinner payment-result__spinner" />
    );
  return (
    <section className={`payment-result payment-result--${view}`} aria-labelledby={titleId}>
      <span className="credits-icon payment-result__icon" aria-hidden="true">
        {icon}
      </span>
      <div className="payment-result__body" role="status">
        {view === 'loading' || !order || !detail ? (
          <h2 id={titleId}>{t('credits.order.loading')}</h2>
        ) : view === 'pending' ? (
          <>
            <h2 id={titleId}>{t('credits.order.pending')}</h2>
            <p>{t('credits.order.pendingHint')}</p>
            {order.status === 'open' ? <p>{t('credits.order.openHint')}</p> : null}
          </>
        ) : view === 'completed' ? (
          <>
            <h2 id={titleId}>{t('credits.order.completed', { count: order.credits })}</h2>
            <p className="payment-result__balance">
              {t('credits.order.balance', { count: detail.user.credits })}
            </p>
            {nowPremium ? (
              <p className="payment-result__premium">
                <CrownIcon size={18} /> {t('credits.order.nowPremium')}
              </p>
            ) : null}
          </>
        ) : view === 'failed' ? (
          <>
            <h2 id={titleId}>{t('credits.order.failed')}</h2>
            <p>{failedHint ?? t('credits.order.failedHint')}</p>
          </>
        ) : (
          <>
            <h2 id={titleId}>
              {view !== 'refunded'
                ? t('credits.order.chargedBack')
                : order.reversed_amount > 0 && order.reversed_amount < order.amount
                  ? t('credits.order.partlyRefunded', {
                      refunded: money(order.reversed_amount, order.currency),
                      amount: money(order.amount, order.currency),
                    })
                  : t('credits.order.refunded')}
            </h2>
            <p>
              {t('credits.order.reversed', { count: order.reversed_credits })}{' '}
              {t('credits.order.balance', { count: detail.user.credits })}
            </p>
          </>
        )}
      </div>
      {order ? (
        <div className="payment-result__actions">
          {actions !== undefined ? (
            actions
          ) : view === 'completed' ? (
            <>
              <ButtonLink to="/members">{t('credits.order.search')}</ButtonLink>
              <ButtonLink to="/credits" variant="secondary">
                {t('credits.order.buyMore')}
              </ButtonLink>
            </>
          ) : view === 'failed' ? (
            <ButtonLink to={`/credits/${order.package_id}`}>{t('credits.order.tryAnother')}</ButtonLink>
          ) : order.status === 'open' ? (
            <ButtonLink to={`/credits/${order.package_id}`} variant="secondary">
              {t('credits.order.tryAnother')}
            </ButtonLink>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
