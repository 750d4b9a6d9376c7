import {
  CURRENCIES,
  type Currency,
  currencyForCountry,
  DEFAULT_PACKAGES,
  DEFAULT_VISIBLE_PROFILE_FIELDS,
  INTERESTS,
  type PackageConfig,
  type SiteConfig,
} from '@amora/contracts';
import { regionDataForSettings } from '../features/profiles/regions.ts';

/**
 * A real site's settings from the few facts an operator gives on the command line (`npm run
 * admin -- site create`, issue 25): spec §3's settings with sober defaults for the rest, which the
 * console's site form (/admin/sites) edits later. Nothing of the demo: no demo members, no demo
 * creditor id, no deletion discount, fictional chat partners off until the operator turns them on.
 */

/** Price templates: the four packages (spec §9) priced in one currency, or in every one ('all'). */
export const PRICE_TEMPLATES = ['eur', 'usd', 'gbp', 'pln', 'chf', 'all'] as const;
export type PriceTemplate = (typeof PRICE_TEMPLATES)[number];

export function isPriceTemplate(v: string): v is PriceTemplate {
  return (PRICE_TEMPLATES as readonly string[]).includes(v);
}

/** The template a site selling in `countries` gets when none is named: the first country's currency. */
export function defaultPriceTemplate(countries: string[]): PriceTemplate {
  return currencyForCountry(countries[0] ?? 'NL').toLowerCase() as PriceTemplate;
}

/** The packages of a template: credits as every site has them, prices (tax included) in its currencies. */
export function templatePackages(template: PriceTemplate): PackageConfig[] {
  const keep: readonly Currency[] = template === 'all' ? CURRENCIES : [template.toUpperCase() as Currency];
  return DEFAULT_PACKAGES.map((p) => ({
    id: p.id,
    credits: p.credits,
    prices: Object.fromEntries(keep.map((c) => [c, p.prices[c]])) as PackageConfig['prices'],
  }));
}

/** A time zone for the site's first country where one zone is the obvious one. */
const ZONES: Record<string, string> = {
  US: 'America/New_York',
  CA: 'America/Toronto',
  GB: 'Europe/London',
  IE: 'Europe/Dublin',
  NL: 'Europe/Amsterdam',
  BE: 'Europe/Brussels',
  DE: 'Europe/Berlin',
  AT: 'Europe/Vienna',
  CH: 'Europe/Zurich',
  FR: 'Europe/Paris',
  IT: 'Europe/Rome',
  ES: 'Europe/Madrid',
  PL: 'Europe/Warsaw',
  AU: 'Australia/Sydney',
  NZ: 'Pacific/Auckland',
};

export function defaultTimeZone(countries: string[]): string {
  return ZONES[countries[0] ?? ''] ?? 'UTC';
}

export interface SiteFacts {
  name: string;
  language: string;
  countries: string[];
  niche: number;
  company: string;
  companyAddress: string;
  companyCity: string;
  companyCountry: string;
  companyId: string;
  vatNumbers: string[];
  supportEmail: string;
  supportPhone: string;
  template: PriceTemplate;
  timeZone: string;
  description?: string;
  title?: string;
}

/** The settings of a new site (checked by siteConfigSchema when it is saved). */
export function siteConfigFrom(f: SiteFacts, now = new Date()): SiteConfig {
  const currency =
    f.template === 'all' ? currencyForCountry(f.countries[0] ?? 'NL') : f.template.toUpperCase();
  return {
    name: f.name,
    domain_language: f.language,
    description: f.description ?? f.name,
    index_title: f.title ?? f.name,
    cdn_prefix: '/media',
    niche: f.niche,
    signups: 'all',
    logged_out_search: 'all',
    logged_out_search_trafficsource: 'all',
    enable_site_entry_popup: 'yes',
    minimum_message_costs: Object.fromEntries(
      f.countries.map((c) => [c, { costs: 1, currency: currencyForCountry(c) }]),
    ),
    support_phone: f.supportPhone,
    support_email: f.supportEmail,
    push_public_key: '',
    fictional_icon: '✦',
    countries: f.countries,
    visible_profile_fields: [...DEFAULT_VISIBLE_PROFILE_FIELDS],
    visible_profile_notes: [],
    region_data: regionDataForSettings(f.countries),
    message_credits: 1,
    signup_credits: 5,
    photo_credits: 2,
    gift_credits: 3,
    message_length: 1000,
    company_name: f.company,
    company_address: f.companyAddress,
    company_kvk: f.companyId,
    company_city: f.companyCity,
    company_country: f.companyCountry,
    company_tradenames: [f.name],
    company_vat_numbers: f.vatNumbers,
    company_added: now.toISOString(),
    delete_discount: 0,
    search_fields: ['gender', 'country', 'countryregion', 'min_age', 'max_age'],
    fictional_warning:
      'Profiles marked with ✦ are fictional chat partners. Meeting them in person is not possible.',
    fictional_singular: 'fictional chat partner',
    fictional_plural: 'fictional chat partners',
    refund_days: 14,
    interests: [...INTERESTS],
    member_resell: false,
    fictional_profiles: false,
    currency,
    time_zone: f.timeZone,
    photo_approval: 'auto',
    free_messages: 3,
    packages: templatePackages(f.template),
    popular_package: 'p2',
    direct_debit: { creditor_id: '', max_order_amount: 4000, max_per_30_days: 3 },
  };
}
