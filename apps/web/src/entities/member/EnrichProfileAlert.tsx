import type { OwnProfile } from '@amora/contracts';
import { useTranslation } from '../../app/translation.ts';
import { useDismissal } from '../../app/useDismissal.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { missingText, showEnrichAlert } from './completeness.ts';
import './enrich-alert.css';

/**
 * The enrich-profile alert of the members area (spec §4): members whose profile is less than 80%
 * complete are told what is missing; a dismissal is remembered with its time. Decided after
 * mounting (the dismissal lives in the browser), so it is never in the server HTML.
 */
export function EnrichProfileAlert({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation();
  const [open, putAway] = useDismissal('enrichProfile', (at) => showEnrichAlert(profile.completeness, at));
  if (!open) return null;
  return (
    <section className="enrich-alert" aria-labelledby="enrich-alert-title">
      <div className="enrich-alert__meter" aria-hidden="true">
        <span style={{ width: `${profile.completeness}%` }} />
      </div>
      <div className="enrich-alert__text">
        <h2 id="enrich-alert-title" className="enrich-alert__title">
          {t('profileEdit.enrich.title', { percent: profile.completeness })}
        </h2>
        <p>
          {t('profileEdit.enrich.text')}
          {profile.missing.length
            ? ` ${t('profileEdit.enrich.missing', { list: missingText(t, profile.missing) })}`
            : ''}
        </p>
      </div>
      <div className="enrich-alert__actions">
        <ButtonLink to="/profile" size="sm">
          {t('profileEdit.enrich.cta')}
        </ButtonLink>
        <button type="button" className="link-button enrich-alert__dismiss" onClick={putAway}>
          {t('profileEdit.enrich.dismiss')}
        </button>
      </div>
    </section>
  );
}
