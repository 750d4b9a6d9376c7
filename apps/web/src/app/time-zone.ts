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

/** Tells the server the browser's time zone for the next pages (a cookie of a year, this site only). */
export function rememberTimeZone(): void {
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
