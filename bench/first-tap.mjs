#!/usr/bin/env node
// A visitor's first tap (issue 29 item 4): the controls a visitor taps first answer without waiting
// for a script, and tap-to-result is at most 100 ms on Lighthouse's mobile CPU profile. Opens each
// page in Debian's Chromium as a phone on a slow line (412x823, 4x CPU slowdown, 150 ms and
// 1.6 Mbit/s, as layout-shift.mjs), waits until the network is idle, taps the control as a finger
// does (touch events) and measures in the page, from the tap's own event time:
//   - a dialog's answer (the adults-only warning's "enter"): until the first frame without it;
//   - a link (the header's Log in, a lander's signup call to action): until the browser starts the
//     next page (its navigation's time origin), and until that page's first contentful paint.
// Baseline, side by side and alternating: the same taps on bare static pages of the same server (a
// <dialog> with its own form; a plain link to a plain page): what the browser itself takes.
//
// Needs `npm run build` first. Starts the built server on a fresh embedded database with the demo
// sites (PORT, default 3212), or measures ORIGIN when given. RUNS taps each (default 5; quick: 2).
// Exits 1 if a tap has no result (the control did nothing); the goal is reported, not enforced.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { startDemoServer } from './demo-server.mjs';
import { PHONE, slowPhonePage } from './slow-phone.mjs';

const PORT = Number(process.env.PORT ?? 3212);
const RUNS = Number(process.env.RUNS ?? (process.env.PAGES === 'quick' ? 2 : 5));
const GOAL_MS = 100;
const server = process.env.ORIGIN ? null : await startDemoServer({ port: PORT });
const origin = process.env.ORIGIN ?? server.origin;

// The baseline pages, served by the same server's static handler (removed on exit).
const assets = path.resolve(import.meta.dirname, '../apps/web/dist/client/assets');
const bare = (body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Bare</title></head><body>${body}</body></html>`;
const baseFiles = {
  'bench-tap-dialog.html': bare(
    '<main><h1>A bare page</h1></main><dialog open aria-label="Warning"><p>A bare dialog.</p><form method="dialog"><button type="submit">Enter</button></form></dialog>',
  ),
  'bench-tap-link.html': bare(
    '<main><h1>A bare page</h1><p><a href="/assets/bench-tap-next.html">Next</a></p></main>',
  ),
  'bench-tap-next.html': bare('<main><h1>The next bare page</h1></main>'),
};
for (const [name, html] of Object.entries(baseFiles)) fs.writeFileSync(path.join(assets, name), html);
const cleanup = () => {
  for (const name of Object.keys(baseFiles)) fs.rmSync(path.join(assets, name), { force: true });
  server?.stop();
};
process.on('exit', cleanup);

/**
 * In every page from its first script: the time (epoch ms) of its first touch, kept in the tab's
 * sessionStorage for the page a link opens, and of its first contentful paint.
 */
function observeTap() {
  window.addEventListener(
    'touchstart',
    (e) => {
      window.__tapAt ??= performance.timeOrigin + e.timeStamp;
      sessionStorage.setItem('tapAt', String(window.__tapAt));
    },
    { capture: true, passive: true },
  );
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') window.__fcpAt = performance.timeOrigin + entry.startTime;
  }).observe({ type: 'paint', buffered: true });
}

/** The baseline of a link's tap: a plain link to a plain page. */
const bareLink = {
  path: '/assets/bench-tap-link.html',
  control: (page) => page.getByRole('link', { name: 'Next' }),
  next: /bench-tap-next/,
};
const cases = [
  {
    name: "entry warning's enter",
    path: '/',
    visitor: 'new',
    control: (page) => page.getByRole('dialog').getByRole('button').first(),
    kind: 'dialog',
    baseline: {
      path: '/assets/bench-tap-dialog.html',
      control: (page) => page.getByRole('button', { name: 'Enter' }),
    },
  },
  {
    name: "header's Log in",
    path: '/',
    visitor: 'returning',
    control: (page) => page.locator('header a[href^="/login"]').first(),
    kind: 'link',
    next: /\/login/,
    baseline: bareLink,
  },
  {
    name: "lander's call to action",
    path: '/landers/gallery',
    visitor: 'returning',
    control: (page) => page.locator('main a[href^="/signup"]').first(),
    kind: 'link',
    next: /\/signup/,
    baseline: bareLink,
  },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
});

/** One tap on a fresh phone: its result times in ms from the tap (`result`; `paint` for a link). */
async function tap(p, returning) {
  const context = await browser.newContext(PHONE);
  if (returning)
    await context.addCookies([{ name: 'amora_entry_ok', value: String(Date.now()), url: origin }]);
  await context.addInitScript(observeTap);
  const page = await slowPhonePage(context);
  try {
    const res = await page.goto(origin + p.path, { waitUntil: 'networkidle', timeout: 120_000 });
    if (!res?.ok()) throw new Error(`${p.path} answered ${res?.status()}`);
    const control = p.control(page);
    await control.waitFor({ state: 'visible', timeout: 10_000 });
    if (p.kind === 'dialog') {
      // The first frame after the dialog closed, from the tap's own event time.
      await page.evaluate(() => {
        const dialog = document.querySelector('dialog');
        dialog.addEventListener('close', () =>
          requestAnimationFrame(() => {
            window.__resultAt = performance.timeOrigin + performance.now();
          }),
        );
      });
      await control.tap();
      await page.waitForFunction(() => window.__resultAt, null, { timeout: 30_000 });
      const t = await page.evaluate(() => ({ tap: window.__tapAt, result: window.__resultAt }));
      if (!t.tap) throw new Error('the tap was not seen');
      return { result: t.result - t.tap };
    }
    await control.tap();
    await page.waitForURL(p.next, { timeout: 60_000, waitUntil: 'commit' });
    await page.waitForFunction(() => window.__fcpAt, null, { timeout: 60_000 });
    const t = await page.evaluate(() => ({
      tap: Number(sessionStorage.getItem('tapAt')),
      start: performance.timeOrigin,
      fcp: window.__fcpAt,
    }));
    if (!t.tap) throw new Error('the tap was not seen');
    return { result: t.start - t.tap, paint: t.fcp - t.tap };
  } finally {
    await context.close();
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (v) => `${v.toFixed(0).padStart(5)} ms`;

let failed = 0;
console.log(
  `first tap on a phone (4x CPU slowdown, 150 ms, 1.6 Mbit/s), ${RUNS} taps each, alternating with the baseline`,
);
for (const c of cases) {
  const ours = [];
  const base = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      ours.push(await tap(c, c.visitor === 'returning'));
      base.push(await tap({ ...c, ...c.baseline }, false));
    }
  } catch (err) {
    failed++;
    console.log(`${c.name.padEnd(26)} FAILED: ${err.message.split('\n')[0]}`);
    continue;
  }
  const r = median(ours.map((x) => x.result));
  const b = median(base.map((x) => x.result));
  const what = c.kind === 'dialog' ? 'tap to closed' : 'tap to next page';
  let line = `${c.name.padEnd(26)} ${what.padEnd(17)} ${ms(r)}  bare page ${ms(b)}  ratio ${(r / Math.max(b, 1)).toFixed(2)}`;
  if (c.kind === 'link') {
    const pr = median(ours.map((x) => x.paint));
    const pb = median(base.map((x) => x.paint));
    line += `  | to its first paint ${ms(pr)}, bare ${ms(pb)}`;
  }
  console.log(`${line}  ${r <= GOAL_MS ? 'within' : 'over'} the ${GOAL_MS} ms goal`);
}
await browser.close();
process.exit(failed ? 1 : 0);
