import { defineMail } from '../kind.ts';

/** Sent to a new address to confirm an e-mail change, valid for `hours`. */
export const mailChange = defineMail('mailChange', (d: { name: string; link: string; hours: number }, t) => ({
  paragraphs: [t('intro')],
  button: { label: t('button'), href: d.link },
  after: [t('expires')],
}));
