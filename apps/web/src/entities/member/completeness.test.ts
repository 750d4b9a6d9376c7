import { describe, expect, it } from 'vitest';
import { ENRICH_DISMISS_MS, showEnrichAlert } from './completeness.ts';

describe('enrich-profile alert', () => {
  it('shows below 80% unless dismissed recently', () => {
    expect(showEnrichAlert(79, null)).toBe(true);
    expect(showEnrichAlert(80, null)).toBe(false);
    expect(showEnrichAlert(40, 1_000, 1_000 + ENRICH_DISMISS_MS - 1)).toBe(false);
    expect(showEnrichAlert(40, 1_000, 1_000 + ENRICH_DISMISS_MS)).toBe(true);
    // A dismissal "in the future" (a clock that went back) does not hide it for ever.
    expect(showEnrichAlert(40, 5_000, 1_000)).toBe(true);
  });
});
