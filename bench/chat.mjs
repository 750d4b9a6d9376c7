#!/usr/bin/env node
// Chat benchmarks (bench/chat.run.ts): throughput with credits vs raw SQL, send-to-receive p99 vs a
// bare ws echo, memory per idle socket. Needs `npm run build` and the machine's PostgreSQL server.
import { runTs } from './tsx.mjs';

runTs('chat.run.ts');
