#!/usr/bin/env node
// Scam warnings: recall and false warnings per language on the labelled sets, and the scan's cost.
import { runTs } from './tsx.mjs';

runTs('scam.run.ts');
