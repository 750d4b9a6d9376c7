import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { TIME_SCALE } from './time-scale.ts';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
const SINK_PORT = Number(process.env.E2E_SINK_PORT ?? 2580);
const dataDir = path.join(os.tmpdir(), `amora-e2e-${process.pid}`);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Browser journeys against the built app, on a fresh embedded database seeded with the demo sites. */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // A journey's budget: on a quiet machine the short ones take 2-14 s (axe audits, a first render of
  // the demo portraits); CI's machine has taken four times as long and more (time-scale.ts).
  timeout: 60_000 * TIME_SCALE,
  expect: { timeout: 10_000 * TIME_SCALE },
  outputDir: '../.test-output/e2e-artifacts',
  reporter: [['list'], ['json', { outputFile: '../.test-output/e2e.json' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    { name: 'phone', use: { ...devices['Pixel 7'] }, grep: /@phone/ },
  ],
  webServer: [
    {
      // A real SMTP server receiving the app's mail; tests read it over HTTP (fixtures.ts mailTo).
      command: 'node e2e/smtp-sink.mjs',
      cwd: '..',
      url: `http://127.0.0.1:${SINK_PORT}/health`,
      reuseExistingServer: false,
      env: { SMTP_PORT: String(SMTP_PORT), SINK_PORT: String(SINK_PORT) },
    },
    {
      command: 'node apps/server/dist/main.js',
      cwd: '..',
      url: `http://localhost:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: String(PORT),
        DATA_DIR: dataDir,
        SEED_DEMO: 'on',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: `http://localhost:${PORT}`,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        // The SMS outbox viewer (/dev/sms) for the direct-debit journey; mail goes to the SMTP sink.
        DEV_MAIL_VIEWER: 'on',
        // Each browser context is a visitor of its own (fixtures.ts visitorAddress), as people are:
        // the per-address limits (20 signups an hour...) apply per visitor, not to the whole suite.
        TRUST_PROXY: 'loopback',
        // e2e/push.spec.ts: the push-service stand-in on an ephemeral port of this machine.
        PUSH_SERVICES: 'http://127.0.0.1:*',
      },
    },
  ],
});
