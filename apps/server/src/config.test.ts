import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, startupSummary } from './config.ts';

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

  it('a local start keeps the conveniences: demo seed, sandbox payments, API docs', () => {
    expect(loadConfig({})).toMatchObject({
      live: false,
      seedDemo: true,
      apiDocs: true,
      payments: { provider: 'sandbox' },
    });
  });

  it.each([
    ['NODE_ENV=production', { NODE_ENV: 'production' }],
    ['a public PUBLIC_URL', { PUBLIC_URL: 'https://amora.example' }],
    // The probe's install: no NODE_ENV, an https address, a real mail server.
    [
      'a public PUBLIC_URL and SMTP',
      { PUBLIC_URL: 'https://amora.example', SMTP_URL: 'smtp://mx.example:587' },
    ],
  ])('%s turns every convenience off unless named (issue 25 item 1)', (_name, env) => {
    const c = loadConfig({ DEV_MAIL_VIEWER: 'on', ...env });
    expect(c).toMatchObject({
      live: true,
      seedDemo: false,
      apiDocs: false,
      devTools: false,
      devMailViewer: false,
      payments: { provider: 'off' },
    });
    // Named, each comes back (development tools never: they stay off on a live install).
    expect(
      loadConfig({
        ...env,
        SEED_DEMO: 'on',
        API_DOCS: 'on',
        PAYMENT_PROVIDER: 'sandbox',
        DEV_MAIL_VIEWER: 'on',
      }),
    ).toMatchObject({ seedDemo: true, apiDocs: true, payments: { provider: 'sandbox' }, devTools: false });
  });

  it('a local start turns them off when told to', () => {
    expect(loadConfig({ SEED_DEMO: 'off', API_DOCS: 'off', PAYMENT_PROVIDER: 'off' })).toMatchObject({
      seedDemo: false,
      apiDocs: false,
      payments: { provider: 'off' },
    });
    expect(() => loadConfig({ API_DOCS: 'yes' })).toThrow('API_DOCS="yes": API_DOCS must be on or off');
  });

  it('takes the media store from MEDIA_STORE and the S3_* settings, refusing an incomplete one', () => {
    expect(loadConfig({}).mediaStore).toEqual({ kind: 'local' });
    expect(() => loadConfig({ MEDIA_STORE: 's3' })).toThrow(
      'S3_BUCKET: MEDIA_STORE=s3 needs the name of a bucket',
    );
    expect(() => loadConfig({ MEDIA_STORE: 'minio' })).toThrow('MEDIA_STORE must be local or s3');
    expect(() => loadConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'bkt', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      'set both, or neither',
    );
    const c = loadConfig({
      MEDIA_STORE: 's3',
      S3_BUCKET: 'amora-media',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_FORCE_PATH_STYLE: 'on',
      S3_TIMEOUT_SECONDS: '2',
    });
    expect(c.mediaStore).toEqual({
      kind: 's3',
      s3: {
        bucket: 'amora-media',
        region: 'us-east-1',
        endpoint: 'http://127.0.0.1:9000',
        accessKeyId: undefined,
        secretAccessKey: undefined,
        forcePathStyle: true,
        timeoutMs: 2000,
      },
    });
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(() => loadConfig({ METRICS_PORT: 'x' })).toThrow('METRICS_PORT must be a whole number');
  });
});

describe('the start-up summary', () => {
  it('lists what is on, without the SMTP password', () => {
    const s = startupSummary(
      loadConfig({
        PUBLIC_URL: 'https://amora.example',
        SMTP_URL: 'smtp://amora:s3cret@mx.example:587',
        REDIS_URL: 'redis://127.0.0.1:6379',
        PAYMENT_PROVIDER: 'mollie',
        MOLLIE_API_KEY: 'live_abcdefghijklmnopqrstuvwxyz',
        ROLE: 'web',
        TRUST_PROXY: 'loopback',
        MEDIA_STORE: 's3',
        S3_BUCKET: 'amora-media',
        S3_ENDPOINT: 'https://s3.example:9000',
        S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'bucket-s3cret',
        METRICS_PORT: '9464',
      }),
    );
    expect(s.on).toEqual({
      role: 'web',
      live: true,
      payments: 'mollie',
      mail: 'smtp mx.example:587',
      seed: false,
      api_docs: false,
      dev_tools: false,
      redis: true,
      unknown_hosts: 'refused',
      bounce_listener: null,
      trust_proxy: 'loopback',
      media: 's3 bucket amora-media at s3.example:9000',
      metrics: '127.0.0.1:9464/metrics',
    });
    expect(s.warnings).toEqual([]);
    expect(JSON.stringify(s)).not.toContain('s3cret');
  });

  it('warns loudly when a live install runs the sandbox because it was named, and when nothing sells', () => {
    const sandbox = startupSummary(
      loadConfig({ PUBLIC_URL: 'https://amora.example', PAYMENT_PROVIDER: 'sandbox' }),
    );
    expect(sandbox.on.payments).toBe('sandbox');
    expect(sandbox.warnings).toEqual([
      expect.stringMatching(/^PAYMENT_PROVIDER=sandbox on a live install.*NO MONEY MOVES/),
    ]);
    const off = startupSummary(loadConfig({ NODE_ENV: 'production' }));
    expect(off.warnings).toEqual([expect.stringMatching(/^payments are off/)]);
    // A local start with the sandbox is what it is for: no warning.
    expect(startupSummary(loadConfig({})).warnings).toEqual([]);
  });
});
