import './credits-page.css';
import './repeat-order.css';
import './credits-card.css';
import type { OrderDetail, PricedPackage, StoredMethods } from '@amora/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, errorText } from '../../api/client.ts';
import { userKey, useUser } from '../../api/queries.ts';
import { useTranslation } from '../../app/translation.ts';
import { orderKey, ordersListKey, repeatOrder, storedKey } from '../../entities/credits/api.ts';
import { MethodIcon } from '../../entities/credits/methods.tsx';
import { useMoney } from '../../entities/credits/money.ts';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { LockIcon } from '../../ui/icons.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { newAttemptId } from './attempt.ts';
import { CreditsFrame, CreditsPackages } from './CreditsPage.tsx';
import { DiscountCodeField, useDiscountCode } from './DiscountCodeField.tsx';
import { Line } from './Line.tsx';
import { PackageCards } from './PackageCards.tsx';
import { PaymentResult } from './PaymentResult.tsx';
import { useStoredMethods } from './queries.ts';
import { TestPaymentsNote } from './TestPaymentsNote.tsx';

type Card = NonNullable<StoredMethods['card']>;

/** Brand names stay out of the catalogs. */
const PAYPAL = 'PayPal';

/** The one confirmation of a repeat order: what is bought, for how much, with which card. */
function ConfirmDialog({
  pkg,
  card,
  pending,
  error,
  onPay,
  onClose,
}: {
  pkg: PricedPackage | null;
  card: Card;
  pending: boolean;
  error: unknown;
  onPay: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { money } = useMoney();
  return (
    <Modal
      open={!!pkg}
      size="sm"
      title={t('credits.repeat.confirmTitle')}
      onClose={pending ? undefined : onClose}
      className="repeat-confirm"
    >
      {pkg ? (
        <>
          <dl className="repeat-confirm__lines">
            <Line term={t('credits.order.package')}>
              {t('credits.packageCredits', { count: pkg.credits })}
            </Line>
            <Line term={t('credits.order.amount')}>
              {money(pkg.amount, pkg.currency)} <span className="muted">{t('credits.inclVat')}</span>
            </Line>
            <Line term={t('credits.order.method')}>{card.label}</Line>
          </dl>
          <p className="repeat-confirm__note">
            <LockIcon size={18} />
            <span>{t('credits.repeat.confirmNote')}</span>
          </p>
          {error ? (
            <p className="credits-alert" role="alert">
              {errorText(error, t)}
            </p>
          ) : null}
          <div className="repeat-confirm__actions">
            <Button size="lg" busy={pending} onClick={onPay}>
              {t('credits.method.pay', { amount: money(pkg.amount, pkg.currency) })}
            </Button>
            <Button variant="secondary" size="lg" disabled={pending} onClick={onClose}>
              {t('credits.repeat.cancel')}
            </Button>
          </div>
        </>
      ) : null}
    </Modal>
  );
}

/**
 * Buying again with the stored card: a buy button per package opens one confirmation; the card is
 * charged at once (no checkout) and the answer is paid or failed. A failure offers a new attempt
 * or PayPal (spec §4); success shows the credits added and the new balance. A discount code
 * (`?code=`, or entered above the packages) prices them as at checkout and goes with the order.
 */
function RepeatWithCard({ card }: { card: Card }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const user = useUser();
  const userId = user?.id ?? '';
  const { pricing, discount, field: codeField } = useDiscountCode(userId);
  const [chosen, setChosen] = useState<PricedPackage | null>(null);
  const [result, setResult] = useState<OrderDetail | null>(null);
  // One attempt id per confirmation: a double click is one order, a new confirmation a new one.
  const attempt = useRef<string | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const pay = useMutation({
    mutationFn: repeatOrder,
    onSuccess: (detail) => {
      client.setQueryData(orderKey(userId, detail.order.id), detail);
      void client.invalidateQueries({ queryKey: userKey });
      void client.invalidateQueries({ queryKey: ordersListKey(userId) });
      const { status } = detail.order;
      if (status !== 'paid' && status !== 'failed') {
        navigate(`/transactions/${detail.order.id}`);
        return;
      }
      setChosen(null);
      setResult(detail);
    },
    onError: (err) => {
      // The card is gone (removed at the provider): the page falls back to the ordinary packages.
      if (err instanceof ApiError && err.code === 'no_stored_card') {
        void client.invalidateQueries({ queryKey: storedKey(userId) });
      }
    },
  });

  // The outcome takes the focus (after the dialog has given it back to the buy button).
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  const start = (p: PricedPackage) => {
    attempt.current = newAttemptId();
    pay.reset();
    setChosen(p);
  };
  const confirm = (p: PricedPackage) => {
    if (pay.isPending || !attempt.current) return;
    pay.mutate({
      package_id: p.id,
      attempt_id: attempt.current,
      ...(discount ? { code: discount.code } : {}),
    });
  };
  // Try again: the confirmation of a new attempt (the failed outcome stays until the new one comes).
  const retry = (packageId: PricedPackage['id']) => {
    const p = pricing.data?.packages.find((x) => x.id === packageId);
    if (p) start(p);
  };

  const order = result?.order;
  const paypal = pricing.data?.methods.includes('paypal');
  return (
    <>
      <div className="repeat-card">
        <span className="credits-icon" aria-hidden="true">
          <MethodIcon method={card.method} />
        </span>
        <p className="repeat-card__text">
          <strong>{t('credits.repeat.payWith', { method: card.label })}</strong>
          <span>{t('credits.repeat.stored')}</span>
        </p>
        <Link to="/credits" className="repeat-card__other">
          {t('credits.repeat.other')}
        </Link>
      </div>
      {result && order ? (
        <div ref={resultRef} tabIndex={-1} className="repeat-result">
          <PaymentResult
            view={order.status === 'paid' ? 'completed' : 'failed'}
            detail={result}
            nowPremium={false}
            failedHint={t('credits.repeat.failedHint', { method: PAYPAL })}
            actions={
              order.status === 'paid' ? (
                <>
                  <ButtonLink to="/members">{t('credits.order.search')}</ButtonLink>
                  <ButtonLink to={`/transactions/${order.id}`} variant="secondary">
                    {t('credits.repeat.details')}
                  </ButtonLink>
                </>
              ) : (
                <>
                  <Button onClick={() => retry(order.package_id)}>{t('credits.repeat.retry')}</Button>
                  {paypal ? (
                    <ButtonLink to={`/credits/${order.package_id}/paypal`} variant="secondary">
                      {t('credits.repeat.payWith', { method: PAYPAL })}
                    </ButtonLink>
                  ) : (
                    <ButtonLink to={`/credits/${order.package_id}`} variant="secondary">
                      {t('credits.order.tryAnother')}
                    </ButtonLink>
                  )}
                </>
              )
            }
          />
        </div>
      ) : null}
      <TestPaymentsNote show={pricing.data?.test_payments} />
      <div className="repeat-code">
        <DiscountCodeField {...codeField} />
      </div>
      <PackageCards
        pricing={pricing}
        headingLevel={2}
        action={(p) => (
          <Button
            variant={p.popular ? 'primary' : 'secondary'}
            block
            className="package__buy"
            onClick={() => start(p)}
          >
            {t('credits.buy', { count: p.credits })}
          </Button>
        )}
      />
      <ConfirmDialog
        pkg={chosen}
        card={card}
        pending={pay.isPending}
        error={pay.error}
        onPay={() => chosen && confirm(chosen)}
        onClose={() => setChosen(null)}
      />
    </>
  );
}

/**
 * /credits/repeat-order (members; the navigation's Credits entry for paid members, spec §2): with
 * a card kept from an earlier payment, buy a package again with one confirmation and no checkout;
 * without one, the packages lead to the payment method page as on /credits, and the page says a
 * card paid with once is kept for this.
 */
export default function RepeatOrderPage() {
  const { t } = useTranslation();
  const user = useUser();
  const stored = useStoredMethods(user?.id);
  const card = stored.data?.card;
  if (card) {
    return (
      <CreditsFrame title={t('credits.title')} lead={t('credits.repeat.lead')} checkout={false}>
        <RepeatWithCard card={card} />
      </CreditsFrame>
    );
  }
  return (
    <CreditsFrame title={t('credits.title')} lead={t('credits.lead')}>
      {stored.data ? (
        <p className="repeat-none">
          <LockIcon size={20} />
          <span>{t('credits.repeat.noCard')}</span>
        </p>
      ) : null}
      {stored.data || stored.isError ? <CreditsPackages /> : <PackageCards pricing={undefined} />}
    </CreditsFrame>
  );
}
