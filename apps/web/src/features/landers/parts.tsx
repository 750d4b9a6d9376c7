import type { SearchCard } from '@amora/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../api/queries.ts';
import { FictionalMark } from '../../ui/FictionalWarning.tsx';
import { SignupLink } from '../signup/SignupModal.tsx';

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

/** A member's photo (never anything but the approved main photo; the server sends only that). */
export function Photo({ m, eager, className }: { m: SearchCard; eager?: boolean; className?: string }) {
  return m.main_image ? (
    <img
      className={className}
      src={m.main_image}
      alt=""
      width={480}
      height={600}
      loading={eager ? 'eager' : 'lazy'}
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
  children,
}: {
  m: SearchCard;
  className?: string;
  eager?: boolean;
  children?: ReactNode;
}) {
  return (
    <a href={`/signup?member=${m.id}`} className={`lander-member ${className ?? ''}`}>
      <Photo m={m} eager={eager} />
      {children ?? <Caption m={m} />}
    </a>
  );
}

/** Members in a list, each a `MemberLink` (of `linkClass`); the first `eager` photos load at once. */
export function MemberList({
  members,
  className,
  label,
  linkClass,
  eager = 0,
}: {
  members: SearchCard[];
  className?: string;
  label?: string;
  linkClass?: string;
  eager?: number;
}) {
  return (
    <ul className={className} aria-label={label}>
      {members.map((m, i) => (
        <li key={m.id}>
          <MemberLink m={m} eager={i < eager} className={linkClass} />
        </li>
      ))}
    </ul>
  );
}
