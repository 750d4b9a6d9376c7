-- A worker claims each name's due jobs in order, reading only as far as that name's free slots
-- (platform/jobs.ts claimSome). (name, run_at, id) gives that order without a sort. The index by
-- run_at alone let the planner walk every name's due jobs for each name: with a backlog of 18,000
-- a claim took 74 ms (docs/benchmarks.md, stop 46). Nothing else reads queued jobs by run_at alone.
CREATE INDEX jobs_due_by_name_id ON jobs (name, run_at, id) WHERE state = 'queued';
DROP INDEX jobs_due_by_name;
DROP INDEX jobs_due;
