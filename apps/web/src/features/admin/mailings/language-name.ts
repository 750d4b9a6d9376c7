import { isoTag, type Locale } from '@amora/i18n';
import { useMemo } from 'react';
import { useTranslation } from '../../../app/translation.ts';

/** A language's name in the operator's language (the browser's own names: "German", "Deutsch", "allemand"). */
export function useLanguageName(): (code: string) => string {
  const { i18n } = useTranslation();
  const names = useMemo(
    () => new Intl.DisplayNames([isoTag(i18n.language as Locale)], { type: 'language' }),
    [i18n.language],
  );
  return (code) => names.of(code) ?? code;
}

/** The first letter in capitals (a name heading its section: "allemand" as "Allemand"). */
export const capitalised = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1);
