#!/usr/bin/env node
// Payments benchmark (bench/payments.run.ts): 1,000 sandbox payments webhooked 3 times each at
// once; members with wrong credits (goal 0) and the rate against the raw booking transaction.
// Needs the machine's PostgreSQL server.
import { runTs } from './tsx.mjs';

runTs('payments.run.ts');
