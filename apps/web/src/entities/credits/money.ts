import { isoTag, type Locale } from '@amora/i18n';
import { useTranslation } from '../../app/translation.ts';

/** Money and percentages as this page's language writes them (and its server wrote them: PageFormats). */
export function useMoney() {
  const { i18n } = useTranslation();
  const tag = isoTag(i18n.language as Locale);
  return {
    tag,
    // As formatMoney writes them (contracts money.ts), through the page's formats.
    money: (minor: number, currency: string) =>
      i18n.formats.number(tag, minor / 100, { style: 'currency', currency }),
    percent: (fraction: number) => i18n.formats.number(tag, fraction, { style: 'percent' }),
  };
}
