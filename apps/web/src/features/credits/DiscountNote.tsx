import './discount-note.css';
import type { PricingResponse } from '@amora/contracts';
import { useTranslation } from '../../app/translation.ts';
import { SparklesIcon } from '../../ui/icons.tsx';
import { useOrderDates } from './dates.ts';

type Discount = NonNullable<PricingResponse['discount']>;

/** Which code the prices include, how much it takes off, and until when (/credits?code=, checkout). */
export function DiscountNote({ discount, compact = false }: { discount: Discount; compact?: boolean }) {
  const { t } = useTranslation();
  const { moment } = useOrderDates();
  return (
    <p className={`discount-note${compact ? ' discount-note--compact' : ''}`} role="status">
      <SparklesIcon size={20} className="discount-note__icon" />
      <span>
        <strong>
          {t('credits.discount.applied', { code: discount.code, percentage: discount.value_percentage })}
        </strong>{' '}
        {compact ? null : t('credits.discount.included')}
        {discount.expires ? (
          <span className="discount-note__until">
            {' '}
            {t('credits.discount.until', { date: moment(discount.expires) })}
          </span>
        ) : null}
      </span>
    </p>
  );
}
