import { isoTag, type Locale } from '@amora/i18n';
import { usePageTimeZone } from '../../app/time-zone.ts';
import { useTranslation } from '../../app/translation.ts';

/**
 * Dates of orders in the reader's own time zone and language: in the server's HTML where it knows
 * the member's zone (app/time-zone.ts), and hydrated as the server wrote them (PageFormats).
 */
export function useOrderDates() {
  const { i18n } = useTranslation();
  const { zone } = usePageTimeZone();
  const tag = isoTag(i18n.language as Locale);
  const at = (iso: string, options: Intl.DateTimeFormatOptions) =>
    i18n.formats.date(tag, new Date(iso), { ...options, timeZone: zone });
  return {
    day: (iso: string) => at(iso, { dateStyle: 'medium' }),
    long: (iso: string) => at(iso, { dateStyle: 'long' }),
    moment: (iso: string) => at(iso, { dateStyle: 'long', timeStyle: 'short' }),
  };
}
