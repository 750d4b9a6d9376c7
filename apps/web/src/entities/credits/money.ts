import { isoTag, type Locale } from '@amora/i18n';
import { useFormat } from '../../app/i18n.ts';
import { useTranslation } from '../../app/translation.ts';

/** Money (in minor units) and percentages as this page's language writes them (and its server wrote them). */
export function useMoney() {
  const { i18n } = useTranslation();
  const fmt = useFormat();
  const tag = isoTag(i18n.language as Locale);
  return {
    tag,
    money: (minor: number, currency: string) => fmt.price(minor / 100, currency),
    percent: (fraction: number) => i18n.formats.number(tag, fraction, { style: 'percent' }),
  };
}
