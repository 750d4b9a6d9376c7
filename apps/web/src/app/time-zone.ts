import { TIME_ZONE_COOKIE } from '@amora/contracts/rules';
import { useQueryClient } from '@tanstack/react-query';

/** Where the page's boot state puts the member's time zone (BootState.timeZone) in the query cache. */
export const TIME_ZONE_KEY = ['time-zone'] as const;

/**
 * The member's time zone as this page knows it. `known`: the server had it (TIME_ZONE_COOKIE), so
 * the chat's days and times are in the page's HTML and hydrate as they are; else they come after
 * hydration. `zone`: what to format in: the server's copy while it renders, and in the browser the
 * browser's own (the same, unless the member has moved since: the app then writes its own).
 */
export function usePageTimeZone(): { zone: string | undefined; known: boolean } {
  const seeded = useQueryClient().getQueryData<string | null>(TIME_ZONE_KEY) ?? undefined;
  return { zone: typeof window === 'undefined' ? seeded : undefined, known: !!seeded };
}

/**
 * The member's zone as the server has it (BootState.timeZone), where it is at the browser's own UTC
 * offset now (BootState.timeZoneOffset against `Date.getTimezoneOffset()`, which needs no ICU):
 * times written in either zone are the same, so it names the browser's zone. Else undefined.
 */
export function browserZoneAsKnown(state: {
  timeZone?: string;
  timeZoneOffset?: number;
}): string | undefined {
  return state.timeZone && state.timeZoneOffset === new Date().getTimezoneOffset()
    ? state.timeZone
    : undefined;
}

/**
 * Tells the server the browser's time zone for the next pages (a cookie of a year, this site only).
 * Naming the zone opens ICU's time zone data: the first Intl formatter of a page costs 30-90 ms of
 * this machine's CPU unslowed (four times that on Lighthouse's phone), which ran inside every member
 * page's hydration task (issue 29 goal 2). So it is skipped when the server already has it
 * (`browserZoneAsKnown`). Otherwise (a first visit, a move, a new offset after a change of summer
 * time) the zone is looked up once the page is idle.
 */
export function rememberTimeZone(state: { timeZone?: string; timeZoneOffset?: number }): void {
  if (browserZoneAsKnown(state)) return;
  if (typeof requestIdleCallback === 'function') requestIdleCallback(tellTimeZone, { timeout: 2_000 });
  else setTimeout(tellTimeZone, 200);
}

function tellTimeZone(): void {
  let zone: string;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return;
  }
  if (!zone) return;
  const value = encodeURIComponent(zone);
  if (document.cookie.split('; ').includes(`${TIME_ZONE_COOKIE}=${value}`)) return;
  const secure = location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party preference cookie, read by the server
  document.cookie = `${TIME_ZONE_COOKIE}=${value}; path=/; max-age=31536000; samesite=lax${secure}`;
}
