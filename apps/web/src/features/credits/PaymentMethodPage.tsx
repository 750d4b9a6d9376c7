import './credits-page.css';
import './package-cards.css';
import './payment-method.css';
import { isPaymentMethod, type PackageId, type PaymentMethod } from '@amora/contracts/money';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { errorText } from '../../api/client.ts';
import { useSettings, useUser } from '../../api/queries.ts';
import { Head } from '../../app/head.tsx';
import { ErrorView } from '../../pages/ErrorView.tsx';
import { Button } from '../../ui/Button.tsx';
import { LockIcon, StarIcon } from '../../ui/icons.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { createOrder } from './api.ts';
import { newAttemptId } from './attempt.ts';
import { canUseApplePay, packageIdFrom, perCredit, usableMethods } from './logic.ts';
import { MethodIcon, methodName } from './methods.tsx';
import { useMoney } from './money.ts';
import { usePricing } from './queries.ts';

const noSubscribe = () => () => {};

/**
 * One checkout attempt's id: the same while the package and method stay the same (a double click
 * or a retry after an error is one order), a new one for another choice or after coming back.
 */
function useAttemptId() {
  const [attempt] = useState(() => {
    let current: { key: string; id: string } | null = null;
    return {
      idFor(key: string): string {
        if (current?.key !== key) current = { key, id: newAttemptId() };
        return current.id;
      },
      forget() {
        current = null;
      },
    };
  });
  return attempt;
}

/**
 * /credits/{id}/{paymentmethod?} (members, spec §2): the chosen package and the payment methods
 * offered for the member's country (the one the path names pre-selected). Pay makes the order on
 * the server and goes to the provider's checkout, which comes back to /transactions/{order}.
 */
export default function PaymentMethodPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  // The route names the package in its path (credits/p0..p3/:paymentmethod?): any other id is the 404 page.
  const { paymentmethod } = useParams();
  const packageId = packageIdFrom(useLocation().pathname.split('/')[2]);
  const pricing = usePricing();
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
  const methods = pricing.data ? usableMethods(pricing.data.methods, apple) : [];
  const selected = chosen && methods.includes(chosen) ? chosen : null;
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
      attempt_id: attempt.idFor(`${packageId}/${selected}`),
    });
  };

  return (
    <div className="credits-page container checkout">
      <Head title={t('meta.paymentTitle', { siteName: settings.name })} noindex />
      <p className="credits-back">
        <Link to="/credits">{t('credits.method.change')}</Link>
      </p>
      <h1 className="checkout__title">{t('credits.method.title')}</h1>
      {pricing.isError && !pricing.data ? (
        <QueryError query={pricing} className="card credits-error" />
      ) : (
        <div className="checkout__grid">
          <section className="checkout-summary" aria-labelledby="checkout-summary-title">
            <h2 id="checkout-summary-title" className="checkout-summary__label">
              {t('credits.method.summary')}
            </h2>
            {pkg ? (
              <>
                {pkg.popular ? (
                  <p className="package__ribbon package__ribbon--inline">
                    <StarIcon size={16} /> {t('credits.popular')}
                  </p>
                ) : null}
                <p className="checkout-summary__credits">
                  <span className="package__number">{pkg.credits}</span>{' '}
                  <span className="package__unit">{t('credits.unit', { count: pkg.credits })}</span>
                </p>
                <dl className="checkout-summary__lines">
                  <div>
                    <dt>{t('credits.method.price')}</dt>
                    <dd>{money(pkg.amount, pkg.currency)}</dd>
                  </div>
                  <div>
                    <dt>{t('credits.method.perCredit')}</dt>
                    <dd>{money(perCredit(pkg), pkg.currency)}</dd>
                  </div>
                </dl>
                <p className="checkout-summary__total">
                  <span>{t('credits.method.total')}</span>
                  <strong>{money(pkg.amount, pkg.currency)}</strong>
                </p>
                <p className="checkout-summary__vat">{t('credits.method.vatIncluded')}</p>
                {user.paid_user ? null : (
                  <p className="checkout-summary__premium">{t('credits.premium.lead')}</p>
                )}
              </>
            ) : (
              <div className="checkout-summary__placeholder" aria-hidden="true" />
            )}
          </section>
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
                          <span className="method__name">{methodName(m, t)}</span>
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
            <p className="checkout-form__note">
              <LockIcon size={18} />
              <span>{t('credits.method.redirectNote')}</span>
            </p>
          </form>
        </div>
      )}
    </div>
  );
}
