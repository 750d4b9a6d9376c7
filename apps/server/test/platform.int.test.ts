import de from '@amora/i18n/locales/de.json' with { type: 'json' };
import en from '@amora/i18n/locales/en.json' with { type: 'json' };
import nl from '@amora/i18n/locales/nl.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { migrate } from '../src/platform/migrate.ts';
import { useTestApp } from './helpers.ts';

const t = useTestApp();

describe('platform', () => {
  it('GET /api/health answers 200 when the database answers', async () => {
    const res = await t.get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
  });

  it('sends security headers', async () => {
    const res = await t.get('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('answers unknown API paths with a JSON 404 in the visitor language, no stack trace', async () => {
    const res = await t.get('/api/nope', { cookie: 'i18n_locale=de' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({ code: 'not_found', status: 404, message: de.errors.not_found });
    expect(de.errors.not_found).not.toBe(en.errors.not_found);
    // Without a cookie, the site's own language.
    const nlRes = await t.get('/api/nope', { host: 'nl.localhost' });
    expect(nlRes.json().error.message).toBe(nl.errors.not_found);
  });

  it('refuses to start with a route, API or page, that declares no access policy', async () => {
    const app = await buildApp({ config: t.config, db: t.db, logger: false });
    app.get('/api/unguarded', async () => 'x');
    app.get('/dev/unguarded', async () => 'x');
    await expect(app.ready()).rejects.toThrow(
      /without an access policy.*GET \/api\/unguarded.*GET \/dev\/unguarded/,
    );
    await app.close().catch(() => {});
  });

  it('serves the OpenAPI document with every API route', async () => {
    const res = await t.get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/settings.php',
      '/api/interests.php',
      '/api/regions.php',
      '/api/companyinfo.php',
      '/api/health',
    ]) {
      expect(paths).toContain(p);
    }
  });

  it('applies migrations once: a second run changes nothing', async () => {
    expect(await migrate(t.db)).toEqual([]);
  });

  it('answers pages with 503 and a hint when the web app is not built', async () => {
    const res = await t.get('/');
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
  });
});
