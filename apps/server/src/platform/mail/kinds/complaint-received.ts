import { defineMail } from '../kind.ts';

/**
 * The receipt of a report: what it was about and what happens next (issue 11 item 10).
 * `reason`: the reason category, already in the reporter's language.
 */
export const complaintReceived = defineMail(
  'complaintReceived',
  (_: { name: string; reference: string; reason: string }, t) => ({
    paragraphs: [t('body'), t('reason'), t('next'), t('step1'), t('step2'), t('step3')],
    after: [t('urgent')],
  }),
);
