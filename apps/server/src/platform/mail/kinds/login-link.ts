import { defineMail } from '../kind.ts';

/** A one-time login link, valid for `minutes`. */
export const loginLink = defineMail('loginLink', (d: { name: string; link: string; minutes: number }, t) => ({
  paragraphs: [t('intro')],
  button: { label: t('button'), href: d.link },
  after: [t('expires'), t('notYou')],
}));
