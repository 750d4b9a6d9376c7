import { defineMail } from '../kind.ts';

/** The member's data archive is ready: the link works for them only (logged in) until `until`. */
export const dataExportReady = defineMail(
  'dataExportReady',
  (d: { name: string; link: string; until: string }, t) => ({
    paragraphs: [t('body'), t('until')],
    button: { label: t('button'), href: d.link },
    after: [t('private')],
  }),
);
