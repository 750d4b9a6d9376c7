import type { SearchCard } from '@amora/contracts';
import type { ReactNode } from 'react';
import { useSettings } from '../../api/queries.ts';
import { useTranslation } from '../../app/translation.ts';
import { SignupLink } from '../../entities/signup/SignupLink.tsx';
import { FictionalMark } from '../../ui/FictionalWarning.tsx';
import { photoAttrs } from '../../ui/photo.ts';

/** The niche's headline and line (the slug's niche, in the slug's language). */
export function NicheCopy({ niche, as = 'h1' }: { niche: string; as?: 'h1' | 'h2' }) {
  const { t } = useTranslation();
  const s = useSettings();
  const H = as;
  return (
    <>
      <H className="lander__title">{t(`lander.niche.${niche}.title`, { siteName: s.name })}</H>
      <p className="lander__lead">{t(`lander.niche.${niche}.text`, { siteName: s.name })}</p>
    </>
  );
}

/** The lander's call to action: the signup modal on desktop, the signup page otherwise. */
export function Cta({ children, to }: { children?: ReactNode; to?: `/signup${string}` }) {
  const { t } = useTranslation();
  return (
    <div className="lander__cta">
      <SignupLink size="lg" to={to}>
        {children ?? t('lander.cta')}
      </SignupLink>
      <p className="lander__note">{t('lander.ctaNote')}</p>
    </div>
  );
}

/*
 * How wide each design lays its photos out (landers.css), for their srcset: the container is
 * 100vw less 32 px on phones, less 48 from 768 px, 1112 px from 1160 px. A photo covering a box
 * taller than 4:5 counts the width the cover scales it to.
 */
export const LANDER_SIZES = {
  /** Alone tonight's round faces, 84 px. */
  night: '84px',
  /** Collage: 3 columns of pinned photos (6 px of paper each side), beside the copy (6 of 11 fr) from 768 px. */
  collage: '(min-width: 1160px) 179px, (min-width: 768px) calc(18.2vw - 32px), calc(33.3vw - 28px)',
  /** Collage's fifth photo, two rows tall. */
  collageTall: '(min-width: 1160px) 384px, (min-width: 768px) calc(36.4vw - 38px), calc(66.6vw - 30px)',
  /** Gallery (and the member landers' others): 2 columns, 4 from 768 px, 6 from 1200 px (gaps of 12 px). */
  gallery:
    '(min-width: 1200px) 175px, (min-width: 1160px) 269px, (min-width: 768px) calc(25vw - 21px), calc(50vw - 22px)',
  /** Gallery's every fifth photo from 768 px: 2 by 2 cells. */
  galleryLarge:
    '(min-width: 1200px) 362px, (min-width: 1160px) 550px, (min-width: 768px) calc(50vw - 30px), calc(50vw - 22px)',
  /** Icons: round faces, 4 columns of at most 26rem, 6 of 36rem from 768 px. */
  icons: '(min-width: 768px) 86px, (min-width: 448px) 95px, calc(25vw - 17px)',
  /** Map: rows of 4:3 in 2 columns, 4 across the page from 992 px. */
  map: '(min-width: 1160px) 272px, (min-width: 992px) calc(25vw - 18px), (min-width: 768px) calc(50vw - 28px), calc(50vw - 20px)',
  /** Social network: the post's square photo in a feed of at most 36rem (32rem from 992 px) and its 44 px avatar. */
  post: '(min-width: 992px) 512px, (min-width: 624px) 576px, calc(100vw - 32px)',
  avatar: '44px',
  /** Video: the stage, half the page from 768 px; the strip of 3 under the copy. */
  stage: '(min-width: 1160px) 544px, (min-width: 768px) calc(50vw - 36px), calc(100vw - 32px)',
  strip: '(min-width: 1160px) 176px, (min-width: 768px) calc(16.7vw - 17px), calc(33.3vw - 16px)',
  /** Transitions: full-width slides at most 44rem tall (a 4:5 photo covers at least 563 px wide). */
  slide: '(min-width: 563px) 100vw, 563px',
  /** Transitions: the names under it (columns of at least 120 px). */
  names: '(min-width: 576px) 130px, calc(50vw - 22px)',
  /**
   * Swipe deck: cards of 3:4, 85 % of a deck at most 22rem wide in the row the page loads with (a
   * 4:5 photo covers 1.07 of their width; the stack after hydration is 10 % wider).
   */
  deck: '(min-width: 384px) 320px, calc(91vw - 29px)',
  /** Member landers' teaser: landing2 a column of 28rem; landing and landing3 5 of 11 fr from 768 px; signup 16rem. */
  teaserNarrow: '(min-width: 448px) 416px, calc(100vw - 32px)',
  teaserWide: '(min-width: 1160px) 495px, (min-width: 768px) calc(45.5vw - 33px), calc(100vw - 32px)',
  teaserSignup: '(min-width: 768px) 256px, calc(100vw - 32px)',
} as const;

/**
 * A member's photo (never anything but the approved main photo; the server sends only that).
 * `sizes`: its laid-out width (LANDER_SIZES).
 */
export function Photo({
  m,
  eager,
  className,
  sizes,
}: {
  m: SearchCard;
  eager?: boolean;
  className?: string;
  sizes: string;
}) {
  return m.main_image ? (
    <img
      className={className}
      loading={eager ? 'eager' : 'lazy'}
      {...photoAttrs(m.main_image, sizes)}
      alt=""
      width={480}
      height={600}
      decoding="async"
    />
  ) : null;
}

/** Name, age and city of a member, with the fictional mark where it applies. */
export function Caption({ m }: { m: SearchCard }) {
  const { t } = useTranslation();
  return (
    <span className="lander-caption">
      <strong>
        {m.activity === 'online' ? (
          <span className="activity-dot activity-dot--online" aria-hidden="true" />
        ) : null}
        {m.name}
        {m.fictional ? <FictionalMark className="lander-caption__fictional" /> : null}
      </strong>
      <span>
        {t('common.yearsOld', { count: m.age })}
        {m.city ? ` · ${m.city}` : ''}
      </span>
    </span>
  );
}

/** A member card that leads into signup, keeping that member as the one to write to. */
export function MemberLink({
  m,
  className,
  eager,
  sizes,
  children,
}: {
  m: SearchCard;
  className?: string;
  eager?: boolean;
  sizes: string;
  children?: ReactNode;
}) {
  return (
    <a href={`/signup?member=${m.id}`} className={`lander-member ${className ?? ''}`}>
      <Photo m={m} eager={eager} sizes={sizes} />
      {children ?? <Caption m={m} />}
    </a>
  );
}

/**
 * Members in a list, each a `MemberLink` (of `linkClass`); the first `eager` photos load at once;
 * `sizes` is their laid-out width (LANDER_SIZES), or the i-th one's where they differ.
 */
export function MemberList({
  members,
  className,
  label,
  linkClass,
  eager = 0,
  sizes,
}: {
  members: SearchCard[];
  className?: string;
  label?: string;
  linkClass?: string;
  eager?: number;
  sizes: string | ((i: number) => string);
}) {
  return (
    <ul className={className} aria-label={label}>
      {members.map((m, i) => (
        <li key={m.id}>
          <MemberLink
            m={m}
            eager={i < eager}
            className={linkClass}
            sizes={typeof sizes === 'string' ? sizes : sizes(i)}
          />
        </li>
      ))}
    </ul>
  );
}
