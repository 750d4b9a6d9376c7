import { defineMail } from '../kind.ts';

/** An account pending deletion that can still come back until `until`. */
export const reactivationPending = defineMail(
  'reactivationPending',
  (d: { link: string; until: string }, t) => ({
    paragraphs: [t('body')],
    button: { label: t('button'), href: d.link },
    after: [t('support')],
  }),
);
