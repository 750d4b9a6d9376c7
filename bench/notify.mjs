#!/usr/bin/env node
// Notifications benchmark (bench/notify.run.ts): chat send p99 with mail and push notifications on
// vs off, and background jobs per second. Needs `npm run build` and the machine's PostgreSQL server.
import { runTs } from './tsx.mjs';

runTs('notify.run.ts');
