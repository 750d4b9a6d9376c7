import type { User } from '@amora/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';

/** The alert itself: its own chunk, loaded only for a member whose mail is off. */
const MailOffBanner = lazy(() => import('./MailOff.tsx'));

/**
 * The place of the disabled-notifications alert in the default layout: it loads the alert when the
 * member's mail is off (spec §3 notifications_disabled) and keeps it until it is closed, so its
 * "on again" confirmation stays readable after the member turned mail back on.
 */
export function MailOffSlot({ user }: { user: User }) {
  const [active, setActive] = useState(false);
  const off = user.notifications_disabled.length > 0;
  useEffect(() => {
    if (off) setActive(true);
  }, [off]);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <MailOffBanner user={user} onClosed={() => setActive(false)} />
    </Suspense>
  );
}
