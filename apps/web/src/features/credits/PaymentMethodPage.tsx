import './credits-page.css';
import './checkout.css';
import './payment-method.css';
import { isPaymentMethod, type PackageId, type PaymentMethod } from '@amora/contracts/money';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { errorText } from '../../api/client.ts';
import { useSettings, useUser } from '../../api/queries.ts';
import { Head } from '../../app/head.tsx';
import { useTranslation } from '../../app/translation.ts';
import { createOrder } from '../../entities/credits/api.ts';
import { MethodIcon, methodName } from '../../entities/credits/methods.tsx';
import { useMoney } from '../../entities/credits/money.ts';
import { Button } from '../../ui/Button.tsx';
import { ErrorView } from '../../ui/ErrorView.tsx';
import { ArrowRightIcon } from '../../ui/icons.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { useAttemptId } from './attempt.ts';
import { CheckoutNote, CheckoutSummary } from './CheckoutSummary.tsx';
import { DiscountCodeField, useDiscountCode } from './DiscountCodeField.tsx';
import {
  CARD_BRANDS,
  canUseApplePay,
  checkoutChoices,
  choiceOf,
  packageIdFrom,
  usableMethods,
} from './logic.ts';
import { TestPaymentsNote } from './TestPaymentsNote.tsx';

const noSubscribe = () => () => {};

/**
 * /credits/{id}/{paymentmethod?} (members, spec §2): the chosen package and the payment methods
 * offered for the member's country (the one the path names pre-selected), and a discount code
 * (`?code=` from /credits, or entered here: the server prices the package with it). Pay makes the
 * order on the server, with the code, and goes to the provider's checkout, which comes back to
 * /transactions/{order}.
 */
export default function PaymentMethodPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  // The route names the package in its path (credits/p0..p3/:paymentmethod?): any other id is the 404 page.
  const { paymentmethod } = useParams();
  const packageId = packageIdFrom(useLocation().pathname.split('/')[2]);
  const { pricing, discount, field: codeField } = useDiscountCode(user?.id ?? '');
  const { money } = useMoney();
  const apple = useSyncExternalStore(noSubscribe, canUseApplePay, () => false);
  const [chosen, setChosen] = useState<PaymentMethod | null>(
    isPaymentMethod(paymentmethod) ? paymentmethod : null,
  );
  const [missing, setMissing] = useState(false);
  const attempt = useAttemptId();
  const firstRadio = useRef<HTMLInputElement>(null);
  const order = useMutation({
    mutationFn: createOrder,
    onSuccess: ({ checkout_url }) => window.location.assign(checkout_url),
  });
  const { reset } = order;
  // Back from the checkout through the browser's page cache: a fresh attempt, the button usable again.
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (!e.persisted) return;
      reset();
      attempt.forget();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [reset, attempt]);

  const pkg = pricing.data?.packages.find((p) => p.id === packageId);
  if (!packageId || (pricing.data && !pkg)) return <ErrorView status={404} />;
  if (!user) return null;
  const methods = pricing.data ? checkoutChoices(usableMethods(pricing.data.methods, apple)) : [];
  const choice = methods.includes('creditcard') ? choiceOf(chosen) : chosen;
  const selected = choice && methods.includes(choice) ? choice : null;
  const leaving = order.isPending || order.isSuccess;

  const pay = (e: FormEvent) => {
    e.preventDefault();
    if (leaving) return;
    if (!selected) {
      setMissing(true);
      firstRadio.current?.focus();
      return;
    }
    order.mutate({
      package_id: packageId as PackageId,
      method: selected,
      // Another code is another order: the attempt follows it.
      attempt_id: attempt.idFor(`${packageId}/${selected}/${discount?.code ?? ''}`),
      ...(discount ? { code: discount.code } : {}),
    });
  };

  return (
    <div className="credits-page container checkout">
      <Head title={t('meta.paymentTitle', { siteName: settings.name })} noindex />
      <p className="credits-back">
        <Link to={discount ? `/credits?code=${encodeURIComponent(discount.code)}` : '/credits'}>
          {t('credits.method.change')}
        </Link>
      </p>
      <h1 className="credits-page__title">{t('credits.method.title')}</h1>
      <TestPaymentsNote show={pricing.data?.test_payments} />
      {pricing.isError && !pricing.data ? (
        <QueryError query={pricing} className="card credits-error" />
      ) : (
        <div className="checkout__grid">
          <CheckoutSummary pkg={pkg} premium={user.paid_user} discount={discount}>
            <DiscountCodeField {...codeField} />
          </CheckoutSummary>
          <form className="checkout-form" onSubmit={pay} noValidate>
            {pricing.data && !methods.length ? (
              <p className="credits-alert" role="alert">
                {t('errors.payments_off')}
              </p>
            ) : (
              <fieldset
                className="methods"
                aria-describedby={missing && !selected ? 'method-missing' : undefined}
                disabled={!pricing.data}
              >
                <legend className="methods__legend">{t('credits.method.legend')}</legend>
                {pricing.data ? (
                  <div className="methods__list">
                    {methods.map((m, i) => (
                      <label key={m} className="method">
                        <input
                          ref={i === 0 ? firstRadio : undefined}
                          type="radio"
                          name="method"
                          value={m}
                          checked={selected === m}
                          onChange={() => {
                            setChosen(m);
                            setMissing(false);
                            if (order.isError) reset();
                          }}
                        />
                        <span className="method__box">
                          <MethodIcon method={m} />
                          {m === 'creditcard' ? (
                            <span className="method__name">
                              {t('credits.methods.card')}
                              <span className="method__brands">
                                {CARD_BRANDS.map((b) => methodName(b, t)).join(' · ')}
                              </span>
                            </span>
                          ) : (
                            <span className="method__name">{methodName(m, t)}</span>
                          )}
                          <span className="method__check" aria-hidden="true" />
                        </span>
                      </label>
                    ))}
                  </div>
                ) : (
                  <div className="methods__list" aria-hidden="true">
                    {[0, 1, 2, 3].map((i) => (
                      <span key={i} className="method method--placeholder" />
                    ))}
                  </div>
                )}
                {missing && !selected ? (
                  <p id="method-missing" className="credits-field-error">
                    {t('credits.method.choose')}
                  </p>
                ) : null}
              </fieldset>
            )}
            {pricing.data?.direct_debit ? (
              // Direct debit has a form of its own (IBAN, SMS code, mandate), not the provider's checkout.
              <Link
                to={`/directdebit?package=${packageId}${discount ? `&code=${encodeURIComponent(discount.code)}` : ''}`}
                className="method-alt"
              >
                <MethodIcon method="sdd" />
                <span className="method__name">{t('credits.dd.option')}</span>
                <ArrowRightIcon size={20} />
              </Link>
            ) : null}
            {order.isError ? (
              <p className="credits-alert" role="alert">
                {errorText(order.error, t)}
              </p>
            ) : null}
            <Button
              type="submit"
              size="lg"
              block
              busy={leaving}
              disabled={!pkg || !methods.length}
              className="checkout-form__pay"
            >
              {pkg
                ? t('credits.method.pay', { amount: money(pkg.amount, pkg.currency) })
                : t('common.loading')}
            </Button>
            <CheckoutNote>{t('credits.method.redirectNote')}</CheckoutNote>
          </form>
        </div>
      )}
    </div>
  );
}
