/** Remembered dismissals (spec §4: entry warning, alerts, time-bonus modal), with their timestamp. */
export type Dismissal =
  | 'entryWarning'
  | 'enrichProfile'
  | 'push'
  | 'disabledNotifications'
  | 'timeBonusModal';

/** Where a dismissal is kept in localStorage (the public pages' loader writes it too). */
export const dismissalKey = (d: Dismissal) => `amora.dismissed.${d}`;

export function dismissedAt(d: Dismissal): number | null {
  try {
    const v = window.localStorage.getItem(dismissalKey(d));
    return v ? Number(v) : null;
  } catch {
    return null;
  }
}

export function dismiss(d: Dismissal, now = Date.now()): void {
  try {
    window.localStorage.setItem(dismissalKey(d), String(now));
  } catch {
    // storage disabled (private mode): the prompt simply shows again next time
  }
}

/**
 * Whether a dismissal made at `at` still holds `forMs` later; one dated after `now` (the clock was
 * set back since) does not.
 */
export function dismissalHolds(at: number | null, forMs: number, now = Date.now()): boolean {
  return at !== null && now - at < forMs && now >= at;
}

/** Forgets a dismissal: the prompt may show again at once (e.g. mail turned back on, then off again). */
export function undismiss(d: Dismissal): void {
  try {
    window.localStorage.removeItem(dismissalKey(d));
  } catch {
    // storage disabled: nothing was remembered
  }
}

/**
 * Remembers a dismissal where the server reads it too (a first-party cookie of `name`, its value
 * when, in ms): the next page's HTML leaves the prompt out, so nothing moves when the app runs.
 */
export function rememberInCookie(name: string, maxAgeS: number, at = Date.now()): void {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party preference cookie, read by the server
  document.cookie = `${name}=${at}; path=/; max-age=${maxAgeS}; samesite=lax${secure}`;
}
