import { defineMail } from '../kind.ts';

/** The outcome of a member's appeal against a moderation decision. */
export const moderationAppealDecided = defineMail(
  'moderationAppealDecided',
  (d: { name: string; what: string; outcome: string; note: string; link: string }, t) => ({
    paragraphs: [t('body'), t('outcome'), t('note')],
    button: { label: t('button'), href: d.link },
  }),
);
