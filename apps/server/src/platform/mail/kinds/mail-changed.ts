import { defineMail } from '../kind.ts';

/** Tells the old address that the account's e-mail address changed. */
export const mailChanged = defineMail('mailChanged', (_: { name: string; newEmail: string }, t) => ({
  paragraphs: [t('body')],
}));
