import type { Locale } from './index.ts';

/** Keys of the info pages of spec §2 (/pages/{key}). */
export const INFO_PAGES = ['terms', 'privacy', 'cookies', 'ban', 'faq', 'return-policy', 'service'] as const;
export type InfoPageKey = (typeof INFO_PAGES)[number];

export interface InfoPageContent {
  title: string;
  description: string;
  sections: { heading: string; paragraphs: string[] }[];
}
export type InfoPages = Record<InfoPageKey, InfoPageContent>;

/** One chunk per locale with the text of every info page. */
export const infoPageLoaders: Record<Locale, () => Promise<InfoPages>> = {
  en: () => import('../pages/en.json').then((m) => m.default as InfoPages),
  nl: () => import('../pages/nl.json').then((m) => m.default as InfoPages),
  de: () => import('../pages/de.json').then((m) => m.default as InfoPages),
  it: () => import('../pages/it.json').then((m) => m.default as InfoPages),
  fr: () => import('../pages/fr.json').then((m) => m.default as InfoPages),
  es: () => import('../pages/es.json').then((m) => m.default as InfoPages),
  pl: () => import('../pages/pl.json').then((m) => m.default as InfoPages),
};

export function isInfoPage(v: string | undefined): v is InfoPageKey {
  return (INFO_PAGES as readonly string[]).includes(v ?? '');
}
