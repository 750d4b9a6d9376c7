import { formatMoney } from '@amora/contracts/money';
import { isoTag, type Locale } from '@amora/i18n';
import { useTranslation } from '../../app/translation.ts';

/** Money and percentages as this page's language writes them. */
export function useMoney() {
  const { i18n } = useTranslation();
  const tag = isoTag(i18n.language as Locale);
  return {
    tag,
    money: (minor: number, currency: string) => formatMoney(minor, currency, tag),
    percent: (fraction: number) => new Intl.NumberFormat(tag, { style: 'percent' }).format(fraction),
  };
}
