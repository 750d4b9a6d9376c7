import { defineNotifyMail, type NotifyBase } from '../kind.ts';

/** Likes, or a match when the member had liked back (features/notifications). */
export const notifyLike = defineNotifyMail(
  'notifyLike',
  (d: NotifyBase & { count: number; names: string; match: boolean }, t) => ({
    subject: d.match ? t('subjectMatch') : t('subject'),
    paragraphs: [d.match ? t('bodyMatch') : t('body')],
    button: { label: d.match ? t('buttonMatch') : t('button'), href: d.link },
  }),
);
