import { defineNotifyMail, type NotifyBase } from '../kind.ts';

/** Someone started a conversation with the member (features/notifications). */
export const notifyNewConversation = defineNotifyMail(
  'notifyNewConversation',
  (d: NotifyBase & { sender: string }, t) => ({
    paragraphs: [t('body')],
    button: { label: t('button'), href: d.link },
  }),
);
