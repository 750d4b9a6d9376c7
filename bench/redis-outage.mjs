#!/usr/bin/env node
// Redis outage benchmark (bench/redis-outage.run.ts): p95 of a rate-limited route (search) with
// Redis up against Redis down, in one run, alternating. Needs `npm run build`, redis-server and the
// machine's PostgreSQL server. Results go to docs/benchmarks.md by hand.
import { runTs } from './tsx.mjs';

runTs('redis-outage.run.ts');
