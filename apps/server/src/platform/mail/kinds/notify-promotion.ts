import { defineNotifyMail } from '../kind.ts';
import { type OperatorText, operatorText } from './operator-text.ts';

/** A promotion: the operator's text in the member's language (features/notifications). */
export const notifyPromotion = defineNotifyMail('notifyPromotion', (d: OperatorText, t) =>
  operatorText(d, t('button')),
);
