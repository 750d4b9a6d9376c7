import { defineMail } from '../kind.ts';

/** A link to choose a new password, valid for `minutes`. */
export const passwordReset = defineMail(
  'passwordReset',
  (d: { name: string; link: string; minutes: number }, t) => ({
    paragraphs: [t('intro')],
    button: { label: t('button'), href: d.link },
    after: [t('expires'), t('notYou')],
  }),
);
