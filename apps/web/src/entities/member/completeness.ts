import { dismissalHolds } from '../../app/dismissals.ts';
import type { TFunction } from '../../app/translation.ts';

/** Below this completeness the members area suggests enriching the profile (spec §4 enrich-profile alert). */
export const ENRICH_BELOW = 80;
/** A dismissed enrich-profile alert stays away this long, then may ask again. */
export const ENRICH_DISMISS_MS = 7 * 24 * 3600 * 1000;

/** Whether to show the enrich-profile alert, given the completeness and when it was last dismissed. */
export function showEnrichAlert(completeness: number, dismissedAt: number | null, now = Date.now()): boolean {
  return completeness < ENRICH_BELOW && !dismissalHolds(dismissedAt, ENRICH_DISMISS_MS, now);
}

/** What is missing, in words ("A photo, About me, Interests"). */
export function missingText(t: TFunction, missing: readonly string[]): string {
  return missing.map((f) => t(`profileEdit.missing.${f}`, { defaultValue: f.replace(/_/g, ' ') })).join(', ');
}
