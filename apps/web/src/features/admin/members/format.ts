import { dateTimeFormat } from '@amora/contracts/intl';
import { isoTag, type Locale } from '@amora/i18n';
import { useTranslation } from '../../../app/translation.ts';

/** Dates and times as the console's language writes them. */
export function useDates() {
  const { i18n } = useTranslation();
  const tag = isoTag(i18n.language as Locale);
  return {
    date: (iso: string) => dateTimeFormat(tag, { dateStyle: 'medium' }).format(new Date(iso)),
    dateTime: (iso: string) =>
      dateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
  };
}
