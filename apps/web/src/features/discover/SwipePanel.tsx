import type { ReactNode } from 'react';
import { useTranslation } from '../../app/translation.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { SearchIcon, SparklesIcon } from '../../ui/icons.tsx';
import './swipe-card.css';
import './swipe-deck.css';
import './swipe-panel.css';

/** The stack while cards are on their way: an empty card that says so to screen readers. */
export function SwipePlaceholder({ label }: { label: string }) {
  return (
    <div className="swipe-stack__deck" aria-busy="true">
      <div className="swipe-card swipe-card--placeholder">
        <span className="visually-hidden" role="status">
          {label}
        </span>
      </div>
    </div>
  );
}

/** The end of the game for now: the day's likes are used, or there is nobody left to show. */
export function SwipePanel({
  icon,
  title,
  text,
  alert,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  alert?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="card swipe-panel">
      <span className="swipe-panel__icon" aria-hidden="true">
        {icon}
      </span>
      <h2>{title}</h2>
      <p className="muted" role={alert ? 'alert' : undefined}>
        {text}
      </p>
      <div className="swipe-panel__actions button-row button-row--center">
        <ButtonLink to="/match-finder" size="lg">
          <SparklesIcon size={20} />
          {t('matchFinder.title')}
        </ButtonLink>
        <ButtonLink to="/members" size="lg" variant="secondary">
          <SearchIcon size={20} />
          {t('nav.search')}
        </ButtonLink>
      </div>
    </div>
  );
}
