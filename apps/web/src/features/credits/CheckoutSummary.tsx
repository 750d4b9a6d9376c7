import './package-cards.css';
import './checkout.css';
import './credits-card.css';
import type { PricedPackage } from '@amora/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../app/translation.ts';
import { useMoney } from '../../entities/credits/money.ts';
import { LockIcon } from '../../ui/icons.tsx';
import { TitledSection } from '../../ui/TitledSection.tsx';
import { Line } from './Line.tsx';
import { perCredit } from './logic.ts';
import { PackageCredits, PopularRibbon } from './PackageCards.tsx';
import { WasPrice } from './WasPrice.tsx';

/**
 * The package being paid for, beside a checkout form (payment method page, direct-debit form):
 * credits, price, price per credit, total with VAT, and what premium means for a free member.
 * With a discount code that lowered the price, the price before it struck through and the code's
 * line. A placeholder while the package is not known yet. `children` go under the total.
 */
export function CheckoutSummary({
  pkg,
  premium,
  discount,
  children,
}: {
  pkg: PricedPackage | undefined;
  premium: boolean;
  /** The code the price includes (pricing's `discount`). */
  discount?: { code: string; value_percentage: number } | null;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { money } = useMoney();
  const lowered = !!pkg && !!discount && pkg.list_amount > pkg.amount;
  return (
    <TitledSection
      id="checkout-summary-title"
      className="checkout-summary"
      titleClassName="credits-label"
      title={t('credits.method.summary')}
    >
      {pkg ? (
        <>
          {pkg.popular ? <PopularRibbon inline /> : null}
          <p className="checkout-summary__credits">
            <PackageCredits credits={pkg.credits} />
          </p>
          <dl className="checkout-summary__lines">
            <Line term={t('credits.method.price')}>{money(pkg.list_amount, pkg.currency)}</Line>
            {lowered && discount ? (
              <Line
                className="checkout-summary__discount"
                term={t('credits.discount.line', {
                  code: discount.code,
                  percentage: discount.value_percentage,
                })}
              >
                −{money(pkg.list_amount - pkg.amount, pkg.currency)}
              </Line>
            ) : null}
            <Line term={t('credits.method.perCredit')}>{money(perCredit(pkg), pkg.currency)}</Line>
          </dl>
          <p className="checkout-summary__total">
            <span>{t('credits.method.total')}</span>
            <span className="checkout-summary__amount">
              {lowered ? <WasPrice amount={pkg.list_amount} currency={pkg.currency} /> : null}
              <strong>{money(pkg.amount, pkg.currency)}</strong>
            </span>
          </p>
          <p className="checkout-summary__vat">{t('credits.method.vatIncluded')}</p>
          {premium ? null : <p className="checkout-summary__premium">{t('credits.premium.lead')}</p>}
          {children}
        </>
      ) : (
        <div className="checkout-summary__placeholder" aria-hidden="true" />
      )}
    </TitledSection>
  );
}

/** The line under a checkout's pay button: the lock, and what happens to the payment. */
export function CheckoutNote({ children }: { children: ReactNode }) {
  return (
    <p className="checkout-form__note">
      <LockIcon size={18} />
      <span>{children}</span>
    </p>
  );
}
