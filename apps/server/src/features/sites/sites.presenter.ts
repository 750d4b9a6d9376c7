import type { Settings } from '@amora/contracts';
import type { Site } from '../../platform/sites.ts';

/**
 * The settings object of spec §3/§7 for one site and one visitor. push_public_key is the site's
 * VAPID public key (features/push/push-keys.ts), '' when it has none: no push is offered then.
 */
export function presentSettings(
  site: Site,
  visitor: {
    geoipCountry: string;
    selectedCountry: string;
    trafficSource: boolean;
    entryWarningDismissed: boolean;
    welcomeBannerDismissed: boolean;
    activationReminderDismissed: boolean;
    enrichAlertDismissed: boolean;
  },
  pushPublicKey: string,
): Settings {
  return {
    ...site.config,
    push_public_key: pushPublicKey,
    domain: site.domain,
    geoip_country: visitor.geoipCountry,
    geoip_selected_country: visitor.selectedCountry,
    traffic_source: visitor.trafficSource,
    entry_warning_dismissed: visitor.entryWarningDismissed,
    welcome_banner_dismissed: visitor.welcomeBannerDismissed,
    activation_reminder_dismissed: visitor.activationReminderDismissed,
    enrich_alert_dismissed: visitor.enrichAlertDismissed,
  };
}

export function presentCompanyInfo(site: Site) {
  const c = site.config;
  return {
    company_name: c.company_name,
    company_address: c.company_address,
    company_kvk: c.company_kvk,
    company_city: c.company_city,
    company_country: c.company_country,
    company_tradenames: c.company_tradenames,
    company_vat_numbers: c.company_vat_numbers,
    company_added: c.company_added,
    support_email: c.support_email,
    support_phone: c.support_phone,
  };
}
