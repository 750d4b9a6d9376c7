#!/usr/bin/env node
// Search benchmark on one million profiles in a PostgreSQL server (BENCH_DATABASE_URL, default the
// machine's server). See bench/search.run.ts; results go to docs/benchmarks.md by hand.
import { runTs } from './tsx.mjs';

runTs('search.run.ts');
