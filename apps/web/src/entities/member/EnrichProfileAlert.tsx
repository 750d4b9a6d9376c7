import type { OwnProfile } from '@amora/contracts';
import { ENRICH_ALERT_COOKIE, ENRICH_ALERT_COOKIE_MAX_AGE_S } from '@amora/contracts/rules';
import { useEffect, useState } from 'react';
import { useSettings } from '../../api/queries.ts';
import { dismissalHolds, dismissedAt, rememberInCookie, undismiss } from '../../app/dismissals.ts';
import { useTranslation } from '../../app/translation.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { ENRICH_DISMISS_MS, missingText, showEnrichAlert } from './completeness.ts';
import './enrich-alert.css';

/**
 * The enrich-profile alert of the members area (spec §4): members whose profile is less than 80%
 * complete are told what is missing; put away, it stays away for a week. The dismissal is a cookie
 * the server reads (settings.enrich_alert_dismissed), so the alert is in the search page's HTML
 * or not from the start: it no longer appears after hydration above the results and moves the
 * tiles under the member's finger (issue 29). A dismissal this browser kept in localStorage before
 * is moved into the cookie once.
 */
export function EnrichProfileAlert({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const [putAwayNow, setPutAway] = useState(false);
  useEffect(() => {
    const at = dismissedAt('enrichProfile');
    if (at === null) return;
    undismiss('enrichProfile');
    if (settings.enrich_alert_dismissed || !dismissalHolds(at, ENRICH_DISMISS_MS)) return;
    rememberInCookie(ENRICH_ALERT_COOKIE, Math.ceil((at + ENRICH_DISMISS_MS - Date.now()) / 1000), at);
    setPutAway(true);
  }, [settings.enrich_alert_dismissed]);
  if (settings.enrich_alert_dismissed || putAwayNow || !showEnrichAlert(profile.completeness, null))
    return null;
  const putAway = () => {
    rememberInCookie(ENRICH_ALERT_COOKIE, ENRICH_ALERT_COOKIE_MAX_AGE_S);
    setPutAway(true);
  };
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
