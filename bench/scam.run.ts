// Scam warnings (issue 30): recall and false warnings per language on the two labelled sets, and
// what a scan costs a send, as a ratio to the baseline of one regular expression over the message.
import fs from 'node:fs';
import path from 'node:path';
import { scanMessage } from '../apps/server/src/features/safety/scam.ts';
import { evaluate, type LabelledMessage } from '../apps/server/src/features/safety/scam-eval.ts';

const quick = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';
const dir = path.resolve(import.meta.dirname, '../apps/server/test/fixtures');
const sets: Record<string, LabelledMessage[]> = {
  A: JSON.parse(fs.readFileSync(path.join(dir, 'scam-labelled.json'), 'utf8')),
  B: JSON.parse(fs.readFileSync(path.join(dir, 'scam-heldout.json'), 'utf8')),
};
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

console.log('| set | half | lang | scams caught | recall | false warnings | false rate |');
console.log('|---|---|---|---|---|---|---|');
let failed = false;
for (const [name, set] of Object.entries(sets)) {
  const r = evaluate(set);
  for (const half of ['all', 'heldOut'] as const) {
    const rows = half === 'all' ? { ...r[half].byLang, all: r[half].total } : { all: r[half].total };
    for (const [lang, f] of Object.entries(rows)) {
      console.log(
        `| ${name} | ${half} | ${lang} | ${f.caught}/${f.scams} | ${pct(f.recall)} | ${f.falseWarnings}/${f.ordinary} | ${pct(f.falseRate)} |`,
      );
    }
  }
  if (r.all.total.recall < 0.9 || r.all.total.falseRate > 0.02) failed = true;
}

// Cost: every message of both sets scanned ROUNDS times, alternating with the baseline (one
// regular expression over the same text), median of the rounds.
const texts = [...sets.A!, ...sets.B!];
const rounds = quick ? 3 : 21;
const baseline = /\b(money|geld|dinero|argent|soldi|pieniadze)\b/i;
const scan: number[] = [];
const base: number[] = [];
for (let i = 0; i < rounds; i++) {
  let t = performance.now();
  for (const m of texts) scanMessage(m.text, { position: m.position, ownHosts: ['amora.example'] });
  scan.push((performance.now() - t) / texts.length);
  t = performance.now();
  for (const m of texts) baseline.test(m.text.toLowerCase());
  base.push((performance.now() - t) / texts.length);
}
const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
console.log(
  `\nscan: median ${(median(scan) * 1000).toFixed(1)} µs a message, ${(median(scan) / median(base)).toFixed(0)}x one regular expression (${(median(base) * 1000).toFixed(2)} µs); ${rounds} rounds of ${texts.length} messages`,
);
process.exit(failed ? 1 : 0);
