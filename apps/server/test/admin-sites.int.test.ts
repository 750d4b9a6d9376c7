import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import * as sites from '../src/features/sites/sites.admin.service.ts';
import { useTestApp } from './helpers.ts';
import { auditActor, consoleClient, refusal } from './operators.ts';

// The console's sites (issue 17 item 6): a site made or changed there serves at once, on its own
// domain, without a restart; a refused setting changes nothing and says which field and why.
/** The fan-out to other instances needs a Redis server: CI sets TEST_REDIS_URL (the machine runs one). */
const REDIS = process.env.TEST_REDIS_URL;
const t = useTestApp({ members: 4, redisUrl: REDIS });

let actor: { id: string; name: string };
const deps = () => ({ db: t.db, sites: t.app.sites, realtime: t.app.realtime });

beforeAll(async () => {
  actor = await auditActor(t, 'site-admin@example.org', 'Ada');
});

const settingsOn = async (host: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/settings.php', headers: { host } });
  expect(res.statusCode).toBe(200);
  return res.json() as Record<string, unknown>;
};

/** A complete, valid config: the default site's, renamed. */
async function baseConfig(over: Record<string, unknown> = {}) {
  const site = await t.app.sites.forHost('localhost');
  return { ...structuredClone(site.config), ...over } as Record<string, unknown>;
}

describe('sites in the console', () => {
  it('a new site serves its own settings on its domain and alias at once, and the change is audited', async () => {
    const config = await baseConfig({ name: 'Lumen', domain_language: 'fr-FR', niche: 3, currency: 'EUR' });
    const created = await sites.createSite(deps(), actor, {
      domain: 'lumen.localhost',
      aliases: ['www.lumen.localhost'],
      config,
    });
    expect(created).toMatchObject({ domain: 'lumen.localhost', is_default: false });
    // Without any restart or cache wait, this instance already answers for the new host.
    expect(await settingsOn('lumen.localhost:3999')).toMatchObject({
      name: 'Lumen',
      domain: 'lumen.localhost',
      domain_language: 'fr-FR',
      niche: 3,
    });
    expect((await settingsOn('www.lumen.localhost')).name).toBe('Lumen');
    // The default site is untouched.
    expect((await settingsOn('localhost:3999')).name).toBe('Amora');

    const edited = await sites.editSite(deps(), actor, created.id, {
      domain: 'lumen.localhost',
      aliases: ['www.lumen.localhost'],
      config: { ...config, name: 'Lumen Rencontres', message_length: 500 },
    });
    expect(edited.config.name).toBe('Lumen Rencontres');
    expect(await settingsOn('lumen.localhost')).toMatchObject({
      name: 'Lumen Rencontres',
      message_length: 500,
    });

    const log = await t.db.query<{ action: string; operator_name: string; details: { changes: object } }>(
      `SELECT action, operator_name, details FROM operator_audit WHERE subject_type = 'site' AND subject_id = $1
        ORDER BY id`,
      [String(created.id)],
    );
    expect(log.map((l) => l.action)).toEqual(['site.create', 'site.edit']);
    expect(log[1]!.operator_name).toBe('Ada');
    expect(log[1]!.details.changes).toEqual({
      name: { before: 'Lumen', after: 'Lumen Rencontres' },
      message_length: { before: 1000, after: 500 },
    });
  });

  it('an invalid setting is refused with a translated error per field, and nothing changes', async () => {
    const site = await t.app.sites.forHost('nl.localhost');
    const before = await t.db.query('SELECT config, updated_at FROM sites WHERE id = $1', [site.id]);
    const { name: _name, ...noName } = site.config;
    const err = await refusal(
      sites.editSite(deps(), actor, site.id, {
        domain: 'nl.localhost',
        aliases: ['localhost'],
        config: {
          ...noName,
          niche: 9,
          brand_color: '#ffffff',
          support_email: 'not-an-address',
          photo_approval: 'x',
        },
      }),
    );
    expect(err.status).toBe(400);
    expect(err.fields).toMatchObject({
      'config.name': 'setting_required',
      'config.niche': 'setting_too_big',
      'config.brand_color': 'setting_invalid',
      'config.support_email': 'setting_format',
      'config.photo_approval': 'setting_choice',
      'aliases.0': 'host_taken',
    });
    expect(await t.db.query('SELECT config, updated_at FROM sites WHERE id = $1', [site.id])).toEqual(before);
    expect((await settingsOn('nl.localhost')).name).toBe(site.config.name);
    const count = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM operator_audit WHERE subject_type = 'site' AND subject_id = $1`,
      [String(site.id)],
    );
    expect(count[0]!.n).toBe(0);
  });

  it('a domain another site answers to cannot be taken', async () => {
    const err = await refusal(
      sites.createSite(deps(), actor, { domain: 'de.localhost', aliases: [], config: await baseConfig() }),
    );
    expect(err.fields).toEqual({ domain: 'host_taken' });
    const bad = await refusal(
      sites.createSite(deps(), actor, { domain: 'Bad Host:80', aliases: [], config: await baseConfig() }),
    );
    expect(bad.fields).toEqual({ domain: 'host_invalid' });
  });
});

describe('the console routes of sites', () => {
  it('only an admin of every site may list, create or change sites; a site admin gets 404', async () => {
    const { v: siteAdmin } = await consoleClient(t, [{ role: 'admin', site: 'localhost' }]);
    const body = { domain: 'nope.localhost', aliases: [], config: await baseConfig({ name: 'Nope' }) };
    expect((await siteAdmin.post('/api/admin/sites', body)).statusCode).toBe(404);
    expect((await siteAdmin.get('/api/admin/sites')).statusCode).toBe(404);
    expect((await siteAdmin.put('/api/admin/sites/1', body)).statusCode).toBe(404);
    const [row] = await t.db.query("SELECT 1 FROM sites WHERE domain = 'nope.localhost'");
    expect(row).toBeUndefined();

    const { v: admin } = await consoleClient(t, [{ role: 'admin' }]);
    const created = await admin.post('/api/admin/sites', {
      domain: 'vela.localhost',
      aliases: [],
      config: await baseConfig({ name: 'Vela', domain_language: 'it-IT' }),
    });
    expect(created.statusCode).toBe(200);
    expect(await settingsOn('vela.localhost')).toMatchObject({ name: 'Vela', domain_language: 'it-IT' });
    const list = await admin.get('/api/admin/sites');
    expect(list.json().sites.map((s: { domain: string }) => s.domain)).toContain('vela.localhost');
  });

  it('a refused setting comes back per field, translated, and changes nothing', async () => {
    const { v: admin } = await consoleClient(t, [{ role: 'admin' }]);
    admin.cookies.set('i18n_locale', 'de');
    const site = await t.app.sites.forHost('de.localhost');
    const res = await admin.put(`/api/admin/sites/${site.id}`, {
      domain: 'de.localhost',
      aliases: [],
      config: { ...site.config, niche: 0, message_length: 'long' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      'config.niche': 'Dieser Wert ist zu klein oder zu kurz.',
      'config.message_length': 'Diese Einstellung hat einen Wert der falschen Art.',
    });
    expect((await settingsOn('de.localhost')).niche).toBe(site.config.niche);
  });
});

describe('every instance', () => {
  it.skipIf(!REDIS)('with Redis, another instance serves a saved site at once (no 30 s wait)', async () => {
    const other: FastifyInstance = await buildApp({
      config: loadConfig({ DATA_DIR: t.config.dataDir, PORT: '3998', LOG_LEVEL: 'silent', REDIS_URL: REDIS }),
      db: t.db,
      logger: false,
    });
    await other.ready();
    try {
      const ask = async () =>
        (
          await other.inject({
            method: 'GET',
            url: '/api/settings.php',
            headers: { host: 'orbit.localhost' },
          })
        ).json();
      // The other instance has read its directory already: the unknown host gets the default site.
      expect((await ask()).domain).toBe('localhost');
      const created = await sites.createSite(deps(), actor, {
        domain: 'orbit.localhost',
        aliases: [],
        config: await baseConfig({ name: 'Orbit' }),
      });
      let seen = '';
      for (let i = 0; i < 50 && seen !== 'Orbit'; i++) {
        seen = (await ask()).name;
        if (seen !== 'Orbit') await new Promise((r) => setTimeout(r, 20));
      }
      expect(seen).toBe('Orbit');
      await sites.editSite(deps(), actor, created.id, {
        domain: 'orbit.localhost',
        aliases: [],
        config: await baseConfig({ name: 'Orbit Two' }),
      });
      for (let i = 0; i < 50 && seen !== 'Orbit Two'; i++) {
        seen = (await ask()).name;
        if (seen !== 'Orbit Two') await new Promise((r) => setTimeout(r, 20));
      }
      expect(seen).toBe('Orbit Two');
    } finally {
      await other.close();
    }
  });
});
