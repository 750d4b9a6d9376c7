import { defineNotifyMail, type NotifyBase } from '../kind.ts';

/** A reminder of what waits: unread messages and likes, each line only when there is something. */
export const notifyReminder = defineNotifyMail(
  'notifyReminder',
  (d: NotifyBase & { unread: number; likes: number }, t) => ({
    paragraphs: [t('body'), ...(d.unread > 0 ? [t('unread')] : []), ...(d.likes > 0 ? [t('likes')] : [])],
    button: { label: t('button'), href: d.link },
  }),
);
