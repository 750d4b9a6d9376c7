import { defineMail } from '../kind.ts';

/**
 * A moderation decision's statement of reasons (features/moderation), every text already in
 * the member's language; `until` only for a suspension.
 */
export interface ModerationNoticeData {
  name: string;
  what: string;
  why: string;
  ground: string;
  facts: string;
  until?: string;
  link: string;
}

export const moderationNotice = defineMail('moderationNotice', (d: ModerationNoticeData, t) => ({
  paragraphs: [
    t('intro'),
    t('what'),
    ...(d.until ? [t('until')] : []),
    ...(d.why ? [t('why'), t('ground')] : []),
    t('facts'),
    t('automated'),
    t('appeal'),
  ],
  button: { label: t('button'), href: d.link },
  after: [t('remedies')],
}));
