import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache.ts';
import type { Site } from './sites.ts';

const site = (id: number): Site => ({
  id,
  domain: `s${id}.test`,
  isDefault: false,
  config: {} as Site['config'],
});
const size = (v: string) => v.length;

describe('page cache', () => {
  it('answers within its TTL for the same version of the site only', async () => {
    let now = 0;
    const c = new PageCache<string>({ ttlMs: 30_000, now: () => now });
    const s1 = site(1);
    let n = 0;
    const render = async () => `page ${++n}`;
    expect(c.get(s1, '/')).toBeUndefined();
    expect(await c.load(s1, '/', render, size)).toBe('page 1');
    expect(await c.load(s1, '/', render, size)).toBe('page 1');
    expect(c.get(s1, '/')).toBe('page 1');
    expect(c.get(site(2), '/')).toBeUndefined();
    // The site saved: the directory serves a new object for it.
    const saved = site(1);
    expect(await c.load(saved, '/', render, size)).toBe('page 2');
    now = 29_999;
    expect(await c.load(saved, '/', render, size)).toBe('page 2');
    now = 30_000;
    expect(await c.load(saved, '/', render, size)).toBe('page 3');
  });

  it('keeps only what `size` sizes, and stays within its entries and bytes, least recently used out first', async () => {
    const c = new PageCache<string>({ maxEntries: 3, maxBytes: 10 });
    const s = site(1);
    let n = 0;
    const load = (key: string, value: string) => c.load(s, key, async () => `${value}${++n}`, size);
    const notKept = new PageCache<string>();
    await notKept.load(
      s,
      '/',
      async () => 'no',
      () => undefined,
    );
    expect(notKept.stats.entries).toBe(0);

    await load('/a', 'a'); // a1
    await load('/b', 'b'); // b2
    await load('/c', 'c'); // c3
    expect(await load('/a', 'a')).toBe('a1'); // used: /b is now the oldest
    await load('/d', 'd'); // d4: four entries, /b goes
    expect(c.stats.entries).toBe(3);
    expect(await load('/a', 'a')).toBe('a1');
    expect(await load('/b', 'b')).toBe('b5');
    await load('/big', 'bbbbbbbb'); // 9 bytes: the others go
    expect(c.stats.bytes).toBeLessThanOrEqual(10);
    expect(await load('/huge', 'h'.repeat(20))).toMatch(/^h+/);
    expect(c.stats.bytes).toBeLessThanOrEqual(10);
  });

  it('renders a cold page once for many asking at once', async () => {
    const c = new PageCache<string>();
    const s = site(1);
    let n = 0;
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const render = async () => {
      n++;
      await gate;
      return 'page';
    };
    const all = Promise.all([1, 2, 3, 4].map(() => c.load(s, '/', render, size)));
    release();
    expect(await all).toEqual(['page', 'page', 'page', 'page']);
    expect(n).toBe(1);
    // A failed render fails those waiting for it and is not kept.
    const failing = new PageCache<string>();
    const boom = async () => {
      throw new Error('db down');
    };
    await expect(failing.load(s, '/', boom, size)).rejects.toThrow('db down');
    expect(await failing.load(s, '/', async () => 'back', size)).toBe('back');
  });

  it("forgets a site's pages at once, also one rendering meanwhile, and no other site's", async () => {
    const c = new PageCache<string>();
    const [s1, s2] = [site(1), site(2)];
    await c.load(s1, '/', async () => 'one', size);
    await c.load(s2, '/', async () => 'two', size);
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const slow = c.load(
      s1,
      '/slow',
      async () => {
        await gate;
        return 'stale';
      },
      size,
    );
    c.forgetSite(1);
    release();
    expect(await slow).toBe('stale');
    expect(await c.load(s1, '/', async () => 'one again', size)).toBe('one again');
    expect(await c.load(s1, '/slow', async () => 'fresh', size)).toBe('fresh');
    expect(await c.load(s2, '/', async () => 'not asked', size)).toBe('two');
  });
});
