import {
  type Currency,
  currencyForCountry,
  messageCost,
  methodsFor,
  type PackageId,
  type PricedPackage,
  type PricingResponse,
} from '@amora/contracts';
import { isSEPACountry } from 'ibantools';
import type { Queryable } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Site } from '../../platform/sites.ts';
import { appliesTo, discounted, type UsableCode } from './discounts.service.ts';
import { memberCountry } from './orders.repo.ts';
import type { PaymentProvider } from './provider.ts';

const isSepa = (country: string) => isSEPACountry(country);

/** The currency a payer from `country` pays in on `site`: their own where every package has a price in it. */
function currencyOn(site: Site, country: string): Currency {
  const own = currencyForCountry(country);
  if (site.config.packages.every((p) => p.prices[own])) return own;
  const home = site.config.currency as Currency;
  return site.config.packages.every((p) => p.prices[home]) ? home : 'EUR';
}

/** The site's packages as a payer from `country` sees them: worked out on the server, never sent by a browser. */
export function pricing(site: Site, country: string, discount?: UsableCode): PricingResponse {
  const currency = currencyOn(site, country);
  const c = site.config;
  const packages: PricedPackage[] = [...c.packages]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((p) => {
      const list = p.prices[currency]!;
      const off = discount && appliesTo(discount, { amount: list, currency, country });
      return {
        id: p.id,
        credits: p.credits,
        amount: off ? discounted(list, discount.row.value_percentage) : list,
        list_amount: list,
        currency,
        popular: p.id === c.popular_package,
      };
    });
  return {
    country,
    currency,
    packages,
    methods: methodsFor(country, currency),
    // What a message costs this payer is what the chat charges them (contracts/rules messageCost).
    costs: { message: messageCost(c, country), photo: c.photo_credits, gift: c.gift_credits },
    refund_days: c.refund_days,
    direct_debit: !!c.direct_debit.creditor_id && currency === 'EUR' && isSepa(country),
    test_payments: false,
    discount: discount
      ? {
          code: discount.row.code,
          value_percentage: discount.row.value_percentage,
          expires: discount.expires ? new Date(discount.expires).toISOString() : null,
        }
      : null,
  };
}

/**
 * GET /api/pricing's answer, and the /pricing page's as the server renders it (ssr-data.ts): the
 * packages for the member's profile country, else the visitor's chosen one (the `country` cookie,
 * else the CDN's country), with `discount` where it applies; the methods of this server's
 * provider (none, and no direct debit, without one).
 */
export async function pricingFor(
  q: Queryable,
  site: Site,
  provider: PaymentProvider | undefined,
  payer: { userId: string | null; selectedCountry: string },
  discount?: UsableCode,
): Promise<PricingResponse> {
  const country = (payer.userId && (await memberCountry(q, payer.userId))) ?? payer.selectedCountry;
  const prices = pricing(site, country, discount);
  if (!provider) return { ...prices, methods: [], direct_debit: false };
  return { ...prices, test_payments: provider.name === 'sandbox' };
}

export function packageIn(prices: PricingResponse, id: PackageId): PricedPackage {
  const found = prices.packages.find((p) => p.id === id);
  if (!found) throw new AppError('not_found', 404);
  return found;
}
