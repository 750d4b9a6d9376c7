import { defineMail } from '../kind.ts';

/**
 * The outcome of a report, told to the reporter (DSA Art. 16(5)): action taken or no breach found,
 * and how to contest it. The measure itself and the moderator's note stay private: they concern
 * the reported member.
 */
export const complaintDecided = defineMail(
  'complaintDecided',
  (d: { name: string; reference: string; outcome: 'resolved' | 'dismissed' }, t) => ({
    paragraphs: [t('body'), t(d.outcome)],
    after: [t('redress'), t('thanks')],
  }),
);
