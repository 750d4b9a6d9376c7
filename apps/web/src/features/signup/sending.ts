/** The sending progress of spec §4, in the order shown. */
export const SENDING_STAGES = ['checking', 'creating', 'matches', 'mailing'] as const;
export type SendingStage = (typeof SENDING_STAGES)[number];

/** Time each stage shows while the request runs. */
export const STAGE_MS = 900;
/** Time each remaining stage takes to tick off once the answer is in. */
export const FINISH_STAGE_MS = 250;

export type StageStatus = 'done' | 'active' | 'pending';

/**
 * Where the sending animation is, `elapsed` ms after it started. While the request runs it walks
 * through the stages and waits on the last one; once the answer came (`doneAt` ms after the
 * start) the remaining stages tick off quickly and the animation finishes. A quick answer still
 * shows every stage briefly; a slow one never pretends to be done early.
 */
export function sendingProgress(
  elapsed: number,
  doneAt: number | null,
  stages = SENDING_STAGES.length,
): { active: number; finished: boolean } {
  const last = stages - 1;
  if (doneAt === null || elapsed < doneAt) {
    return { active: Math.min(Math.floor(Math.max(elapsed, 0) / STAGE_MS), last), finished: false };
  }
  const atDone = Math.min(Math.floor(doneAt / STAGE_MS), last);
  const active = Math.min(atDone + Math.floor((elapsed - doneAt) / FINISH_STAGE_MS), stages);
  return { active, finished: active >= stages };
}

/** How long after the answer the animation needs to finish. */
export function finishDuration(doneAt: number, stages = SENDING_STAGES.length): number {
  const atDone = Math.min(Math.floor(doneAt / STAGE_MS), stages - 1);
  return (stages - atDone) * FINISH_STAGE_MS;
}

export function stageStatus(index: number, active: number): StageStatus {
  if (index < active) return 'done';
  return index === active ? 'active' : 'pending';
}
