/**
 * A page of a console list (contracts consolePageSchema) from the rows a repo loaded for it: one
 * more than `size` (whether more follow), each with the whole list's `total_count` (a window count
 * over the same WHERE). `present` makes each shown row the answer's, without its count.
 *
 *   return consolePage('members', rows, { page, size: PAGE }, row);
 */
export function consolePage<K extends string, R extends { total_count: number }, T>(
  key: K,
  rows: readonly R[],
  at: { page: number; size: number },
  present: (row: Omit<R, 'total_count'>) => T,
): Record<K, T[]> & { page: number; has_more: boolean; total: number } {
  const shown = rows.slice(0, at.size).map(({ total_count: _, ...row }) => present(row));
  return {
    ...({ [key]: shown } as Record<K, T[]>),
    page: at.page,
    has_more: rows.length > at.size,
    total: rows[0]?.total_count ?? 0,
  };
}
