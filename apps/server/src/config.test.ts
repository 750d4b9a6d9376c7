import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for a fresh clone', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.seedDemo).toBe(true);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir.endsWith('/data')).toBe(true);
  });

  it('reads every variable of the contract', () => {
    const c = loadConfig({
      PORT: '8080',
      DATA_DIR: '/var/amora',
      DATABASE_URL: 'postgres://u@db:5432/amora',
      REDIS_URL: 'redis://127.0.0.1:6379',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      PUBLIC_URL: 'https://amora.example/',
      SEED_DEMO: 'off',
    });
    expect(c).toMatchObject({
      port: 8080,
      dataDir: '/var/amora',
      databaseUrl: 'postgres://u@db:5432/amora',
      redisUrl: 'redis://127.0.0.1:6379',
      smtpUrl: 'smtp://127.0.0.1:2525',
      publicUrl: 'https://amora.example',
      seedDemo: false,
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });

  it.each([
    ['PORT', '0'],
    ['PORT', '70000'],
    ['PORT', '3.5'],
    ['PUBLIC_URL', 'localhost:3000'],
    ['REDIS_URL', 'localhost'],
  ])('rejects %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
