import './credits-page.css';
import './checkout.css';
import './direct-debit.css';
import { Link, useSearchParams } from 'react-router';
import { useSettings, useUser } from '../../api/queries.ts';
import { Head } from '../../app/head.tsx';
import { useTranslation } from '../../app/translation.ts';
import { MethodIcon } from '../../entities/credits/methods.tsx';
import { useMoney } from '../../entities/credits/money.ts';
import { QueryError } from '../../ui/QueryError.tsx';
import { CheckoutSummary } from './CheckoutSummary.tsx';
import { DirectDebitForm } from './DirectDebitForm.tsx';
import { DiscountCodeField, useDiscountCode } from './DiscountCodeField.tsx';
import { packageIdFrom } from './logic.ts';
import { TestPaymentsNote } from './TestPaymentsNote.tsx';

/**
 * /directdebit (members, spec §2/§3; reached from the payment method page when the site offers
 * SEPA direct debit to the member's country): the package of `?package=` (else the popular one)
 * beside the direct-debit form. A package above the site's direct-debit limit, or a member it is
 * not offered to, gets the reason and the way back instead of a form that cannot succeed. A
 * discount code (`?code=`, or entered here) prices the package as at checkout and goes with the debit.
 */
export default function DirectDebitPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const { money } = useMoney();
  const [params] = useSearchParams();
  const { pricing, discount, field: codeField } = useDiscountCode(user?.id ?? '');
  const wanted = packageIdFrom(params.get('package') ?? undefined);
  const packages = pricing.data?.packages;
  const pkg = packages?.find((p) => p.id === wanted) ?? packages?.find((p) => p.popular) ?? packages?.[0];
  if (!user) return null;
  const max = settings.direct_debit.max_order_amount;
  const blocker = !pricing.data
    ? null
    : !pricing.data.direct_debit
      ? t('errors.payment_method_unavailable')
      : pkg && pkg.amount > max
        ? t('credits.dd.overLimit', { amount: money(max, pkg.currency) })
        : null;
  return (
    <div className="credits-page container checkout">
      <Head title={t('meta.directDebitTitle', { siteName: settings.name })} noindex />
      <p className="credits-back">
        <Link to={pkg ? `/credits/${pkg.id}` : '/credits'}>{t('credits.dd.back')}</Link>
      </p>
      <header className="dd-head">
        <h1 className="credits-page__title">{t('credits.dd.title')}</h1>
        <p className="credits-hero__lead">{t('credits.dd.lead')}</p>
      </header>
      <TestPaymentsNote show={pricing.data?.test_payments} />
      {pricing.isError && !pricing.data ? (
        <QueryError query={pricing} className="card credits-error" />
      ) : (
        <div className="checkout__grid">
          <CheckoutSummary pkg={pkg} premium={user.paid_user} discount={discount}>
            <p className="checkout-summary__method">
              <MethodIcon method="sdd" />
              <span>{t('credits.dd.option')}</span>
            </p>
            <Link to="/credits" className="checkout-summary__change">
              {t('credits.method.change')}
            </Link>
            <DiscountCodeField {...codeField} />
          </CheckoutSummary>
          {blocker ? (
            <div className="checkout-form">
              <div className="credits-alert dd-refusal" role="alert">
                <p>{blocker}</p>
                <Link to="/credits">{t('credits.dd.toPackages')}</Link>
              </div>
            </div>
          ) : pkg ? (
            <DirectDebitForm
              pkg={pkg}
              country={pricing.data?.country}
              discountCode={discount?.code ?? null}
            />
          ) : (
            <div className="checkout-form" aria-hidden="true" />
          )}
        </div>
      )}
    </div>
  );
}
