import { defineMail } from '../kind.ts';

/** An e-mail change to an address another account already uses. */
export const mailChangeTaken = defineMail('mailChangeTaken', (_: { name: string }, t) => ({
  paragraphs: [t('body')],
  after: [t('notYou')],
}));
