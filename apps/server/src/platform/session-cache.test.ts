import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.ts';
import type { SessionUser } from './sessions.ts';

const user = (id: string): SessionUser => ({
  id,
  site_id: 1,
  email: `${id}@example.test`,
  status: 'active',
  language: 'en',
  paid_user: false,
  last_seen_at: new Date(0),
});

describe('session cache', () => {
  it('answers within its TTL, on the same site only, and forgets after', () => {
    let t = 0;
    const c = new SessionCache(5000, 100, () => t);
    c.set('s1', 1, user('a'));
    expect(c.get('s1', 1)?.id).toBe('a');
    expect(c.get('s1', 2)).toBeUndefined();
    c.set('s1', 1, user('a'));
    t = 5001;
    expect(c.get('s1', 1)).toBeUndefined();
  });

  it('forgets an ended session at once, or all of a member but the one kept', () => {
    const c = new SessionCache();
    c.set('s1', 1, user('a'));
    c.set('s2', 1, user('a'));
    c.set('s3', 1, user('a'));
    c.set('s4', 1, user('b'));
    c.forget({ sessionId: 's1' });
    expect(c.get('s1', 1)).toBeUndefined();
    c.forget({ userId: 'a', keep: 's2' });
    expect(c.get('s2', 1)?.id).toBe('a');
    expect(c.get('s3', 1)).toBeUndefined();
    expect(c.get('s4', 1)?.id).toBe('b');
  });

  it('stays bounded, dropping the oldest first', () => {
    const c = new SessionCache(60_000, 10);
    for (let i = 0; i < 25; i++) c.set(`s${i}`, 1, user(`u${i}`));
    expect(c.get('s0', 1)).toBeUndefined();
    expect(c.get('s24', 1)?.id).toBe('u24');
  });
});
