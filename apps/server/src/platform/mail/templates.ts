import { isLocale, isoTag, type Locale } from '@amora/i18n';
import { mailTFor } from '../i18n.ts';
import type { Site } from '../sites.ts';
import type { MailKind, NotifyBase } from './kind.ts';
import { layoutMail, type RenderedMail } from './layout.ts';
import { type MailData, type MailTemplate, mailKinds } from './registry.ts';

export type { NotifyBase } from './kind.ts';
export type { RenderedMail } from './layout.ts';
export type { MailData, MailTemplate } from './registry.ts';

/**
 * Renders a mail in the member's language with the site's name and company details (HTML and
 * text): the kind's module (registry.ts) says what it says, the shared layout frames it, and the
 * server's i18next instance translates it (namespace `mail`), filling in the data's texts and
 * numbers, the site's details and `date` (`until`, as a long date in the site's time zone).
 */
export function renderMail<T extends MailTemplate>(
  template: T,
  localeRaw: string,
  data: MailData[T],
  site: Site,
): RenderedMail {
  const locale: Locale = isLocale(localeRaw) ? localeRaw : 'en';
  const mailT = mailTFor(locale);
  const c = site.config;
  const dateFmt = new Intl.DateTimeFormat(isoTag(locale), { dateStyle: 'long', timeZone: c.time_zone });
  const vars: Record<string, string | number> = {
    siteName: c.name,
    supportEmail: c.support_email,
    company: c.company_name,
    address: c.company_address,
    city: c.company_city,
    country: c.company_country,
    ...Object.fromEntries(
      Object.entries(data)
        .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
        .map(([k, v]) => [k, k === 'until' ? dateFmt.format(new Date(String(v))) : v]),
    ),
  };
  vars.date = vars.until ?? '';
  const t = (key: string, extra?: Record<string, string>) =>
    mailT(key, { replace: extra ? { ...vars, ...extra } : vars });

  // The registry keeps each kind with its own data type (MailData[T]).
  const kind = mailKinds[template] as unknown as MailKind<MailData[T]>;
  const body = kind.body(data, (key) => t(`${kind.section}.${key}`));
  const unsubscribe = kind.notify ? (data as unknown as NotifyBase).unsubscribe : undefined;
  const why = unsubscribe
    ? t('layout.notifyWhy', {
        type: mailT(`mailTypes.${unsubscribe.type}`, { defaultValue: unsubscribe.type }),
      })
    : t('layout.footerWhy');
  return layoutMail(
    locale,
    site,
    body.subject ?? t(`${kind.section}.subject`),
    body,
    {
      greeting: 'name' in data && data.name ? t('layout.greeting') : t('layout.greetingAnonymous'),
      signoff: t('layout.signoff'),
      buttonFallback: t('layout.buttonFallback'),
      footerCompany: t('layout.footerCompany'),
      why,
      unsubscribe: t('layout.unsubscribe'),
      manage: t('layout.manage'),
    },
    unsubscribe,
  );
}
