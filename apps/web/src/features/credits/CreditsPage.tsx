import './credits-page.css';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from '../../api/client.ts';
import { useSettings, useUser } from '../../api/queries.ts';
import { Head } from '../../app/head.tsx';
import { useTranslation } from '../../app/translation.ts';
import { useWelcomeCode } from '../../entities/promotions/useTimeBonus.ts';
import { BalanceCard } from './BalanceCard.tsx';
import { CreditCosts } from './CreditCosts.tsx';
import { CreditsNotes } from './CreditsNotes.tsx';
import { checkoutCode } from './DiscountCodeField.tsx';
import { DiscountNote } from './DiscountNote.tsx';
import { PackageCards } from './PackageCards.tsx';
import { PremiumPerks } from './PremiumPerks.tsx';
import { useCodePricing, usePricing } from './queries.ts';

/**
 * The frame of /credits and /credits/repeat-order (members, spec §2): the title with the
 * member's balance, then `children` (the packages), then what a payer wants to know, what premium
 * is for a member who is not, and what a credit buys.
 */
export function CreditsFrame({
  title,
  lead,
  checkout = true,
  children,
}: {
  title: string;
  lead: ReactNode;
  /** Whether buying goes through the provider's checkout (not with a stored card). */
  checkout?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const pricing = usePricing();
  if (!user) return null;
  return (
    <div className="credits-page container">
      <Head title={t('meta.creditsTitle', { siteName: settings.name })} noindex />
      <header className="credits-head">
        <div className="credits-head__text">
          <h1>{title}</h1>
          <p className="credits-hero__lead">{lead}</p>
        </div>
        <BalanceCard user={user} />
      </header>
      {children}
      <CreditsNotes refundDays={pricing.data?.refund_days} checkout={checkout} />
      <div className="credits-columns">
        {user.paid_user ? null : <PremiumPerks />}
        {pricing.data ? <CreditCosts costs={pricing.data.costs} /> : null}
      </div>
    </div>
  );
}

/** The link of a package's payment method page, carrying the discount code its price includes. */
export const checkoutHref = (id: string, code: string | null | undefined) =>
  `/credits/${id}${code ? `?code=${encodeURIComponent(code)}` : ''}`;

/**
 * The packages, each leading to its payment method page (or the error with a retry). With
 * `code` (/credits?code=, from the welcome bonus or a deletion offer), the prices include it and
 * the old ones are struck through; a code the server refuses says why, above the usual prices.
 */
export function CreditsPackages({ code = null }: { code?: string | null }) {
  const { t } = useTranslation();
  const { pricing, codeError } = useCodePricing(code);
  const discount = pricing.data?.discount ?? null;
  return (
    <>
      {codeError ? (
        <p className="credits-alert" role="alert">
          {errorText(codeError, t)}
        </p>
      ) : discount ? (
        <DiscountNote discount={discount} />
      ) : null}
      <PackageCards pricing={pricing} headingLevel={2} hrefFor={(p) => checkoutHref(p.id, discount?.code)} />
    </>
  );
}

/**
 * /credits (members, spec §2): the balance, the packages (each leads to its payment method page),
 * what premium is for a member who is not, and the transactions. `?code=` prices the packages
 * with a discount code. /credits/repeat-order is RepeatOrderPage (buying again with a stored card).
 */
export default function CreditsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const welcome = useWelcomeCode();
  return (
    <CreditsFrame title={t('credits.title')} lead={t('credits.lead')}>
      <CreditsPackages code={checkoutCode(params, welcome)} />
    </CreditsFrame>
  );
}
