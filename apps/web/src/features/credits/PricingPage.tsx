import './credits-page.css';
import { useSettings, useUser } from '../../api/queries.ts';
import { Head } from '../../app/head.tsx';
import { useTranslation } from '../../app/translation.ts';
import { CreditCosts } from './CreditCosts.tsx';
import { CreditsNotes, VisitorNote } from './CreditsNotes.tsx';
import { PackageCards } from './PackageCards.tsx';
import { PremiumPerks } from './PremiumPerks.tsx';
import { usePricing } from './queries.ts';

/**
 * /pricing (public, linked from every footer): the packages with their prices for the visitor's
 * country, what a credit buys and what premium is. Members buy at /credits/{id}; visitors sign up
 * or log in first.
 */
export default function PricingPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const pricing = usePricing();
  return (
    <div className="credits-page container">
      <Head
        title={t('meta.pricingTitle', { siteName: settings.name })}
        description={t('meta.pricingDescription', { siteName: settings.name })}
      />
      <header className="credits-hero">
        <p className="eyebrow">{t('credits.pricing.eyebrow')}</p>
        <h1>{t('credits.pricing.title')}</h1>
        <p className="credits-hero__lead">{t('credits.pricing.lead')}</p>
      </header>
      <PackageCards
        pricing={pricing}
        headingLevel={2}
        hrefFor={(p) => (user ? `/credits/${p.id}` : '/signup')}
      />
      <VisitorNote back="/credits" />
      <CreditsNotes refundDays={pricing.data?.refund_days} />
      <div className="credits-columns">
        {pricing.data ? <CreditCosts costs={pricing.data.costs} /> : null}
        <PremiumPerks />
      </div>
    </div>
  );
}
