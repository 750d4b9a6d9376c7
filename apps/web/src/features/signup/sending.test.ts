import { describe, expect, it } from 'vitest';
import {
  FINISH_STAGE_MS,
  finishDuration,
  SENDING_STAGES,
  STAGE_MS,
  sendingProgress,
  stageStatus,
} from './sending.ts';

describe('sending progress (spec §4)', () => {
  it('walks through the four stages while the request runs, then waits on the last', () => {
    expect(SENDING_STAGES).toEqual(['checking', 'creating', 'matches', 'mailing']);
    expect(sendingProgress(0, null)).toEqual({ active: 0, finished: false });
    expect(sendingProgress(STAGE_MS + 1, null)).toEqual({ active: 1, finished: false });
    expect(sendingProgress(STAGE_MS * 3, null)).toEqual({ active: 3, finished: false });
    expect(sendingProgress(60_000, null)).toEqual({ active: 3, finished: false });
  });

  it('ticks off the remaining stages quickly after a fast answer', () => {
    const doneAt = 200;
    expect(sendingProgress(doneAt, doneAt)).toEqual({ active: 0, finished: false });
    expect(sendingProgress(doneAt + FINISH_STAGE_MS, doneAt)).toEqual({ active: 1, finished: false });
    expect(sendingProgress(doneAt + FINISH_STAGE_MS * 4, doneAt)).toEqual({ active: 4, finished: true });
    expect(finishDuration(doneAt)).toBe(FINISH_STAGE_MS * 4);
  });

  it('finishes one short step after a slow answer', () => {
    const doneAt = 8000;
    expect(sendingProgress(doneAt + 10, doneAt)).toEqual({ active: 3, finished: false });
    expect(sendingProgress(doneAt + FINISH_STAGE_MS, doneAt)).toEqual({ active: 4, finished: true });
    expect(finishDuration(doneAt)).toBe(FINISH_STAGE_MS);
  });

  it('marks stages done, active or pending', () => {
    expect([0, 1, 2, 3].map((i) => stageStatus(i, 2))).toEqual(['done', 'done', 'active', 'pending']);
    expect([0, 1, 2, 3].map((i) => stageStatus(i, 4))).toEqual(['done', 'done', 'done', 'done']);
  });
});
