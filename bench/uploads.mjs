#!/usr/bin/env node
// Search latency during a burst of large photo uploads, against idle (bench/uploads.run.ts), on the
// machine's PostgreSQL server (BENCH_DATABASE_URL). Results go to docs/benchmarks.md by hand.
import { runTs } from './tsx.mjs';

runTs('uploads.run.ts');
