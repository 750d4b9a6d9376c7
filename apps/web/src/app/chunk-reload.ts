const KEY = 'amora.chunkReloadAt';
const MIN_INTERVAL_MS = 60_000;

export function isChunkLoadError(err: unknown): boolean {
  const msg = err instanceof Error ? `${err.name} ${err.message}` : String(err);
  return /dynamically imported module|Importing a module script failed|ChunkLoadError|Failed to fetch|error loading dynamically/i.test(
    msg,
  );
}

/**
 * A lazy chunk failed to load (usually a new deploy replaced it): reload the page once, and at
 * most once a minute so a broken deploy cannot loop (spec §4, §8). Returns true when reloading.
 */
export function reloadForChunkError(
  err: unknown,
  storage: Pick<Storage, 'getItem' | 'setItem'> = window.localStorage,
  now = Date.now(),
  reload = () => window.location.reload(),
): boolean {
  if (!isChunkLoadError(err)) return false;
  const last = Number(storage.getItem(KEY) ?? 0);
  if (now - last < MIN_INTERVAL_MS) return false;
  storage.setItem(KEY, String(now));
  reload();
  return true;
}
