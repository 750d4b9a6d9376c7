#!/usr/bin/env node
// JavaScript and CSS the home page downloads before it is interactive (gzip), from the Vite
// manifest of the built web app: the entry, its static imports, and the home route chunk.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist/client');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const seen = new Set();
const files = [];
function visit(key) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  files.push(chunk.file, ...(chunk.css ?? []));
  for (const imp of chunk.imports ?? []) visit(imp);
}
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
visit(entry);
visit(Object.keys(manifest).find((k) => k.endsWith('pages/Home.tsx')));
let js = 0;
let css = 0;
for (const f of new Set(files)) {
  const gz = zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length;
  if (f.endsWith('.js')) js += gz;
  else css += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} KiB  ${f}`);
}
console.log(`home page JS ${(js / 1024).toFixed(1)} KiB gzip, CSS ${(css / 1024).toFixed(1)} KiB gzip`);
