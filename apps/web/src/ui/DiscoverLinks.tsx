import { Link } from 'react-router';
import { useTranslation } from '../app/translation.ts';
import { CardsIcon, SparklesIcon } from './icons.tsx';
import './discover-links.css';

function DiscoverLink({
  to,
  icon,
  title,
  teaser,
}: {
  to: string;
  icon: React.ReactNode;
  title: string;
  teaser: string;
}) {
  return (
    <Link to={to} className="discover-link">
      <span className="discover-link__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="discover-link__text">
        <strong>{title}</strong>
        <span>{teaser}</span>
      </span>
    </Link>
  );
}

/**
 * The way to the swipe game and the match finder from the members' pages (search, likes). The top
 * navigation keeps the entries of spec §2 only, so these two live in the pages themselves.
 */
export function DiscoverLinks() {
  const { t } = useTranslation();
  return (
    <nav className="discover-links" aria-label={t('swipe.discoverLabel')}>
      <DiscoverLink
        to="/swipe-game"
        icon={<CardsIcon size={20} />}
        title={t('swipe.title')}
        teaser={t('swipe.teaser')}
      />
      <DiscoverLink
        to="/match-finder"
        icon={<SparklesIcon size={20} />}
        title={t('matchFinder.title')}
        teaser={t('matchFinder.teaser')}
      />
    </nav>
  );
}
