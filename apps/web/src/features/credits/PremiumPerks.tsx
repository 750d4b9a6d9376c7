import './premium-perks.css';
import { useTranslation } from '../../app/translation.ts';
import { CheckIcon, CrownIcon } from '../../ui/icons.tsx';

const PERKS = ['photos', 'upload', 'conversations', 'chatPhotos', 'zero'] as const;

/** What premium unlocks (spec §6): every photo visible, up to 25 photos, more conversations, photos in the chat, premium even at zero credits. */
export function PerkList() {
  const { t } = useTranslation();
  return (
    <ul className="perk-list">
      {PERKS.map((k) => (
        <li key={k}>
          <CheckIcon size={20} />
          <span>{t(`credits.premium.perks.${k}`)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The premium explanation beside the packages (spec §1: the 46 % claim; no subscription). */
export function PremiumPerks() {
  const { t } = useTranslation();
  return (
    <section className="premium-perks" aria-labelledby="premium-perks-title">
      <div className="premium-perks__head">
        <span className="premium-disc">
          <CrownIcon size={26} />
        </span>
        <div>
          <h2 id="premium-perks-title" className="premium-perks__title">
            {t('credits.premium.title')}
          </h2>
          <p className="premium-perks__lead">{t('credits.premium.lead')}</p>
        </div>
      </div>
      <p className="premium-perks__claim">{t('credits.premium.claim')}</p>
      <PerkList />
    </section>
  );
}
