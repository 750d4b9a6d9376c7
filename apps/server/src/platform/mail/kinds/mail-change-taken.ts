import { defineMail } from '../kind.ts';

/**
 * An e-mail change to an address another account already uses, mailed to that address (issue 26
 * item 14): its owner learns nothing changed; if it was them with another account, how to log in
 * to this one or reset its password, and how to free the address. The member who asked gets the
 * same answer as for any address, so nobody learns from us whose address has an account.
 */
export const mailChangeTaken = defineMail(
  'mailChangeTaken',
  (d: { name: string; loginLink: string; resetLink: string }, t) => ({
    paragraphs: [t('body'), t('ifYou')],
    button: { label: t('login'), href: d.loginLink },
    after: [`${t('reset')} ${d.resetLink}`, t('notYou')],
  }),
);
