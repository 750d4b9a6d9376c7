#!/usr/bin/env node
// Photo bytes of home (issue 16 item 6: photos in modern formats with sizes and srcset).
//   1. Home in Chromium on a phone (390 x 844 CSS px, 3 device pixels per CSS pixel, like a
//      Pixel 7), the same phone at 2x, and a desktop (1280 x 800, 1x), a fresh browser cache each: the bytes of the
//      photos it loads on opening (the first screen's, eager) and after scrolling to the end (the
//      lazy ones too), how many, and in which formats.
//   2. What a copy costs the server to make: each of those portraits' stored card (-m.jpg, 480 px)
//      encoded at 480 and 240 px by sharp on one thread, as JPEG (mozjpeg q82), WebP (q78) and
//      AVIF (q50) at efforts 0, 1, 2 and 4 (sharp's default): median milliseconds and bytes.
// Needs `npm run build` first. Starts the built server on a fresh embedded database with the demo
// sites (PORT, default 3214). BASE=<path of another checkout, built> starts that one too (on
// PORT + 1, its own fresh database; the demo data is the same) and measures both side by side,
// e.g. the commit before srcset. Results go to docs/benchmarks.md by hand.
import path from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { startDemoServer } from './demo-server.mjs';

const PORT = Number(process.env.PORT ?? 3214);
// `npm run bench -- --quick`: one device and three portraits, to see that it all still runs.
const QUICK = process.env.BENCH_QUICK === '1';
const BASE = process.env.BASE ? path.resolve(process.env.BASE) : undefined;

const targets = await Promise.all([
  startDemoServer({ port: PORT }),
  ...(BASE ? [startDemoServer({ name: `BASE ${BASE}`, dir: BASE, port: PORT + 1 })] : []),
]);
const cleanup = () => {
  for (const s of targets) s.stop();
};

const devices = {
  'phone 390 px, 3x': {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  },
  'phone 390 px, 2x': {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  },
  'desktop 1280 px, 1x': { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
});

/** Opens home in a fresh context; the photos' bytes on opening and after scrolling to the end. */
async function visit(origin, device) {
  const context = await browser.newContext({ ...device, baseURL: origin });
  const page = await context.newPage();
  const photos = new Map();
  page.on('response', async (r) => {
    if (r.request().resourceType() !== 'image' || !r.url().includes('/media/')) return;
    const body = await r.body().catch(() => Buffer.alloc(0));
    photos.set(r.url(), { bytes: body.length, type: r.headers()['content-type'] });
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  const opening = [...photos.values()];
  // Scroll to the end a screen at a time, so every lazy photo comes into view.
  for (
    let y = 0;
    y < (await page.evaluate(() => document.body.scrollHeight));
    y += device.viewport.height / 2
  ) {
    await page.evaluate((to) => window.scrollTo(0, to), y);
    await page.waitForTimeout(150);
  }
  await page.waitForLoadState('networkidle');
  const all = [...photos.values()];
  const files = [...photos.keys()].map((u) => new URL(u).pathname.replace(/^\/media\//, ''));
  await context.close();
  const sum = (xs) => xs.reduce((s, x) => s + x.bytes, 0);
  const types = [...new Set(all.map((p) => p.type))].join(', ');
  const widths = {};
  for (const u of photos.keys()) {
    const w = new URL(u).searchParams.get('w') ?? 'stored';
    widths[w] = (widths[w] ?? 0) + 1;
  }
  const chosen = Object.entries(widths)
    .map(([w, n]) => `${n} x ${w}`)
    .join(', ');
  return {
    opening: sum(opening),
    openingN: opening.length,
    all: sum(all),
    allN: all.length,
    types,
    chosen,
    files,
  };
}

const kib = (b) => `${(b / 1024).toFixed(1)} KiB`;
const results = {};
for (const [label, device] of Object.entries(devices).slice(0, QUICK ? 1 : undefined)) {
  for (const s of targets) await visit(s.origin, device); // warm-up: portraits drawn, copies made
  for (const s of targets) {
    const r = await visit(s.origin, device);
    results[`${label}|${s.name}`] = r;
    console.log(
      `${label.padEnd(20)} ${s.name.slice(0, 40).padEnd(40)} opening ${String(r.openingN).padStart(2)} photos ${kib(r.opening).padStart(10)}   after scrolling ${String(r.allN).padStart(2)} photos ${kib(r.all).padStart(10)}   (${r.types}; widths ${r.chosen})`,
    );
  }
  if (BASE) {
    const [a, b] = targets.map((s) => results[`${label}|${s.name}`]);
    console.log(
      `${label.padEnd(20)} ratio to BASE: opening ${(a.opening / b.opening).toFixed(2)}, after scrolling ${(a.all / b.all).toFixed(2)}`,
    );
  }
}
await browser.close();

// What a copy costs: the stored cards of home's portraits (drawn by the server of this checkout),
// each encoder in turn per file, one libvips thread as on the server.
sharp.concurrency(1);
const phone = results[`phone 390 px, 3x|${targets[0].name}`];
const cards = [...new Set(phone.files.map((f) => f.replace(/\?.*$/, '')).filter((f) => f.endsWith('-m.jpg')))]
  .slice(0, QUICK ? 3 : undefined)
  .map((f) => path.join(targets[0].dataDir, 'media', f));
const encoders = {
  'JPEG mozjpeg q82': (img) => img.jpeg({ quality: 82, mozjpeg: true }),
  'WebP q78': (img) => img.webp({ quality: 78 }),
  'AVIF q50 effort 0': (img) => img.avif({ quality: 50, effort: 0 }),
  'AVIF q50 effort 1': (img) => img.avif({ quality: 50, effort: 1 }),
  'AVIF q50 effort 2': (img) => img.avif({ quality: 50, effort: 2 }),
  'AVIF q50 effort 4': (img) => img.avif({ quality: 50, effort: 4 }),
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`\nEncoding the ${cards.length} home portraits' cards (median per photo, total bytes):`);
for (const width of [480, 240]) {
  const times = Object.fromEntries(Object.keys(encoders).map((k) => [k, []]));
  const bytes = Object.fromEntries(Object.keys(encoders).map((k) => [k, 0]));
  for (const [i, file] of cards.entries()) {
    const names = Object.keys(encoders);
    // A different encoder goes first for each file: none always gets the quiet moment.
    for (const name of [...names.slice(i % names.length), ...names.slice(0, i % names.length)]) {
      const t0 = performance.now();
      const out = await encoders[name](sharp(file).resize({ width })).toBuffer();
      times[name].push(performance.now() - t0);
      bytes[name] += out.length;
    }
  }
  const webp = median(times['WebP q78']);
  for (const name of Object.keys(encoders)) {
    const t = median(times[name]);
    console.log(
      `${String(width).padStart(3)} px  ${name.padEnd(18)} ${t.toFixed(1).padStart(7)} ms  ${(t / webp).toFixed(2).padStart(5)}x WebP   ${kib(bytes[name]).padStart(10)}`,
    );
  }
}
cleanup();
process.exit(0);
