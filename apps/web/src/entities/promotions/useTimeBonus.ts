import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useUser } from '../../api/queries.ts';
import { fetchWelcome, type WelcomeAnswer, welcomeKey } from './api.ts';
import { formatCountdown, localDeadline, msLeft, startCountdown } from './countdown.ts';
import { inWelcomeWindow } from './welcome-window.ts';

export interface TimeBonus {
  /** The code that lowers the prices (TIMEBONUS25). */
  code: string;
  percentage: number;
  /** Milliseconds left on the server's deadline. */
  left: number;
  /** The same as hh:mm:ss. */
  timeLeft: string;
}

/** The member's welcome code as the server answered it (once per member and tab), while they have not paid. */
function useWelcomeQuery() {
  const user = useUser();
  const eligible = !!user && !user.paid_user && inWelcomeWindow(user.signup_date);
  const welcome = useQuery({
    queryKey: welcomeKey(user?.id ?? ''),
    enabled: eligible,
    queryFn: ({ signal }) => fetchWelcome(signal),
    // The deadline never moves; asking again (a reload) gives the same one.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return { eligible, welcome, deadline: welcome.data ? deadlineOf(welcome.data) : null };
}

/**
 * The deadline on this browser's clock. The answer the server put in the page arrived with it: the
 * page's request started at `performance.timeOrigin`, a moment before the server's `now`, so the
 * countdown never shows more time than is left. While the server renders, its own clock.
 */
function deadlineOf(a: WelcomeAnswer): number | null {
  const arrived =
    a.receivedAt ?? (typeof window === 'undefined' ? Date.now() : Math.round(performance.timeOrigin));
  return localDeadline(a.code, arrived);
}

/**
 * The welcome code while it can still be used (no countdown: the checkout pages price with it on
 * every path there, issue 26 item 4), else null. The server checks it again with every price.
 */
export function useWelcomeCode(): string | null {
  const { eligible, welcome, deadline } = useWelcomeQuery();
  if (!eligible || !welcome.data || deadline === null || deadline <= Date.now()) return null;
  return welcome.data.code.code;
}

/**
 * The welcome time bonus of a logged-in member who has not paid (spec §4): the server's code and
 * deadline, loaded silently (a refusal, 404/409/410, or a failure shows nothing, spec §8), and a
 * countdown ticking every second. Null when there is none: a visitor, after logout, a premium
 * member (the user query's paid_user), at zero, and whenever the server says no.
 */
export function useTimeBonus(): TimeBonus | null {
  const { eligible, welcome, deadline: known } = useWelcomeQuery();
  const deadline = eligible ? known : null;
  // Known from the first render (the server's page has the strip; hydration keeps it in place).
  const [left, setLeft] = useState<number | null>(() =>
    deadline === null ? null : msLeft(deadline, Date.now()),
  );
  useEffect(() => {
    if (deadline === null) return setLeft(null);
    return startCountdown(deadline, setLeft, () => setLeft(0));
  }, [deadline]);
  if (!eligible || !welcome.data || deadline === null || left === null || left <= 0) return null;
  return {
    code: welcome.data.code.code,
    percentage: welcome.data.code.value_percentage,
    left,
    timeLeft: formatCountdown(left),
  };
}
