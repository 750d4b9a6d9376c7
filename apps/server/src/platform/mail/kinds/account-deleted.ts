import { defineMail } from '../kind.ts';

/** The account is deleted and can be brought back until `until`. */
export const accountDeleted = defineMail(
  'accountDeleted',
  (d: { name: string; link: string; until: string }, t) => ({
    paragraphs: [t('body'), t('keep')],
    button: { label: t('button'), href: d.link },
  }),
);
