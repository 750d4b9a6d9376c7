#!/usr/bin/env node
// Where a member page's main thread goes, from the navigation to the app's "hydrated" mark
// (`<html data-hydrated>`): Chromium's sampling profiler over CDP, phone viewport, CPU slowed 4x as
// Lighthouse's mobile preset slows it. Self time is summed per source file of the app and its
// packages (the build's hidden source maps: build with `BUILD_SOURCEMAP=1 npm run build` first;
// without them, per built file) and per function.
//   PORT (3212), PAGES=<regex> of member page names (default 'search|transaction'), LOADS (3)
// Also the blocking time: each long task's time over 50 ms (as Lighthouse's TBT counts it, at the
// same slowdown but measured, not simulated) until 1.5 s after the page has hydrated.
// Not run by `npm run bench`: a tool to find the work, not a measure with a baseline.
import fs from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { SourceMapConsumer } from 'source-map-js';
import { demoMember } from './demo-member.mjs';
import { startDemoServer } from './demo-server.mjs';

const PORT = Number(process.env.PORT ?? 3212);
const LOADS = Number(process.env.LOADS ?? 3);
const PAGES = new RegExp(process.env.PAGES ?? '^(search|transaction)$');
const assets = path.resolve(import.meta.dirname, '../apps/web/dist/client/assets');
const origin = `http://localhost:${PORT}`;

const server = await startDemoServer({ port: PORT });
const member = await demoMember(origin);
const pages = (await member.memberPaths()).filter((p) => PAGES.test(p.name));

const maps = new Map();
function mapOf(url) {
  const file = path.join(assets, path.basename(new URL(url).pathname));
  if (!maps.has(file)) {
    maps.set(
      file,
      fs.existsSync(`${file}.map`)
        ? new SourceMapConsumer(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')))
        : null,
    );
  }
  return maps.get(file);
}
/** The original file (node_modules package or app path) of a profile node's function. */
function sourceOf(frame) {
  if (!frame.url) return frame.functionName ? `(native ${frame.functionName})` : '(program)';
  if (!frame.url.includes('/assets/')) return new URL(frame.url).pathname;
  const map = mapOf(frame.url);
  if (!map) return path.basename(frame.url);
  const pos = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!pos.source) return path.basename(frame.url);
  const nm = pos.source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = pos.source.slice(nm + 13).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  return pos.source.replace(/^(\.\.\/)+/, '');
}

/** Milliseconds sampled per profile node, its own (not its callees'). */
function selfTimes(profile) {
  const self = new Map();
  profile.samples.forEach((id, k) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[k] ?? 0) / 1000);
  });
  return self;
}

/** TREE=1: the last load's call tree, inclusive times of 20 ms and more, with their sources. */
function printTree(profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = selfTimes(profile);
  const incl = new Map();
  const sum = (n) => {
    let t = self.get(n.id) ?? 0;
    for (const c of n.children ?? []) t += sum(nodes.get(c));
    incl.set(n.id, t);
    return t;
  };
  const rootNode = profile.nodes[0];
  sum(rootNode);
  // Inclusive time per function of the app and its packages other than the renderer (a component's
  // render, a hook), counted once where it calls itself.
  const byFn = new Map();
  const visit = (n, open) => {
    const f = n.callFrame;
    const src = sourceOf(f);
    const map = f.url.includes('/assets/') ? mapOf(f.url) : null;
    const pos = map?.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber });
    const key = `${pos?.name ?? f.functionName} ${src}:${pos?.line ?? ''}`;
    const counted = !src.startsWith('preact') && !src.startsWith('(') && !open.has(key);
    if (counted) byFn.set(key, (byFn.get(key) ?? 0) + incl.get(n.id));
    const next = counted ? new Set(open).add(key) : open;
    for (const c of n.children ?? []) visit(nodes.get(c), next);
  };
  visit(rootNode, new Set());
  console.log('inclusive, by function:');
  for (const [k, ms] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TREE_TOP ?? 60)))
    console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${k}`);
  if (process.env.TREE === 'fn') return;
  const walk = (n, depth) => {
    const f = n.callFrame;
    const src = sourceOf(f);
    const map = f.url.includes('/assets/') ? mapOf(f.url) : null;
    const pos = map?.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber });
    console.log(
      `${' '.repeat(depth)}${incl.get(n.id).toFixed(0)} ms ${f.functionName || '(anon)'}${pos?.name ? ` [${pos.name}]` : ''} ${src}${pos?.line ? `:${pos.line}` : ''}`,
    );
    for (const c of (n.children ?? [])
      .map((c) => nodes.get(c))
      .sort((a, b) => incl.get(b.id) - incl.get(a.id)))
      if (incl.get(c.id) >= Number(process.env.TREE_MIN ?? 20) && depth < 60) walk(c, depth + 1);
  };
  walk(rootNode, 0);
}

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
});
const cookies = member.cookie.split('; ').map((c) => {
  const [name, value] = c.split(/=(.*)/s);
  return { name, value, domain: 'localhost', path: '/' };
});
// A member whose browser told the server its zone, this machine's (as Chromium's here): pages.mjs does the same.
cookies.push({
  name: 'amora_tz',
  value: encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone),
  domain: 'localhost',
  path: '/',
});

for (const { name, path: p } of pages) {
  const bySource = new Map();
  const byFunction = new Map();
  let total = 0;
  const blocking = [];
  const longest = [];
  for (let i = 0; i < LOADS; i++) {
    const page = await browser.newPage();
    // Long tasks as Lighthouse's TBT counts them (the time over 50 ms of each), from the start
    // until 1.5 s after the page has hydrated, at the same 4x slowdown.
    await page.evaluateOnNewDocument(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push(e.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.setCookie(...cookies);
    await page.setViewport({
      width: 412,
      height: 823,
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(origin + p, { waitUntil: 'load' });
    await page.waitForSelector('html[data-hydrated]', { timeout: 60_000 });
    const tasks = await page.evaluate(
      () => new Promise((r) => setTimeout(() => r(window.__longTasks), 1500)),
    );
    blocking.push(tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0));
    longest.push(Math.max(0, ...tasks));
    const { profile } = await cdp.send('Profiler.stop');
    await page.close();
    if (process.env.TREE && i === LOADS - 1) printTree(profile);
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const dt = selfTimes(profile);
    for (const [id, ms] of dt) {
      const f = nodes.get(id).callFrame;
      if (f.functionName === '(idle)') continue;
      total += ms;
      const src = sourceOf(f);
      bySource.set(src, (bySource.get(src) ?? 0) + ms);
      const fn = `${f.functionName || '(anonymous)'} ${src}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
    }
  }
  const top = (m, n) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, ms]) => `  ${(ms / LOADS).toFixed(0).padStart(6)} ms  ${k}`)
      .join('\n');
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)].toFixed(0);
  console.log(
    `\n${name} (${p}): blocking ${median(blocking)} ms, longest task ${median(longest)} ms (medians of ${LOADS}; each load: ${blocking.map((b) => b.toFixed(0)).join(', ')})`,
  );
  console.log(`${(total / LOADS).toFixed(0)} ms busy per load (4x), self time by source:`);
  console.log(top(bySource, 25));
  console.log('by function:');
  console.log(top(byFunction, 25));
}
await browser.close();
server.stop();
process.exit(0);
