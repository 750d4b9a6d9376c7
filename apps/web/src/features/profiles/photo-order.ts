/** Photo order moves for the photo manager (move left / move right buttons). */

/**
 * The ids with the one at `index` moved by `delta` places; unchanged when that leaves the list or
 * touches the first `pinned` places (the main photo always comes first).
 */
export function movePhoto(ids: readonly string[], index: number, delta: -1 | 1, pinned = 0): string[] {
  const to = index + delta;
  if (index < pinned || index >= ids.length || to < pinned || to >= ids.length) return [...ids];
  const out = [...ids];
  const [moved] = out.splice(index, 1);
  out.splice(to, 0, moved!);
  return out;
}

/** Items put in the order of `ids` (items not named keep their relative order at the end). */
export function applyOrder<T extends { id: string }>(items: readonly T[], ids: readonly string[]): T[] {
  const rank = new Map(ids.map((id, i) => [id, i]));
  return [...items]
    .map((item, i) => ({ item, i }))
    .sort((a, b) => (rank.get(a.item.id) ?? ids.length + a.i) - (rank.get(b.item.id) ?? ids.length + b.i))
    .map(({ item }, position) => ({ ...item, position }));
}

/** Whether the photo at `index` can move left / right, with the first `pinned` places fixed. */
export function moveRoom(index: number, count: number, pinned: number): { left: boolean; right: boolean } {
  const movable = index >= pinned;
  return { left: movable && index - 1 >= pinned, right: movable && index + 1 < count };
}

/** "2 of 3": how many photos there are and how many the member may have. */
export function photoRoom(count: number, limit: number): { left: number; full: boolean } {
  const left = Math.max(0, limit - count);
  return { left, full: left === 0 };
}
