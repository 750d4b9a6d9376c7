import { defineMail } from '../kind.ts';

/**
 * Premium ended because the member's last standing purchase was refunded or charged back in
 * full (features/payments); `hidden`: photos beyond the free limit now held back.
 */
export const premiumEnded = defineMail(
  'premiumEnded',
  (d: { name: string; why: 'refund' | 'chargeback'; hidden: number; link: string }, t) => ({
    paragraphs: [
      d.why === 'chargeback' ? t('chargeback') : t('refund'),
      t('ended'),
      ...(d.hidden > 0 ? [t('photos')] : []),
      t('conversations'),
    ],
    button: { label: t('button'), href: d.link },
  }),
);
