import type { Jobs, RunOutcome } from '../src/platform/jobs.ts';

/** Resolves with the next 'finished' outcome of a job named `name` on `jobs` (matching `pred`). */
export const finished = (jobs: Jobs, name: string, pred: (o: RunOutcome) => boolean = () => true) =>
  new Promise<RunOutcome>((resolve) => {
    const on = (o: RunOutcome) => {
      if (o.name !== name || !pred(o)) return;
      jobs.events.off('finished', on);
      resolve(o);
    };
    jobs.events.on('finished', on);
  });
