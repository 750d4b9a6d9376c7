import { defineNotifyMail } from '../kind.ts';
import { type OperatorText, operatorText } from './operator-text.ts';

/** News: the operator's text in the member's language (features/notifications). */
export const notifyNews = defineNotifyMail('notifyNews', (d: OperatorText, t) =>
  operatorText(d, t('button')),
);
