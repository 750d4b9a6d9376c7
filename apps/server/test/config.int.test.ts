import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/** Starts the real server entry point with a given environment and returns how it ended. */
function start(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('configuration at start', () => {
  it('a bad value stops the start with a clear message naming the variable', () => {
    const r = start({ PORT: 'eighty', DATA_DIR: '/tmp/amora-never-created' });
    expect(r.status).toBe(78);
    expect(r.stderr).toContain('Invalid configuration');
    expect(r.stderr).toContain('PORT="eighty": PORT must be a whole number between 1 and 65535');
  });

  it('lists every bad variable at once', () => {
    const r = start({ DATABASE_URL: 'mysql://x', SMTP_URL: 'mail.example.com', SEED_DEMO: 'maybe' });
    expect(r.status).toBe(78);
    expect(r.stderr).toContain('DATABASE_URL="mysql://x": DATABASE_URL must look like postgres://');
    expect(r.stderr).toContain('SMTP_URL="mail.example.com"');
    expect(r.stderr).toContain('SEED_DEMO="maybe": SEED_DEMO must be on or off');
  });
});
