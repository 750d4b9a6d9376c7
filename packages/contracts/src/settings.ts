import { z } from 'zod';
import { DEFAULT_PACKAGES, PACKAGE_IDS } from './money.ts';
import { packageConfigSchema } from './payments.ts';

/** Niche numbers of spec §3: 1 plain, 2 she, 3 bdsm, 4 bbw, 5 gilf, 6 milf, 7 gay. */
export const NICHES = { 1: 'plain', 2: 'she', 3: 'bdsm', 4: 'bbw', 5: 'gilf', 6: 'milf', 7: 'gay' } as const;
export const nicheSchema = z.number().int().min(1).max(7);

/** The profile fields a new site shows (settings.visible_profile_fields) until its operator picks others. */
export const DEFAULT_VISIBLE_PROFILE_FIELDS = [
  'gender',
  'sexuality',
  'relationship_status',
  'body_type',
  'hair_color',
  'eye_color',
  'tattoos',
  'signup_reason',
];

export const countryCode = z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2 country code');

export const regionLabel = z.enum(['province', 'state', 'canton', 'voivodeship', 'region']);
export const regionDataSchema = z.record(
  countryCode,
  z.object({ label: regionLabel, regions: z.array(z.string().min(1)) }),
);

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * A brand colour of a site: #rrggbb only (it is written into the page head's <style>), dark enough
 * for white text on it and for links on white (4.5:1, WCAG AA).
 */
export const brandColorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'a colour as #rrggbb')
  .refine((c) => contrastRatio(c, '#ffffff') >= 4.5, 'white text on it needs a contrast of 4.5:1 (WCAG AA)');

/**
 * What an operator configures for one site (stored as JSON on the site row).
 * The settings object sent to browsers (settingsResponseSchema) is this plus request-derived fields.
 */
export const siteConfigSchema = z.object({
  name: z.string().min(1).max(80),
  domain_language: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/),
  description: z.string().max(300),
  index_title: z.string().max(120),
  cdn_prefix: z.string().max(200),
  niche: nicheSchema,
  signups: z.string().min(1),
  logged_out_search: z.string().min(1),
  logged_out_search_trafficsource: z.string().min(1),
  enable_site_entry_popup: z.string().min(1),
  /** Optional allow-list: the entry warning is shown only to visitors from these countries. */
  entry_popup_countries: z.array(countryCode).optional(),
  minimum_message_costs: z.record(
    countryCode,
    z.object({ costs: z.number().int().min(0), currency: z.string() }),
  ),
  support_phone: z.string(),
  support_email: z.email(),
  push_public_key: z.string(),
  fictional_icon: z.string(),
  countries: z.array(countryCode).min(1),
  visible_profile_fields: z.array(z.string()),
  visible_profile_notes: z.array(z.string()),
  region_data: regionDataSchema,
  message_credits: z.number().int().min(0),
  signup_credits: z.number().int().min(0),
  photo_credits: z.number().int().min(0),
  gift_credits: z.number().int().min(0),
  message_length: z.number().int().min(1).max(10000),
  company_name: z.string(),
  company_address: z.string(),
  company_kvk: z.string(),
  company_city: z.string(),
  company_country: z.string(),
  company_tradenames: z.array(z.string()),
  company_vat_numbers: z.array(z.string()),
  /** ISO date the company was added; the legal terms date is the later of this and 2023-12-01 12:00 UTC. */
  company_added: z.iso.datetime(),
  delete_discount: z.number().int().min(0).max(100),
  search_fields: z.array(z.string()),
  fictional_warning: z.string(),
  fictional_singular: z.string(),
  fictional_plural: z.string(),
  refund_days: z.number().int().min(0),
  interests: z.array(z.string()),
  member_resell: z.boolean(),
  /**
   * Fictional chat partners on this site (spec §1: "some profiles may be marked"). Off: they show
   * nowhere (search, likes, auto-like, chats, home, member pages) and cannot be written to, and the
   * footer's sentence about them goes (migration 027 keeps profiles.fictional_hidden).
   */
  fictional_profiles: z.boolean().default(true),
  currency: z.string().length(3),
  time_zone: z.string().min(1),
  /** New photos go live at once ('auto') or wait for a moderator ('manual'). */
  photo_approval: z.enum(['auto', 'manual']).default('auto'),
  /** Messages a free member may send without credits (spec §9: "free message count not shown"). */
  free_messages: z.number().int().min(0).default(3),
  /** Credit packages p0-p3 (spec §9) with their prices per currency, and the one marked popular. */
  packages: z
    .array(packageConfigSchema)
    .length(4)
    .refine((ps) => PACKAGE_IDS.every((id) => ps.some((p) => p.id === id)), 'one package of each id p0-p3')
    .default(DEFAULT_PACKAGES),
  popular_package: z.enum(PACKAGE_IDS).default('p2'),
  /**
   * SEPA direct debit (/directdebit): the creditor id printed on mandates (empty: not offered) and
   * the limits, in EUR cents per order and in debits per 30 days.
   */
  direct_debit: z
    .object({
      creditor_id: z.string().max(35),
      max_order_amount: z.number().int().min(0),
      max_per_30_days: z.number().int().min(0),
    })
    .default({ creditor_id: '', max_order_amount: 4000, max_per_30_days: 3 }),
  /**
   * The site's brand colour (#rrggbb): buttons, links, badges and the brand gradient derive from it
   * (apps/web/src/styles/tokens.css). Without it the site wears Amora's (#c2185b).
   */
  brand_color: brandColorSchema.optional(),
  /** The deep end of the brand gradient (#rrggbb); without it, derived from brand_color. */
  brand_color_dark: brandColorSchema.optional(),
  /**
   * Whether search engines may index the members area (/members, member pages) and find it in
   * the sitemap. Off when absent: those pages say noindex and robots.txt keeps crawlers out.
   */
  index_member_pages: z.boolean().optional(),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

export const settingsResponseSchema = siteConfigSchema.extend({
  domain: z.string(),
  /** Country of the visitor as told by the trusted edge (CDN header) or the site's home country. */
  geoip_country: z.string(),
  /** Country the visitor chose (query `country` or cookie), else the geoip country. */
  geoip_selected_country: z.string(),
  /** The visitor arrived with a traffic source (spec §3 tracking record, kept by the server). */
  traffic_source: z.boolean(),
  /** The visitor dismissed the site-entry warning (its cookie), so the server leaves it out. */
  entry_warning_dismissed: z.boolean(),
  /** The member put the welcome bonus's strip away (its cookie), so the server leaves it out. */
  welcome_banner_dismissed: z.boolean(),
  /** The member closed the activation reminder less than a day ago (its cookie). */
  activation_reminder_dismissed: z.boolean(),
  /** The member put the enrich-profile alert away less than a week ago (its cookie). */
  enrich_alert_dismissed: z.boolean(),
});
export type Settings = z.infer<typeof settingsResponseSchema>;

/** The seller of a site (spec §7 /api/companyinfo.php): the company fields of its settings. */
export const companyInfoSchema = siteConfigSchema.pick({
  company_name: true,
  company_address: true,
  company_kvk: true,
  company_city: true,
  company_country: true,
  company_tradenames: true,
  company_vat_numbers: true,
  company_added: true,
  support_email: true,
  support_phone: true,
});

export const settingsQuerySchema = z
  .object({
    'forced-domain': z.string().max(253).optional(),
    country: countryCode.optional(),
  })
  .catchall(z.string().max(500));
