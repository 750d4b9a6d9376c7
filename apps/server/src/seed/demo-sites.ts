import type { SiteConfig } from '@amora/contracts';
import { DEFAULT_PACKAGES, DEFAULT_VISIBLE_PROFILE_FIELDS, INTERESTS } from '@amora/contracts';
import { regionDataForSettings } from '../features/profiles/regions.ts';

export interface DemoSite {
  key: string;
  domain: string;
  aliases: string[];
  isDefault: boolean;
  memberCount: number;
  config: SiteConfig;
}

const common = {
  cdn_prefix: '/media',
  signups: 'all',
  logged_out_search: 'all',
  logged_out_search_trafficsource: 'all',
  enable_site_entry_popup: 'yes',
  push_public_key: '',
  fictional_icon: '✦',
  visible_profile_fields: [...DEFAULT_VISIBLE_PROFILE_FIELDS],
  visible_profile_notes: [],
  message_credits: 1,
  signup_credits: 5,
  photo_credits: 2,
  gift_credits: 3,
  message_length: 1000,
  delete_discount: 30,
  search_fields: ['gender', 'country', 'countryregion', 'min_age', 'max_age'],
  refund_days: 14,
  interests: [...INTERESTS],
  member_resell: false,
  fictional_profiles: true,
  photo_approval: 'auto' as const,
  free_messages: 3,
  packages: DEFAULT_PACKAGES,
  popular_package: 'p2' as const,
  // A test creditor id (ZZZ: no real creditor) for the sandbox's direct debits.
  direct_debit: { creditor_id: 'NL00ZZZ123456780000', max_order_amount: 4000, max_per_30_days: 3 },
} satisfies Partial<SiteConfig>;

/** The demo sites seeded into an empty database: realistic, complete settings for three markets. */
export const DEMO_SITES: DemoSite[] = [
  {
    key: 'amora-en',
    domain: 'localhost',
    aliases: ['127.0.0.1', 'en.localhost'],
    isDefault: true,
    memberCount: 500,
    config: {
      ...common,
      name: 'Amora',
      domain_language: 'en-US',
      description:
        'Amora is where singles across the US meet, match and chat. Free sign-up, no subscription.',
      index_title: 'Amora – Online dating and chat',
      niche: 1,
      minimum_message_costs: { US: { costs: 1, currency: 'USD' } },
      support_phone: '+1 302 555 0147',
      support_email: 'support@amora.example',
      countries: ['US'],
      region_data: regionDataForSettings(['US']),
      company_name: 'Amora Media LLC',
      company_address: '1209 Orange Street',
      company_kvk: 'DE 7341982',
      company_city: 'Wilmington, DE 19801',
      company_country: 'United States',
      company_tradenames: ['Amora'],
      company_vat_numbers: [],
      company_added: '2024-03-15T09:00:00.000Z',
      fictional_warning:
        'Profiles marked with ✦ are fictional chat partners. Meeting them in person is not possible.',
      fictional_singular: 'fictional chat partner',
      fictional_plural: 'fictional chat partners',
      currency: 'USD',
      time_zone: 'America/New_York',
    },
  },
  {
    key: 'hartjes-nl',
    domain: 'nl.localhost',
    aliases: ['hartjesdate.localhost'],
    isDefault: false,
    memberCount: 500,
    config: {
      ...common,
      name: 'Hartjesdate',
      domain_language: 'nl-NL',
      description:
        'Hartjesdate: ontmoet singles in Nederland en België. Gratis inschrijven, geen abonnement.',
      index_title: 'Hartjesdate – Online daten en chatten',
      niche: 1,
      entry_popup_countries: ['NL', 'BE'],
      minimum_message_costs: { NL: { costs: 1, currency: 'EUR' }, BE: { costs: 1, currency: 'EUR' } },
      support_phone: '+31 20 808 1234',
      support_email: 'klantenservice@hartjesdate.example',
      countries: ['NL', 'BE'],
      region_data: regionDataForSettings(['NL', 'BE']),
      company_name: 'Hartjesdate B.V.',
      company_address: 'Keizersgracht 241',
      company_kvk: '81234567',
      company_city: '1016 EA Amsterdam',
      company_country: 'Nederland',
      company_tradenames: ['Hartjesdate'],
      company_vat_numbers: ['NL862345678B01'],
      company_added: '2023-06-01T10:00:00.000Z',
      fictional_warning:
        'Profielen met ✦ zijn fictieve chatpartners. Een echte ontmoeting met hen is niet mogelijk.',
      fictional_singular: 'fictieve chatpartner',
      fictional_plural: 'fictieve chatpartners',
      currency: 'EUR',
      time_zone: 'Europe/Amsterdam',
    },
  },
  {
    key: 'kurven-de',
    domain: 'de.localhost',
    aliases: ['kurvenglueck.localhost'],
    isDefault: false,
    memberCount: 500,
    config: {
      ...common,
      name: 'Kurvenglück',
      // Its own brand colour (white label): one colour, the other shades derive from it.
      brand_color: '#0f766e',
      domain_language: 'de-DE',
      description:
        'Kurvenglück: Singles mit Kurven und ihre Verehrer in Deutschland, Österreich und der Schweiz.',
      index_title: 'Kurvenglück – Dating für Kurvige und ihre Fans',
      niche: 4,
      minimum_message_costs: {
        DE: { costs: 1, currency: 'EUR' },
        AT: { costs: 1, currency: 'EUR' },
        CH: { costs: 2, currency: 'CHF' },
      },
      support_phone: '+49 30 5557 8910',
      support_email: 'hilfe@kurvenglueck.example',
      countries: ['DE', 'AT', 'CH'],
      region_data: regionDataForSettings(['DE', 'AT', 'CH']),
      company_name: 'Kurvenglück GmbH',
      company_address: 'Friedrichstraße 123',
      company_kvk: 'HRB 204518 B, Amtsgericht Charlottenburg',
      company_city: '10117 Berlin',
      company_country: 'Deutschland',
      company_tradenames: ['Kurvenglück'],
      company_vat_numbers: ['DE318456729'],
      company_added: '2024-01-10T08:00:00.000Z',
      fictional_warning:
        'Mit ✦ markierte Profile sind fiktive Chatpartner. Ein persönliches Treffen ist nicht möglich.',
      fictional_singular: 'fiktiver Chatpartner',
      fictional_plural: 'fiktive Chatpartner',
      currency: 'EUR',
      time_zone: 'Europe/Berlin',
    },
  },
];

/** Demo accounts with a known password, documented in the README (three per site). */
export const DEMO_PASSWORD = 'amora-demo-2026';

/** Small copies of the demo sites, `members` members each: for tests and benchmarks that want them fast. */
export function smallDemoSites(members: number): DemoSite[] {
  return DEMO_SITES.map((s) => ({ ...s, memberCount: members }));
}
