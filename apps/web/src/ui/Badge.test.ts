import { describe, expect, it } from 'vitest';
import { badgeText } from './Badge.tsx';

describe('badgeText', () => {
  it('caps at 99+ from 100 on (spec §2)', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(2500)).toBe('99+');
  });
});
