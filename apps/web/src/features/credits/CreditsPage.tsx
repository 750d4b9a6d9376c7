import './credits-page.css';
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
 * /credits and /credits/repeat-order (members, spec §2): the balance, the packages (each leads to
 * its payment method page), what premium is for a member who is not, and the transactions. A
 * one-click repeat with a stored card is not built: /credits/repeat-order shows this same page.
 */
export default function CreditsPage() {
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
          <h1>{t('credits.title')}</h1>
          <p className="credits-hero__lead">{t('credits.lead')}</p>
        </div>
        <BalanceCard user={user} />
      </header>
      {pricing.isError && !pricing.data ? (
        <QueryError query={pricing} className="card credits-error" />
      ) : (
        <PackageCards pricing={pricing.data} headingLevel={2} hrefFor={(p) => `/credits/${p.id}`} />
      )}
      <CreditsNotes refundDays={pricing.data?.refund_days} />
      <div className="credits-columns">
        {user.paid_user ? null : <PremiumPerks />}
        {pricing.data ? <CreditCosts costs={pricing.data.costs} /> : null}
      </div>
    </div>
  );
}
