import type { Queryable } from '../../platform/db.ts';
import type { Site } from '../../platform/sites.ts';
import { book } from '../credits/ledger.ts';

/**
 * The site's welcome credits, booked once per member (ref 'signup') when the account becomes
 * active: by its activation link, a password reset link or a confirmed e-mail change.
 */
export async function grantSignupCredits(q: Queryable, site: Site, userId: string): Promise<void> {
  if (site.config.signup_credits > 0) {
    await book(q, {
      userId,
      siteId: site.id,
      delta: site.config.signup_credits,
      reason: 'signup',
      ref: 'signup',
    });
  }
}
