import './was-price.css';
import { useTranslation } from '../../app/translation.ts';
import { useMoney } from '../../entities/credits/money.ts';

/**
 * The price before a discount code, struck through; read out as 'was €39.99' (a <del> may not
 * carry a label of its own, so the words are hidden text beside it).
 */
export function WasPrice({ amount, currency }: { amount: number; currency: string }) {
  const { t } = useTranslation();
  const { money } = useMoney();
  return (
    <>
      <span className="visually-hidden">{t('credits.discount.was', { price: money(amount, currency) })}</span>
      <del className="was-price" aria-hidden="true">
        {money(amount, currency)}
      </del>{' '}
    </>
  );
}
