import { defineMail } from '../kind.ts';

/** A signup with an address that already has an account: log in or reset, nothing created. */
export const alreadyRegistered = defineMail(
  'alreadyRegistered',
  (d: { loginLink: string; resetLink: string }, t) => ({
    paragraphs: [t('body')],
    button: { label: t('login'), href: d.loginLink },
    after: [`${t('reset')} ${d.resetLink}`, t('notYou')],
  }),
);
