import './credits-page.css';
import './premium-page.css';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useSettings, useUser } from '../../api/queries.ts';
import { Head } from '../../app/head.tsx';
import { useTranslation } from '../../app/translation.ts';
import { CrownIcon } from '../../ui/icons.tsx';
import { TitledSection } from '../../ui/TitledSection.tsx';
import { CreditsNotes, VisitorNote } from './CreditsNotes.tsx';
import { PackageCards } from './PackageCards.tsx';
import { PerkList } from './PremiumPerks.tsx';
import { usePricing } from './queries.ts';

/**
 * /premium (the navigation's Get Premium, spec §1/§2/§6): what premium unlocks, the 46 % claim,
 * and the packages, since buying any of them makes a member premium. A premium member goes to
 * /credits; a visitor reads the same and is asked to sign up or log in to buy.
 */
export default function PremiumPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const pricing = usePricing();
  const navigate = useNavigate();
  const premium = !!user?.paid_user;
  // In an effect, not <Navigate>: the server renders the page without redirecting (it cannot know).
  useEffect(() => {
    if (premium) navigate('/credits', { replace: true });
  }, [premium, navigate]);
  if (premium) return null;
  return (
    <div className="credits-page container">
      <Head
        title={t('meta.premiumTitle', { siteName: settings.name })}
        description={t('meta.premiumDescription', { siteName: settings.name })}
        noindex={!!user}
      />
      <header className="premium-hero">
        <span className="premium-disc premium-hero__icon">
          <CrownIcon size={34} />
        </span>
        <h1>{t('credits.premium.pageTitle')}</h1>
        <p className="premium-hero__claim">{t('credits.premium.claim')}</p>
        <p className="credits-hero__lead">{t('credits.premium.lead')}</p>
      </header>
      <TitledSection
        id="premium-unlocks-title"
        className="premium-unlocks"
        titleClassName="credits-section-title"
        title={t('credits.premium.unlocks')}
      >
        <PerkList />
      </TitledSection>
      <TitledSection
        id="premium-packages-title"
        titleClassName="credits-section-title"
        title={t('credits.premium.choose')}
      >
        <PackageCards pricing={pricing} hrefFor={(p) => (user ? `/credits/${p.id}` : '/signup')} />
      </TitledSection>
      <VisitorNote back="/premium" />
      <CreditsNotes refundDays={pricing.data?.refund_days} />
    </div>
  );
}
