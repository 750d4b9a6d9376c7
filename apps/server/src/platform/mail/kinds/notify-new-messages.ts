import { defineNotifyMail, type NotifyBase } from '../kind.ts';

/** New messages in the member's conversations (features/notifications). */
export const notifyNewMessages = defineNotifyMail(
  'notifyNewMessages',
  (d: NotifyBase & { count: number; senders: string }, t) => ({
    paragraphs: [t('body')],
    button: { label: t('button'), href: d.link },
  }),
);
