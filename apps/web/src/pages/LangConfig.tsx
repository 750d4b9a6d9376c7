import { LOCALES, type Locale } from '@amora/i18n';
import { useSettings } from '../api/queries.ts';
import { Head } from '../app/head.tsx';
import { useTranslation } from '../app/translation.ts';
import { useChangeLanguage } from '../entities/session/language.ts';
import './lang-config.css';

/**
 * /lang-config (spec §2): every language of the site as a link. Each is `?lang=xx` (the scheme of
 * the hreflang alternates), so it works before or without JavaScript: the server renders the page
 * in that language and keeps the choice in the cookie. With JavaScript the language changes in
 * place, and a member's account remembers it too (useChangeLanguage).
 */
export default function LangConfig() {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const changeLanguage = useChangeLanguage();
  const current = i18n.language as Locale;
  return (
    <section className="lang-config container">
      <Head
        title={t('meta.langConfigTitle', { siteName: settings.name })}
        description={t('meta.langConfigDescription', { siteName: settings.name })}
        noindex
      />
      <h1>{t('langConfig.title')}</h1>
      <p className="muted">{t('langConfig.intro')}</p>
      <ul className="lang-config__list">
        {LOCALES.map((l) => (
          <li key={l.code}>
            <a
              className="lang-config__choice"
              href={`/lang-config?lang=${l.code}`}
              hrefLang={l.code}
              lang={l.code}
              aria-current={l.code === current ? 'true' : undefined}
              onClick={(e) => {
                e.preventDefault();
                // The page's language has changed even when the account could not be told.
                changeLanguage(l.code).catch(() => {});
              }}
            >
              {l.name}
              {l.code === current ? (
                <span className="lang-config__current"> ({t('langConfig.current')})</span>
              ) : null}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
