import './credits-page.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings, useUser } from '../../api/queries.ts';
import { Head } from '../../app/head.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { BalanceCard } from './BalanceCard.tsx';
import { CreditCosts } from './CreditCosts.tsx';
import { CreditsNotes } from './CreditsNotes.tsx';
import { PackageCards } from './PackageCards.tsx';
import { PremiumPerks } from './PremiumPerks.tsx';
import { usePricing } from './queries.ts';

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

/** The packages, each leading to its payment method page (or the error with a retry). */
export function CreditsPackages() {
  const pricing = usePricing();
  return pricing.isError && !pricing.data ? (
    <QueryError query={pricing} className="card credits-error" />
  ) : (
    <PackageCards pricing={pricing.data} headingLevel={2} hrefFor={(p) => `/credits/${p.id}`} />
  );
}

/**
 * /credits (members, spec §2): the balance, the packages (each leads to its payment method page),
 * what premium is for a member who is not, and the transactions. /credits/repeat-order is
 * RepeatOrderPage (buying again with a stored card).
 */
export default function CreditsPage() {
  const { t } = useTranslation();
  return (
    <CreditsFrame title={t('credits.title')} lead={t('credits.lead')}>
      <CreditsPackages />
    </CreditsFrame>
  );
}
