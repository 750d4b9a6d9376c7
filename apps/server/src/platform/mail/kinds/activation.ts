import { defineMail } from '../kind.ts';

/** Confirms a new member's e-mail address (features/accounts, signup). */
export const activation = defineMail('activation', (d: { name: string; link: string; days: number }, t) => ({
  paragraphs: [t('intro')],
  button: { label: t('button'), href: d.link },
  after: [t('expires'), t('notYou')],
}));
