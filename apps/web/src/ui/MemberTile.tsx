import type { MemberCard, SearchCard } from '@amora/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../app/translation.ts';
import { FictionalMark } from './FictionalWarning.tsx';
import { UserIcon } from './icons.tsx';
import { LoadingStatus } from './LoadingStatus.tsx';
import { photoAttrs, SIZES } from './photo.ts';
import './member-tile.css';

/** A card may also tell how recently the member was active and whether the profile is fictional (search). */
export type TileMember = MemberCard & Partial<Pick<SearchCard, 'activity' | 'fictional'>>;

/**
 * A member's portrait card with name, age and city (home page, signup matches, search, likes).
 * `to` links elsewhere than the member page; `marker` is a corner label (the "new" of a like).
 * `load`: portraits load lazily, but those in the first screen load at once ('eager'), and the
 * page's largest one (its LCP element) first of all ('high': fetchpriority=high). `sizes`: the
 * tile's laid-out width for the photo's srcset (ui/photo.ts SIZES; the .member-grid's by default).
 */
export function MemberTile({
  m,
  className,
  to,
  marker,
  load = 'lazy',
  sizes = SIZES.grid,
}: {
  m: TileMember;
  className?: string;
  to?: string;
  marker?: ReactNode;
  load?: 'lazy' | 'eager' | 'high';
  sizes?: string;
}) {
  const { t } = useTranslation();
  const showDot = m.activity === 'online' || m.activity === 'today' || m.activity === 'week';
  return (
    <Link to={to ?? `/members/${m.id}`} className={`member-tile ${className ?? ''}`}>
      {m.main_image ? (
        <img
          alt=""
          loading={load === 'lazy' ? 'lazy' : 'eager'}
          fetchPriority={load === 'high' ? 'high' : undefined}
          {...photoAttrs(m.main_image, sizes)}
          width={480}
          height={600}
        />
      ) : (
        <span className="no-photo" aria-hidden="true">
          <UserIcon size={56} />
        </span>
      )}
      {marker ? <span className="member-tile__marker">{marker}</span> : null}
      {m.fictional ? <FictionalMark className="member-tile__fictional" /> : null}
      <span className="member-tile__caption">
        <strong>
          {showDot ? (
            <span className={`activity-dot activity-dot--${m.activity}`} aria-hidden="true" />
          ) : null}
          {m.name}
        </strong>
        <span>
          {t('common.yearsOld', { count: m.age })}
          {m.city ? ` · ${m.city}` : ''}
        </span>
        {m.activity ? <span className="visually-hidden">{t(`member.activity.${m.activity}`)}</span> : null}
      </span>
    </Link>
  );
}

/** A grid of empty tiles while members load (announced once as loading). */
export function TilePlaceholders({ count, className }: { count: number; className?: string }) {
  return (
    <div className={`member-grid ${className ?? ''}`} aria-busy="true">
      <LoadingStatus />
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
        <div key={i} className="member-tile member-tile--placeholder" />
      ))}
    </div>
  );
}
