import { formatSupportPhone } from '@amora/i18n';
import { Link } from 'react-router';
import { useSettings } from '../../api/queries.ts';
import { useTranslation } from '../../app/translation.ts';
import { HeartMark } from '../../ui/Logo.tsx';
import './footer.css';

const LINKS = [
  ['/pages/terms', 'footer.terms'],
  ['/pages/privacy', 'footer.privacy'],
  ['/pages/cookies', 'footer.cookies'],
  ['/pages/ban', 'footer.ban'],
  ['/pricing', 'footer.pricing'],
  ['/complaints', 'footer.complaints'],
  ['/pages/return-policy', 'footer.returnPolicy'],
  ['/pages/faq', 'footer.faq'],
  ['/pages/service', 'footer.support'],
] as const;

/** Footer (spec §2): legal and help links, disclaimer, company line, copyright, US footer for English. */
export function Footer() {
  const { t, i18n } = useTranslation();
  const s = useSettings();
  const phone = formatSupportPhone(s.support_phone, s.geoip_country);
  return (
    <footer className="footer">
      <div className="container footer__inner">
        <div className="footer__brand">
          <HeartMark size={28} />
          <span>{s.name}</span>
        </div>
        <nav aria-label={t('footer.nav')}>
          <ul className="footer__links">
            {LINKS.map(([to, key]) => (
              <li key={to}>
                <Link to={to}>{t(key)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="footer__disclaimer">
          {t(s.fictional_profiles === false ? 'footer.disclaimerNoFictional' : 'footer.disclaimer', {
            siteName: s.name,
          })}
        </p>
        <p className="footer__company">
          {t('footer.companyLine', {
            siteName: s.name,
            company: s.company_name,
            address: s.company_address,
            city: s.company_city,
            country: s.company_country,
          })}{' '}
          {s.company_tradenames.length
            ? `${t('footer.tradingAs', { names: s.company_tradenames.join(', ') })} `
            : null}
          {s.company_kvk ? t('footer.registration', { kvk: s.company_kvk }) : null}
          {s.company_vat_numbers.length
            ? ` · ${t('footer.vat', { vat: s.company_vat_numbers.join(', ') })}`
            : null}
        </p>
        {i18n.language === 'en' ? (
          <p className="footer__us" data-testid="us-footer">
            {t('footer.usFooter', { phone: phone.display, email: s.support_email })}
          </p>
        ) : null}
        <p className="footer__copyright">{t('footer.copyright', { company: s.company_name })}</p>
      </div>
    </footer>
  );
}
