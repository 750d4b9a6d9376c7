import { defineNotifyMail, type NotifyBase } from '../kind.ts';

/** A reminder of a message the member has not read (features/notifications). */
export const notifyUnread = defineNotifyMail('notifyUnread', (d: NotifyBase & { sender: string }, t) => ({
  paragraphs: [t('body')],
  button: { label: t('button'), href: d.link },
}));
