import { describe, expect, it } from 'vitest';
import { listTime } from './list-time.ts';

describe('the chat list time', () => {
  const now = new Date(2026, 2, 18, 15, 30); // Wednesday 18 March 2026, 15:30 local time
  const at = (d: number, h = 9) => new Date(2026, 2, d, h, 5).toISOString();
  it('is the time today, yesterday, the weekday this week, else the date', () => {
    expect(listTime(at(18, 0), now).kind).toBe('time');
    expect(listTime(at(17, 23), now).kind).toBe('yesterday');
    expect(listTime(at(16), now).kind).toBe('weekday');
    expect(listTime(at(12), now).kind).toBe('weekday');
    expect(listTime(at(11), now).kind).toBe('date');
    expect(listTime(new Date(2025, 2, 18).toISOString(), now).kind).toBe('date');
  });
});

describe('the chat list time in a given time zone', () => {
  it('dates the last message from the member’s own day, not the runtime’s', () => {
    const now = new Date('2026-03-02T09:00:00Z'); // 22:00 on 2 March in Auckland
    // 11:00 UTC on 1 March: 00:00 on 2 March in Auckland (today), 1 March in UTC (yesterday).
    expect(listTime('2026-03-01T11:00:00Z', now, 'Pacific/Auckland').kind).toBe('time');
    expect(listTime('2026-03-01T11:00:00Z', now, 'UTC').kind).toBe('yesterday');
    expect(listTime('2026-02-24T11:00:00Z', now, 'Pacific/Auckland').kind).toBe('weekday');
    expect(listTime('2026-02-20T11:00:00Z', now, 'Pacific/Auckland').kind).toBe('date');
  });
});
