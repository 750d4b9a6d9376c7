import { describe, expect, it } from 'vitest';
import { MAIL_OFF_DISMISS_MS, mailOffReasons, showMailOffAlert } from './mail-off.ts';

describe('the disabled-notifications alert', () => {
  it('explains the known reasons in a fixed order and leaves out unknown words', () => {
    expect(mailOffReasons({ notifications_disabled: ['listunsubscribe', 'x', 'bounce'] })).toEqual([
      'bounce',
      'listunsubscribe',
    ]);
    expect(mailOffReasons({ notifications_disabled: [] })).toEqual([]);
  });

  it('shows while mail is off, unless dismissed within 30 days', () => {
    const now = Date.UTC(2025, 2, 1);
    expect(showMailOffAlert(false, null, now)).toBe(false);
    expect(showMailOffAlert(true, null, now)).toBe(true);
    expect(showMailOffAlert(true, now - 1000, now)).toBe(false);
    expect(showMailOffAlert(true, now - MAIL_OFF_DISMISS_MS - 1, now)).toBe(true);
    // A dismissal "in the future" (a clock set back) does not hide it for ever.
    expect(showMailOffAlert(true, now + 60_000, now)).toBe(true);
  });
});
