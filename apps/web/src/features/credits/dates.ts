import { isoTag, type Locale } from '@amora/i18n';
import { useTranslation } from '../../app/translation.ts';

/** Dates of orders in the reader's own time zone and language (pages fetched in the browser only). */
export function useOrderDates() {
  const { i18n } = useTranslation();
  const tag = isoTag(i18n.language as Locale);
  return {
    day: (iso: string) => new Intl.DateTimeFormat(tag, { dateStyle: 'medium' }).format(new Date(iso)),
    long: (iso: string) => new Intl.DateTimeFormat(tag, { dateStyle: 'long' }).format(new Date(iso)),
    moment: (iso: string) =>
      new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso)),
  };
}
