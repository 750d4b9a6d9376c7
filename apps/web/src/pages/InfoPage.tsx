import { legalTermsDate } from '@amora/contracts/rules';
import {
  formatSupportPhone,
  type InfoPages,
  infoPageLoaders,
  isInfoPage,
  isLocale,
  type Locale,
} from '@amora/i18n';
import { use } from 'react';
import { useLocation } from 'react-router';
import { useSettings } from '../api/queries.ts';
import { Head } from '../app/head.tsx';
import { useFormat } from '../app/i18n.ts';
import { useTranslation } from '../app/translation.ts';
import { ErrorView } from '../ui/ErrorView.tsx';
import './info-page.css';

const cache = new Map<Locale, Promise<InfoPages>>();
/** Texts already here: read without suspending (a suspended first render would blank the page). */
const loaded = new Map<Locale, InfoPages>();
function load(locale: Locale): Promise<InfoPages> {
  let p = cache.get(locale);
  if (!p) {
    p = infoPageLoaders[locale]().then((pages) => {
      loaded.set(locale, pages);
      return pages;
    });
    cache.set(locale, p);
  }
  return p;
}

// In the browser the page's texts load with this module, before it hydrates (the route's lazy
// import waits for them): otherwise hydration suspends on them and the server's HTML gives way to
// nothing for a moment (the footer jumped up and back: a layout shift of 0.8 on a phone).
if (typeof document !== 'undefined' && isLocale(document.documentElement.lang)) {
  await load(document.documentElement.lang);
}

function slug(text: string, i: number) {
  return `s${i + 1}-${text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40)}`;
}

/** Legal and help pages (spec §2 /pages/*), filled in with the site's company details. */
export default function InfoPage() {
  const page = useLocation().pathname.split('/')[2];
  const { t } = useTranslation();
  const fmt = useFormat();
  const s = useSettings();
  const pages = loaded.get(fmt.locale) ?? use(load(fmt.locale));
  if (!isInfoPage(page)) return <ErrorView status={404} />;
  const content = pages[page];
  const vars: Record<string, string> = {
    siteName: s.name,
    companyName: s.company_name,
    companyAddress: s.company_address,
    companyCity: s.company_city,
    companyCountry: s.company_country,
    companyRegistration: s.company_kvk,
    supportEmail: s.support_email,
    supportPhone: s.support_phone,
    refundDays: String(s.refund_days),
  };
  const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (m, k: string) => vars[k] ?? m);
  const legal = page !== 'faq' && page !== 'service';
  const phone = formatSupportPhone(s.support_phone, s.geoip_country);
  return (
    <article className="info-page container">
      <Head title={`${fill(content.title)} – ${s.name}`} description={fill(content.description)} />
      <header className="info-page__header">
        <h1>{fill(content.title)}</h1>
        {legal ? (
          <p className="muted">
            {t('info.lastUpdated', { date: fmt.date(legalTermsDate(s.company_added)) })}
          </p>
        ) : null}
      </header>
      <div className="info-page__layout">
        <nav className="info-page__toc" aria-label={t('info.onThisPage')}>
          <p className="info-page__toc-title">{t('info.onThisPage')}</p>
          <ol>
            {content.sections.map((sec, i) => (
              <li key={sec.heading}>
                <a href={`#${slug(sec.heading, i)}`}>{fill(sec.heading)}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="info-page__body">
          {content.sections.map((sec, i) => (
            <section
              key={sec.heading}
              id={slug(sec.heading, i)}
              aria-labelledby={`${slug(sec.heading, i)}-h`}
            >
              <h2 id={`${slug(sec.heading, i)}-h`}>{fill(sec.heading)}</h2>
              {sec.paragraphs.map((p) => (
                <p key={p}>{fill(p)}</p>
              ))}
            </section>
          ))}
          {page === 'service' ? (
            <aside className="card info-page__contact">
              <h2>{t('info.contactTitle')}</h2>
              <p>
                {t('info.emailLabel')}: <a href={`mailto:${s.support_email}`}>{s.support_email}</a>
              </p>
              <p>
                {t('info.phoneLabel')}: <a href={phone.href}>{phone.display}</a>
              </p>
            </aside>
          ) : null}
        </div>
      </div>
    </article>
  );
}
