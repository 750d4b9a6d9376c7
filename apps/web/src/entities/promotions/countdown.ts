/**
 * The welcome time bonus's countdown (spec §4: one-second ticks, hours:minutes:seconds with two
 * digits each). The deadline is the server's: the browser only learns how far away it is, from
 * the server's own `expires` and `now` in one answer, and places it on its own clock once. A
 * device whose clock is hours wrong still counts down the right time, and a reload, a logout or
 * another device ask the server again and get the same deadline: nothing restarts.
 */

/** Spec §9: the countdown ticks every second. */
export const TICK_MS = 1_000;

/**
 * The deadline on the browser's clock: the moment the answer arrived (`receivedAt`, browser
 * milliseconds) plus what the server said was left (`expires` - `now`, both server times).
 * Null when the answer has no usable deadline.
 */
export function localDeadline(
  answer: { expires: string | null; now: string },
  receivedAt: number,
): number | null {
  if (!answer.expires) return null;
  const left = Date.parse(answer.expires) - Date.parse(answer.now);
  return Number.isFinite(left) ? receivedAt + left : null;
}

/** Milliseconds left at `now` (browser clock), never below zero. */
export function msLeft(deadline: number, now: number): number {
  return Math.max(0, deadline - now);
}

/**
 * Time left as hh:mm:ss, two digits each (hours may grow past 99 for longer offers). Rounded up
 * to the whole second, so the display reaches 00:00:00 only when the time is really over.
 */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}

export interface Clock {
  now: () => number;
  every: (ms: number, fn: () => void) => () => void;
}

/** The browser's clock (tests pass their own). */
export const browserClock: Clock = {
  now: () => Date.now(),
  every: (ms, fn) => {
    const id = setInterval(fn, ms);
    return () => clearInterval(id);
  },
};

/**
 * Runs a countdown to `deadline`: `onTick(msLeft)` at once and every second, `onEnd()` once when
 * the time is over (then it stops by itself). Returns a stop function.
 */
export function startCountdown(
  deadline: number,
  onTick: (left: number) => void,
  onEnd: () => void,
  clock: Clock = browserClock,
): () => void {
  let stop: (() => void) | null = null;
  let ended = false;
  const tick = () => {
    if (ended) return;
    const left = msLeft(deadline, clock.now());
    onTick(left);
    if (left <= 0) {
      ended = true;
      stop?.();
      onEnd();
    }
  };
  tick();
  if (!ended) stop = clock.every(TICK_MS, tick);
  return () => {
    ended = true;
    stop?.();
  };
}
