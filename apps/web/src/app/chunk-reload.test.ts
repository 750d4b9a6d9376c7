import { describe, expect, it } from 'vitest';
import { isChunkLoadError, reloadForChunkError } from './chunk-reload.ts';

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

describe('chunk load failure (spec §4, §8)', () => {
  const chunkError = new TypeError('Failed to fetch dynamically imported module: /assets/Home-abc.js');

  it('reloads once, then not again within a minute, then again after', () => {
    const storage = memoryStorage();
    let reloads = 0;
    const reload = () => reloads++;
    expect(reloadForChunkError(chunkError, storage, 1_000_000, reload)).toBe(true);
    expect(reloadForChunkError(chunkError, storage, 1_030_000, reload)).toBe(false);
    expect(reloads).toBe(1);
    expect(reloadForChunkError(chunkError, storage, 1_061_000, reload)).toBe(true);
    expect(reloads).toBe(2);
  });

  it('does not reload for other errors', () => {
    let reloads = 0;
    expect(reloadForChunkError(new Error('x is undefined'), memoryStorage(), 0, () => reloads++)).toBe(false);
    expect(reloads).toBe(0);
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true);
  });
});
