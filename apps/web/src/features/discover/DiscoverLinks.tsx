import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardsIcon, SparklesIcon } from '../../ui/icons.tsx';
import './discover-links.css';

/**
 * The way to the swipe game and the match finder from the members' pages (search, likes). The top
 * navigation keeps the entries of spec §2 only, so these two live in the pages themselves.
 */
export function DiscoverLinks() {
  const { t } = useTranslation();
  return (
    <nav className="discover-links" aria-label={t('swipe.discoverLabel')}>
      <Link to="/swipe-game" className="discover-link">
        <span className="discover-link__icon" aria-hidden="true">
          <CardsIcon size={20} />
        </span>
        <span className="discover-link__text">
          <strong>{t('swipe.title')}</strong>
          <span>{t('swipe.teaser')}</span>
        </span>
      </Link>
      <Link to="/match-finder" className="discover-link">
        <span className="discover-link__icon" aria-hidden="true">
          <SparklesIcon size={20} />
        </span>
        <span className="discover-link__text">
          <strong>{t('matchFinder.title')}</strong>
          <span>{t('matchFinder.teaser')}</span>
        </span>
      </Link>
    </nav>
  );
}
