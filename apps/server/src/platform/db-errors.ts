/**
 * The database constraint an error violated, on both drivers: the pg driver names it in
 * `constraint`; PGlite may only say it in the message ('violates check constraint "x"').
 */
export function violatedConstraint(err: unknown): string | undefined {
  const named = (err as { constraint?: unknown } | null)?.constraint;
  if (typeof named === 'string' && named) return named;
  return /violates [a-z ]*constraint "([^"]+)"/.exec(String((err as Error)?.message ?? err))?.[1];
}

/** Whether an error is the violation of one of the named constraints. */
export function violates(err: unknown, ...names: string[]): boolean {
  const c = violatedConstraint(err);
  return c !== undefined && names.includes(c);
}

/** Whether an error is a unique violation (SQLSTATE 23505), of any constraint. */
export function isUniqueViolation(err: unknown): boolean {
  return String((err as { code?: unknown } | null)?.code) === '23505';
}
