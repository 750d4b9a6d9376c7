#!/usr/bin/env node
// One-off codemod (issue 16 item 6, branch h/membersjs2): the web app's imports of react-i18next
// and i18next become imports of its own small `t` (apps/web/src/app/translation.ts), which offers
// the same names (useTranslation, Trans, TFunction, i18n). Only import lines change; rerun it after
// merging branches that added such imports: `node scripts/codemods/own-t-imports.mjs`, then
// `npx biome check --write apps/web/src` to sort the imports.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const src = path.join(root, 'apps/web/src');
const target = path.join(src, 'app/translation.ts');
const importLine = /^(import\s+(?:type\s+)?\{[^}]*\}\s+from\s+)'(react-i18next|i18next)';$/gm;

let changed = 0;
for (const entry of fs.readdirSync(src, { recursive: true })) {
  const file = path.join(src, entry);
  if (!/\.tsx?$/.test(file) || file === target || file.endsWith('.test.ts')) continue;
  const before = fs.readFileSync(file, 'utf8');
  let rel = path.relative(path.dirname(file), target).split(path.sep).join('/');
  if (!rel.startsWith('.')) rel = `./${rel}`;
  const after = before.replace(importLine, (_, head) => `${head}'${rel}';`);
  if (/from '(react-)?i18next'/.test(after)) {
    console.error(`${path.relative(root, file)}: an import of i18next left for a hand (not a named import)`);
    process.exitCode = 1;
  }
  if (after !== before) {
    fs.writeFileSync(file, after);
    changed++;
  }
}
console.log(`${changed} files now import apps/web/src/app/translation.ts`);
