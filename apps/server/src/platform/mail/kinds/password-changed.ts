import { defineMail } from '../kind.ts';

/** The password changed and every other device was logged out. */
export const passwordChanged = defineMail('passwordChanged', (_: { name: string }, t) => ({
  paragraphs: [t('body')],
}));
