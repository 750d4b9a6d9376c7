import { defineNotifyMail, type NotifyBase } from '../kind.ts';

/** The weekly update: new members and likes, each line only when there is something. */
export const notifyWeekly = defineNotifyMail(
  'notifyWeekly',
  (d: NotifyBase & { newMembers: number; names: string; likes: number }, t) => ({
    paragraphs: [
      t('intro'),
      ...(d.newMembers > 0 ? [t('members')] : []),
      ...(d.likes > 0 ? [t('likes')] : []),
    ],
    button: { label: t('button'), href: d.link },
  }),
);
