import { isoTag, type Locale } from '@amora/i18n';
import { useMemo } from 'react';
import { usePageTimeZone } from '../../app/time-zone.ts';
import { useTranslation } from '../../app/translation.ts';
import { dayDate, relativeDay } from '../../entities/chat/logic.ts';
import { listTime } from './list-time.ts';

/**
 * The chat's times in the member's own time zone and language: in the conversation a message's time
 * and its day's label, in the list when the last message came.
 */
export function useChatTimes() {
  const { t, i18n } = useTranslation();
  const { zone } = usePageTimeZone();
  return useMemo(() => {
    const tag = isoTag(i18n.language as Locale);
    // Through the page's formats: what the server wrote into the HTML hydrates without ICU.
    const written = (options: Intl.DateTimeFormatOptions) => ({
      format: (d: Date) => i18n.formats.date(tag, d, options),
    });
    const time = written({ hour: '2-digit', minute: '2-digit', timeZone: zone });
    const weekday = written({ weekday: 'short', timeZone: zone });
    const shortDate = written({ day: 'numeric', month: 'short', timeZone: zone });
    // A day key names a calendar day, not an instant: written as that day in UTC.
    const date = written({ dateStyle: 'medium', timeZone: 'UTC' });
    const full = written({ dateStyle: 'full', timeStyle: 'short', timeZone: zone });
    return {
      /** The time zone the days are in (undefined: the browser's own). */
      zone,
      /** A message's time: 14:32. */
      time: (iso: string) => time.format(new Date(iso)),
      /** A day of the conversation (YYYY-MM-DD): Today, Yesterday, else its date. */
      day: (day: string) => {
        const rel = relativeDay(day, undefined, zone);
        if (rel) return t(`chat.${rel}`);
        return date.format(dayDate(day));
      },
      /** When a last message came, short (14:32, Yesterday, Mon, 12 Mar), and in full for a title. */
      last: (iso: string) => {
        const when = listTime(iso, undefined, zone);
        const text =
          when.kind === 'time'
            ? time.format(when.date)
            : when.kind === 'yesterday'
              ? t('chat.yesterday')
              : (when.kind === 'weekday' ? weekday : shortDate).format(when.date);
        return { text, title: full.format(when.date) };
      },
    };
  }, [t, i18n, i18n.language, zone]);
}
