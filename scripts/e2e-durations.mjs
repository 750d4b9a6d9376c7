#!/usr/bin/env node
// The browser journeys by the share of their timeout they used (issue 11 item 12: none above a
// third on a quiet machine), from the JSON report `npm test` writes:
//   node scripts/e2e-durations.mjs [.test-output/e2e.json]     (TOP=25 rows by default)
import fs from 'node:fs';

const file = process.argv[2] ?? '.test-output/e2e.json';
const report = JSON.parse(fs.readFileSync(file, 'utf8'));
const rows = [];
const walk = (suite, file) => {
  for (const spec of suite.specs ?? [])
    for (const t of spec.tests)
      for (const r of t.results)
        rows.push({
          name: `${t.projectName} ${spec.file ?? file}:${spec.line} ${spec.title}`,
          ms: r.duration,
          timeout: t.timeout,
          status: r.status,
        });
  for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
};
for (const suite of report.suites) walk(suite, suite.file);
rows.sort((a, b) => b.ms / b.timeout - a.ms / a.timeout);
for (const x of rows.slice(0, Number(process.env.TOP ?? 25)))
  console.log(
    `${(x.ms / 1000).toFixed(1).padStart(6)} s / ${(x.timeout / 1000).toFixed(0)} s  ${String(Math.round((100 * x.ms) / x.timeout)).padStart(3)} %  ${x.status}  ${x.name}`,
  );
console.log(
  `${rows.length} results; above a third of their timeout: ${rows.filter((x) => x.ms > x.timeout / 3).length}`,
);
