import { describe, expect, it } from 'vitest';
import { creditsBadgeTone } from './counters.ts';

describe('credits badge (spec §2)', () => {
  it('warns at 10 credits or fewer and turns red at 0', () => {
    expect(creditsBadgeTone(11)).toBeNull();
    expect(creditsBadgeTone(10)).toBe('warning');
    expect(creditsBadgeTone(1)).toBe('warning');
    expect(creditsBadgeTone(0)).toBe('danger');
  });
});
