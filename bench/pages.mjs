#!/usr/bin/env node
// Page budget of issue 16 item 6, in one run against a bare page from the same server.
//   1. Lighthouse 12.2.3 (mobile preset: simulated slow 4G and 4x CPU slowdown), median of RUNS,
//      driving Debian's Chromium: a bare static HTML file served by the same server (baseline),
//      home, every lander, a member lander, every info page (PAGES=short: one lander, the FAQ),
//      login, signup, pricing and password reset, held to the public budget of issue 16 and 29
//      item 3; and every member route logged in (PAGES=short or quick: search alone), held to
//      issue 29 item 2 (performance >= 90, JS <= 120 KiB gzip, CLS <= 0.05).
//   2. JavaScript on first load per page, gzip level 9 of each script the browser fetched
//      (Lighthouse's network log mapped to the built files, so the figure does not depend on
//      what the server compresses).
//   3. Server time to first byte of a lander and of home vs the static file: median of TTFB_N
//      alternating requests each (ratio, target <= 1.5).
// Needs `npm run build` first. Starts the built server on a fresh embedded database with the demo
// sites (PORT, default 3204). Results go to docs/benchmarks.md by hand. ONLY=ttfb measures the time
// to first byte alone (no Lighthouse, no Chromium). LHR_DIR=<dir> keeps each run's Lighthouse
// report there as JSON (the LCP element, the long tasks, where the main thread's time went).
// ONLY_PAGES=<regex> measures only the pages whose name matches (e.g. 'likes|chats').
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
// Lighthouse's own Puppeteer (a dependency of the pinned lighthouse): the member's cookies go in
// the browser's jar, as after a login.
import puppeteer from 'puppeteer-core';
import { demoMember } from './demo-member.mjs';
import { startDemoServer } from './demo-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.PORT ?? 3204);
const RUNS = Number(process.env.RUNS ?? 3);
const TTFB_N = Number(process.env.TTFB_N ?? 200);
const LANDER = process.env.LANDER ?? '/landers/gallery';
const ONLY_TTFB = process.env.ONLY === 'ttfb';
const LHR_DIR = process.env.LHR_DIR;
/** ONLY_PAGES=<regex>: only the pages whose name matches (the static baseline always). */
const ONLY_PAGES = process.env.ONLY_PAGES ? new RegExp(process.env.ONLY_PAGES) : null;
const origin = `http://localhost:${PORT}`;
const client = path.join(root, 'apps/web/dist/client');
const STATIC = '/assets/bench-static.html';

// The baseline: a bare page with the same kind of content (a heading, a paragraph, a link), no
// script, no stylesheet, no image; served by the same server's static file handler.
const staticFile = path.join(client, STATIC);
fs.writeFileSync(
  staticFile,
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Amora – a bare page</title><meta name="description" content="A bare static page: the benchmark's baseline."></head>
<body><main><h1>Meet people near you</h1><p>A bare static page from the same server, the baseline of the page budget.</p>
<p><a href="/">Home</a></p></main></body></html>`,
);

const server = await startDemoServer({ port: PORT });
const cleanup = () => {
  server.stop();
  fs.rmSync(staticFile, { force: true });
};
process.on('exit', cleanup);

// A demo member's session for the members area (the login API, as the login form calls it), and
// every member route with real ids.
const member = await demoMember(origin);

const landerOk = (await fetch(origin + LANDER)).status === 200;
// PAGES=all (the default): home, every lander, a member lander, every info page, login and the
// members area: the pages issue 16 holds to the public budget. PAGES=short: one of each kind.
// PAGES=quick (`npm run bench -- --quick`): the baseline, home and the members area only.
// PAGES=forms: the baseline, home, the public forms and every member route (issue 29's pages).
const ALL = (process.env.PAGES ?? 'all') === 'all';
const QUICK = process.env.PAGES === 'quick';
const FORMS = process.env.PAGES === 'forms';
// The nine designs, as packages/contracts/src/landers.ts lists them (Node 20 runs no TypeScript).
const LANDER_DESIGNS = [
  ...fs
    .readFileSync(path.join(root, 'packages/contracts/src/landers.ts'), 'utf8')
    .match(/LANDER_DESIGNS = \[([^\]]*)\]/)[1]
    .matchAll(/'([a-z]+)'/g),
].map((m) => m[1]);
const homeHtml = await (await fetch(`${origin}/`)).text();
const memberId = homeHtml.match(/href="\/members\/([0-9a-f-]{36})"/)?.[1];
const landers =
  QUICK || FORMS ? [] : ALL ? LANDER_DESIGNS.map((d) => `/landers/${d}`) : landerOk ? [LANDER] : [];
const infoPages =
  QUICK || FORMS
    ? []
    : ALL
      ? Object.keys(JSON.parse(fs.readFileSync(path.join(root, 'packages/i18n/pages/en.json'), 'utf8')))
      : ['faq'];
const pages = [
  { name: 'static baseline', path: STATIC },
  { name: 'home', path: '/', budget: true },
  ...landers.map((l) => ({ name: `lander ${l.slice('/landers/'.length)}`, path: l, budget: true })),
  ...(memberId && ALL ? [{ name: 'member lander', path: `/members/${memberId}/landing`, budget: true }] : []),
  ...infoPages.map((t) => ({ name: `info page ${t}`, path: `/pages/${t}`, budget: true })),
  // The public forms and pricing (issue 29 item 3: on the light entry, the public budget).
  ...(QUICK
    ? []
    : ['/login', '/signup', '/pricing', '/reset-password'].map((path) => ({
        name: path.slice(1),
        path,
        budget: true,
      }))),
  // The members area (issue 29 item 2: performance at least 90, JS at most 120 KiB gzip): every
  // member route with PAGES=all or forms, search alone otherwise.
  ...(ALL || FORMS ? await member.memberPaths() : [{ name: 'search', path: '/members' }]).map((p) => ({
    ...p,
    name: `members: ${p.name}`,
    // As a member's browser that has run the app before: it has told the server its time zone
    // (cookie amora_tz), so the chat's messages and times are in the server's HTML. Chromium here
    // runs in this process's zone.
    cookie: `${member.cookie}; amora_tz=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`,
    members: true,
  })),
];
if (ONLY_PAGES)
  pages.splice(0, pages.length, ...pages.filter((p) => p.path === STATIC || ONLY_PAGES.test(p.name)));
if (!landerOk) console.log(`(${LANDER} answers no 200: no lander measured)`);

// Warm-up: every page and the images it shows once (portraits are drawn on first view).
for (const p of pages) {
  const html = await (await fetch(origin + p.path, { headers: { cookie: p.cookie ?? '' } })).text();
  for (const m of html.matchAll(/(?:src|srcset)="([^"]+)"/g)) {
    for (const u of m[1].split(', ').map((s) => s.trim().split(' ')[0].replaceAll('&amp;', '&'))) {
      // As Chromium asks for images: the copies it will get (AVIF) are made here, not in a run.
      const accept = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
      if (u.startsWith('/')) await fetch(origin + u, { headers: { accept } }).then((r) => r.arrayBuffer());
    }
  }
}

// The page's HTML as sent: raw, and brotli as a browser gets it (when the server compresses).
for (const p of pages) {
  const raw = (await (await fetch(origin + p.path, { headers: { cookie: p.cookie ?? '' } })).arrayBuffer())
    .byteLength;
  const wire = await new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port: PORT,
        path: p.path,
        headers: { host: `localhost:${PORT}`, 'accept-encoding': 'br, gzip', cookie: p.cookie ?? '' },
      },
      (res) => {
        let n = 0;
        res.on('data', (c) => (n += c.length));
        res.on('end', () => resolve(n));
      },
    );
    req.on('error', reject);
  });
  console.log(
    `HTML ${p.name.padEnd(24)} ${(raw / 1024).toFixed(1).padStart(6)} KiB raw, ${(wire / 1024).toFixed(1).padStart(6)} KiB on the wire`,
  );
}

const gzipOf = new Map();
function gzipBytes(url) {
  const u = new URL(url);
  if (u.origin !== origin) return 0;
  if (!gzipOf.has(u.pathname)) {
    const file = path.join(client, u.pathname);
    gzipOf.set(
      u.pathname,
      fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : 0,
    );
  }
  return gzipOf.get(u.pathname);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = [];
const chrome = ONLY_TTFB
  ? undefined
  : await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
/**
 * The browser's cookies for `p`: the demo member's session for a member page, none for a visitor's.
 * In the browser's jar, not as Lighthouse's `extraHeaders`: those replace every request's Cookie
 * header, so the CSRF cookie the page is given never went back and its POSTs (an order's sync, a
 * like seen) failed 403. Lighthouse clears caches between runs, not cookies.
 */
const browser = chrome && (await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` }));
const cdp = browser && (await browser.target().createCDPSession());
async function loggedIn(cookie) {
  const res = await fetch(`${origin}/api/user.php`, { headers: { cookie } });
  return res.ok && !!(await res.json()).user;
}
async function cookiesFor(p) {
  await cdp.send('Storage.clearCookies');
  if (!p.cookie) return;
  const cookies = p.cookie.split('; ').map((c) => {
    const [name, value] = c.split(/=(.*)/s);
    return { name, value, url: origin, path: '/' };
  });
  await cdp.send('Storage.setCookies', { cookies });
}
try {
  for (const p of chrome ? pages : []) {
    const runs = [];
    // A run whose trace lacks a metric (Lighthouse's own failure, seen once for CLS on a busy
    // machine) is reported and measured again, at most twice per page; the page fails after that.
    let dropped = 0;
    while (runs.length < RUNS) {
      await cookiesFor(p);
      const { lhr } = await lighthouse(
        origin + p.path,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'seo'],
        },
        undefined,
      );
      const missing = ['largest-contentful-paint', 'cumulative-layout-shift', 'total-blocking-time']
        .filter((id) => typeof lhr.audits[id]?.numericValue !== 'number')
        .map(
          (id) => `${id} (${lhr.audits[id]?.errorMessage ?? lhr.runtimeError?.message ?? 'no reason given'})`,
        );
      if (missing.length) {
        console.log(`${p.name}: a run measured no ${missing.join(', ')}: measured again`);
        if (++dropped > 2)
          throw new Error(`${p.name}: Lighthouse measured no ${missing.join(', ')} in 3 runs`);
        continue;
      }
      if (LHR_DIR) {
        fs.mkdirSync(LHR_DIR, { recursive: true });
        const file = `${p.name.replace(/[^a-z0-9]+/gi, '-')}-${runs.length + 1}.json`;
        fs.writeFileSync(path.join(LHR_DIR, file), JSON.stringify(lhr));
      }
      // A member page measured as a visitor's would say nothing of the members area: the session
      // must still be there after the run (the page's requests carried it).
      if (p.members && !(await loggedIn(p.cookie)))
        throw new Error(`${p.name}: the session ended during its run`);
      const scripts = (lhr.audits['network-requests'].details?.items ?? []).filter(
        (r) => r.resourceType === 'Script',
      );
      runs.push({
        perf: lhr.categories.performance.score * 100,
        a11y: lhr.categories.accessibility.score * 100,
        seo: lhr.categories.seo.score * 100,
        lcp: lhr.audits['largest-contentful-paint'].numericValue,
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
        tbt: lhr.audits['total-blocking-time'].numericValue,
        js: scripts.reduce((s, r) => s + gzipBytes(r.url), 0),
        jsWire: scripts.reduce((s, r) => s + (r.transferSize ?? 0), 0),
      });
    }
    const m = (k) => median(runs.map((r) => r[k]));
    results.push({
      ...p,
      perf: m('perf'),
      a11y: m('a11y'),
      seo: m('seo'),
      lcp: m('lcp'),
      cls: m('cls'),
      tbt: m('tbt'),
      js: m('js'),
      jsWire: m('jsWire'),
    });
    const r = results.at(-1);
    // The public budget of issue 16: JS <= 80 KiB gzip, performance >= 95, LCP <= 2.0 s,
    // CLS <= 0.05, accessibility and SEO 100.
    // The members' goal of issue 29 item 2: JS <= 120 KiB gzip, performance >= 90, CLS <= 0.05.
    const misses = r.members
      ? [r.js > 120 * 1024 && 'JS', r.perf < 90 && 'perf', r.cls > 0.05 && 'CLS'].filter(Boolean)
      : r.budget
        ? [
            r.js > 80 * 1024 && 'JS',
            r.perf < 95 && 'perf',
            r.lcp > 2000 && 'LCP',
            r.cls > 0.05 && 'CLS',
            r.a11y < 100 && 'a11y',
            r.seo < 100 && 'SEO',
          ].filter(Boolean)
        : [];
    console.log(
      `${r.name.padEnd(24)} perf ${String(r.perf).padStart(3)}  LCP ${(r.lcp / 1000).toFixed(2)} s  CLS ${r.cls.toFixed(3)}  TBT ${r.tbt.toFixed(0).padStart(4)} ms  a11y ${r.a11y}  SEO ${r.seo}  JS ${(r.js / 1024).toFixed(1)} KiB gzip (${(r.jsWire / 1024).toFixed(1)} KiB on the wire)${r.budget || r.members ? (misses.length ? `  over budget: ${misses.join(', ')}` : '  within budget') : ''}`,
    );
  }
} finally {
  await browser?.disconnect();
  await chrome?.kill();
}

// Time to first byte: requests alternate between the static file and the page (no side gets
// the machine's quiet moment to itself), one at a time on a fresh connection, as a browser's first
// visit; the page with the headers a browser sends.
function ttfb(p) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get(
      {
        host: '127.0.0.1',
        port: PORT,
        path: p,
        agent: false,
        headers: { host: `localhost:${PORT}`, 'accept-encoding': 'br, gzip', accept: 'text/html' },
      },
      (res) => {
        res.once('data', () => resolve(performance.now() - t0));
        res.on('end', () => resolve(performance.now() - t0));
        res.resume();
      },
    );
    req.on('error', reject);
  });
}
const ttfbPages = [STATIC, '/', ...(landerOk ? [LANDER] : [])];
const times = Object.fromEntries(ttfbPages.map((p) => [p, []]));
for (let i = 0; i < 20; i++) for (const p of ttfbPages) await ttfb(p); // warm-up
for (let i = 0; i < TTFB_N; i++) for (const p of ttfbPages) times[p].push(await ttfb(p));
const base = median(times[STATIC]);
console.log('\nTime to first byte, median of', TTFB_N);
for (const p of ttfbPages) {
  const t = median(times[p]);
  console.log(
    `${p.padEnd(28)} ${t.toFixed(2).padStart(7)} ms   ratio to the static file ${(t / base).toFixed(2)}`,
  );
}
const s = results[0];
if (s) console.log('\nLighthouse ratios to the static baseline (perf score, LCP):');
for (const r of results.slice(1)) {
  console.log(
    `${r.name.padEnd(24)} perf ${(r.perf / s.perf).toFixed(2)}  LCP ${(r.lcp / s.lcp).toFixed(2)}x`,
  );
}
cleanup();
process.exit(0);
