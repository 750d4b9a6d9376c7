/**
 * How much longer the journeys may take on CI than here. A timeout is there to stop a journey that
 * hangs, not to time it. On a quiet machine the slowest journey uses a quarter of its budget
 * (`node scripts/e2e-durations.mjs`). CI's machine has been far slower: stop 44's run took the same
 * 178 journeys 39 min where this machine took 9.4, a median of 4.3 times as long per journey and 12
 * at worst, and two journeys ran out of time. So on CI every budget is doubled: the config's (per
 * journey and per `expect`) and what a spec sets itself (fixtures.ts scales `test.setTimeout` and
 * `test.describe.configure`). `E2E_TIME_SCALE` overrides it.
 */
export const TIME_SCALE = Number(process.env.E2E_TIME_SCALE ?? (process.env.CI ? 2 : 1));
