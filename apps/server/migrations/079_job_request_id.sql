-- Issue 28 item 4: the request that enqueued a job (platform/request-scope.ts), so the job's log
-- lines on the worker name the same id as the request's lines on the web instance. NULL for jobs
-- no request enqueued (schedules, jobs enqueued outside a request).
ALTER TABLE jobs ADD COLUMN request_id text;
