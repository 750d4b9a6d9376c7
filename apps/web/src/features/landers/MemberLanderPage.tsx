import type { LanderPageData, MemberTeaser } from '@amora/contracts';
import { useSettings } from '../../api/queries.ts';
import { Head } from '../../app/head.tsx';
import { useTranslation } from '../../app/translation.ts';
import { SignupLink } from '../../entities/signup/SignupLink.tsx';
import { rememberSignupMember } from '../../entities/signup/signup-member.ts';
import { ErrorView } from '../../ui/ErrorView.tsx';
import { FictionalMark, FictionalWarning } from '../../ui/FictionalWarning.tsx';
import { UserIcon } from '../../ui/icons.tsx';
import { photoAttrs } from '../../ui/photo.ts';
import { useLanderData } from './data.ts';
import { LANDER_SIZES, MemberList } from './parts.tsx';
import './landers.css';
import './member-landers.css';

/** The member's photo, name, age, place and the fictional mark; `sizes` its laid-out width. */
function Teaser({ m, eager = true, sizes }: { m: MemberTeaser; eager?: boolean; sizes: string }) {
  const { t } = useTranslation();
  return (
    <figure className="teaser__figure">
      {m.main_image ? (
        <img
          loading={eager ? 'eager' : 'lazy'}
          {...photoAttrs(m.main_image, sizes)}
          alt={m.name}
          width={480}
          height={600}
        />
      ) : (
        <span className="no-photo" aria-hidden="true">
          <UserIcon size={72} />
        </span>
      )}
      {m.fictional ? <FictionalMark className="teaser__fictional" /> : null}
      <figcaption>
        <strong>
          {m.activity === 'online' ? (
            <span className="activity-dot activity-dot--online" aria-hidden="true" />
          ) : null}
          {m.name}, {m.age}
        </strong>
        <span>{[m.city, m.region].filter(Boolean).join(', ')}</span>
        <span className="visually-hidden">{t(`member.activity.${m.activity}`)}</span>
      </figcaption>
    </figure>
  );
}

/** Writing to the member starts with signup; the member is kept as the one to write to. */
function WriteCta({ m }: { m: MemberTeaser }) {
  const { t } = useTranslation();
  return (
    <div className="lander__cta">
      <SignupLink
        size="lg"
        to={`/signup?member=${m.id}`}
        onClick={() => rememberSignupMember({ id: m.id, name: m.name })}
      >
        {t('lander.member.cta', { name: m.name })}
      </SignupLink>
      <p className="lander__note">{t('lander.ctaNote')}</p>
    </div>
  );
}

function About({ m }: { m: MemberTeaser }) {
  const { t } = useTranslation();
  return (
    <>
      {m.about ? (
        <>
          <h2 className="lander__h2">{t('lander.member.about', { name: m.name })}</h2>
          <p className="teaser__about">{m.about}</p>
        </>
      ) : null}
      {m.interests.length ? (
        <ul className="teaser__chips" aria-label={t('lander.member.interests')}>
          {m.interests.slice(0, 8).map((i) => (
            <li key={i}>{t(`interests.${i}`)}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/**
 * Member landers (spec §2): `/members/{id}/landing`, `landing2/{slug?}`, `landing3/{slug?}` (lander
 * layout) and `/members/{id}/signup` (empty layout). Each shows the member's teaser (public fields,
 * main photo, fictional mark) and leads into signup with that member kept: after activation the
 * new member lands in the member's chat.
 */
export default function MemberLanderPage() {
  const { t } = useTranslation();
  const s = useSettings();
  const data: LanderPageData | undefined = useLanderData();
  const m = data?.member;
  if (!data || !m) return <ErrorView status={404} />;
  const title = t(`lander.member.${data.design}Title`, { name: m.name, siteName: s.name });
  const others = data.members.length ? (
    <section className="container teaser__others">
      <h2 className="lander__h2">{t('lander.member.more')}</h2>
      <MemberList
        members={data.members}
        className="gallery gallery--small"
        linkClass="gallery__item"
        sizes={LANDER_SIZES.gallery}
      />
    </section>
  ) : null;
  return (
    <div className={`lander lander--member teaser--${data.design}`}>
      <Head
        title={`${title} · ${s.name}`}
        description={t(`lander.niche.${data.niche}.text`, { siteName: s.name })}
        canonical={data.canonical}
      />
      <section className="container teaser">
        <Teaser
          m={m}
          sizes={
            data.design === 'landing2'
              ? LANDER_SIZES.teaserNarrow
              : data.design === 'signup'
                ? LANDER_SIZES.teaserSignup
                : LANDER_SIZES.teaserWide
          }
        />
        <div className="teaser__copy">
          <p className="lander__eyebrow">{t(`lander.niche.${data.niche}.title`, { siteName: s.name })}</p>
          <h1 className="lander__title">{title}</h1>
          <p className="lander__lead">{t('lander.member.text', { name: m.name, siteName: s.name })}</p>
          {m.fictional ? <FictionalWarning /> : null}
          <WriteCta m={m} />
          {data.design === 'signup' ? null : <About m={m} />}
        </div>
      </section>
      {data.design === 'landing3' || data.design === 'landing2' ? others : null}
    </div>
  );
}
