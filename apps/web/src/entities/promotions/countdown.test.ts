import { describe, expect, it } from 'vitest';
import {
  isMembersArea,
  MODAL_DELAY_MS,
  modalDueAt,
  showTimeBonusModal,
} from '../../features/promotions/rules.ts';
import { type Clock, formatCountdown, localDeadline, msLeft, startCountdown, TICK_MS } from './countdown.ts';
import { inWelcomeWindow } from './welcome-window.ts';

/** A clock the test moves by hand: `advance` runs every due tick, no real waiting. */
function fakeClock(start: number) {
  let now = start;
  const timers = new Set<{ every: number; next: number; fn: () => void }>();
  const clock: Clock = {
    now: () => now,
    every: (ms, fn) => {
      const t = { every: ms, next: now + ms, fn };
      timers.add(t);
      return () => timers.delete(t);
    },
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = [...timers].filter((t) => t.next <= end).sort((a, b) => a.next - b.next)[0];
      if (!due) break;
      now = due.next;
      due.next += due.every;
      due.fn();
    }
    now = end;
  };
  return { clock, advance, running: () => timers.size };
}

describe('formatCountdown', () => {
  it('writes hours, minutes and seconds with two digits each', () => {
    expect(formatCountdown(4 * 3600_000)).toBe('04:00:00');
    expect(formatCountdown(3 * 3600_000 + 59 * 60_000 + 59_000)).toBe('03:59:59');
    expect(formatCountdown(65_000)).toBe('00:01:05');
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(-5_000)).toBe('00:00:00');
  });
  it('rounds up to the second, so 00:00:00 means the time is over', () => {
    expect(formatCountdown(1)).toBe('00:00:01');
    expect(formatCountdown(999)).toBe('00:00:01');
    expect(formatCountdown(1_000)).toBe('00:00:01');
    expect(formatCountdown(1_001)).toBe('00:00:02');
  });
});

describe('localDeadline: the server deadline on the browser clock', () => {
  const answer = { expires: '2026-05-01T14:00:00.000Z', now: '2026-05-01T12:30:00.000Z' };
  it("is the server's time left from the moment the answer arrived, whatever the device clock says", () => {
    const rightClock = Date.parse('2026-05-01T12:30:00.200Z');
    const wrongClock = Date.parse('2019-01-01T00:00:00.000Z'); // a device hours (years) off
    for (const receivedAt of [rightClock, wrongClock]) {
      const deadline = localDeadline(answer, receivedAt)!;
      expect(formatCountdown(msLeft(deadline, receivedAt))).toBe('01:30:00');
      expect(formatCountdown(msLeft(deadline, receivedAt + 61_000))).toBe('01:28:59');
    }
  });
  it('asking again later (a reload) gives the same time left, not a fresh 4 hours', () => {
    const first = localDeadline(answer, 1_000_000)!;
    // 10 minutes later the server says 10 minutes less; the browser clock moved 10 minutes too.
    const again = localDeadline(
      { expires: answer.expires, now: '2026-05-01T12:40:00.000Z' },
      1_000_000 + 600_000,
    )!;
    expect(again).toBe(first);
  });
  it('has none without an expiry or with a broken one', () => {
    expect(localDeadline({ expires: null, now: answer.now }, 0)).toBeNull();
    expect(localDeadline({ expires: 'soon', now: answer.now }, 0)).toBeNull();
  });
});

describe('startCountdown', () => {
  it('ticks every second and ends once at zero, then stops', () => {
    const { clock, advance, running } = fakeClock(0);
    const ticks: number[] = [];
    let ended = 0;
    startCountdown(
      3_000,
      (left) => ticks.push(left),
      () => ended++,
      clock,
    );
    expect(ticks).toEqual([3_000]);
    advance(TICK_MS);
    expect(ticks.map(formatCountdown)).toEqual(['00:00:03', '00:00:02']);
    advance(10 * TICK_MS);
    expect(ticks.map(formatCountdown)).toEqual(['00:00:03', '00:00:02', '00:00:01', '00:00:00']);
    expect(ended).toBe(1);
    expect(running()).toBe(0);
  });
  it('ends at once for a deadline already past, and never ticks after stop()', () => {
    const { clock, advance, running } = fakeClock(10_000);
    let ended = 0;
    startCountdown(
      5_000,
      () => {},
      () => ended++,
      clock,
    );
    expect(ended).toBe(1);
    expect(running()).toBe(0);
    const ticks: number[] = [];
    const stop = startCountdown(
      60_000,
      (l) => ticks.push(l),
      () => ended++,
      clock,
    );
    stop();
    advance(120_000);
    expect(ticks).toHaveLength(1);
    expect(ended).toBe(1);
  });
});

describe('the time-bonus modal', () => {
  const base = { bonus: true, credits: 0, dismissed: false, onMembersArea: true, due: true };
  it('shows 40 s after entering the members area, for 0 credits, not dismissed, while the bonus runs', () => {
    expect(MODAL_DELAY_MS).toBe(40_000);
    expect(modalDueAt(1_000)).toBe(41_000);
    expect(showTimeBonusModal(base)).toBe(true);
    expect(showTimeBonusModal({ ...base, due: false })).toBe(false);
    expect(showTimeBonusModal({ ...base, credits: 5 })).toBe(false);
    expect(showTimeBonusModal({ ...base, dismissed: true })).toBe(false);
    expect(showTimeBonusModal({ ...base, bonus: false })).toBe(false);
    expect(showTimeBonusModal({ ...base, onMembersArea: false })).toBe(false);
  });
  it('knows the members area of spec §2', () => {
    for (const p of [
      '/members',
      '/members/abc',
      '/chats',
      '/chats/12',
      '/likes',
      '/likes/sent',
      '/likes/m/7',
      '/premium',
    ]) {
      expect(isMembersArea(p), p).toBe(true);
    }
    for (const p of [
      '/',
      '/credits',
      '/credits/p1',
      '/profile',
      '/notifications',
      '/members/abc/chat/x',
      '/premiums',
    ]) {
      expect(isMembersArea(p), p).toBe(false);
    }
  });
  it('asks for the welcome code only within 4 hours of signup', () => {
    const now = Date.parse('2026-05-01T12:00:00Z');
    expect(inWelcomeWindow('2026-05-01T08:00:01Z', now)).toBe(true);
    expect(inWelcomeWindow('2026-05-01T08:00:00Z', now)).toBe(false);
    expect(inWelcomeWindow('2026-04-20T12:00:00Z', now)).toBe(false);
  });
});
