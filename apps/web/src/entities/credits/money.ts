import { useFormat } from '../../app/i18n.ts';

/** Money (in minor units) and percentages as this page's language writes them (and its server wrote them). */
export function useMoney() {
  const fmt = useFormat();
  return {
    money: (minor: number, currency: string) => fmt.price(minor / 100, currency),
    percent: fmt.percent,
  };
}
