import { useFeaturedMembers, useSettings } from '../api/queries.ts';
import { Head } from '../app/head.tsx';
import { useFormat } from '../app/i18n.ts';
import { useTranslation } from '../app/translation.ts';
import { SignupLink } from '../entities/signup/SignupLink.tsx';
import { photoPolicyKeys } from '../features/profiles/photo-policy.ts';
import { ButtonLink } from '../ui/Button.tsx';
import { MemberTile } from '../ui/MemberTile.tsx';
import { SIZES } from '../ui/photo.ts';
import './home.css';

function Check() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className="trust__icon">
      <circle cx="12" cy="12" r="11" fill="currentColor" opacity="0.14" />
      <path
        d="M7 12.5l3 3 7-7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const STEP_ICONS = [
  <path key="1" d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8c0-3.3 3.1-6 7-6s7 2.7 7 6" />,
  <path
    key="2"
    d="M12 20s-7-4.3-7-9.6C5 7.4 7 5.5 9.4 5.5c1.3 0 2.1.6 2.6 1.4.5-.8 1.3-1.4 2.6-1.4C17 5.5 19 7.4 19 10.4 19 15.7 12 20 12 20z"
  />,
  <path key="3" d="M5 6h14v9H9l-4 3.5V6z" />,
];

/** The public home page: what the site is, a glimpse of its members, and the way in. */
export default function Home() {
  const { t } = useTranslation();
  const s = useSettings();
  const fmt = useFormat();
  const { data } = useFeaturedMembers();
  const members = data?.members ?? [];
  const collage = members.slice(0, 5);
  return (
    <>
      <Head
        title={s.index_title || t('meta.homeTitle', { siteName: s.name })}
        description={s.description || t('meta.homeDescription', { siteName: s.name })}
      />
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="eyebrow">{t('home.eyebrow')}</p>
            <h1 className="hero__title">{t('home.heroTitle')}</h1>
            <p className="hero__subtitle">{t('home.heroSubtitle')}</p>
            <div className="hero__ctas">
              <SignupLink size="lg">{t('home.ctaSignup')}</SignupLink>
              <ButtonLink to="/members" size="lg" variant="secondary">
                {t('home.ctaBrowse')}
              </ButtonLink>
            </div>
            <ul className="trust">
              <li>
                <Check />
                {t('home.trustPrivate')}
              </li>
              <li>
                <Check />
                {t(photoPolicyKeys(s.photo_approval).homeTrust)}
              </li>
              <li>
                <Check />
                {t('home.trustNoSubscription')}
              </li>
            </ul>
          </div>
          <div className="hero__collage" aria-hidden={collage.length === 0}>
            {collage.map((m, i) => (
              <MemberTile
                key={m.id}
                m={m}
                className={`collage-${i}`}
                load={i === 0 ? 'high' : 'eager'}
                sizes={i === 0 ? SIZES.heroFirst : SIZES.hero}
              />
            ))}
            {data ? (
              <p className="hero__online">
                <span className="pulse" aria-hidden="true" />
                {t('home.membersTotal', { count: data.total, formatted: fmt.number(data.total) })}
              </p>
            ) : null}
          </div>
        </div>
      </section>

      {members.length > 5 ? (
        <section className="section container" aria-labelledby="new-faces">
          <div className="section__head">
            <h2 id="new-faces">{t('home.membersTitle', { siteName: s.name })}</h2>
            <p className="muted">{t('home.membersSubtitle')}</p>
          </div>
          <div className="member-grid">
            {members.slice(5, 13).map((m) => (
              <MemberTile key={m.id} m={m} />
            ))}
          </div>
        </section>
      ) : null}

      <section className="section section--tinted" aria-labelledby="how">
        <div className="container">
          <h2 id="how" className="section__title-center">
            {t('home.howTitle')}
          </h2>
          <ol className="steps">
            {[1, 2, 3].map((n) => (
              <li key={n} className="step card">
                <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" className="step__icon">
                  <g
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinejoin="round"
                    strokeLinecap="round"
                  >
                    {STEP_ICONS[n - 1]}
                  </g>
                </svg>
                <h3>{t(`home.step${n}Title`)}</h3>
                <p>{t(`home.step${n}Text`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section container">
        <div className="premium-band">
          <div>
            <h2>{t('home.premiumTitle')}</h2>
            <p>{t('home.premiumText')}</p>
          </div>
          <SignupLink size="lg" variant="light">
            {t('home.ctaFinal', { siteName: s.name })}
          </SignupLink>
        </div>
      </section>
    </>
  );
}
