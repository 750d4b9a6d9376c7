import { settingsResponseSchema } from '@amora/contracts';
import en from '@amora/i18n/locales/en.json' with { type: 'json' };
import nl from '@amora/i18n/locales/nl.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers.ts';

const t = useTestApp();

const get = (url: string, headers: Record<string, string> = {}) =>
  t.get(url, { host: 'localhost:3000', ...headers });

describe('GET /api/settings.php', () => {
  it('answers the settings of the site serving the host', async () => {
    const en = await get('/api/settings.php');
    expect(en.statusCode).toBe(200);
    const body = settingsResponseSchema.parse(en.json());
    expect(body).toMatchObject({ name: 'Amora', domain: 'localhost', domain_language: 'en-US', niche: 1 });

    const nl = settingsResponseSchema.parse(
      (await get('/api/settings.php', { host: 'nl.localhost:3000' })).json(),
    );
    expect(nl).toMatchObject({ name: 'Hartjesdate', domain: 'nl.localhost', domain_language: 'nl-NL' });

    const de = settingsResponseSchema.parse(
      (await get('/api/settings.php', { host: 'de.localhost' })).json(),
    );
    expect(de).toMatchObject({ name: 'Kurvenglück', niche: 4, currency: 'EUR' });
  });

  it('resolves aliases, ignores case and ports, and falls back to the default site for unknown hosts', async () => {
    expect((await get('/api/settings.php', { host: 'HartjesDate.LOCALHOST:8080' })).json().name).toBe(
      'Hartjesdate',
    );
    expect((await get('/api/settings.php', { host: 'unknown.example.org' })).json().name).toBe('Amora');
    expect((await get('/api/settings.php', { host: '' })).json().name).toBe('Amora');
  });

  it('takes the forced-domain query value and passes the route query through', async () => {
    const res = await get('/api/settings.php?forced-domain=de.localhost&country=AT&sub1=x');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      domain: 'de.localhost',
      geoip_country: 'DE',
      geoip_selected_country: 'AT',
    });
  });

  it('derives the visitor country from the CDN header, else the site home country', async () => {
    expect((await get('/api/settings.php', { host: 'nl.localhost' })).json().geoip_country).toBe('NL');
    const be = (await get('/api/settings.php', { host: 'nl.localhost', 'cf-ipcountry': 'BE' })).json();
    expect(be).toMatchObject({ geoip_country: 'BE', geoip_selected_country: 'BE' });
    const junk = (await get('/api/settings.php', { 'cf-ipcountry': '<script>' })).json();
    expect(junk.geoip_country).toBe('US');
  });

  it('rejects an invalid country with a translated validation error', async () => {
    const res = await get('/api/settings.php?country=Netherlands', { host: 'nl.localhost' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation');
    expect(res.json().error.message).toBe(nl.errors.validation);
    expect(nl.errors.validation).not.toBe(en.errors.validation);
  });
});

describe('settings parts loaded once by the browser', () => {
  it('/api/interests.php lists the interests of the site', async () => {
    const res = await get('/api/interests.php');
    expect(res.statusCode).toBe(200);
    expect(res.json().interests.length).toBeGreaterThanOrEqual(45);
    expect(res.json().interests).toContain('kissing');
  });

  it('/api/regions.php has the regions with their per-country label', async () => {
    const de = (await get('/api/regions.php', { host: 'de.localhost' })).json().region_data;
    expect(de.DE.label).toBe('state');
    expect(de.DE.regions).toContain('Bayern');
    expect(de.CH.label).toBe('canton');
    const nl = (await get('/api/regions.php', { host: 'nl.localhost' })).json().region_data;
    expect(nl.NL.label).toBe('province');
    expect(nl.NL.regions).toContain('Noord-Holland');
  });

  it('/api/companyinfo.php has the operator of the site', async () => {
    const res = (await get('/api/companyinfo.php', { host: 'de.localhost' })).json();
    expect(res).toMatchObject({ company_name: 'Kurvenglück GmbH', company_city: '10117 Berlin' });
  });
});
