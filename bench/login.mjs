#!/usr/bin/env node
// Login latency on this machine, through the real HTTP stack (in-process inject) and argon2id:
// a correct password, a wrong password, and an unknown address, interleaved, RUNS each.
// The unknown-address ratio shows the "no enumeration by timing" design holds (dummy hash verify).
import { runTs } from './tsx.mjs';

runTs('login.run.ts');
