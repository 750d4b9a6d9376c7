import { describe, expect, it } from 'vitest';
import { PhotoCopies } from './media.ts';

/** Makers of copies of `bytes` bytes that count how many copies they made (`made()`). */
function maker() {
  let n = 0;
  const make = (bytes: number) => () => {
    n++;
    return Promise.resolve(Buffer.alloc(bytes));
  };
  return { make, made: () => n };
}

describe('photo copies in memory', () => {
  it('makes a copy once, keeps at most its byte budget and lets the least recently used go first', async () => {
    const copies = new PhotoCopies(300);
    const { make, made } = maker();
    await copies.get('a', make(100));
    await copies.get('b', make(100));
    await copies.get('a', make(100)); // a hit: no new copy, and `a` is now the most recent
    expect(made()).toBe(2);
    await copies.get('c', make(100));
    await copies.get('d', make(100)); // 400 bytes: `b`, the least recently used, goes
    await copies.get('a', make(100));
    expect(made()).toBe(4);
    await copies.get('b', make(100));
    expect(made()).toBe(5);
  });

  it('keeps no failed copy and shares one being made', async () => {
    const copies = new PhotoCopies(1000);
    let made = 0;
    const failing = () => {
      made++;
      return Promise.reject(new Error('corrupt'));
    };
    await expect(copies.get('x', failing)).rejects.toThrow('corrupt');
    await expect(copies.get('x', failing)).rejects.toThrow('corrupt');
    expect(made).toBe(2);
    let resolve!: (b: Buffer) => void;
    const slow = () => {
      made++;
      return new Promise<Buffer>((r) => {
        resolve = r;
      });
    };
    const [one, two] = [copies.get('y', slow), copies.get('y', slow)];
    resolve(Buffer.alloc(10));
    expect(await one).toBe(await two);
    expect(made).toBe(3);
  });

  it('keeps a copy larger than the budget only until the next one', async () => {
    const copies = new PhotoCopies(100);
    const { make, made } = maker();
    await copies.get('big', make(500));
    await copies.get('big', make(500));
    expect(made()).toBe(1);
    await copies.get('small', make(10));
    await copies.get('big', make(500));
    expect(made()).toBe(3);
  });
});
