#!/usr/bin/env node
// Layout shift of every page (issue 29 item 1: CLS at most 0.05 on every page), and what moved.
// Lighthouse gives a page's CLS but not which element moved; this opens each page in Debian's
// Chromium as a phone on a slow line (412x823, 4x CPU slowdown, 150 ms and 1.6 Mbit/s, as
// Lighthouse's mobile preset), waits until the network is idle, and reports the CLS as web-vitals
// counts it (the largest session window: shifts less than 1 s apart, at most 5 s) with the
// elements that moved most. Layout shift does not depend on the machine's load the way times do:
// what arrives late and pushes the page arrives late on any machine.
//
// Needs `npm run build` first. Starts the built server on a fresh embedded database with the demo
// sites (PORT, default 3206), or measures ORIGIN when given. PAGES=quick: home, signup, search and
// the transaction page. Exits 1 if a page fails to load; the goal is reported, not enforced.
import { chromium } from '@playwright/test';
import { demoMember, newMember } from './demo-member.mjs';
import { startDemoServer } from './demo-server.mjs';
import { PHONE, slowPhonePage } from './slow-phone.mjs';

const PORT = Number(process.env.PORT ?? 3206);
const QUICK = process.env.PAGES === 'quick';
const GOAL = 0.05;
const server = process.env.ORIGIN ? null : await startDemoServer({ port: PORT });
const origin = process.env.ORIGIN ?? server.origin;

const member = await demoMember(origin);
const allMembers = await member.memberPaths();

const visitor = [
  { name: 'home', path: '/' },
  { name: 'signup', path: '/signup' },
  ...(QUICK
    ? []
    : [
        { name: 'login', path: '/login' },
        { name: 'pricing (visitor)', path: '/pricing' },
        { name: 'lander', path: '/landers/gallery' },
        { name: 'info page', path: '/pages/faq' },
      ]),
];
const members = (QUICK ? allMembers.slice(0, 2) : allMembers).map((p) => ({ ...p, cookie: member.cookie }));
// A member who has just signed up: the strips and the profile card above the results.
const newcomer = await newMember(origin);
members.push({ name: 'search (new member)', path: '/members', cookie: newcomer.cookie });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
});

/** Runs in the page from its first script: every layout shift, with a name for what moved. */
function observeShifts() {
  const name = (n) => {
    if (n?.nodeType !== 1) return n?.nodeName ?? '?';
    const cls = n.getAttribute('class')?.split(/\s+/).filter(Boolean).slice(0, 2).join('.');
    return `${n.tagName.toLowerCase()}${cls ? `.${cls}` : ''}`;
  };
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      window.__shifts.push({
        t: e.startTime,
        value: e.value,
        sources: (e.sources ?? []).map((s) => ({
          node: name(s.node),
          parent: name(s.node?.parentElement),
          from: [s.previousRect.y, s.previousRect.height],
          to: [s.currentRect.y, s.currentRect.height],
        })),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** web-vitals' CLS: the largest sum of a session window (gaps under 1 s, at most 5 s long). */
function cls(shifts) {
  let best = 0;
  let sum = 0;
  let start = 0;
  let last = -Infinity;
  for (const s of shifts) {
    if (s.t - last > 1000 || s.t - start > 5000) {
      sum = 0;
      start = s.t;
    }
    sum += s.value;
    last = s.t;
    best = Math.max(best, sum);
  }
  return best;
}

let failed = 0;
const rows = [];
for (const p of [...visitor, ...members]) {
  const context = await browser.newContext(PHONE);
  // A returning visitor past the adults-only warning (its dialog is a page of its own).
  const cookies = [{ name: 'amora_entry_ok', value: String(Date.now()), url: origin }];
  for (const c of p.cookie?.split('; ') ?? []) {
    const [n, ...v] = c.split('=');
    cookies.push({ name: n, value: v.join('='), url: origin });
  }
  await context.addCookies(cookies);
  await context.addInitScript(observeShifts);
  const page = await slowPhonePage(context);
  try {
    const res = await page.goto(origin + p.path, { waitUntil: 'networkidle', timeout: 120_000 });
    if (!res?.ok()) throw new Error(`answered ${res?.status()}`);
    const shifts = await page.evaluate(() => window.__shifts);
    const value = cls(shifts);
    const moved = new Map();
    for (const s of shifts)
      for (const src of s.sources) {
        const key = `${src.parent} > ${src.node} y ${Math.round(src.from[0])}->${Math.round(src.to[0])}`;
        moved.set(key, (moved.get(key) ?? 0) + s.value / s.sources.length);
      }
    const top = [...moved].sort((a, b) => b[1] - a[1]).slice(0, 3);
    rows.push({ name: p.name, value });
    console.log(
      `${p.name.padEnd(20)} ${p.path.padEnd(50)} CLS ${value.toFixed(3)}${value > GOAL ? '  over the goal' : ''}`,
    );
    for (const [what, v] of top) if (v >= 0.001) console.log(`    ${v.toFixed(3)}  ${what}`);
  } catch (err) {
    failed++;
    console.log(`${p.name.padEnd(20)} ${p.path.padEnd(50)} FAILED: ${err.message.split('\n')[0]}`);
  }
  await context.close();
}
await browser.close();
const over = rows.filter((r) => r.value > GOAL).length;
console.log(
  `\n${rows.length} pages, ${over} over CLS ${GOAL}; worst ${Math.max(...rows.map((r) => r.value)).toFixed(3)}`,
);
server?.stop();
process.exit(failed ? 1 : 0);
