import './order-status.css';
import type { OrderState } from '@amora/contracts/money';
import { useTranslation } from '../../app/translation.ts';
import { statusTone } from './logic.ts';

/** An order's status as a translated badge. */
export function OrderStatus({ status }: { status: OrderState }) {
  const { t } = useTranslation();
  return (
    <span className={`order-status order-status--${statusTone(status)}`}>
      {t(`credits.status.${status}`)}
    </span>
  );
}
