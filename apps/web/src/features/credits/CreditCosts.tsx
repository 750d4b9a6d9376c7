import './credits-page.css';
import './credit-costs.css';
import type { PricingResponse } from '@amora/contracts';
import { useTranslation } from '../../app/translation.ts';
import { CameraIcon, ChatIcon, GiftIcon } from '../../ui/icons.tsx';
import { TitledSection } from '../../ui/TitledSection.tsx';

/** What a credit buys (site settings): a message, a photo in the chat, a gift. */
export function CreditCosts({ costs }: { costs: PricingResponse['costs'] }) {
  const { t } = useTranslation();
  return (
    <TitledSection
      id="credit-costs-title"
      className="credit-costs"
      titleClassName="credits-section-title"
      title={t('credits.costs.title')}
    >
      <ul className="credit-costs__list">
        <li>
          <ChatIcon size={24} />
          <span>{t('credits.costs.message', { count: costs.message })}</span>
        </li>
        <li>
          <CameraIcon size={24} />
          <span>{t('credits.costs.photo', { count: costs.photo })}</span>
        </li>
        <li>
          <GiftIcon size={24} />
          <span>{t('credits.costs.gift', { count: costs.gift })}</span>
        </li>
      </ul>
    </TitledSection>
  );
}
